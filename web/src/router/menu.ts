/** Sidebar items from the filtered route table. */
import { joinPath } from './routeTree';
import type { AppRoute, MenuIconName } from './types';

export interface MenuNode {
  key: string;
  label: string;
  icon?: MenuIconName;
  children?: MenuNode[];
}

/**
 * Hidden routes are left out. A parent with a single visible child shows as that child, so the sidebar
 * has no one-item submenus (工作台, 附件凭证, the finance screens), unless its meta says alwaysShow.
 */
export function buildMenu(routes: readonly AppRoute[], parentPath = '/'): MenuNode[] {
  return routes.flatMap((route): MenuNode[] => {
    if (route.meta?.hidden) return [];
    const fullPath = joinPath(parentPath, route.path);
    const visibleChildren = (route.children ?? []).filter((child) => !child.meta?.hidden);
    if (visibleChildren.length === 1 && !visibleChildren[0].children && !route.meta?.alwaysShow) {
      const child = visibleChildren[0];
      const title = child.meta?.title ?? route.meta?.title;
      if (!title) return [];
      return [{ key: joinPath(fullPath, child.path), label: title, icon: child.meta?.icon ?? route.meta?.icon }];
    }
    const title = route.meta?.title;
    if (!title) return [];
    if (visibleChildren.length === 0) {
      return route.page ? [{ key: fullPath, label: title, icon: route.meta?.icon }] : [];
    }
    return [{ key: fullPath, label: title, icon: route.meta?.icon, children: buildMenu(visibleChildren, fullPath) }];
  });
}

/** The submenu keys that lead to `path`, to open them on arrival. */
export function parentKeys(menu: readonly MenuNode[], path: string): string[] {
  for (const node of menu) {
    if (node.key === path) return [];
    if (node.children) {
      const below = parentKeys(node.children, path);
      if (below.length > 0 || node.children.some((child) => child.key === path)) return [node.key, ...below];
    }
  }
  return [];
}
