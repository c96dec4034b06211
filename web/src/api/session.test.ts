import { mockFetch, resetBrowserState } from '@/test/fetchMock';
import { changePassword, passwordLogin, sendSmsCode, smsLogin } from './session';

describe('session calls', () => {
  beforeEach(resetBrowserState);

  it('logs in on the side of the tab, password in base64', async () => {
    const { calls } = mockFetch({});
    const form = { username: 'demo', password: 'Demo@123', captcha: 'ab12', captcha_id: 'c1' };
    await passwordLogin('builder', form).catch(() => undefined);
    await passwordLogin('finance', form).catch(() => undefined);
    expect(calls.map((call) => call.url)).toEqual([
      '/builder/common/v1/Public/login',
      '/finance/common/v1/Public/Financelogin',
    ]);
    expect(Object.fromEntries(calls[0].body)).toEqual({
      username: 'demo',
      password: 'RGVtb0AxMjM=',
      captcha: 'ab12',
      captcha_id: 'c1',
      input_sms: '',
    });
  });

  it('sends phone numbers in base64', async () => {
    const { calls } = mockFetch({});
    await smsLogin('builder', '13800138000', '123456').catch(() => undefined);
    await sendSmsCode('builder', { phone: '13800138000' }).catch(() => undefined);
    await sendSmsCode('finance', { username: 'demo' }).catch(() => undefined);
    expect(calls.map((call) => [call.url, call.body.toString()])).toEqual([
      ['/builder/common/v1/Public/smslogin', 'phone=MTM4MDAxMzgwMDA%3D&code=123456'],
      ['/builder/common/v1/Public/getvcode', 'phone=MTM4MDAxMzgwMDA%3D'],
      ['/finance/common/v1/Public/getvcode', 'username=demo'],
    ]);
  });

  it('changes the password on each side, both passwords in base64', async () => {
    const { calls } = mockFetch({});
    await changePassword('builder', '旧密码', 'New@1234').catch(() => undefined);
    await changePassword('finance', 'a', 'b').catch(() => undefined);
    expect(calls[0].url).toBe('/builder/common/v1/Site/ajax_pwd');
    expect(Object.fromEntries(calls[0].body)).toEqual({ old_pwd: '5pen5a+G56CB', new_pwd: 'TmV3QDEyMzQ=' });
    expect(calls[1].url).toBe('/finance/project/v1/project/Ajax_pwd');
  });
});
