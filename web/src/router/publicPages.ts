import { lazyPage, type LazyPage } from './lazyPage';

/** The screens outside the shell, by path. */
export const PUBLIC_PAGES: Record<string, LazyPage> = {
  '/login': lazyPage(() => import('@/pages/auth/Login')),
  '/authredirect': lazyPage(() => import('@/pages/auth/AuthRedirect')),
  '/401': lazyPage(() => import('@/layout/Error401')),
  '/404': lazyPage(() => import('@/layout/Error404')),
  '/clue': lazyPage(() => import('@/pages/clue/PublicClue')),
};
