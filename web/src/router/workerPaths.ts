/** The worker side's pages are `/w` and below; kept free of the route table so the entry can ask it. */
export const WORKER_ROOT = '/w';

/** Whether `path` is a worker page (`/w` or below it). */
export const isWorkerPath = (path: string) => path === WORKER_ROOT || path.startsWith(`${WORKER_ROOT}/`);
