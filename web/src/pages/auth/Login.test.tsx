import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { mockFetch, resetBrowserState, type Reply } from '@/test/fetchMock';
import { useSession } from '@/store/session';
import { getToken, local } from '@/utils/storage';
import Login from './Login';

const captchaReply = (id: string): Reply => ({
  code: 201,
  data: { captcha_id: id, image: `data:image/png;base64,${id}` },
});

function renderLogin(routes: Record<string, Reply> = {}) {
  const mock = mockFetch({
    '/builder/common/v1/Public/captcha': captchaReply('b1'),
    '/finance/common/v1/Public/captcha': captchaReply('f1'),
    '/builder/common/v1/Public/getsmsstatus': { code: 201, data: { open_sms: 0 } },
    '/finance/common/v1/Public/getsmsstatus': { code: 201, data: { open_sms: 0 } },
    ...routes,
  });
  const router = createMemoryRouter(
    [
      { path: '/login', element: <Login /> },
      { path: '/', element: <p>home</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(<RouterProvider router={router} />);
  return { ...mock, router };
}

describe('login page', () => {
  beforeEach(() => {
    resetBrowserState();
    useSession.setState({ side: 'builder', token: undefined, roles: [], siteConfig: null });
  });

  it('shows the enterprise and finance tabs and requests a captcha', async () => {
    const { called } = renderLogin();
    expect(screen.getByRole('tab', { name: '企业登录' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: '财务登录' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByPlaceholderText('账号')).toBeTruthy();
    expect(screen.getByPlaceholderText('密码').getAttribute('maxlength')).toBe('16');
    await waitFor(() => expect(screen.getByAltText('验证码').getAttribute('src')).toBe('data:image/png;base64,b1'));
    const [captcha] = called('/builder/common/v1/Public/captcha');
    expect(captcha.url).toBe('/builder/common/v1/Public/captcha?refresh=1');
    expect(captcha.method).toBe('POST');
    expect(screen.queryByPlaceholderText('短信验证码')).toBeNull();
  });

  it('switches to the finance side and stores tabIndex 2', async () => {
    const { called } = renderLogin();
    fireEvent.click(screen.getByRole('tab', { name: '财务登录' }));
    await waitFor(() => expect(screen.getByAltText('验证码').getAttribute('src')).toBe('data:image/png;base64,f1'));
    expect(local.get('tabIndex')).toBe('2');
    expect(called('/finance/common/v1/Public/captcha')).toHaveLength(1);
  });

  it('refreshes the captcha on click', async () => {
    const { called } = renderLogin();
    await screen.findByAltText('验证码');
    fireEvent.click(screen.getByTestId('captcha-image'));
    await waitFor(() => expect(called('/builder/common/v1/Public/captcha')).toHaveLength(2));
  });

  it('offers SMS verification and SMS login when the site turns SMS on', async () => {
    renderLogin({ '/builder/common/v1/Public/getsmsstatus': { code: 201, data: { open_sms: 1 } } });
    expect(await screen.findByPlaceholderText('短信验证码')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '短信登录' }));
    expect(screen.getByPlaceholderText('手机号码')).toBeTruthy();
  });

  it('logs in, stores the session and goes home', async () => {
    const { called } = renderLogin({
      '/builder/common/v1/Public/login': {
        code: 201,
        data: { id: 3, phpsessid: 'tok-9', isupdate: 0, starttime: '2026-11-01 08:00:00', yqfk: 0, ifmatch: 1 },
      },
    });
    await screen.findByAltText('验证码');
    fireEvent.change(screen.getByPlaceholderText('账号'), { target: { value: 'demo' } });
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'Demo@123' } });
    fireEvent.change(screen.getByPlaceholderText('验证码'), { target: { value: 'ab12' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('home')).toBeTruthy();
    const [login] = called('/builder/common/v1/Public/login');
    expect(Object.fromEntries(login.body)).toMatchObject({
      username: 'demo',
      password: 'RGVtb0AxMjM=',
      captcha_id: 'b1',
    });
    expect(getToken()).toBe('tok-9');
    expect([local.get('pStartTime'), local.get('yqfk'), local.get('ifMatch'), local.get('passKey')]).toEqual([
      '2026-11-01 08:00:00',
      '0',
      '1',
      '1',
    ]);
  });

  it('shows the server message and a new captcha after a failed login', async () => {
    const { called } = renderLogin({ '/builder/common/v1/Public/login': { code: 401, message: '验证码错误' } });
    await screen.findByAltText('验证码');
    fireEvent.change(screen.getByPlaceholderText('账号'), { target: { value: 'demo' } });
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'x' } });
    fireEvent.change(screen.getByPlaceholderText('验证码'), { target: { value: 'zz' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('验证码错误')).toBeTruthy();
    await waitFor(() => expect(called('/builder/common/v1/Public/captcha')).toHaveLength(2));
    expect(getToken()).toBeUndefined();
  });
});
