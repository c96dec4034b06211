/** The navigation guard's decision (spec §2 "Navigation guard"), free of React and I/O. */
import type { Role } from '@/store/session';
import { financeRoutes, normalRoutes } from './routes';
import { isWorkerPath } from './workerPaths';
import { hasPermission, matchRoute } from './routeTree';
import type { AppRoute } from './types';

export type GuardAction = { kind: 'allow' } | { kind: 'load' } | { kind: 'redirect'; to: string };

/** Reachable without a token. */
const WHITELIST = ['/login', '/authredirect', '/clue'];
/** Reachable by every logged-in user whatever the route set. */
const ALWAYS_OPEN = ['/authredirect', '/401', '/404', '/clue'];

/** Every screen of both shells, before any filter: a path among them that the account may not open is refused. */
const KNOWN = [...normalRoutes, ...financeRoutes];
const REFUSED = '/401?noGoBack=true';

const allow: GuardAction = { kind: 'allow' };
const redirect = (to: string): GuardAction => ({ kind: 'redirect', to });

export interface GuardInput {
  path: string;
  token: string | undefined;
  /** Empty until the user info is loaded. */
  roles: readonly Role[];
  /** The active route set (normal or finance), site flags applied, not yet filtered by role. */
  routes: readonly AppRoute[];
}

export function decide({ path, token, roles, routes }: GuardInput): GuardAction {
  // The worker's pages have their own session and login (layout/WorkerLayout): never the console's.
  if (isWorkerPath(path)) return allow;
  if (!token) return WHITELIST.includes(path) ? allow : redirect('/login');
  if (path === '/login') return redirect('/');
  if (roles.length === 0) return { kind: 'load' };
  if (ALWAYS_OPEN.includes(path)) return allow;
  const entry = matchRoute(routes, path);
  // Outside the active set: the other shell's screens, another regulator role's, an unused feature's.
  if (!entry) return redirect(matchRoute(KNOWN, path) ? REFUSED : '/404');
  if (!entry.chain.every((route) => hasPermission(roles, route))) return redirect(REFUSED);
  if (entry.route.redirect) return redirect(entry.route.redirect);
  return allow;
}
