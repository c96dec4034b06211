import { lazyPage, type LazyPage } from './lazyPage';

/** The screens outside the shell, by path. */
export const PUBLIC_PAGES: Record<string, LazyPage> = {
  '/login': lazyPage(() => import('@/pages/login/Login')),
  '/authredirect': lazyPage(() => import('@/pages/login/AuthRedirect')),
  '/401': lazyPage(() => import('@/pages/error/Error401')),
  '/404': lazyPage(() => import('@/pages/error/Error404')),
};
