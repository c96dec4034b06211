import { lazyPage } from './lazyPage';

/** The logged-in shell (layout or registration wizard), its own chunk. */
export const Shell = lazyPage(() => import('@/layout/Shell'));
