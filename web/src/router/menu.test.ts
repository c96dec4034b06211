import { buildMenu, parentKeys } from './menu';
import { financeRoutes, normalRoutes } from './routes';
import { applySiteFlags, filterByRoles } from './routeTree';

const labels = (nodes: ReturnType<typeof buildMenu>) => nodes.map((node) => node.label);

describe('sidebar menu', () => {
  it('lists the enterprise areas, one-child parents collapsed, hidden pages left out', () => {
    const menu = buildMenu(filterByRoles(normalRoutes, ['builder']));
    expect(labels(menu)).toEqual([
      '工作台',
      '项目管理',
      '实名制管理',
      '专户管理',
      '诚信管理',
      '附件凭证',
      '消息中心',
      '统计报表',
      '系统设置',
      '线索反馈管理',
    ]);
    expect(menu[0].key).toBe('/index');
    const project = menu.find((node) => node.key === '/project');
    expect(labels(project?.children ?? [])).toEqual([
      '项目信息',
      '建设单位信息',
      '施工单位信息',
      '参建单位',
      '班组管理',
      '管理人员',
    ]);
  });

  it('shows the regulator his own menus first, then the project in view’s, none of the clerk’s', () => {
    const menu = buildMenu(applySiteFlags(filterByRoles(normalRoutes, ['admin']), { finance: 1, propertyStatus: 1, regulatorRole: 'manager' }));
    expect(labels(menu)).toEqual([
      '工作台',
      '项目监管',
      '监管审核',
      '监管设置',
      '项目管理',
      '实名制管理',
      '专户管理',
      '诚信管理',
      '附件凭证',
      '消息中心',
      '统计报表',
      '系统设置',
    ]);
    const children = (key: string) => labels(menu.find((node) => node.key === key)?.children ?? []);
    expect(children('/regulator')).toEqual(['项目目录', '通知发布', '线索管理', '预警监管']);
    expect(children('/audit')).toEqual(['注册审核']);
    expect(children('/supervision')).toEqual(['节假日设置', '操作日志', '监管账号']);
    expect(children('/message')).toEqual(['预警信息', '系统消息']);
    const projectSettings = children('/system');
    for (const label of ['节假日设置', '操作日志', '监管账号']) expect(projectSettings).not.toContain(label);
    expect(projectSettings).toContain('财务角色配置');
    const every = JSON.stringify(menu);
    for (const label of ['通知公告', '线索反馈管理', '进场登记']) expect(every).not.toContain(label);
  });

  it('leaves 监管账号 to the 管理员', () => {
    const menu = buildMenu(applySiteFlags(filterByRoles(normalRoutes, ['admin']), { finance: 1, propertyStatus: 1, regulatorRole: 'inspector' }));
    expect(labels(menu.find((node) => node.key === '/supervision')?.children ?? [])).toEqual(['节假日设置', '操作日志']);
  });

  it('offers 节假日设置 to the regulator only', () => {
    const all = (role: 'builder' | 'admin') => JSON.stringify(buildMenu(filterByRoles(normalRoutes, [role])));
    expect(all('admin')).toContain('"key":"/system/holidays","label":"节假日设置"');
    expect(all('builder')).not.toContain('节假日设置');
  });

  it('drops the propertyRole item with the site flag', () => {
    const system = (finance: number) =>
      buildMenu(applySiteFlags(filterByRoles(normalRoutes, ['builder']), { finance, propertyStatus: 1 })).find(
        (node) => node.key === '/system',
      );
    expect(labels(system(1)?.children ?? [])).toContain('财务角色配置');
    expect(labels(system(0)?.children ?? [])).not.toContain('财务角色配置');
  });

  it('lists the finance screens', () => {
    const menu = buildMenu(filterByRoles(financeRoutes, ['finance']));
    expect(menu.map((node) => [node.key, node.label])).toEqual([
      ['/order/index', '审批工单'],
      ['/history/index', '审批历史'],
      ['/record/index', '操作记录'],
      ['/personalCenter/index', '个人中心'],
    ]);
  });

  it('finds the submenus to open', () => {
    const menu = buildMenu(filterByRoles(normalRoutes, ['builder']));
    expect(parentKeys(menu, '/system/password')).toEqual(['/system']);
    expect(parentKeys(menu, '/index')).toEqual([]);
  });
});
