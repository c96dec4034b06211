import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSession, type Role } from '@/store/session';
import { mockFetch, resetBrowserState, type Reply } from '@/test/fetchMock';
import Award from './Award';
import Punishment from './Punishment';
import Record from './Record';
import { toCreditForm, type CreditValues } from './CreditDialog';
import { type Credit } from './service';


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
  authority: 'bureau',
  enteredBy: '劳动监察员',
  createdTime: '2026-06-18 10:00:00',
  updatedTime: '',
  revoked: false,
  revokedTime: '',
  revokedBy: '',
  revokeReason: '',
  canChange: false,
};

/** The project's own award of a worker, as the list answers it (ID masked) and as the detail does. */
const own: Credit = {
  ...award,
  id: 2,
  subjectType: 'worker',
  subjectName: '王安',
  idNumber: '4101**********1037',
  unitId: null,
  issuer: '河南中原建工集团有限公司项目部',
  authority: 'project',
  enteredBy: '李秀英',
  canChange: true,
};
const ownDetail: Credit = { ...own, idNumber: '410103199007161037' };

function start(page: React.ReactElement, routes: Record<string, Reply> = {}, roles: Role[] = ['builder'], regulatorRole = 'manager') {
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
  const regulator = roles.includes('admin') ? { district: '', districtName: '', regulatorRole } : null;
  useSession.setState({ token: 'tok', side: 'builder', roles, userInfo: null, regulator, siteConfig: null });
  const mock = mockFetch({
    '/builder/faith/v1/Credit/list': ({ body }) => ({
      code: 201,
      message: '',
      data: { list: body.get('kind') === 'award' ? [award, own] : [], total: body.get('kind') === 'award' ? 2 : 0, page: 1, limit: 10 },
    }),
    '/builder/faith/v1/Credit/detail': ({ url }) => ({ code: 201, message: '', data: url.includes('id=2') ? ownDetail : award }),
    '/builder/faith/v1/Credit/update': { code: 201, message: '保存成功', data: null },
    '/builder/faith/v1/Credit/units': { code: 201, data: [{ value: 2, label: '河南中原建工集团有限公司（施工总承包单位）' }] },
    '/builder/faith/v1/Credit/save': { code: 201, message: '保存成功', data: { id: 5 } },
    '/builder/faith/v1/Credit/delete': { code: 201, message: '已撤销', data: null },
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
    const noSubjectChoice = { ...base, name: '张三', id_number: '11010519491231002X', unit_id: 2 } as unknown as CreditValues;
    expect(toCreditForm('bad', noSubjectChoice)).toMatchObject({
      subject_type: 'worker',
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
    expect(called('/builder/faith/v1/Credit/list')[0].body.get('kind')).toBe('award');
    fireEvent.click(within(screen.getByTestId('credit-subject-filter')).getByText('单位'));
    await waitFor(() => expect(called('/builder/faith/v1/Credit/list').at(-1)!.body.get('subject_type')).toBe('unit'));
    fireEvent.change(screen.getByPlaceholderText('名称或身份证号码'), { target: { value: '中原' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(called('/builder/faith/v1/Credit/list').at(-1)!.body.get('keyword')).toBe('中原'));

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
    expect(called('/builder/faith/v1/Credit/save')).toHaveLength(0);
  });

  it('adds a unit award of the project', async () => {
    const { called } = start(<Award />);
    fireEvent.click(await screen.findByTestId('credit-add'));
    fireEvent.click(within(await screen.findByTestId('credit-subject-type')).getByText('参建单位'));
    const unit = await screen.findByTestId('credit-unit');
    fireEvent.mouseDown(unit.querySelector('.ant-select-selector') ?? unit);
    fireEvent.click(await screen.findByText('河南中原建工集团有限公司（施工总承包单位）'));
    fireEvent.mouseDown(screen.getByTestId('credit-date'));
    fireEvent.change(screen.getByTestId('credit-date'), { target: { value: '2026-07-01' } });
    fireEvent.keyDown(screen.getByTestId('credit-date'), { key: 'Enter', code: 'Enter' });
    fireEvent.change(screen.getByTestId('credit-reason'), { target: { value: '按时足额支付工程款' } });
    fireEvent.change(screen.getByTestId('credit-issuer'), { target: { value: '河南中原建工集团有限公司项目部' } });
    fireEvent.click(screen.getByTestId('credit-save'));
    await waitFor(() => expect(called('/builder/faith/v1/Credit/save')).toHaveLength(1));
    expect(Object.fromEntries(called('/builder/faith/v1/Credit/save')[0].body)).toEqual({
      kind: 'award',
      subject_type: 'unit',
      unit_id: '2',
      record_date: '2026-07-01',
      reason: '按时足额支付工程款',
      issuer: '河南中原建工集团有限公司项目部',
    });
  });

  it('offers no punishment form to a project: punishments are the bureau\'s', async () => {
    start(<Punishment />);
    expect(await screen.findByText('处罚记录由人社局录入，项目可查看')).toBeTruthy();
    expect(screen.queryByTestId('credit-add')).toBeNull();
  });

  it('offers 修改 and 撤销 only on the project\'s own record, and revokes with a reason', async () => {
    const { called } = start(<Award />);
    expect(await screen.findByText('王安')).toBeTruthy();
    expect(screen.queryByTestId('credit-revoke-1')).toBeNull();
    expect(screen.queryByTestId('credit-edit-1')).toBeNull();
    expect(screen.getByText('人社局')).toBeTruthy();
    fireEvent.click(screen.getByTestId('credit-revoke-2'));
    fireEvent.click(await screen.findByTestId('credit-revoke-confirm'));
    await waitFor(() => expect(errors()).toContain('请填写撤销原因'));
    expect(called('/builder/faith/v1/Credit/delete')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('credit-revoke-reason'), { target: { value: '登记有误' } });
    fireEvent.click(screen.getByTestId('credit-revoke-confirm'));
    await waitFor(() => expect(called('/builder/faith/v1/Credit/delete')).toHaveLength(1));
    expect(Object.fromEntries(called('/builder/faith/v1/Credit/delete')[0].body)).toEqual({ id: '2', reason: '登记有误' });
  });

  it('corrects from the detail, with the full ID number', async () => {
    const { called } = start(<Award />);
    fireEvent.click(await screen.findByTestId('credit-edit-2'));
    expect(((await screen.findByTestId('credit-id-number')) as HTMLInputElement).value).toBe('410103199007161037');
    fireEvent.click(screen.getByTestId('credit-save'));
    await waitFor(() => expect(called('/builder/faith/v1/Credit/update')).toHaveLength(1));
    expect(called('/builder/faith/v1/Credit/update')[0].body.get('id')).toBe('2');
    expect(called('/builder/faith/v1/Credit/update')[0].body.get('id_number')).toBe('410103199007161037');
  });

  it('shows a revoked record with its reason', async () => {
    start(<Award />, {
      '/builder/faith/v1/Credit/list': { code: 201, data: { list: [{ ...own, revoked: true, canChange: false, revokedTime: '2026-07-02 09:00:00', revokedBy: '李秀英', revokeReason: '登记有误' }], total: 1, page: 1, limit: 10 } },
    });
    const cell = await screen.findByTestId('credit-revoked-2');
    expect(cell.textContent).toContain('已撤销');
    expect(cell.textContent).toContain('登记有误');
    expect(screen.queryByTestId('credit-revoke-2')).toBeNull();
  });

  it('shows the project column to the regulator, who adds but does not change a project\'s record', async () => {
    start(<Award />, { '/builder/faith/v1/Credit/list': { code: 201, data: { list: [award, { ...own, canChange: false }], total: 2, page: 1, limit: 10 } } }, ['admin']);
    expect((await screen.findAllByText('幸福里安置房项目')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('credit-add')).toBeTruthy();
    expect(screen.queryByTestId('credit-revoke-2')).toBeNull();
  });

  it('offers an auditor no credit record to add or change: they are the 监察\'s', async () => {
    start(<Award />, { '/builder/faith/v1/Credit/list': { code: 201, data: { list: [award], total: 1, page: 1, limit: 10 } } }, ['admin'], 'auditor');
    expect((await screen.findAllByText('幸福里安置房项目')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('credit-add')).toBeNull();
    expect(screen.queryByTestId(`credit-revoke-${award.id}`)).toBeNull();
  });
});
