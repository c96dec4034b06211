import { createElement, lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import Guard from './Guard';
import { financeRoutes, normalRoutes } from './routes';
import { flattenRoutes } from './routeTree';
import { Shell } from './shell';

const Login = lazy(() => import('@/pages/login/Login'));
const AuthRedirect = lazy(() => import('@/pages/login/AuthRedirect'));
const Error401 = lazy(() => import('@/pages/error/Error401'));
const Error404 = lazy(() => import('@/pages/error/Error404'));

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
      { path: '/login', element: <Login /> },
      { path: '/authredirect', element: <AuthRedirect /> },
      { path: '/401', element: <Error401 /> },
      { path: '/404', element: <Error404 /> },
      { element: <Shell />, children: shellPages },
      // The guard has already redirected unknown paths to /404.
      { path: '*', element: null },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
