import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useWorkerSession } from '@/store/workerSession';
import { renderWorkerPage } from '@/test/renderWorkerPage';
import { getWorkerToken } from '@/utils/storage';

const SEND = '/worker/common/v1/Public/getvcode';
const LOGIN = '/worker/common/v1/Public/smslogin';
const LIST = '/worker/wage/v1/Wage/list';
const ID = '410105199003152013';

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('WorkerLogin', () => {
  it('sends a code, logs in with it and goes where he was going', async () => {
    const { called, where } = renderWorkerPage(
      '/w/login?redirect=%2Fw%2Fwages',
      {
        [SEND]: { code: 201, message: '如该身份证号已登记，验证码已发送至登记手机', data: null },
        [LOGIN]: { code: 201, data: { phpsessid: 'wtok-9', name: '吴确认' } },
        [LIST]: { code: 201, data: { list: [], total: 0, page: 1, limit: 12 } },
      },
      { signedIn: false },
    );
    await screen.findByTestId('worker-login', {}, { timeout: 20_000 });
    type('worker-id-number', ID);
    fireEvent.click(screen.getByTestId('worker-send-code'));
    expect((await screen.findByTestId('worker-login-note')).textContent).toBe('如该身份证号已登记，验证码已发送至登记手机');
    expect(called(SEND)[0].body.get('idNumber')).toBe(ID);
    await waitFor(() => expect(screen.getByTestId('worker-send-code').textContent).toContain('秒后重发'));
    type('worker-code', '123456');
    fireEvent.click(screen.getByTestId('worker-login-submit'));
    await waitFor(() => expect(where()).toBe('/w/wages'));
    expect(Object.fromEntries(called(LOGIN)[0].body)).toEqual({ idNumber: ID, code: '123456' });
    expect(getWorkerToken()).toBe('wtok-9');
    expect(useWorkerSession.getState().name).toBe('吴确认');
    expect(await screen.findByText('暂无工资记录')).toBeTruthy();
  });

  it("shows the server's refusal as it is", async () => {
    renderWorkerPage(
      '/w/login',
      { [SEND]: { code: 401, message: '您在花名册上没有登记手机号码，请联系项目劳资专管员登记' } },
      { signedIn: false },
    );
    await screen.findByTestId('worker-login', {}, { timeout: 20_000 });
    type('worker-id-number', ID);
    fireEvent.click(screen.getByTestId('worker-send-code'));
    expect((await screen.findByTestId('worker-login-note')).textContent).toBe('您在花名册上没有登记手机号码，请联系项目劳资专管员登记');
  });

  it('checks the ID number before asking for a code, and keeps the project through the login', async () => {
    const { called, where } = renderWorkerPage(
      '/w/login?project=7',
      { [LOGIN]: { code: 201, data: { phpsessid: 'wtok-9', name: '吴确认' } } },
      { signedIn: false },
    );
    await screen.findByTestId('worker-login', {}, { timeout: 20_000 });
    type('worker-id-number', '410105199003152010');
    fireEvent.click(screen.getByTestId('worker-send-code'));
    expect(await screen.findByText('请输入正确的身份证号码')).toBeTruthy();
    expect(called(SEND)).toHaveLength(0);
    type('worker-id-number', ID);
    type('worker-code', '654321');
    fireEvent.click(screen.getByTestId('worker-login-submit'));
    await waitFor(() => expect(where()).toBe('/w?project=7'));
  });
});
