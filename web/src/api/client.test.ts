import { message } from 'antd';
import { mockFetch, resetBrowserState } from '@/test/fetchMock';
import { useSession } from '@/store/session';
import { useWorkerSession } from '@/store/workerSession';
import { getToken, getWorkerToken, setSessionCookies, setWorkerToken } from '@/utils/storage';
import { ApiError, NetworkError, get, post } from './client';

vi.mock('@/utils/reload', () => ({ reloadPage: vi.fn() }));

describe('api client', () => {
  beforeEach(() => {
    resetBrowserState();
    useSession.setState({ token: undefined, side: 'builder', roles: [] });
    vi.restoreAllMocks();
  });

  it('form-encodes POST bodies and sends the token header', async () => {
    setSessionCookies('tok-1', 7);
    const { calls } = mockFetch({ '/admin/calendar/v1/Calendar/save': { code: 201, data: { ok: true } } });
    const form = { day: '2026-10-01', name: '国庆 节', kind: undefined };
    await expect(post('/admin/calendar/v1/Calendar/save', form)).resolves.toEqual({ ok: true });
    expect(calls[0].url).toBe('/admin/calendar/v1/Calendar/save');
    expect(calls[0].method).toBe('POST');
    expect(calls[0].body.toString()).toBe('day=2026-10-01&name=%E5%9B%BD%E5%BA%86+%E8%8A%82');
    expect(calls[0].headers['X-Token']).toBe('tok-1');
  });

  it('sends GET parameters in the query, path parameters in the path', async () => {
    const { calls } = mockFetch({
      '/builder/wage/v1/Sheet/list': { code: 201, data: 1 },
      '/finance/common/v1/Public/get': { code: 201, data: 2 },
    });
    await get('/builder/wage/v1/Sheet/list', { page: 2, month: '2026-10' });
    await get('/{side}/common/v1/Public/get', { id: '7' }, { path: { side: 'finance' } });
    expect(calls.map((call) => call.url)).toEqual([
      '/builder/wage/v1/Sheet/list?page=2&month=2026-10',
      '/finance/common/v1/Public/get?id=7',
    ]);
    expect(calls[0].headers['X-Token']).toBeUndefined();
  });

  it('sends the query parameters of a POST in its query', async () => {
    const { calls } = mockFetch({ '/builder/common/v1/Public/captcha': { code: 201, data: 1 } });
    await post('/{side}/common/v1/Public/captcha', undefined, { path: { side: 'builder' }, query: { refresh: 1 } });
    expect(calls.map((call) => `${call.method} ${call.url} ${call.body.toString()}`)).toEqual([
      'POST /builder/common/v1/Public/captcha?refresh=1 ',
    ]);
  });

  it('rejects other codes with the server message', async () => {
    mockFetch({ '/builder/wage/v1/Sheet/create': { code: 401, message: '原密码错误' } });
    const error = await post('/builder/wage/v1/Sheet/create').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 401, message: '原密码错误' });
  });

  it('answers 未知错误 when the reply is not an envelope', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 200 })),
    );
    await expect(post('/builder/wage/v1/Sheet/create')).rejects.toMatchObject({ message: '未知错误' });
  });

  it('on code 101 says the session expired, forgets it and reloads', async () => {
    const { reloadPage } = await import('@/utils/reload');
    setSessionCookies('tok-1', 7);
    useSession.setState({ token: 'tok-1', roles: ['builder'] });
    mockFetch({ '/builder/wage/v1/Sheet/create': { code: 101, message: '登录已过期请重新登录' } });
    await expect(post('/builder/wage/v1/Sheet/create')).rejects.toMatchObject({ code: 101 });
    expect(getToken()).toBeUndefined();
    expect(useSession.getState()).toMatchObject({ token: undefined, roles: [] });
    expect(reloadPage).toHaveBeenCalledWith({ type: 'error', text: '登录已过期请重新登录' });
  });

  it("sends the worker's token on the worker side's paths only, and the console's elsewhere", async () => {
    setSessionCookies('tok-1', 7);
    setWorkerToken('wtok-1');
    const { calls } = mockFetch({
      '/worker/worker/v1/Worker/info': { code: 201, data: 1 },
      '/builder/wage/v1/Sheet/list': { code: 201, data: 2 },
    });
    await get('/worker/worker/v1/Worker/info');
    await get('/builder/wage/v1/Sheet/list', {});
    expect(calls.map((call) => call.headers['X-Token'])).toEqual(['wtok-1', 'tok-1']);
  });

  it("on code 101 of a worker call forgets the worker's session only, without reloading", async () => {
    const { reloadPage } = await import('@/utils/reload');
    vi.mocked(reloadPage).mockClear();
    setSessionCookies('tok-1', 7);
    setWorkerToken('wtok-1');
    useSession.setState({ token: 'tok-1', roles: ['builder'] });
    useWorkerSession.setState({ token: 'wtok-1', expired: false });
    mockFetch({ '/worker/worker/v1/Worker/info': { code: 101, message: '请先登录' } });
    await expect(get('/worker/worker/v1/Worker/info')).rejects.toMatchObject({ code: 101 });
    expect(getWorkerToken()).toBeUndefined();
    expect(useWorkerSession.getState()).toMatchObject({ token: undefined, expired: true });
    expect(getToken()).toBe('tok-1');
    expect(useSession.getState().token).toBe('tok-1');
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('shows network errors for 3 seconds', async () => {
    const error = vi.spyOn(message, 'error');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(post('/builder/wage/v1/Sheet/create')).rejects.toThrow('Failed to fetch');
    expect(error).toHaveBeenCalledWith('网络错误：Failed to fetch', 3);
  });

  it('takes a body cut off on its way for no answer, not a refusal', async () => {
    const cut = () =>
      new Response(new ReadableStream({ start: (controller) => controller.error(new TypeError('network error')) }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    vi.stubGlobal('fetch', vi.fn(async () => cut()));
    const failure = await get('/builder/special/v1/Account/info').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect((failure as NetworkError).status).toBeUndefined();
  });

  it('only logs network errors in the finance shell', async () => {
    const error = vi.spyOn(message, 'error');
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    useSession.setState({ side: 'finance', token: 'tok-2' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 502 })),
    );
    await expect(post('/finance/project/v1/orders/Index')).rejects.toThrow('HTTP 502');
    expect(error).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalled();
  });
});
