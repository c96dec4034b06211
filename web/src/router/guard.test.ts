import { decide, type GuardInput } from './guard';
import { financeRoutes, normalRoutes } from './routes';
import { applySiteFlags } from './routeTree';

const input = (over: Partial<GuardInput>): GuardInput => ({
  path: '/index',
  token: 'token',
  roles: ['builder'],
  routes: normalRoutes,
  ...over,
});

describe('navigation guard', () => {
  it('without a token allows only the whitelist', () => {
    expect(decide(input({ token: undefined, path: '/login' }))).toEqual({ kind: 'allow' });
    expect(decide(input({ token: undefined, path: '/authredirect' }))).toEqual({ kind: 'allow' });
    expect(decide(input({ token: undefined, path: '/clue' }))).toEqual({ kind: 'allow' });
    for (const path of ['/', '/index', '/project/projectInfo', '/404', '/401', '/nowhere']) {
      expect(decide(input({ token: undefined, path, roles: [] }))).toEqual({ kind: 'redirect', to: '/login' });
    }
  });

  it("leaves the worker's pages to their own layout, with or without a console session", () => {
    for (const path of ['/w', '/w/login', '/w/wages/12']) {
      expect(decide(input({ token: undefined, path, roles: [] }))).toEqual({ kind: 'allow' });
      expect(decide(input({ path, roles: [] }))).toEqual({ kind: 'allow' });
    }
    // Only `/w` and below: a console path that merely begins with a w is the console's.
    expect(decide(input({ token: undefined, path: '/water' }))).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('sends a logged-in user away from /login', () => {
    expect(decide(input({ path: '/login' }))).toEqual({ kind: 'redirect', to: '/' });
    expect(decide(input({ path: '/login', roles: [] }))).toEqual({ kind: 'redirect', to: '/' });
  });

  it('loads the user info when no roles are known', () => {
    expect(decide(input({ roles: [] }))).toEqual({ kind: 'load' });
    expect(decide(input({ path: '/nowhere', roles: [] }))).toEqual({ kind: 'load' });
  });

  it('allows a permitted page', () => {
    expect(decide(input({ path: '/project/projectInfo' }))).toEqual({ kind: 'allow' });
    expect(decide(input({ path: '/affix/affixDetail/2026-10/3' }))).toEqual({ kind: 'allow' });
    expect(decide(input({ path: '/401' }))).toEqual({ kind: 'allow' });
    expect(decide(input({ path: '/404' }))).toEqual({ kind: 'allow' });
  });

  it('follows the route table redirects', () => {
    expect(decide(input({ path: '/' }))).toEqual({ kind: 'redirect', to: '/index' });
    expect(decide(input({ path: '/project' }))).toEqual({ kind: 'redirect', to: '/project/projectInfo' });
    expect(decide(input({ path: '/', roles: ['finance'], routes: financeRoutes }))).toEqual({
      kind: 'redirect',
      to: '/order/index',
    });
  });

  it('refuses a page the roles do not allow', () => {
    expect(decide(input({ path: '/audit/project' }))).toEqual({ kind: 'redirect', to: '/401?noGoBack=true' });
    expect(decide(input({ path: '/index', roles: ['finance'] }))).toEqual({
      kind: 'redirect',
      to: '/401?noGoBack=true',
    });
  });

  it('lets admin through every check but the clerk-only screens', () => {
    expect(decide(input({ path: '/audit/project', roles: ['admin'] }))).toEqual({ kind: 'allow' });
    expect(decide(input({ path: '/project/projectInfo', roles: ['admin'] }))).toEqual({ kind: 'allow' });
    expect(decide(input({ path: '/regulator/projects', roles: ['admin'] }))).toEqual({ kind: 'allow' });
    expect(decide(input({ path: '/project/issue', roles: ['admin'] }))).toEqual({ kind: 'redirect', to: '/401?noGoBack=true' });
    expect(decide(input({ path: '/regulator/projects', roles: ['builder'] }))).toEqual({ kind: 'redirect', to: '/401?noGoBack=true' });
  });

  it('answers 404 for a path no route set knows', () => {
    expect(decide(input({ path: '/nowhere' }))).toEqual({ kind: 'redirect', to: '/404' });
    expect(decide(input({ path: '/nowhere', roles: ['finance'], routes: financeRoutes }))).toEqual({ kind: 'redirect', to: '/404' });
    expect(decide(input({ path: '/project/nowhere', roles: ['admin'] }))).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('sends every failed role check to /401, whatever the account', () => {
    const refused = { kind: 'redirect', to: '/401?noGoBack=true' };
    const flagged = (regulatorRole?: string) => applySiteFlags(normalRoutes, { finance: 1, propertyStatus: 1, regulatorRole });
    // A clerk on a regulator's screen, a regulator's role on another role's screen.
    expect(decide(input({ path: '/regulator/warnings' }))).toEqual(refused);
    expect(decide(input({ path: '/system/regulators', routes: flagged() }))).toEqual(refused);
    expect(decide(input({ path: '/system/regulators', roles: ['admin'], routes: flagged('inspector') }))).toEqual(refused);
    expect(decide(input({ path: '/system/regulators', roles: ['admin'], routes: flagged('manager') }))).toEqual({ kind: 'allow' });
    // The finance approver on the enterprise shell's screens, a clerk on the finance shell's.
    expect(decide(input({ path: '/project/projectInfo', roles: ['finance'], routes: financeRoutes }))).toEqual(refused);
    expect(decide(input({ path: '/user/list', roles: ['finance'], routes: financeRoutes }))).toEqual(refused);
    expect(decide(input({ path: '/order/index' }))).toEqual(refused);
    // A regulator on a clerk's screen, among them the clerk's notice inbox and lead feedback.
    for (const path of ['/project/regist', '/user/register', '/message/announcement', '/remunerationClues/feedbackManagement', '/remunerationClues/feedbackDetail']) {
      expect(decide(input({ path, roles: ['admin'] }))).toEqual(refused);
    }
  });
});
