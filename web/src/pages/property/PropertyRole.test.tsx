import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import PropertyRole from './PropertyRole';
import type { ApproverLine } from './service';

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

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
});
