import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import PropertyRole from './PropertyRole';
import type { ApproverLine } from './service';


const approver: ApproverLine = {
  id: 3,
  account: 'finance',
  name: '王会计',
  phone: '13800138003',
  idnumber: '410105********3025',
  status: 1,
  isupdate: 0,
  createtime: '2026-03-01 09:00:00',
};

const routes = {
  ['/builder/project/v1/project/Projectname']: { code: 201, data: { projectname: '幸福里项目', propertyStatus: 1, approvers: 1 } },
  ['/builder/project/v1/Project/getpwd']: { code: 201, data: { passwordstatus: 1, rule: '请输入8-16位包含大小写字母+数字+特殊字符组成的密码', delivery: '初始密码只显示一次。' } },
  ['/builder/project/v1/project/Examine']: { code: 201, data: { list: [approver], total: 1, page: 1, limit: 10 } },
  ['/builder/project/v1/project/Approverlog']: {
    code: 201,
    data: {
      list: [
        { id: 40, time: '2026-03-01 09:00:00', actor: 'demo', ip: '10.0.0.8', action: '新增财务审批人', approver: '王会计（finance）', detail: '账号finance，姓名王会计，初始密码已短信发送至138****8003' },
      ],
      total: 1,
      page: 1,
      limit: 10,
    },
  },
};

describe('PropertyRole', () => {
  it('lists the approvers with their state', async () => {
    renderPage(<PropertyRole />, routes);
    expect(await screen.findByText('王会计')).toBeTruthy();
    expect(screen.getByText('待改初始密码')).toBeTruthy();
    expect(screen.getByText('幸福里项目')).toBeTruthy();
  });

  it('creates an approver whose initial password goes by SMS, never shown to the clerk', async () => {
    const { called } = renderPage(<PropertyRole />, {
      ...routes,
      ['/builder/project/v1/project/Set_account']: { code: 201, data: { id: 9, account: 'cw_zhao', phone: '139****2222' } },
    });
    fireEvent.click(await screen.findByTestId('approver-create'));
    fireEvent.change(await screen.findByTestId('approver-account'), { target: { value: 'cw_zhao' } });
    fireEvent.change(screen.getByTestId('approver-name'), { target: { value: '赵审批' } });
    fireEvent.change(screen.getByTestId('approver-phone'), { target: { value: '13911112222' } });
    expect(screen.queryByTestId('approver-idnumber')).toBeNull();
    fireEvent.click(screen.getByText('保 存'));
    expect(await screen.findByTestId('initial-password-value')).toBeTruthy();
    expect(screen.getByTestId('initial-password-value').textContent).toContain('初始密码已通过短信发送至审批人本人手机 139****2222');
    const body = called('/builder/project/v1/project/Set_account')[0].body;
    expect(body.get('account')).toBe('cw_zhao');
    expect(body.has('idnumber')).toBe(false);
  });

  it('refuses a bad form before sending and shows the server refusal on its field', async () => {
    const { called } = renderPage(<PropertyRole />, {
      ...routes,
      ['/builder/project/v1/project/Set_account']: { code: 401, message: '该登录账号已存在' },
    });
    fireEvent.click(await screen.findByTestId('approver-create'));
    fireEvent.change(await screen.findByTestId('approver-account'), { target: { value: 'ab' } });
    fireEvent.click(screen.getByText('保 存'));
    expect(await screen.findByText('请输入4-20位字母、数字或下划线组成的登录账号')).toBeTruthy();
    expect(called('/builder/project/v1/project/Set_account')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('approver-account'), { target: { value: 'finance' } });
    fireEvent.change(screen.getByTestId('approver-name'), { target: { value: '赵审批' } });
    fireEvent.change(screen.getByTestId('approver-phone'), { target: { value: '13911112222' } });
    fireEvent.click(screen.getByText('保 存'));
    expect(await screen.findByText('该登录账号已存在')).toBeTruthy();
    await waitFor(() => expect(called('/builder/project/v1/project/Set_account')).toHaveLength(1));
  });

  it('shows who configured each approver, when and from which address', async () => {
    renderPage(<PropertyRole />, routes);
    const log = await screen.findByTestId('approver-log');
    await waitFor(() => expect(log.textContent).toContain('新增财务审批人'));
    for (const text of ['demo', '10.0.0.8', '王会计（finance）', '2026-03-01 09:00:00']) expect(log.textContent).toContain(text);
  });

  it('gives a regulator the approvers and their history without a write button; an auditor corrects an ID number', async () => {
    const { called } = renderPage(
      <PropertyRole />,
      { ...routes, ['/builder/project/v1/project/Correctidnumber']: { code: 201, message: '身份证号码已更正' } },
      { roles: ['admin'], regulator: { district: '410105', districtName: '金水区', regulatorRole: 'auditor' } },
    );
    expect(await screen.findByText('王会计')).toBeTruthy();
    expect(screen.queryByTestId('approver-create')).toBeNull();
    expect(screen.queryByTestId('approver-edit-finance')).toBeNull();
    fireEvent.click(screen.getByTestId('approver-correct-finance'));
    fireEvent.click(await screen.findByText('更 正'));
    expect(await screen.findByText('请填写更正原因（200字以内）')).toBeTruthy();
    fireEvent.change(screen.getByTestId('id-correction-number'), { target: { value: '11010519491231002x' } });
    fireEvent.change(screen.getByTestId('id-correction-reason'), { target: { value: '录入错误，核对原件更正' } });
    fireEvent.click(screen.getByText('更 正'));
    await waitFor(() => expect(called('/builder/project/v1/project/Correctidnumber')).toHaveLength(1));
    const body = called('/builder/project/v1/project/Correctidnumber')[0].body;
    expect(body.get('idnumber')).toBe('11010519491231002X');
    expect(body.get('reason')).toBe('录入错误，核对原件更正');
  });

  it('gives a 监察 no correction', async () => {
    renderPage(<PropertyRole />, routes, { roles: ['admin'], regulator: { district: '410105', districtName: '金水区', regulatorRole: 'inspector' } });
    expect(await screen.findByText('王会计')).toBeTruthy();
    expect(screen.queryByTestId('approver-correct-finance')).toBeNull();
    expect(screen.queryByTestId('approver-create')).toBeNull();
  });
});
