import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildMenu } from '@/router/menu';
import { normalRoutes } from '@/router/routes';
import { filterByRoles } from '@/router/routeTree';
import { renderPage } from '@/test/renderPage';
import Supervision from './Supervision';
import { warning, workerWarning } from './fixtures';


const LIST = '/admin/warning/v1/Warning/ajax_list';
const DETAIL = '/admin/warning/v1/Warning/index';
const COUNTS = '/admin/warning/v1/Warning/counts';
const COMMENT = '/admin/warning/v1/Warning/comment';
const CLOSE = '/admin/warning/v1/Warning/close';

const query = (url: string) => new URL(url, 'http://localhost').searchParams;

function start(closeReply: { code: number; message?: string } = { code: 201, message: '操作成功!' }) {
  return renderPage(
    <Supervision />,
    {
      [LIST]: ({ url }) => {
        const page = Number(query(url).get('page'));
        return { code: 201, message: '', data: { list: [warning(page * 100 + 1), warning(page * 100 + 2, { projectName: '中原区另一项目', districtName: '郑州市/中原区' }), workerWarning(page * 100 + 3, { projectId: 7 })], total: 3, page, limit: 20 } };
      },
      [COUNTS]: {
        code: 201,
        data: {
          districts: [
            { district: '410102', districtName: '中原区', yellow: 0, orange: 0, red: 1 },
            { district: '410105', districtName: '金水区', yellow: 3, orange: 2, red: 4 },
          ],
          rules: [
            { code: 'unpaid_wages', label: '工资逾期未发放' },
            { code: 'no_attendance', label: '连续无考勤' },
          ],
        },
      },
      [DETAIL]: {
        code: 201,
        data: {
          warning: warning(101),
          notes: [{ id: 1, accountName: 'demo', authorKind: 'project', authorLabel: '项目', content: '已补发', attachments: ['/uploads/a.png'], createdAt: '2026-11-24 12:00:00' }],
          history: [{ accountName: '预警引擎', action: '预警产生', detail: '红 工资逾期未发放', createdAt: '2026-11-24 10:00:00' }],
        },
      },
      [COMMENT]: { code: 201, message: '操作成功!', data: 3 },
      [CLOSE]: closeReply,
      '/admin/audit/v1/Project/list': { code: 201, data: { list: [{ id: 1, name: '郑州市金水区幸福里安置房项目', status: '2', auditremark: '', submitted_time: '' }], total: 1, page: 1, limit: 20 } },
    },
    { roles: ['admin'], path: '/regulator/warnings' },
  );
}

async function choose(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${option}"]`)).toBeTruthy());
  fireEvent.click(document.querySelector(`.ant-select-item-option[title="${option}"]`) as Element);
}

describe('Supervision (预警监管)', () => {
  it('is on the regulator\'s menu only', () => {
    const group = (role: 'builder' | 'admin') =>
      buildMenu(filterByRoles(normalRoutes, [role])).find((node) => node.key === '/regulator')?.children ?? [];
    expect(group('admin')).toContainEqual({ key: '/regulator/warnings', label: '预警监管' });
    expect(group('builder')).toEqual([]);
  });

  it('shows the counts by level per district and every project\'s warnings', async () => {
    start();
    const counts = await screen.findByTestId('supervision-counts');
    expect(await within(counts).findByText('金水区')).toBeTruthy();
    expect(within(counts).getByText('4')).toBeTruthy();
    const table = await screen.findByTestId('supervision-table');
    expect(await within(table).findByText('中原区另一项目')).toBeTruthy();
    expect(within(table).getByText('郑州市/中原区')).toBeTruthy();
  });

  it('filters by level, rule, status and district', async () => {
    const { called } = start();
    await screen.findByTestId('supervision-open-101');
    await choose('supervision-filter-level', '橙色预警');
    await choose('supervision-filter-rule', '连续无考勤');
    await choose('supervision-filter-status', '未关闭');
    await choose('supervision-filter-district', '金水区');
    fireEvent.click(screen.getByTestId('supervision-search'));
    await waitFor(() => expect(query(called(LIST).at(-1)!.url).get('level')).toBe('orange'));
    const sent = query(called(LIST).at(-1)!.url);
    expect(sent.get('rule')).toBe('no_attendance');
    expect(sent.get('status')).toBe('open');
    expect(sent.get('district')).toBe('410105');
  });

  it('opens a warning with the thread and history, comments and closes it with a remark', async () => {
    const { called } = start();
    fireEvent.click(await screen.findByTestId('supervision-open-101'));
    expect(await screen.findByText('已补发')).toBeTruthy();
    expect(within(screen.getByTestId('supervision-history')).getByText(/预警产生/)).toBeTruthy();
    fireEvent.change(screen.getByTestId('supervision-comment'), { target: { value: '请上传回单' } });
    fireEvent.click(screen.getByTestId('supervision-comment-submit'));
    await waitFor(() => expect(called(COMMENT)).toHaveLength(1));
    expect(called(COMMENT)[0].body.get('content')).toBe('请上传回单');

    fireEvent.click(screen.getByTestId('supervision-close'));
    fireEvent.click(await screen.findByTestId('supervision-decision-ok'));
    expect(await screen.findByText('请填写处理说明')).toBeTruthy();
    expect(called(CLOSE)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('supervision-remark'), { target: { value: '已核实整改' } });
    fireEvent.click(screen.getByTestId('supervision-decision-ok'));
    await waitFor(() => expect(called(CLOSE)).toHaveLength(1));
    expect(called(CLOSE)[0].body.get('remark')).toBe('已核实整改');
    expect(called(CLOSE)[0].body.get('id')).toBe('101');
  });

  it('shows the server\'s refusal of a role that may not close', async () => {
    start({ code: 403, message: '当前监管账号的角色无权进行该操作' });
    fireEvent.click(await screen.findByTestId('supervision-open-101'));
    fireEvent.click(await screen.findByTestId('supervision-close'));
    fireEvent.change(await screen.findByTestId('supervision-remark'), { target: { value: '关闭' } });
    fireEvent.click(screen.getByTestId('supervision-decision-ok'));
    expect(await screen.findByText('当前监管账号的角色无权进行该操作')).toBeTruthy();
  });

  it('names the worker of a warning about him and links to him on his project\'s roster', async () => {
    start();
    const link = await screen.findByTestId('warning-worker-103');
    expect(link.textContent).toBe('张预警（4101**********999X）');
    expect(link.getAttribute('href')).toBe('/user/list?projectId=7&worker=57');
  });
});
