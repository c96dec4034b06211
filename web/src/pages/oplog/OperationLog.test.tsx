import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildMenu } from '@/router/menu';
import { normalRoutes } from '@/router/routes';
import { filterByRoles } from '@/router/routeTree';
import { renderPage, typeDate } from '@/test/renderPage';
import OperationLog from './OperationLog';
import { changesOf, type OplogLine } from './service';


const line = (id: number, extra: Partial<OplogLine> = {}): OplogLine => ({
  id,
  time: '2026-11-24 10:00:00',
  account_name: 'demo',
  action: '班组退场',
  target_type: 'team',
  target_id: '12',
  project_id: 1,
  project_name: '郑州市金水区幸福里安置房项目',
  detail: '钢筋班：状态 在场 → 已退场，退场日期 2026-11-24',
  ip: '10.0.0.8',
  ...extra,
});

const LIST = '/admin/oplog/v1/Log/ajax_list';

function start() {
  return renderPage(
    <OperationLog />,
    {
      [LIST]: ({ url }) => {
        const query = new URL(url, 'http://localhost').searchParams;
        const page = Number(query.get('page'));
        return { code: 201, message: '', data: { list: [line(page * 100 + 1)], total: 45, page, limit: Number(query.get('limit')) } };
      },
      '/admin/oplog/v1/Log/kinds': { code: 201, data: { kinds: ['审核通过', '班组退场', '登录'] } },
      '/admin/audit/v1/Project/list': {
        code: 201,
        data: { list: [{ id: 1, name: '郑州市金水区幸福里安置房项目', status: '2', auditremark: '', submitted_time: '' }], total: 1, page: 1, limit: 20 },
      },
    },
    { roles: ['admin'] },
  );
}

const lastQuery = (called: ReturnType<typeof start>['called']) =>
  new URL(called(LIST).at(-1)!.url, 'http://localhost').searchParams;

async function choose(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${option}"]`)).toBeTruthy());
  fireEvent.click(document.querySelector(`.ant-select-item-option[title="${option}"]`) as Element);
}

describe('OperationLog', () => {
  it('is on the regulator\'s menu only, under 监管设置', () => {
    const group = (role: 'builder' | 'admin', key: string) =>
      buildMenu(filterByRoles(normalRoutes, [role])).find((node) => node.key === key)?.children ?? [];
    expect(group('admin', '/supervision')).toContainEqual({ key: '/system/oplog', label: '操作日志' });
    expect(group('builder', '/supervision')).toEqual([]);
    expect(group('builder', '/system').map((node) => node.label)).not.toContain('操作日志');
  });

  it('lists the lines with their project and pages on the server', async () => {
    const { called } = start();
    const table = await screen.findByTestId('oplog-table');
    expect(await within(table).findByText('郑州市金水区幸福里安置房项目')).toBeTruthy();
    expect(within(table).getByText('班组退场')).toBeTruthy();
    expect(screen.getByText('共 45 条')).toBeTruthy();
    expect(lastQuery(called).get('page')).toBe('1');
    expect(lastQuery(called).get('limit')).toBe('20');

    fireEvent.click(document.querySelector('.ant-pagination-item-2') as Element);
    await waitFor(() => expect(lastQuery(called).get('page')).toBe('2'));
    expect(await screen.findByTestId('oplog-open-201')).toBeTruthy();
  });

  it('filters by project, account, kind and dates', async () => {
    const { called } = start();
    await screen.findByTestId('oplog-open-101');
    await choose('oplog-filter-project', '郑州市金水区幸福里安置房项目');
    fireEvent.change(screen.getByTestId('oplog-filter-account'), { target: { value: ' demo ' } });
    await choose('oplog-filter-kind', '审核通过');
    // The range picker hands its test id to both of its inputs.
    const [from, to] = screen.getAllByTestId('oplog-filter-dates');
    typeDate(from, '2026-11-01');
    typeDate(to, '2026-11-24');
    fireEvent.click(screen.getByTestId('oplog-search'));
    await waitFor(() => expect(lastQuery(called).get('kind')).toBe('审核通过'));
    const query = lastQuery(called);
    expect(query.get('project_id')).toBe('1');
    expect(query.get('account')).toBe('demo');
    expect(query.get('start_date')).toBe('2026-11-01');
    expect(query.get('end_date')).toBe('2026-11-24');
    expect(query.get('page')).toBe('1');
  });

  it('shows a line in full with its before and after', async () => {
    start();
    fireEvent.click(await screen.findByTestId('oplog-open-101'));
    const detail = await screen.findByTestId('oplog-detail');
    expect(detail.textContent).toContain('10.0.0.8');
    expect(detail.textContent).toContain('team #12');
    const changes = within(detail).getByTestId('oplog-changes');
    expect(changes.textContent).toContain('在场');
    expect(changes.textContent).toContain('已退场');
  });
});

describe('changesOf', () => {
  it('reads the before and after of each change', () => {
    expect(changesOf('钢筋班：状态 在场 → 已退场，退场日期 2026-11-24')).toEqual([
      { label: '钢筋班：状态', before: '在场', after: '已退场' },
    ]);
    expect(changesOf('Name: "甲" → "乙"; Address: "" → "路1号"')).toEqual([
      { label: 'Name', before: '甲', after: '乙' },
      { label: 'Address', before: '', after: '路1号' },
    ]);
    expect(changesOf('项目「X」审核状态：待审核 → 已通过')).toEqual([{ label: '项目「X」审核状态', before: '待审核', after: '已通过' }]);
    expect(changesOf('登录成功')).toEqual([]);
  });
});
