import type { ReactElement } from 'react';
import { waitFor } from '@testing-library/react';
import { prepare, type Call } from '@/api/early';
import { fetchCaptcha, fetchSiteConfig, fetchSmsStatus, fetchUserInfo } from '@/api/session';
import OrderIndex from '@/pages/finance/OrderIndex';
import Sheets from '@/pages/attendance/Sheets';
import Roster from '@/pages/worker/Roster';
import Workbench from '@/pages/workbench/Workbench';
import { renderPage } from '@/test/renderPage';
import { mockFetch, resetBrowserState, type RecordedCall } from '@/test/fetchMock';
import type { Side } from '@/store/session';
import { setSessionCookies } from '@/utils/storage';
import { chinaMonth, firstCalls, type BootState } from './firstCalls';


const asked = (call: Call) => {
  const { target, init } = prepare(call);
  return `${init.method} ${target} ${String(init.body ?? '')}`;
};
const made = (call: RecordedCall) => `${call.method} ${call.url} ${call.body.toString()}`;

const boot = (state: Partial<BootState>): BootState => ({
  pathname: '/',
  search: '',
  side: 'builder',
  token: 'tok',
  userId: '7',
  siteConfigStored: true,
  ...state,
});

/** The calls firstCalls lists for a page, without the guard's user info. */
const pageCalls = (side: Side, pathname: string) => firstCalls(boot({ side, pathname })).slice(1).map(asked);

describe('first calls of a hard load', () => {
  beforeEach(() => resetBrowserState());

  it('are the calls the guard and the login page make', async () => {
    setSessionCookies('tok', 7);
    const { calls } = mockFetch({});
    // One after the other, so that `calls` is in this order.
    for (const ask of [fetchSiteConfig, () => fetchUserInfo('finance', '7'), () => fetchSmsStatus('builder'), () => fetchCaptcha('builder')]) {
      await ask().catch(() => undefined);
    }
    const [siteConfig, userInfo, smsStatus, captcha] = calls.map(made);
    const loggedIn = firstCalls(boot({ side: 'finance', siteConfigStored: false, pathname: '/order/detail' })).map(asked);
    expect(loggedIn).toEqual([siteConfig, userInfo]);
    const loggedOut = firstCalls(boot({ token: undefined, pathname: '/user/list', siteConfigStored: true })).map(asked);
    expect(loggedOut).toEqual([smsStatus, captcha]);
    expect(firstCalls(boot({ token: undefined, pathname: '/authredirect' }))).toEqual([]);
    expect(firstCalls(boot({ pathname: '/login' }))).toEqual([]);
    // The worker's pages ask nothing of the console's, with or without its session.
    expect(firstCalls(boot({ token: undefined, pathname: '/w/wages', siteConfigStored: false }))).toEqual([]);
    expect(firstCalls(boot({ pathname: '/w' }))).toEqual([]);
  });

  it.each<[string, Side, string, ReactElement]>([
    ['工作台', 'builder', '/index', <Workbench />],
    ['花名册', 'builder', '/user/list', <Roster />],
    ['考勤表', 'builder', '/project/sheets', <Sheets />],
    ['审批工单', 'finance', '/order/index', <OrderIndex />],
  ])('are the calls %s makes when it mounts', async (_, side, pathname, page) => {
    const expected = pageCalls(side, pathname);
    expect(expected.length).toBeGreaterThan(0);
    const { calls } = renderPage(page, {});
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(expected.length));
    expect(calls.map(made).sort()).toEqual([...expected].sort());
  });

  it('leave out a page opened with search parameters', () => {
    expect(firstCalls(boot({ pathname: '/user/list', search: '?projectId=3' })).map((call) => call.url)).toEqual([
      '/builder/common/v1/Public/get',
    ]);
  });

  it('open 考勤表 on the month in China', () => {
    // 2026-11-30 17:00 UTC is already December 1st in China.
    expect(chinaMonth(Date.UTC(2026, 10, 30, 17))).toBe('2026-12');
    expect(chinaMonth(Date.UTC(2026, 10, 30, 15))).toBe('2026-11');
  });
});
