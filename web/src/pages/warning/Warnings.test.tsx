import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildMenu } from '@/router/menu';
import { normalRoutes } from '@/router/routes';
import { filterByRoles } from '@/router/routeTree';
import { renderPage } from '@/test/renderPage';
import Warnings from './Warnings';
import { warning, workerWarning } from './fixtures';



const LIST = '/builder/earlywarning/v1/EarlyWarning/ajax_list';
const INDEX = '/builder/earlywarning/v1/EarlyWarning/index';
const THREAD = '/builder/earlywarning/v1/EarlyWarning/ajax_message';
const SAVE = '/builder/earlywarning/v1/EarlyWarning/ajax_save_message';

function start(roles: ('builder' | 'admin')[] = ['builder'], one = warning(11)) {
  return renderPage(
    <Warnings />,
    {
      [LIST]: ({ body }) => {
        const page = Number(body.get('page'));
        return { code: 201, message: '', data: { list: [warning(page * 10 + 1), warning(page * 10 + 2, { level: 'yellow', levelLabel: '黄', ruleLabel: '连续无考勤' }), workerWarning(page * 10 + 3)], total: 12, page, limit: 10 } };
      },
      [INDEX]: { code: 201, data: one },
      [THREAD]: {
        code: 201,
        data: [
          { id: 1, accountName: 'jiancha', authorKind: 'regulator', authorLabel: '监管部门', content: '请说明原因', attachments: [], createdAt: '2026-11-24 11:00:00' },
        ],
      },
      [SAVE]: { code: 201, message: '操作成功!', data: 2 },
    },
    { roles },
  );
}

describe('Warnings (预警信息)', () => {
  it('is on the project menu under 消息中心', () => {
    const message = buildMenu(filterByRoles(normalRoutes, ['builder'])).find((node) => node.key === '/message')?.children ?? [];
    expect(message).toContainEqual({ key: '/message/warn', label: '预警信息' });
  });

  it('lists the warnings with their level tags and pages on the server', async () => {
    const { called } = start();
    const table = await screen.findByTestId('warning-table');
    expect(await within(table).findByText('红')).toBeTruthy();
    expect(within(table).getByText('黄')).toBeTruthy();
    expect(within(table).getByText('连续无考勤')).toBeTruthy();
    expect(called(LIST)[0].body.get('limit')).toBe('10');
    fireEvent.click(document.querySelector('.ant-pagination-item-2') as Element);
    await waitFor(() => expect(called(LIST).at(-1)!.body.get('page')).toBe('2'));
  });

  it('filters by level and status', async () => {
    const { called } = start();
    await screen.findByTestId('warning-open-11');
    fireEvent.mouseDown(within(screen.getByTestId('warning-filter-level')).getByRole('combobox'));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="红色预警"]')).toBeTruthy());
    fireEvent.click(document.querySelector('.ant-select-item-option[title="红色预警"]') as Element);
    fireEvent.click(screen.getByTestId('warning-search'));
    await waitFor(() => expect(called(LIST).at(-1)!.body.get('level')).toBe('red'));
    expect(called(LIST).at(-1)!.body.get('status')).toBeNull();
  });

  it('opens a warning with its facts and thread, and sends the answer', async () => {
    const { called } = start();
    fireEvent.click(await screen.findByTestId('warning-open-11'));
    const drawer = await screen.findByTestId('warning-facts');
    expect(within(drawer).getByText(/3000\.00元未从专户发放/)).toBeTruthy();
    expect(await screen.findByText('请说明原因')).toBeTruthy();
    fireEvent.click(screen.getByTestId('warning-note-submit'));
    expect(await screen.findByText('请填写回复内容')).toBeTruthy();
    expect(called(SAVE)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('warning-note'), { target: { value: '已于本月补发' } });
    fireEvent.click(screen.getByTestId('warning-note-submit'));
    await waitFor(() => expect(called(SAVE)).toHaveLength(1));
    expect(called(SAVE)[0].body.get('id')).toBe('11');
    expect(called(SAVE)[0].body.get('content')).toBe('已于本月补发');
  });

  it('shows a regulator the warning without the answer form', async () => {
    start(['admin']);
    fireEvent.click(await screen.findByTestId('warning-open-11'));
    await screen.findByTestId('warning-facts');
    expect(screen.queryByTestId('warning-note')).toBeNull();
  });

  it('names the worker of a warning about him, with his masked ID, and links to his roster line', async () => {
    start(['builder'], workerWarning(13));
    const link = await screen.findByTestId('warning-worker-13');
    expect(link.textContent).toBe('张预警（4101**********999X）');
    expect(link.getAttribute('href')).toBe('/user/list?worker=57');
    fireEvent.click(screen.getByTestId('warning-open-13'));
    const facts = await screen.findByTestId('warning-facts');
    expect(within(facts).getByTestId('warning-worker-13').getAttribute('href')).toBe('/user/list?worker=57');
  });

  it('links a regulator to the worker on the roster of the warning\'s project', async () => {
    start(['admin']);
    expect((await screen.findByTestId('warning-worker-13')).getAttribute('href')).toBe('/user/list?projectId=1&worker=57');
  });
});
