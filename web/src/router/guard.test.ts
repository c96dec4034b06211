import { decide, type GuardInput } from './guard';
import { financeRoutes, normalRoutes } from './routes';

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

  it('answers 404 for a path outside the active route set', () => {
    expect(decide(input({ path: '/nowhere' }))).toEqual({ kind: 'redirect', to: '/404' });
    expect(decide(input({ path: '/project/projectInfo', roles: ['finance'], routes: financeRoutes }))).toEqual({
      kind: 'redirect',
      to: '/404',
    });
    expect(decide(input({ path: '/order/index' }))).toEqual({ kind: 'redirect', to: '/404' });
  });
});
