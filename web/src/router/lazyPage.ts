import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazily loaded screen whose chunk can be fetched ahead of its first render. */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * React.lazy with a `preload`: on a hard load the guard fetches the shell's and the page's chunks while the
 * session is still being read, instead of one after the other once it is.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const once = () => (loading ??= load());
  return Object.assign(lazy(once), { preload: once });
}
