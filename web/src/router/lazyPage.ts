import { createElement, lazy, useState, type ComponentType } from 'react';

/** A screen in a chunk of its own, whose chunk can be fetched ahead of its first render. */
export type LazyPage = ComponentType & {
  preload: () => Promise<unknown>;
  /** The chunk is in: the screen renders at once, without suspending. */
  loaded: () => boolean;
};

/**
 * React.lazy with a `preload`, rendering the screen directly once its chunk is in. A lazy component suspends
 * at its first render even when its chunk has arrived, and React holds back the reveal that follows a
 * Suspense fallback (up to 300 ms): on a hard load the guard fetches the shell's and the page's chunks while
 * the session is read and renders them only once they are in, so nothing suspends.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  let screen: ComponentType | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      screen = module.default;
      return module;
    }));
  const Lazy = lazy(preload);
  function Page() {
    // Chosen once per mount: switching from the lazy to the loaded component would remount the screen.
    const [component] = useState<ComponentType>(() => screen ?? Lazy);
    return createElement(component);
  }
  return Object.assign(Page, { preload, loaded: () => screen !== undefined });
}
