import { mockFetch, resetBrowserState } from '@/test/fetchMock';
import { setSessionCookies } from '@/utils/storage';
import { get, post } from './client';
import { askEarly, EARLY_REPLY_MS, forgetEarly, getCall, postCall } from './early';

describe('calls asked early', () => {
  beforeEach(() => {
    resetBrowserState();
    forgetEarly();
    vi.useRealTimers();
  });

  it('serve the first identical call once, then calls go out again', async () => {
    setSessionCookies('tok-1', 7);
    let served = 0;
    const { calls } = mockFetch({ '/builder/wage/v1/Sheet/list': () => ({ code: 201, message: '', data: (served += 1) }) });
    askEarly([getCall('/builder/wage/v1/Sheet/list', { page: 1, limit: 20 })]);
    expect(calls).toHaveLength(1);
    expect(calls[0].headers['X-Token']).toBe('tok-1');
    await expect(get('/builder/wage/v1/Sheet/list', { page: 1, limit: 20 })).resolves.toBe(1);
    expect(calls).toHaveLength(1);
    await expect(get('/builder/wage/v1/Sheet/list', { page: 1, limit: 20 })).resolves.toBe(2);
    expect(calls).toHaveLength(2);
  });

  it('do not serve a call that differs in parameters, method or session', async () => {
    setSessionCookies('tok-1', 7);
    const { calls } = mockFetch({
      '/admin/calendar/v1/Calendar/list': { code: 201, data: 1 },
      '/builder/wage/v1/Sheet/list': { code: 201, data: 1 },
    });
    askEarly([postCall('/admin/calendar/v1/Calendar/list', { page: 1 })]);
    await post('/admin/calendar/v1/Calendar/list', { page: 2 });
    await get('/builder/wage/v1/Sheet/list', { page: 1 });
    setSessionCookies('tok-2', 7);
    await post('/admin/calendar/v1/Calendar/list', { page: 1 });
    expect(calls.map((call) => `${call.method} ${call.url} ${call.body.toString()} ${call.headers['X-Token']}`)).toEqual([
      'POST /admin/calendar/v1/Calendar/list page=1 tok-1',
      'POST /admin/calendar/v1/Calendar/list page=2 tok-1',
      'GET /builder/wage/v1/Sheet/list?page=1  tok-1',
      'POST /admin/calendar/v1/Calendar/list page=1 tok-2',
    ]);
  });

  it('do not serve a call made long after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { calls } = mockFetch({ '/builder/wage/v1/Sheet/list': { code: 201, data: 1 } });
    askEarly([getCall('/builder/wage/v1/Sheet/list')]);
    vi.setSystemTime(Date.now() + EARLY_REPLY_MS);
    await get('/builder/wage/v1/Sheet/list');
    expect(calls).toHaveLength(2);
  });
});
