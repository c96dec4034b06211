/**
 * Keeps visited pages alive (vue's <keep-alive>): the outlet element of every open tab stays mounted and
 * only the active one is shown, so a page's state survives tab switches. Pages with meta.noCache mount
 * afresh on every visit; closing a tab unmounts its page; 刷新 remounts it. A `replacement` (what the regulator
 * sees on a page that needs a project in view) shows in the page's pane instead, never kept.
 */
import { Suspense, useRef, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { Spin } from 'antd';
import { useTags } from '@/store/tagsView';

export default function KeepAliveOutlet({ noCache, replacement }: { noCache: boolean; replacement?: ReactNode }) {
  const routed = useOutlet();
  const outlet = replacement ?? routed;
  const fresh = noCache || replacement !== undefined;
  const { pathname } = useLocation();
  const visited = useTags((state) => state.visited);
  const versions = useTags((state) => state.versions);
  const cache = useRef(new Map<string, ReactNode>()).current;

  for (const path of [...cache.keys()]) {
    if (path !== pathname && !visited.some((tag) => tag.path === path)) cache.delete(path);
  }
  if (fresh) cache.delete(pathname);
  else cache.set(pathname, outlet);

  const pane = (path: string, element: ReactNode) => (
    <div key={`${path}#${versions[path] ?? 0}`} hidden={path !== pathname} data-testid="page-pane" data-path={path}>
      <Suspense fallback={<Spin className="page-spin" />}>{element}</Suspense>
    </div>
  );

  return (
    <>
      {[...cache].map(([path, element]) => pane(path, element))}
      {fresh && pane(pathname, outlet)}
    </>
  );
}
