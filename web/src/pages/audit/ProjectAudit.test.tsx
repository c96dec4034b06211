import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { useSession } from '@/store/session';
import { mockFetch, resetBrowserState, type Reply } from '@/test/fetchMock';
import ProjectAudit from './ProjectAudit';
import { type AuditDetail, type AuditListRow, type AuditUnit } from './service';


const row = (id: number, status = '1', extra: Partial<AuditListRow> = {}): AuditListRow => ({
  id,
  name: `测试项目${id}`,
  status,
  auditremark: '',
  submitted_time: '2026-11-20 09:30:00',
  ...extra,
});

const unit = (role: string, extra: Partial<AuditUnit> = {}): AuditUnit => ({
  role,
  company_id: role === 'builder' ? 31 : 32,
  company_locked: true,
  name: '郑州建设有限公司',
  social_credit_code: '91410100MA00000000',
  legal_person: '王建国',
  legal_person_phone: '0371-66668888',
  project_leader: '张三',
  project_leader_phone: '13800000000',
  labor_leader: '',
  labor_leader_phone: '',
  site_manager: '',
  site_manager_phone: '',
  contract_attachments: '/uploads/a.pdf',
  pay_type: '322',
  pay_type_label: '银行保函',
  deposit: '12.5',
  guarantee_path: '',
  guarantee_start: '2026-03-01',
  guarantee_end: '2027-02-28',
  ...extra,
});

const detail = (status = '1', decided = { decided_time: '', decided_by: '' }): AuditDetail => ({
  project: { id: 7, name: '测试项目7', status, auditremark: '', wizard_step: 5, submitted_time: '2026-11-20 09:30:00', ...decided },
  stepForm: {
    Id: 7,
    Name: '测试项目7',
    Address: '郑州市金水区',
    ContractPrice: '1200',
    DepartmentIndustryId: '1',
    DistrictCcode: '410105',
    DistrictCode: ['4101', '410105'],
    EndTime: '365',
    GcProcess: '1',
    Latlng: '34.75,113.63',
    MoneySource: '1',
    ProjectDesc: '',
    ProjectType: '1',
    StartTime: '2026-12-01',
    completiondate: '2027-11-30',
    region: '',
    selectedOptions: [],
    tendertime: '',
    winningtime: '',
  },
  units: [unit('builder')],
  accountForm: null,
  attachments: ['/uploads/a.pdf', '/uploads/b.png'],
  labels: {
    ProjectType: '房屋建筑工程',
    MoneySource: '政府投资',
    DepartmentIndustryId: '住建部门',
    GcProcess: '未开工',
    DistrictCode: '河南省/郑州市/金水区',
    selectedOptions: '河南省/郑州市/金水区',
    bank: '',
    OpenCompanyType: '',
  },
});

function start(routes: Record<string, Reply> = {}, regulatorRole = 'manager') {
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
  useSession.setState({
    token: 'tok',
    side: 'builder',
    roles: ['admin'],
    userInfo: null,
    regulator: { district: '', districtName: '', regulatorRole },
    siteConfig: null,
  });
  const mock = mockFetch({
    '/admin/audit/v1/Project/list': ({ body }) => ({
      code: 201,
      message: '',
      data: {
        list: [row(Number(body.get('page')) * 100 + 7)],
        total: 35,
        page: Number(body.get('page')),
        limit: Number(body.get('limit')),
      },
    }),
    '/admin/audit/v1/Project/detail': { code: 201, data: detail() },
    ...routes,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={['/audit']}>
      <QueryClientProvider client={client}>
        <Routes>
          <Route path="/audit" element={<ProjectAudit />} />
          <Route path="*" element={<Location />} />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return mock;
}

function Location() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);

async function openDetail() {
  fireEvent.click(await screen.findByTestId('audit-view-107'));
  await screen.findByTestId('audit-section-project');
}

describe('ProjectAudit', () => {
  it('offers an inspector none of the auditor\'s actions', async () => {
    start({ '/admin/audit/v1/Project/detail': { code: 201, data: { ...detail(), units: [unit('builder'), unit('contractor')] } } }, 'inspector');
    await screen.findByText('测试项目107');
    expect(screen.queryByTestId('audit-create-account')).toBeNull();
    await openDetail();
    expect(screen.queryByTestId('audit-approve')).toBeNull();
    expect(screen.queryByTestId('audit-reject')).toBeNull();
    expect(screen.queryByTestId('audit-unlock-builder')).toBeNull();
    expect(screen.getByTestId('audit-section-builder').textContent).toContain('已锁定');
  });

  it('offers the auditor the decision, account creation and unlock', async () => {
    start({}, 'auditor');
    await screen.findByText('测试项目107');
    expect(screen.getByTestId('audit-create-account')).toBeTruthy();
    await openDetail();
    expect(screen.getByTestId('audit-approve')).toBeTruthy();
    expect(screen.getByTestId('audit-unlock-builder')).toBeTruthy();
  });

  it('lists the submitted projects and pages through the server', async () => {
    const { called } = start();
    expect(await screen.findByText('测试项目107')).toBeTruthy();
    expect(screen.getAllByTestId('audit-status-tag')[0].textContent).toContain('待审核');
    expect(screen.getByText('共 35 条')).toBeTruthy();
    const first = called('/admin/audit/v1/Project/list')[0].body;
    expect(first.get('page')).toBe('1');
    expect(first.get('limit')).toBe('10');
    expect(first.get('status')).toBe('1');

    fireEvent.click(document.querySelector('.ant-pagination-item-2') as Element);
    expect(await screen.findByText('测试项目207')).toBeTruthy();
    const second = called('/admin/audit/v1/Project/list').at(-1)!.body;
    expect(second.get('page')).toBe('2');
    expect(second.get('limit')).toBe('10');

    fireEvent.click(within(screen.getByTestId('audit-status')).getByText('全部'));
    await waitFor(() => expect(called('/admin/audit/v1/Project/list').at(-1)!.body.get('status')).toBe(''));
    expect(called('/admin/audit/v1/Project/list').at(-1)!.body.get('page')).toBe('1');

    fireEvent.change(screen.getByPlaceholderText('项目名称'), { target: { value: '郑州' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(called('/admin/audit/v1/Project/list').at(-1)!.body.get('name')).toBe('郑州'));
  });

  it('shows the registration read-only, robust to missing steps', async () => {
    start();
    await openDetail();
    expect(screen.getByTestId('audit-section-builder').textContent).toContain('郑州建设有限公司');
    // Codes are shown by the labels the server resolved.
    const project = screen.getByTestId('audit-section-project').textContent;
    expect(project).toContain('房屋建筑工程');
    expect(project).toContain('河南省/郑州市/金水区');
    expect(screen.getByTestId('audit-section-contractor').textContent).toContain('未填写');
    expect(screen.getByTestId('audit-section-account').textContent).toContain('未填写');
    expect(screen.getByTestId('audit-section-attachments').querySelector('img')?.getAttribute('src')).toBe('/uploads/b.png');
  });

  it('approves after confirming, posting the id', async () => {
    const { called } = start({ '/admin/audit/v1/Project/approve': { code: 201, message: '审核通过', data: null } });
    await openDetail();
    fireEvent.click(screen.getByTestId('audit-approve'));
    fireEvent.click(await screen.findByTestId('approve-confirm'));
    await waitFor(() => expect(called('/admin/audit/v1/Project/approve')).toHaveLength(1));
    expect(called('/admin/audit/v1/Project/approve')[0].body.get('id')).toBe('7');
  });

  it('shows the server refusal of an approval', async () => {
    start({ '/admin/audit/v1/Project/approve': { code: 401, message: '只能审核待审核（已提交）的项目', data: null } });
    await openDetail();
    fireEvent.click(screen.getByTestId('audit-approve'));
    fireEvent.click(await screen.findByTestId('approve-confirm'));
    expect(await screen.findByText('只能审核待审核（已提交）的项目')).toBeTruthy();
  });

  it('requires the reason of a rejection', async () => {
    const { called } = start({ '/admin/audit/v1/Project/reject': { code: 201, message: '已驳回', data: null } });
    await openDetail();
    fireEvent.click(screen.getByTestId('audit-reject'));
    fireEvent.click(await screen.findByTestId('reject-submit'));
    await waitFor(() => expect(errors()).toContain('请填写驳回原因'));
    expect(called('/admin/audit/v1/Project/reject')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('reject-remark'), { target: { value: '  专户信息不全  ' } });
    fireEvent.click(screen.getByTestId('reject-submit'));
    await waitFor(() => expect(called('/admin/audit/v1/Project/reject')).toHaveLength(1));
    const body = called('/admin/audit/v1/Project/reject')[0].body;
    expect(body.get('id')).toBe('7');
    expect(body.get('auditremark')).toBe('专户信息不全');
  });

  it('hides the decision for a project not submitted', async () => {
    start({ '/admin/audit/v1/Project/detail': { code: 201, data: detail('2') } });
    await openDetail();
    expect(screen.queryByTestId('audit-approve')).toBeNull();
    expect(screen.queryByTestId('audit-reject')).toBeNull();
  });

  it('creates a project account and shows its initial password once', async () => {
    const { called } = start({
      '/admin/audit/v1/Project/create_account': {
        code: 201,
        data: { account_id: 9, project_id: 12, username: 'xm_zhengzhou', password: 'Kp7#mW2x9Qa!' },
      },
    });
    await screen.findByText('测试项目107');
    fireEvent.click(screen.getByTestId('audit-create-account'));
    fireEvent.change(await screen.findByTestId('create-username'), { target: { value: 'ab' } });
    fireEvent.change(screen.getByTestId('create-phone'), { target: { value: '12345' } });
    fireEvent.click(screen.getByTestId('create-submit'));
    await waitFor(() => expect(errors()).toContain('请输入4-30位字母、数字或下划线组成的账号'));
    expect(errors()).toContain('请填写姓名');
    expect(errors()).toContain('请填写正确的联系电话');
    expect(called('/admin/audit/v1/Project/create_account')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('create-username'), { target: { value: 'xm_zhengzhou' } });
    fireEvent.change(screen.getByTestId('create-name'), { target: { value: '李四' } });
    fireEvent.change(screen.getByTestId('create-phone'), { target: { value: '13912345678' } });
    fireEvent.click(screen.getByTestId('create-submit'));
    expect((await screen.findByTestId('created-password')).textContent).toContain('Kp7#mW2x9Qa!');
    expect(screen.getByTestId('created-username').textContent).toContain('xm_zhengzhou');
    expect(screen.getByTestId('created-account').textContent).toContain('首次登录时必须修改密码');
    const body = called('/admin/audit/v1/Project/create_account')[0].body;
    expect(body.get('username')).toBe('xm_zhengzhou');
    expect(body.get('name')).toBe('李四');
    expect(body.get('phone')).toBe('13912345678');
    expect(body.has('projectname')).toBe(false);
  });

  it('shows a refused account creation', async () => {
    start({ '/admin/audit/v1/Project/create_account': { code: 401, message: '该账号已存在', data: null } });
    await screen.findByText('测试项目107');
    fireEvent.click(screen.getByTestId('audit-create-account'));
    fireEvent.change(await screen.findByTestId('create-username'), { target: { value: 'taken_name' } });
    fireEvent.change(screen.getByTestId('create-name'), { target: { value: '李四' } });
    fireEvent.click(screen.getByTestId('create-submit'));
    expect(await screen.findByText('该账号已存在')).toBeTruthy();
    expect(screen.queryByTestId('created-password')).toBeNull();
  });

  it('shows every field the clerk submitted and who decided when', async () => {
    const contractor = unit('contractor', {
      company_locked: false,
      name: '河南建工集团有限公司',
      labor_leader: '阿依古丽·买买提',
      labor_leader_phone: '13600136000',
      site_manager: '钱多多',
      site_manager_phone: '0371-5678901',
      pay_type: '321',
      pay_type_label: '现金',
      deposit: '0.000001',
      guarantee_path: '/uploads/g.pdf',
      guarantee_start: '',
      guarantee_end: '',
    });
    const decided = {
      ...detail('2', { decided_time: '2026-11-21 10:00:00', decided_by: 'admin' }),
      units: [unit('builder'), contractor],
      accountForm: {
        Id: '1', banktype: '1', AccountStatus: '1', BankAccount: '6217001234567890', AccountName: '专户', BankType: '105',
        BankPoint: '105491000011', bankSelected: ['105', '105491000011'], notopenbankSelected: [], OpenTime: '2020-12-28',
        isvirtual: '0', OpenCompanyType: '2', OpenCompanyName: '河南建工集团有限公司', SocialCreditCode: '91350100M000100Y43',
        Recurl: [], Agreementurl: [], AdminName: '', AdminPhone: '', AppointMent: '',
      },
      bankCheck: { outcome: 'verified', outcome_label: '银行验证通过', same_account: true, open_date: '2020-12-28', checked_time: '2026-11-19 08:00:00' },
    } as AuditDetail;
    start({ '/admin/audit/v1/Project/detail': { code: 201, data: decided } });
    await openDetail();
    const header = screen.getByTestId('audit-detail').textContent;
    expect(header).toContain('2026-11-20 09:30:00');
    expect(header).toContain('2026-11-21 10:00:00');
    expect(header).toContain('admin');
    const builder = screen.getByTestId('audit-section-builder').textContent;
    for (const shown of ['王建国（0371-66668888）', '银行保函', '12.5 万元', '2026-03-01 至 2027-02-28', '已锁定']) {
      expect(builder).toContain(shown);
    }
    const third = screen.getByTestId('audit-section-contractor').textContent;
    for (const shown of ['劳资专管员', '阿依古丽·买买提（13600136000）', '钱多多', '现金', '0.000001 万元', '未锁定']) {
      expect(third).toContain(shown);
    }
    expect(screen.queryByTestId('audit-unlock-contractor')).toBeNull();
    expect(screen.getByTestId('audit-section-account').textContent).toContain('银行验证通过，2026-11-19 08:00:00');
  });

  it('unlocks a locked company with a reason', async () => {
    const { called } = start({ '/admin/company/v1/Company/unlock': { code: 201, message: '已解锁', data: null } });
    await openDetail();
    fireEvent.click(screen.getByTestId('audit-unlock-builder'));
    fireEvent.click(await screen.findByTestId('unlock-submit'));
    await waitFor(() => expect(errors()).toContain('请填写解锁原因'));
    expect(called('/admin/company/v1/Company/unlock')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('unlock-reason'), { target: { value: ' 信用代码填错 ' } });
    fireEvent.click(screen.getByTestId('unlock-submit'));
    await waitFor(() => expect(called('/admin/company/v1/Company/unlock')).toHaveLength(1));
    const body = called('/admin/company/v1/Company/unlock')[0].body;
    expect(body.get('id')).toBe('31');
    expect(body.get('project_id')).toBe('7');
    expect(body.get('reason')).toBe('信用代码填错');
    await waitFor(() => expect(called('/admin/audit/v1/Project/detail').length).toBeGreaterThan(1));
  });

  it('shows a refused unlock', async () => {
    start({ '/admin/company/v1/Company/unlock': { code: 401, message: '该单位未锁定，无需解锁', data: null } });
    await openDetail();
    fireEvent.click(screen.getByTestId('audit-unlock-builder'));
    fireEvent.change(await screen.findByTestId('unlock-reason'), { target: { value: '再次解锁' } });
    fireEvent.click(screen.getByTestId('unlock-submit'));
    expect(await screen.findByText('该单位未锁定，无需解锁')).toBeTruthy();
  });

  it('opens an approved project\'s roster for the regulator', async () => {
    start({ '/admin/audit/v1/Project/list': { code: 201, data: { list: [row(7, '1'), row(9, '2')], total: 2, page: 1, limit: 10 } } });
    await screen.findByText('测试项目9');
    expect(screen.queryByTestId('audit-roster-7')).toBeNull();
    fireEvent.click(screen.getByTestId('audit-roster-9'));
    expect((await screen.findByTestId('location')).textContent).toBe('/user/list?projectId=9');
  });
});
