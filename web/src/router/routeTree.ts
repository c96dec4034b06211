/** Pure functions over the route table: role filtering, site flags, flattening and matching. */
import { matchPath } from 'react-router';
import type { Role } from '@/store/session';
import type { AppRoute } from './types';

export function hasPermission(roles: readonly Role[], route: AppRoute): boolean {
  if (route.meta?.clerkOnly && roles.includes('admin')) return false;
  if (roles.includes('admin')) return true;
  const required = route.meta?.roles;
  return !required || required.some((role) => roles.includes(role));
}

export function filterByRoles(routes: readonly AppRoute[], roles: readonly Role[]): AppRoute[] {
  return routes
    .filter((route) => hasPermission(roles, route))
    .map((route) => (route.children ? { ...route, children: filterByRoles(route.children, roles) } : route));
}

export interface SiteFlags {
  /** Site config `finance`: finance approval is in use. */
  finance: number | undefined;
  /** User info `propertyStatus`; 2 means the project does without finance approval. */
  propertyStatus: number | undefined;
  /** User info `regulatorRole` (regulator accounts only). */
  regulatorRole?: string | undefined;
}

/**
 * Removes the routes of features the site or project does not use (spec §2: the propertyRole item) and those
 * meant for other regulator roles (监管账号: 管理员 only).
 */
export function applySiteFlags(routes: readonly AppRoute[], flags: SiteFlags): AppRoute[] {
  const financeInUse = Boolean(flags.finance) && flags.propertyStatus !== 2;
  const roleMayOpen = (route: AppRoute) =>
    !route.meta?.regulatorRoles || route.meta.regulatorRoles.includes(flags.regulatorRole ?? '');
  return routes
    .filter((route) => financeInUse || !route.meta?.financeFeature)
    .filter(roleMayOpen)
    .map((route) => (route.children ? { ...route, children: applySiteFlags(route.children, flags) } : route));
}

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}

export interface RouteEntry {
  fullPath: string;
  route: AppRoute;
  /** The route and its ancestors, outermost first. */
  chain: AppRoute[];
}

export function flattenRoutes(routes: readonly AppRoute[], parentPath = '', parents: AppRoute[] = []): RouteEntry[] {
  return routes.flatMap((route) => {
    const fullPath = joinPath(parentPath || '/', route.path);
    const chain = [...parents, route];
    return [{ fullPath, route, chain }, ...flattenRoutes(route.children ?? [], fullPath, chain)];
  });
}

export function matchRoute(routes: readonly AppRoute[], pathname: string): RouteEntry | undefined {
  return flattenRoutes(routes).find((entry) => matchPath({ path: entry.fullPath, end: true }, pathname));
}

/** The tabs that are always open: affix routes the user may see. */
export function affixEntries(routes: readonly AppRoute[]): RouteEntry[] {
  return flattenRoutes(routes).filter((entry) => entry.route.meta?.affix && entry.route.page);
}

/** Whether the regulator must pick a project before the page at `chain` can show anything. */
export function needsProject(chain: readonly AppRoute[]): boolean {
  const builderPage = chain.some((route) => route.meta?.roles?.includes('builder'));
  return builderPage && !chain.some((route) => route.meta?.noProject);
}
