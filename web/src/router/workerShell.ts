import { lazyPage } from './lazyPage';

/** The worker's phone layout (layout/WorkerLayout), its own chunk: the console's shell never loads on `/w`. */
export const WorkerShell = lazyPage(() => import('@/layout/WorkerLayout'));
