import type { Role } from '@/store/session';
import type { LazyPage } from './lazyPage';

/** Sidebar icons by name; layout/menuIcons.tsx draws them, so the route table stays free of icon code. */
export type MenuIconName =
  | 'home'
  | 'project'
  | 'idcard'
  | 'bank'
  | 'credit'
  | 'affix'
  | 'message'
  | 'report'
  | 'setting'
  | 'lead'
  | 'audit'
  | 'order'
  | 'history'
  | 'record'
  | 'user'
  | 'directory';

export interface RouteMeta {
  /** Shown in the sidebar, the tab bar and the document title. */
  title?: string;
  icon?: MenuIconName;
  /** Who may open the route and its children; none means everyone. Admin passes every check. */
  roles?: Role[];
  /** Reachable, but not in the sidebar. */
  hidden?: boolean;
  /** Not kept alive: the page starts afresh on every visit. */
  noCache?: boolean;
  /** Shown as a submenu even with a single visible child (vue-element-admin's alwaysShow). */
  alwaysShow?: boolean;
  /** A tab that is always present and cannot be closed. */
  affix?: boolean;
  /** Only while finance approval is in use (site config `finance`, project propertyStatus not 2). */
  financeFeature?: boolean;
  /** Regulators only: the roles (user info `regulatorRole`) that see the route; none means every role. */
  regulatorRoles?: string[];
  /** A clerk's screen (wizard, registration, forms that only write): hidden from and closed to the regulator. */
  clerkOnly?: boolean;
  /**
   * The page works without a project in view: it spans projects (with a project column) or belongs to no
   * project. Other enterprise pages ask the regulator to pick a project first.
   */
  noProject?: boolean;
  /** Shown on its own, outside the shell (no sidebar, header or tabs): the TV data screen. */
  fullScreen?: boolean;
  /** Only once the clerk's project is approved; before, the clerk is sent to /index (the wizard). */
  approvedProject?: boolean;
  /** A worker page (`/w`) open without his session: the login. The others send him there. */
  noSession?: boolean;
  /** A worker page (`/w`) shown in the phone layout's bottom bar, with this label. */
  tab?: string;
}

export interface AppRoute {
  /** Absolute for top-level routes, relative to the parent for children. */
  path: string;
  meta?: RouteMeta;
  redirect?: string;
  page?: LazyPage;
  children?: AppRoute[];
}
