import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage, typeInto } from '@/test/renderPage';
import ClueInbox from './ClueInbox';
import { detail, item, siteDetail, siteLead } from './fixtures';


const LIST = '/admin/clue/v1/Clue/ajax_list';
const DETAIL = '/admin/clue/v1/Clue/detail';
const DISPATCH = '/admin/clue/v1/Clue/dispatch';
const RETURN = '/admin/clue/v1/Clue/return';
const ACCEPT = '/admin/clue/v1/Clue/accept';
const ASSIGN = '/admin/clue/v1/Clue/assign';
const CLOSE = '/admin/clue/v1/Clue/close';
const SEARCH = '/public/clue/v1/Project/search';

const page = { code: 201, data: { list: [item], total: 1, page: 1, limit: 20 } };

describe('ClueInbox', () => {
  it('lists the leads, filters on the server and dispatches a pending one', async () => {
    const { called } = renderPage(
      <ClueInbox />,
      { [LIST]: page, [DETAIL]: { code: 201, data: detail('pending', '待派发') }, [DISPATCH]: { code: 201 } },
      { roles: ['admin'] },
    );
    expect(await screen.findByText('XS2026112412345678')).toBeTruthy();
    expect(screen.getByText('12345.60')).toBeTruthy();
    fireEvent.click(screen.getByTestId('clue-filter-overdue'));
    fireEvent.click(screen.getByTestId('clue-search'));
    await waitFor(() => expect(new URL(called(LIST).at(-1)!.url, 'http://x').searchParams.get('overdue')).toBe('1'));

    fireEvent.click(screen.getByTestId('clue-open-7'));
    expect(await screen.findByText('三个月工资没有发放')).toBeTruthy();
    expect(screen.getAllByTestId('lead-step')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('clue-dispatch'));
    const confirm = '.ant-modal-confirm-btns .ant-btn-primary';
    await waitFor(() => expect(document.querySelector(confirm)).toBeTruthy());
    fireEvent.click(document.querySelector(confirm) as Element);
    await waitFor(() => expect(called(DISPATCH)).toHaveLength(1));
    expect(called(DISPATCH)[0].body.get('id')).toBe('7');
  });

  it('returns feedback with a remark and accepts it with the answer', async () => {
    const { called } = renderPage(
      <ClueInbox />,
      {
        [LIST]: page,
        [DETAIL]: { code: 201, data: detail('feedback', '待审核') },
        [RETURN]: { code: 201 },
        [ACCEPT]: { code: 201 },
      },
      { roles: ['admin'] },
    );
    fireEvent.click(await screen.findByTestId('clue-open-7'));
    fireEvent.click(await screen.findByTestId('clue-return'));
    await typeInto('clue-decision-remark', '请附发放凭证');
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定|OK/ }).at(-1)!);
    await waitFor(() => expect(called(RETURN)).toHaveLength(1));
    expect(called(RETURN)[0].body.get('remark')).toBe('请附发放凭证');

    fireEvent.click(await screen.findByTestId('clue-accept'));
    await typeInto('clue-decision-remark', '工资已补发');
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定|OK/ }).at(-1)!);
    await waitFor(() => expect(called(ACCEPT)).toHaveLength(1));
    expect(called(ACCEPT)[0].body.get('remark')).toBe('工资已补发');
  });

  it('marks a lead from an unregistered site, links it to a project or closes it without one', async () => {
    const { called } = renderPage(
      <ClueInbox />,
      {
        [LIST]: { code: 201, data: { list: [item, siteLead], total: 2, page: 1, limit: 20 } },
        [DETAIL]: { code: 201, data: siteDetail },
        [SEARCH]: { code: 201, data: { list: [{ id: 1, name: '郑州市金水区幸福里安置房项目' }], total: 1, page: 1, limit: 20 } },
        [ASSIGN]: { code: 201, message: '已关联项目' },
        [CLOSE]: { code: 201, message: '已办结' },
      },
      { roles: ['admin'] },
    );
    const row = (await screen.findByText('经三路临街商铺改造')).closest('tr')!;
    expect(row.textContent).toContain('未登记项目');
    fireEvent.click(screen.getByTestId('clue-filter-unregistered'));
    fireEvent.click(screen.getByTestId('clue-search'));
    await waitFor(() => expect(new URL(called(LIST).at(-1)!.url, 'http://x').searchParams.get('unregistered')).toBe('1'));

    fireEvent.click(screen.getByTestId('clue-open-8'));
    expect(await screen.findByText('郑州市金水区经三路88号')).toBeTruthy();
    expect(screen.getByText('13700001111')).toBeTruthy();
    expect(screen.queryByTestId('clue-dispatch')).toBeNull();
    fireEvent.click(screen.getByTestId('clue-assign'));
    const project = within(await screen.findByTestId('clue-assign-project')).getByRole('combobox');
    fireEvent.mouseDown(project);
    fireEvent.change(project, { target: { value: '幸福里' } });
    const option = '.ant-select-item-option[title="郑州市金水区幸福里安置房项目"]';
    await waitFor(() => expect(document.querySelector(option)).toBeTruthy());
    fireEvent.click(document.querySelector(option) as Element);
    fireEvent.click(screen.getByTestId('clue-assign-ok'));
    await waitFor(() => expect(called(ASSIGN)).toHaveLength(1));
    expect(called(ASSIGN)[0].body.get('id')).toBe('8');
    expect(called(ASSIGN)[0].body.get('projectId')).toBe('1');

    fireEvent.click(await screen.findByTestId('clue-close'));
    fireEvent.change(await screen.findByTestId('clue-decision-remark'), { target: { value: '已转交劳动监察大队现场处理' } });
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定|OK/ }).at(-1)!);
    await waitFor(() => expect(called(CLOSE)).toHaveLength(1));
    expect(called(CLOSE)[0].body.get('remark')).toBe('已转交劳动监察大队现场处理');
  });
});
