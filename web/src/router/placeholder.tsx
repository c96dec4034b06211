import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import UnderConstruction from '@/components/UnderConstruction';
import type { LazyPage } from './lazyPage';

/**
 * The route of a screen a later issue builds: the placeholder with the route's title, and `detail` of the
 * address's query under it. Nothing to load, so it is loaded from the start.
 */
export function placeholder(title: string, detail?: (search: URLSearchParams) => ReactNode): LazyPage {
  function Placeholder() {
    const [search] = useSearchParams();
    return <UnderConstruction title={title}>{detail?.(search)}</UnderConstruction>;
  }
  return Object.assign(Placeholder, { preload: () => Promise.resolve(), loaded: () => true });
}
