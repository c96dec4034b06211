/**
 * The worker's own session (pages under `/w`), apart from the console's: its token in cookie `Worker-Token`
 * (sent as X-Token on `/worker/…` only), his name, and the project a QR code opened `/w` with
 * (`/w?project=<id>`), kept through the login.
 */
import { create } from 'zustand';
import { getWorkerToken, local, removeWorkerToken, session, setWorkerToken } from '@/utils/storage';

export const MSG_WORKER_SESSION_EXPIRED = '登录已过期，请重新登录';

interface WorkerSessionState {
  token: string | undefined;
  name: string;
  /** The project of `/w?project=<id>`, null when none was given. */
  projectId: number | null;
  signIn: (token: string, name: string) => void;
  setProject: (projectId: number | null) => void;
  /** Forgets the token locally (the server session is ended separately, where it still lives). */
  clear: () => void;
  /** Set when a worker call answered 101: the layout says so on the login page. */
  expired: boolean;
}

/** `?project=` as a project id; null for anything else. */
export function projectParam(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

function storedProject(): number | null {
  return projectParam(session.get('workerProject'));
}

export const useWorkerSession = create<WorkerSessionState>()((set) => ({
  token: getWorkerToken(),
  name: local.get('workerName') ?? '',
  projectId: storedProject(),
  expired: false,
  signIn: (token, name) => {
    setWorkerToken(token);
    local.set('workerName', name);
    set({ token, name, expired: false });
  },
  setProject: (projectId) => {
    if (projectId === null) session.remove('workerProject');
    else session.set('workerProject', String(projectId));
    set({ projectId });
  },
  clear: () => {
    removeWorkerToken();
    local.remove('workerName');
    set({ token: undefined, name: '' });
  },
}));

/** A worker call answered 101: the session is gone; the layout sends him to `/w/login`. */
export function expireWorkerSession() {
  useWorkerSession.getState().clear();
  useWorkerSession.setState({ expired: true });
}

/** `/w/login`, keeping the project and where he was going (a `/w` page only). */
export function workerLoginPath(projectId: number | null, redirect?: string): string {
  const search = new URLSearchParams();
  if (projectId !== null) search.set('project', String(projectId));
  // `/w` itself is where the login goes anyway.
  if (redirect && redirect !== '/w' && redirect.startsWith('/w') && !redirect.startsWith('/w/login')) search.set('redirect', redirect);
  const query = search.toString();
  return `/w/login${query ? `?${query}` : ''}`;
}

/** Where the login goes: the page asked for (a `/w` page), else `/w` with the project. */
export function afterWorkerLogin(redirect: string | null, projectId: number | null): string {
  if (redirect && /^\/w(\/|\?|$)/.test(redirect) && !redirect.startsWith('/w/login')) return redirect;
  return projectId === null ? '/w' : `/w?project=${projectId}`;
}
