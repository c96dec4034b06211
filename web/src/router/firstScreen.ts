/** The chunks a screen needs, so that they are fetched ahead of its first render. */
import type { Side } from '@/store/session';
import type { LazyPage } from './lazyPage';
import { PUBLIC_PAGES } from './publicPages';
import { routesFor, workerRoutes } from './routes';
import { isWorkerPath } from './workerPaths';
import { matchRoute } from './routeTree';
import { Shell } from './shell';
import { WorkerShell } from './workerShell';

/** A public or full-screen page, or the shell and its page. */
export function screenOf(pathname: string, side: Side): LazyPage[] {
  if (isWorkerPath(pathname)) {
    const page = matchRoute(workerRoutes, pathname)?.route.page;
    return page ? [WorkerShell, page] : [WorkerShell];
  }
  const publicPage = PUBLIC_PAGES[pathname];
  if (publicPage) return [publicPage];
  const route = matchRoute(routesFor(side), pathname)?.route;
  if (!route?.page) return [];
  return route.meta?.fullScreen ? [route.page] : [Shell, route.page];
}

/** On a hard load: without a session every path but /authredirect leads to the login page. */
export function preloadFirstScreen(pathname: string, side: Side, token: string | undefined) {
  // A worker page goes to its own login without his session; the layout decides, its chunk comes first.
  const pages = !token && pathname !== '/authredirect' && !isWorkerPath(pathname) ? [PUBLIC_PAGES['/login']] : screenOf(pathname, side);
  for (const page of pages) void page.preload();
}
