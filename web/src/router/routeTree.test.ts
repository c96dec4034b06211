import type { Role } from '@/store/session';
import { financeRoutes, normalRoutes } from './routes';
import { affixEntries, applySiteFlags, filterByRoles, flattenRoutes, matchRoute, needsProject } from './routeTree';
import type { AppRoute } from './types';

const visiblePaths = (routes: AppRoute[]) => flattenRoutes(routes).map((entry) => entry.fullPath);
const forRoles = (roles: Role[], routes = normalRoutes) => visiblePaths(filterByRoles(routes, roles));

describe('route filtering by role', () => {
  it('admin sees every route but the clerk-only screens', () => {
    const clerkOnly = flattenRoutes(normalRoutes)
      .filter((entry) => entry.chain.some((route) => route.meta?.clerkOnly))
      .map((entry) => entry.fullPath);
    expect(clerkOnly).toEqual(
      expect.arrayContaining(['/project/regist', '/project/issue', '/project/newBulid', '/user/register']),
    );
    expect(clerkOnly).not.toContain('/system/propertyRole');
    expect(forRoles(['admin'])).toEqual(visiblePaths(normalRoutes).filter((path) => !clerkOnly.includes(path)));
    expect(forRoles(['admin'], financeRoutes)).toEqual(visiblePaths(financeRoutes));
  });

  it('builder does not see the regulator directory', () => {
    expect(forRoles(['builder']).filter((path) => path.startsWith('/regulator'))).toEqual([]);
    expect(forRoles(['admin'])).toContain('/regulator/projects');
  });

  it('a page needs a project in view unless it spans projects or belongs to none', () => {
    const needs = (path: string) => needsProject(matchRoute(normalRoutes, path)!.chain);
    expect(needs('/user/list')).toBe(true);
    expect(needs('/project/projectInfo')).toBe(true);
    expect(needs('/user/attendance')).toBe(false);
    expect(needs('/special/orderManagement')).toBe(false);
    expect(needs('/index')).toBe(false);
    expect(needs('/regulator/projects')).toBe(false);
    expect(needs('/audit/project')).toBe(false);
  });

  it('builder sees the enterprise shell but not /audit', () => {
    const paths = forRoles(['builder']);
    expect(paths).toContain('/index');
    expect(paths).toContain('/project/projectInfo');
    expect(paths).toContain('/affix/affixDetail/:belongdate/:companyid');
    expect(paths).toContain('/remunerationClues/feedbackDetail');
    expect(paths.filter((path) => path.startsWith('/audit'))).toEqual([]);
  });

  it('finance sees the finance set only', () => {
    expect(forRoles(['finance'], financeRoutes)).toEqual([
      '/',
      '/order',
      '/order/index',
      '/order/detail',
      '/history',
      '/history/index',
      '/history/detail',
      '/record',
      '/record/index',
      '/message',
      '/message/index',
      '/personalCenter',
      '/personalCenter/index',
    ]);
    expect(forRoles(['finance'])).toEqual([]);
  });

  it('nobody without a role sees a role-bound route', () => {
    expect(forRoles([])).toEqual([]);
  });
});

describe('site flags', () => {
  const hasPropertyRole = (routes: AppRoute[]) => visiblePaths(routes).includes('/system/propertyRole');

  it('keeps propertyRole when finance approval is in use', () => {
    expect(hasPropertyRole(applySiteFlags(normalRoutes, { finance: 1, propertyStatus: 1 }))).toBe(true);
  });

  it('removes propertyRole when the finance flag is off', () => {
    expect(hasPropertyRole(applySiteFlags(normalRoutes, { finance: 0, propertyStatus: 1 }))).toBe(false);
    expect(hasPropertyRole(applySiteFlags(normalRoutes, { finance: undefined, propertyStatus: 1 }))).toBe(false);
  });

  it('removes propertyRole when propertyStatus is 2', () => {
    expect(hasPropertyRole(applySiteFlags(normalRoutes, { finance: 1, propertyStatus: 2 }))).toBe(false);
  });

  it('removes nothing else', () => {
    const kept = visiblePaths(applySiteFlags(normalRoutes, { finance: 0, propertyStatus: 2, regulatorRole: 'manager' }));
    expect(kept).toEqual(visiblePaths(normalRoutes).filter((path) => path !== '/system/propertyRole'));
  });

  it('shows 监管账号 to a 管理员 only', () => {
    const hasRegulators = (regulatorRole?: string) =>
      visiblePaths(applySiteFlags(normalRoutes, { finance: 1, propertyStatus: 1, regulatorRole })).includes(
        '/system/regulators',
      );
    expect(hasRegulators('manager')).toBe(true);
    expect(hasRegulators('inspector')).toBe(false);
    expect(hasRegulators('auditor')).toBe(false);
    expect(hasRegulators(undefined)).toBe(false);
  });
});

describe('matching', () => {
  it('matches static, parameterised and parent paths', () => {
    expect(matchRoute(normalRoutes, '/system/password')?.route.meta?.title).toBe('修改密码');
    expect(matchRoute(normalRoutes, '/affix/affixDetail/2026-10/12')?.route.meta?.title).toBe('凭证详情');
    expect(matchRoute(normalRoutes, '/project')?.route.redirect).toBe('/project/projectInfo');
    expect(matchRoute(normalRoutes, '/nowhere')).toBeUndefined();
  });

  it('has one affix tab per side', () => {
    expect(affixEntries(normalRoutes).map((entry) => entry.fullPath)).toEqual(['/index']);
    expect(affixEntries(financeRoutes).map((entry) => entry.fullPath)).toEqual(['/order/index']);
  });
});
