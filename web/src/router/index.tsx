import { createElement } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import Guard from './Guard';
import { PUBLIC_PAGES } from './publicPages';
import { financeRoutes, normalRoutes } from './routes';
import { flattenRoutes } from './routeTree';
import { Shell } from './shell';

/**
 * Every page of both route sets is registered; the guard decides which set is active and who may enter,
 * and follows the table's redirects itself.
 */
const shellPages: RouteObject[] = flattenRoutes([...normalRoutes, ...financeRoutes]).flatMap(({ fullPath, route }) =>
  route.page ? [{ path: fullPath, element: createElement(route.page) }] : [],
);

export const appRoutes: RouteObject[] = [
  {
    element: <Guard />,
    children: [
      ...Object.entries(PUBLIC_PAGES).map(([path, page]) => ({ path, element: createElement(page) })),
      { element: <Shell />, children: shellPages },
      // The guard has already redirected unknown paths to /404.
      { path: '*', element: null },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
