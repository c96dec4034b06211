import { createElement } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import Guard from './Guard';
import { PUBLIC_PAGES } from './publicPages';
import { financeRoutes, normalRoutes, workerRoutes } from './routes';
import { flattenRoutes } from './routeTree';
import { Shell } from './shell';
import { WorkerShell } from './workerShell';

/**
 * Every page of both route sets is registered; the guard decides which set is active and who may enter,
 * and follows the table's redirects itself.
 */
const pages = flattenRoutes([...normalRoutes, ...financeRoutes]).flatMap(({ fullPath, route }) =>
  route.page ? [{ fullScreen: Boolean(route.meta?.fullScreen), route: { path: fullPath, element: createElement(route.page) } }] : [],
);
const shellPages: RouteObject[] = pages.filter((page) => !page.fullScreen).map((page) => page.route);
/** Logged-in screens outside the shell (meta `fullScreen`), still behind the guard's role checks. */
const fullScreenPages: RouteObject[] = pages.filter((page) => page.fullScreen).map((page) => page.route);

/** The worker's pages, in the phone layout, which guards them with his own session. */
const workerPages: RouteObject[] = flattenRoutes(workerRoutes).flatMap(({ fullPath, route }) =>
  route.page ? [{ path: fullPath, element: createElement(route.page) }] : [],
);

export const appRoutes: RouteObject[] = [
  // Outside the console's guard: a worker has no console session and is never sent to the console's login.
  { element: <WorkerShell />, children: workerPages },
  {
    element: <Guard />,
    children: [
      ...Object.entries(PUBLIC_PAGES).map(([path, page]) => ({ path, element: createElement(page) })),
      ...fullScreenPages,
      { element: <Shell />, children: shellPages },
      // The guard has already redirected unknown paths to /404.
      { path: '*', element: null },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
