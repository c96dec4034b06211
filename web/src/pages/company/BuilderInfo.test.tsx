import { fireEvent, screen, waitFor } from '@testing-library/react';
import BuilderInfo from './BuilderInfo';
import type { UnitInfoData } from './service';
import { formErrors, renderPage } from '@/test/renderPage';
import { guaranteeSummary } from './components/UnitInfo';


const info: UnitInfoData = {
  id: 1,
  role: 'builder',
  role_label: '建设单位',
  locked: true,
  desposittop: '200',
  desposittop_display: '200万',
  depositmethod: [
    { value: '321', label: '现金' },
    { value: '322', label: '银行保函' },
  ],
  company_type: [{ value: '1', label: '建设单位' }],
  form: {
    id: 1,
    Name: '郑州市金水区城市建设投资有限公司',
    SocialCreditCode: '91410105MA45R2K3XH',
    RegisteredArea: ['41', '4101', '410105'],
    RegisterDate: '2016-04-18',
    RegisteredAddress: '河南省郑州市金水区花园路68号',
    LegalPerson: '周文博',
    LegalPersonPhone: '0371-65551234',
    LegalPersonIdNumber: '410105197803124513',
    OfficeAddress: '河南省郑州市金水区花园路68号',
    projectLeader: '陈静',
    projectLeaderPhone: '13838001234',
    projectLeaderIdNumber: '410102198207163028',
    ProvinceCompanyType: '1',
    paytype: '322',
    desposit: '150',
    guaranteepath: '',
    startdate: '2026-01-01',
    enddate: '2027-12-31',
    laborLeader: '',
    laborLeaderPhone: '',
    laborLeaderIdNumber: '',
    sitemanager: '',
    sitemanagerphone: '',
    sitemanagerIdNumber: '',
    ContractAttachment: [],
  },
  guarantee_changes: [
    {
      id: 5,
      account_name: '张建国',
      before: { paytype: '322', paytype_label: '银行保函', desposit: '120', guaranteepath: '', startdate: '2025-01-01', enddate: '2025-12-31' },
      after: { paytype: '322', paytype_label: '银行保函', desposit: '150', guaranteepath: '', startdate: '2026-01-01', enddate: '2027-12-31' },
      reason: '保函续期',
      is_read: false,
      read_time: '',
      created_time: '2026-01-02 10:00:00',
    },
  ],
};

describe('BuilderInfo', () => {
  it('shows the unit, its leaders, its guarantee and the changes', async () => {
    const { called } = renderPage(<BuilderInfo />, { '/builder/company/v1/Company/ajax_company_info': { code: 201, data: info } });
    expect(await screen.findByText('郑州市金水区城市建设投资有限公司')).toBeTruthy();
    expect(called('/builder/company/v1/Company/ajax_company_info')[0].body.get('type')).toBe('builder');
    expect(screen.getByTestId('unit-leaders').textContent).toContain('陈静');
    expect(screen.getByTestId('unit-guarantee').textContent).toContain('150万元');
    expect(screen.getByText('保函续期')).toBeTruthy();
    expect(screen.getByText('未阅')).toBeTruthy();
  });

  it('changes the guarantee only with a reason', async () => {
    const { called } = renderPage(<BuilderInfo />, {
      '/builder/company/v1/Company/ajax_company_info': { code: 201, data: info },
      '/builder/company/v1/Company/ajax_change_guarantee': { code: 201, data: { id: 6, depositWarning: false, desposittop: '200' } },
    });
    await screen.findByText('保函续期');
    fireEvent.click(screen.getByTestId('guarantee-change'));
    fireEvent.change(await screen.findByTestId('guarantee-deposit'), { target: { value: '180.5' } });
    fireEvent.click(screen.getByTestId('guarantee-save'));
    await waitFor(() => expect(formErrors()).toContain('请填写变更原因'));
    expect(called('/builder/company/v1/Company/ajax_change_guarantee')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('guarantee-reason'), { target: { value: ' 保函续期 ' } });
    fireEvent.click(screen.getByTestId('guarantee-save'));
    await waitFor(() => expect(called('/builder/company/v1/Company/ajax_change_guarantee')).toHaveLength(1));
    const body = called('/builder/company/v1/Company/ajax_change_guarantee')[0].body;
    expect(body.get('type')).toBe('builder');
    expect(body.get('paytype')).toBe('322');
    expect(body.get('desposit')).toBe('180.5');
    expect(body.get('startdate')).toBe('2026-01-01');
    expect(body.get('enddate')).toBe('2027-12-31');
    expect(body.get('reason')).toBe('保函续期');
  });

  it('saves the leaders', async () => {
    const { called } = renderPage(<BuilderInfo />, { '/builder/company/v1/Company/ajax_company_info': { code: 201, data: info }, '/builder/company/v1/Company/company_edit_save': { code: 201 } });
    await screen.findByText('保函续期');
    fireEvent.click(screen.getByTestId('leaders-edit'));
    fireEvent.change(await screen.findByTestId('leader-projectLeader'), { target: { value: '赵立新' } });
    fireEvent.click(screen.getByTestId('leaders-save'));
    await waitFor(() => expect(called('/builder/company/v1/Company/company_edit_save')).toHaveLength(1));
    const body = called('/builder/company/v1/Company/company_edit_save')[0].body;
    expect(body.get('type')).toBe('builder');
    expect(body.get('projectLeader')).toBe('赵立新');
    expect(body.get('projectLeaderPhone')).toBe('13838001234');
  });

  it('summarises a guarantee', () => {
    expect(guaranteeSummary(info.guarantee_changes[0].after)).toBe('银行保函 · 150万元 · 2026-01-01 至 2027-12-31');
  });
});
