import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSession, type Role } from '@/store/session';
import { mockFetch, resetBrowserState, type Reply } from '@/test/fetchMock';
import Award from './Award';
import Punishment from './Punishment';
import Record from './Record';
import { toCreditForm } from './CreditDialog';
import { CREDIT_DELETE_URL, CREDIT_DETAIL_URL, CREDIT_LIST_URL, CREDIT_SAVE_URL, CREDIT_UNITS_URL, type Credit } from './service';

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const award: Credit = {
  id: 1,
  projectId: 1,
  projectName: '幸福里安置房项目',
  kind: 'award',
  subjectType: 'unit',
  subjectName: '河南中原建工集团有限公司',
  idNumber: '',
  registered: false,
  unitId: 2,
  recordDate: '2026-06-18',
  reason: '获评季度无欠薪项目',
  issuer: '郑州市金水区人力资源和社会保障局',
  attachments: ['/uploads/a.pdf'],
  createdTime: '2026-06-18 10:00:00',
};

function start(page: React.ReactElement, routes: Record<string, Reply> = {}, roles: Role[] = ['builder']) {
  resetBrowserState();
  if (typeof globalThis.ResizeObserver === 'undefined') {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  }
  useSession.setState({ token: 'tok', side: 'builder', roles, userInfo: null, siteConfig: null });
  const mock = mockFetch({
    [CREDIT_LIST_URL]: ({ body }) => ({
      code: 201,
      message: '',
      data: { list: body.get('kind') === 'award' ? [award] : [], total: body.get('kind') === 'award' ? 1 : 0, page: 1, limit: 10 },
    }),
    [CREDIT_DETAIL_URL]: { code: 201, data: award },
    [CREDIT_UNITS_URL]: { code: 201, data: [{ value: 2, label: '河南中原建工集团有限公司（施工总承包单位）' }] },
    [CREDIT_SAVE_URL]: { code: 201, message: '保存成功', data: { id: 5 } },
    [CREDIT_DELETE_URL]: { code: 201, message: '删除成功', data: null },
    ...routes,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{page}</QueryClientProvider>);
  return mock;
}

const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);

describe('toCreditForm', () => {
  it('sends only the chosen subject', () => {
    const base = { record_date: null, reason: '好', issuer: '局', attachments: ['/uploads/a.png', '/uploads/b.pdf'] };
    expect(toCreditForm('award', { ...base, subject_type: 'unit', unit_id: 2, name: '张三' })).toMatchObject({
      kind: 'award',
      subject_type: 'unit',
      unit_id: '2',
      name: '',
      attachments: '/uploads/a.png,/uploads/b.pdf',
    });
    expect(toCreditForm('bad', { ...base, subject_type: 'worker', name: '张三', id_number: '11010519491231002X', unit_id: 2 })).toMatchObject({
      kind: 'bad',
      name: '张三',
      id_number: '11010519491231002X',
      unit_id: '',
    });
  });
});

describe('credit records', () => {
  it('lists one kind with server-side filters and shows a record', async () => {
    const { called } = start(<Award />);
    expect(await screen.findByText('河南中原建工集团有限公司')).toBeTruthy();
    expect(called(CREDIT_LIST_URL)[0].body.get('kind')).toBe('award');
    fireEvent.click(within(screen.getByTestId('credit-subject-filter')).getByText('单位'));
    await waitFor(() => expect(called(CREDIT_LIST_URL).at(-1)!.body.get('subject_type')).toBe('unit'));
    fireEvent.change(screen.getByPlaceholderText('名称或身份证号码'), { target: { value: '中原' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(called(CREDIT_LIST_URL).at(-1)!.body.get('keyword')).toBe('中原'));

    fireEvent.click(screen.getByTestId('credit-view-1'));
    const detail = await screen.findByTestId('credit-detail');
    expect(detail.textContent).toContain('获评季度无欠薪项目');
    expect(within(detail).getByText('附件1').getAttribute('href')).toBe('/uploads/a.pdf');
  });

  it('adds a bad-behaviour record of a worker with the server’s rules', async () => {
    const { called } = start(<Record />);
    fireEvent.click(await screen.findByTestId('credit-add'));
    expect(screen.queryByTestId('credit-subject-type')).toBeNull();
    fireEvent.click(await screen.findByTestId('credit-save'));
    for (const text of ['请填写姓名', '请填写身份证号码', '请选择日期', '请填写事由', '请填写发布单位']) {
      await waitFor(() => expect(errors()).toContain(text));
    }
    fireEvent.change(screen.getByTestId('credit-id-number'), { target: { value: '110105194912310021' } });
    await waitFor(() => expect(errors()).toContain('请填写正确的身份证号码'));
    expect(called(CREDIT_SAVE_URL)).toHaveLength(0);
  });

  it('adds a punishment of a unit', async () => {
    const { called } = start(<Punishment />);
    fireEvent.click(await screen.findByTestId('credit-add'));
    fireEvent.click(within(await screen.findByTestId('credit-subject-type')).getByText('参建单位'));
    const unit = await screen.findByTestId('credit-unit');
    fireEvent.mouseDown(unit.querySelector('.ant-select-selector') ?? unit);
    fireEvent.click(await screen.findByText('河南中原建工集团有限公司（施工总承包单位）'));
    fireEvent.mouseDown(screen.getByTestId('credit-date'));
    fireEvent.change(screen.getByTestId('credit-date'), { target: { value: '2026-07-01' } });
    fireEvent.keyDown(screen.getByTestId('credit-date'), { key: 'Enter', code: 'Enter' });
    fireEvent.change(screen.getByTestId('credit-reason'), { target: { value: '拖欠分包工程款' } });
    fireEvent.change(screen.getByTestId('credit-issuer'), { target: { value: '郑州市住房和城乡建设局' } });
    fireEvent.click(screen.getByTestId('credit-save'));
    await waitFor(() => expect(called(CREDIT_SAVE_URL)).toHaveLength(1));
    expect(Object.fromEntries(called(CREDIT_SAVE_URL)[0].body)).toEqual({
      kind: 'punishment',
      subject_type: 'unit',
      unit_id: '2',
      record_date: '2026-07-01',
      reason: '拖欠分包工程款',
      issuer: '郑州市住房和城乡建设局',
    });
  });

  it('deletes after confirming', async () => {
    const { called } = start(<Award />);
    fireEvent.click(await screen.findByTestId('credit-delete-1'));
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(called(CREDIT_DELETE_URL)).toHaveLength(1));
  });

  it('shows the project column and no changes to the regulator', async () => {
    start(<Award />, {}, ['admin']);
    expect(await screen.findByText('幸福里安置房项目')).toBeTruthy();
    expect(screen.queryByTestId('credit-add')).toBeNull();
    expect(screen.queryByTestId('credit-delete-1')).toBeNull();
  });
});
