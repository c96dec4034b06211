import { message } from 'antd';
import { mockFetch, resetBrowserState } from '@/test/fetchMock';
import { useSession } from '@/store/session';
import { getToken, setSessionCookies } from '@/utils/storage';
import { ApiError, get, post } from './client';

vi.mock('@/utils/reload', () => ({ reloadPage: vi.fn() }));

describe('api client', () => {
  beforeEach(() => {
    resetBrowserState();
    useSession.setState({ token: undefined, side: 'builder', roles: [] });
    vi.restoreAllMocks();
  });

  it('form-encodes POST bodies and sends the token header', async () => {
    setSessionCookies('tok-1', 7);
    const { calls } = mockFetch({ '/builder/x': { code: 201, data: { ok: true } } });
    await expect(post('/builder/x', { a: '1 2', b: 3, skipped: undefined })).resolves.toEqual({ ok: true });
    expect(calls[0].method).toBe('POST');
    expect(calls[0].body.toString()).toBe('a=1+2&b=3');
    expect(calls[0].headers['X-Token']).toBe('tok-1');
  });

  it('sends GET parameters in the query, after any already there', async () => {
    const { calls } = mockFetch({ '/builder/y': { code: 201, data: 1 } });
    await get('/builder/y', { id: 5 });
    await get('/builder/y?refresh=1', { id: 5 });
    expect(calls.map((call) => call.url)).toEqual(['/builder/y?id=5', '/builder/y?refresh=1&id=5']);
    expect(calls[0].headers['X-Token']).toBeUndefined();
  });

  it('rejects other codes with the server message', async () => {
    mockFetch({ '/builder/z': { code: 401, message: '原密码错误' } });
    const error = await post('/builder/z').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 401, message: '原密码错误' });
  });

  it('answers 未知错误 when the reply is not an envelope', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 200 })),
    );
    await expect(post('/builder/z')).rejects.toMatchObject({ message: '未知错误' });
  });

  it('on code 101 says the session expired, forgets it and reloads', async () => {
    const { reloadPage } = await import('@/utils/reload');
    setSessionCookies('tok-1', 7);
    useSession.setState({ token: 'tok-1', roles: ['builder'] });
    mockFetch({ '/builder/z': { code: 101, message: '登录已过期请重新登录' } });
    await expect(post('/builder/z')).rejects.toMatchObject({ code: 101 });
    expect(getToken()).toBeUndefined();
    expect(useSession.getState()).toMatchObject({ token: undefined, roles: [] });
    expect(reloadPage).toHaveBeenCalledWith({ type: 'error', text: '登录已过期请重新登录' });
  });

  it('shows network errors for 3 seconds', async () => {
    const error = vi.spyOn(message, 'error');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(post('/builder/z')).rejects.toThrow('Failed to fetch');
    expect(error).toHaveBeenCalledWith('网络错误：Failed to fetch', 3);
  });

  it('only logs network errors in the finance shell', async () => {
    const error = vi.spyOn(message, 'error');
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    useSession.setState({ side: 'finance', token: 'tok-2' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 502 })),
    );
    await expect(post('/finance/z')).rejects.toThrow('HTTP 502');
    expect(error).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalled();
  });
});
