import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { message } from 'antd';
import type { UserInfo } from '@/api/types';
import { useSession, type Side } from '@/store/session';
import { useTags } from '@/store/tagsView';
import { mockFetch, resetBrowserState, type Reply } from '@/test/fetchMock';
import { getToken, local, setSessionCookies } from '@/utils/storage';
import { appRoutes } from './index';

// The shell and its pages are lazy chunks: on a busy machine their first import takes longer than 1 s, and
// the first test imports the login page's cold.

const siteConfig = {
  titleall: '农民工工资支付监管平台',
  title: '工资监管平台',
  tieleicon: '',
  helpcenter: '',
  areacode: '4101',
  finance: 1,
  centerlatlng: '34.75,113.63',
  maptiles: '',
  geocoder: '',
  idreader: '',
};

const userInfo = (over: Partial<UserInfo> = {}): UserInfo => ({
  id: 3,
  name: '张三',
  account: 'demo',
  roles: ['builder'],
  status: '2',
  auditStatus: false,
  propertyStatus: 1,
  specialStatus: 1,
  open_sms: 0,
  cashdeposit: 0,
  mustbankinfo: 0,
  messageJson: siteConfig,
  projectname: '幸福里安置房项目',
  isupdate: 1,
  ...over,
});

function start(
  path: string,
  { side = 'builder', loggedIn = true, info = { code: 201, data: userInfo() } as Reply } = {},
) {
  if (loggedIn) setSessionCookies('tok-1', 3);
  local.set('tabIndex', side === 'finance' ? '2' : '1');
  useSession.setState({
    token: loggedIn ? 'tok-1' : undefined,
    side: side as Side,
    roles: [],
    userInfo: null,
    siteConfig: null,
  });
  const mock = mockFetch({
    '/builder/common/v1/public/Message': { code: 201, data: siteConfig },
    [`/${side}/common/v1/Public/get`]: info,
    [`/${side}/common/v1/Public/captcha`]: { code: 201, data: { captcha_id: 'c', image: 'data:image/png;base64,AA' } },
    [`/${side}/common/v1/Public/getsmsstatus`]: { code: 201, data: { open_sms: 0 } },
    [`/${side}/common/v1/Public/passwordverification`]: { code: 201, data: { passwordstatus: 1, ifmatch: 1 } },
    '/builder/message/v1/Message/ajaxmessagecount': { code: 201, data: { count: 4 } },
    '/finance/message/v1/Message/ajaxmessagecount': { code: 201, data: { count: 2 } },
    '/builder/message/v1/Message/Get_message': { code: 201, data: [] },
  });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { ...mock, router };
}

describe('guarded app', () => {
  beforeEach(() => {
    // A toast of the previous test would answer this one's findByText.
    message.destroy();
    resetBrowserState();
    useTags.setState({ visited: [], versions: {} });
    vi.spyOn(document.body, 'getBoundingClientRect').mockReturnValue({ width: 1920 } as DOMRect);
  });

  it('sends a visitor without a session to the login page', async () => {
    const { router } = start('/project/projectInfo', { loggedIn: false });
    // The first lazy page of the file is transformed on demand: slow when the suite runs in parallel.
    expect(await screen.findByRole('tab', { name: '企业登录' }, { timeout: 15_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByTestId('login-title').textContent).toBe('农民工工资支付监管平台');
  });

  it('loads the user info, then shows the enterprise shell at /index', async () => {
    const { router, called } = start('/');
    expect((await screen.findByTestId('header-welcome')).textContent).toBe('欢迎您，demo');
    expect(router.state.location.pathname).toBe('/index');
    const [info] = called('/builder/common/v1/Public/get');
    expect(info.url).toBe('/builder/common/v1/Public/get?id=3');
    expect(info.headers['X-Token']).toBe('tok-1');
    expect(screen.getByTestId('header-title').textContent).toBe('工资监管平台');
    expect(screen.getByTestId('header-project').textContent).toBe('幸福里安置房项目');
    expect(await screen.findByTestId('workbench-welcome')).toBeTruthy();
    const sidebar = screen.getByTestId('sidebar');
    expect(within(sidebar).getByText('项目管理')).toBeTruthy();
    expect(within(sidebar).queryByText('监管审核')).toBeNull();
    expect(screen.getAllByTestId('tags-view-item').map((item) => item.textContent)).toEqual(['工作台']);
    await waitFor(() => expect(screen.getByTestId('header-message-count').textContent).toBe('4'));
    expect(screen.queryByTestId('forced-password-dialog')).toBeNull();
  });

  it('loads a page lazily and adds its tab', async () => {
    start('/system/password');
    expect(await screen.findByText('原密码')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByTestId('tags-view-item').map((item) => item.textContent)).toEqual(['工作台', '修改密码']),
    );
  });

  it('gives an unsubmitted project the registration wizard instead of the shell', async () => {
    start('/index', { info: { code: 201, data: userInfo({ auditStatus: true, status: '0' }) } });
    expect(await screen.findByTestId('wizard')).toBeTruthy();
    expect(within(screen.getByTestId('wizard')).getByText('项目信息')).toBeTruthy();
    expect(screen.queryByTestId('sidebar')).toBeNull();
  });

  it('keeps a clerk whose project is not approved off the data screen', async () => {
    const { router, called } = start('/system/tvscreen', { info: { code: 201, data: userInfo({ auditStatus: true, status: '0' }) } });
    expect(await screen.findByTestId('wizard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/index');
    expect(called('/builder/screen/v1/Screen/data')).toHaveLength(0);
  });

  it('refuses a page the role may not open', async () => {
    const { router } = start('/audit/project');
    expect(await screen.findByText('没有权限')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/401');
    expect(screen.queryByTestId('error-back')).toBeNull();
  });

  it('answers 404 for an unknown path', async () => {
    const { router } = start('/no/such/page');
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('logs out when the user info cannot be fetched', async () => {
    const { router } = start('/index', { info: { code: 403, message: '账号已停用' } });
    expect(await screen.findAllByText('Verification failed, please login again')).not.toHaveLength(0);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useSession.getState().token).toBeUndefined();
  });

  it('keeps the session when the user info gets no answer, and asks again', async () => {
    let asked = 0;
    const { router } = start('/index', {
      info: () => {
        asked += 1;
        // The first call is cut off, as a navigation or a network failure would.
        if (asked === 1) throw new TypeError('Failed to fetch');
        return { code: 201, message: '操作成功!', data: userInfo() };
      },
    });
    await waitFor(() => expect(asked).toBe(2), { timeout: 6000 });
    await waitFor(() => expect(screen.getByTestId('header-title')).toBeTruthy());
    expect(router.state.location.pathname).toBe('/index');
    expect(useSession.getState().token).toBe('tok-1');
    expect(getToken()).toBe('tok-1');
  });

  it('logs out when the user info call answers HTTP 500', async () => {
    const { router } = start('/index', { info: () => new Response('Internal Server Error', { status: 500 }) });
    expect(await screen.findAllByText('Verification failed, please login again')).not.toHaveLength(0);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useSession.getState().token).toBeUndefined();
    expect(getToken()).toBeUndefined();
  });

  it('logs out when the user info call keeps failing on the network', async () => {
    let asked = 0;
    const { router } = start('/index', {
      info: () => {
        asked += 1;
        throw new TypeError('Failed to fetch');
      },
    });
    // Three tries, 3 s apart.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 25_000 });
    expect(await screen.findAllByText('Verification failed, please login again')).not.toHaveLength(0);
    expect(asked).toBe(3);
    expect(getToken()).toBeUndefined();
  }, 40_000);

  it('logs out a user without a known role', async () => {
    const { router } = start('/index', { info: { code: 201, data: userInfo({ roles: ['visitor'] }) } });
    expect(await screen.findAllByText('Verification failed, please login again')).not.toHaveLength(0);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('gives a finance user the finance shell', async () => {
    const { router, called } = start('/', {
      side: 'finance',
      info: { code: 201, data: userInfo({ roles: ['finance'], account: 'fin' }) },
    });
    expect(await screen.findByText('欢迎您，fin')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/order/index');
    expect(called('/finance/common/v1/Public/get')).toHaveLength(1);
    // The approver's bell counts its own messages (orders to approve) and opens the finance inbox.
    expect(await screen.findByText('2', { selector: '[data-testid="header-message-count"]' })).toBeTruthy();
    expect(called('/builder/message/v1/Message/ajaxmessagecount')).toHaveLength(0);
    expect(within(screen.getByTestId('sidebar')).getByText('审批历史')).toBeTruthy();
  });

  it('blocks the shell with the change-password dialog while the initial password is in use', async () => {
    start('/index', { info: { code: 201, data: userInfo({ isupdate: 0 }) } });
    const dialog = await screen.findByTestId('forced-password-dialog');
    expect(within(dialog).getByText('当前账号仍在使用初始密码，请修改密码后继续使用。')).toBeTruthy();
    expect(document.querySelector('.ant-modal-close')).toBeNull();
    expect(screen.getByTestId('forced-password-logout').textContent).toBe('退出登录');
  });
});
