/**
 * What a hard load asks first, so the entry can ask it before the console's code has loaded (api/early.ts):
 * the guard's site configuration and user info, and the first data of the login page and of the pages opened
 * most. Each page entry repeats the calls its page makes when it mounts without search parameters;
 * firstCalls.test.tsx renders the pages and holds the two together. A call listed here that the page no longer
 * makes is only a wasted request.
 */
import type { Call } from '@/api/early';
import type { Side } from '@/store/session';

export interface BootState {
  pathname: string;
  search: string;
  side: Side;
  token: string | undefined;
  userId: string | undefined;
  /** The site configuration is already in session storage (the guard then does not ask for it). */
  siteConfigStored: boolean;
}

const FIRST_PAGE = { page: 1, limit: 20 };
const workerOptions: Call = { method: 'GET', url: '/builder/user/v1/Worker/options' };

/** China's current month (UTC+8), as 考勤表 opens on it. */
export function chinaMonth(at: number = Date.now()): string {
  return new Date(at + 8 * 3_600_000).toISOString().slice(0, 7);
}

/** The first calls of a page of a logged-in side, by path. */
const PAGE_CALLS: Record<Side, Record<string, () => Call[]>> = {
  builder: {
    '/user/list': () => [workerOptions, { method: 'GET', url: '/builder/user/v1/Worker/list', params: FIRST_PAGE }],
    '/project/sheets': () => [
      workerOptions,
      { method: 'GET', url: '/builder/attendance/v1/Sheet/month', params: { month: chinaMonth(), ...FIRST_PAGE } },
      { method: 'GET', url: '/builder/calendar/v1/Calendar/month', params: { month: chinaMonth() } },
    ],
  },
  finance: {
    '/order/index': () => [
      { method: 'POST', url: '/finance/project/v1/orders/Index' },
      { method: 'POST', url: '/finance/project/v1/orders/orderlist', params: { month: '', orderNo: '', ...FIRST_PAGE } },
    ],
  },
};

export function firstCalls({ pathname, search, side, token, userId, siteConfigStored }: BootState): Call[] {
  const calls: Call[] = [];
  if (!siteConfigStored) calls.push({ method: 'POST', url: '/builder/common/v1/public/Message' });
  const common = `/${side}/common/v1/Public`;
  if (!token) {
    // Without a session every path but /authredirect shows the login page.
    if (pathname !== '/authredirect') {
      calls.push({ method: 'POST', url: `${common}/getsmsstatus` }, { method: 'POST', url: `${common}/captcha?refresh=1` });
    }
    return calls;
  }
  if (pathname === '/login' || pathname === '/authredirect') return calls;
  calls.push({ method: 'GET', url: `${common}/get`, params: { id: userId } });
  // A page opened with search parameters (a filter, a regulator's project) asks something else.
  if (!search) calls.push(...(PAGE_CALLS[side][pathname]?.() ?? []));
  return calls;
}
