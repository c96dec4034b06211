/**
 * What a hard load asks first, so the entry can ask it before the console's code has loaded (api/early.ts):
 * the guard's site configuration and user info, and the first data of the login page and of the pages opened
 * most. Each page entry repeats the calls its page makes when it mounts without search parameters;
 * firstCalls.test.tsx renders the pages and holds the two together. A call listed here that the page no longer
 * makes is only a wasted request.
 */
import { getCall, postCall, type Call } from '@/api/early';
import type { Side } from '@/store/session';
import { isWorkerPath } from './workerPaths';

export interface BootState {
  pathname: string;
  search: string;
  side: Side;
  token: string | undefined;
  userId: string | undefined;
  /** The site configuration is already in session storage (the guard then does not ask for it). */
  siteConfigStored: boolean;
}

const onSide = (side: Side) => ({ path: { side } });
const FIRST_PAGE = { page: 1, limit: 20 };
const workerOptions = (): Call => getCall('/builder/user/v1/Worker/options');

/** China's current month (UTC+8), as 考勤表 opens on it. */
export function chinaMonth(at: number = Date.now()): string {
  return new Date(at + 8 * 3_600_000).toISOString().slice(0, 7);
}

/** The first calls of a page of a logged-in side, by path. */
const PAGE_CALLS: Record<Side, Record<string, () => Call[]>> = {
  builder: {
    '/index': () => [getCall('/builder/workbench/v1/Workbench/summary')],
    '/user/list': () => [workerOptions(), getCall('/builder/user/v1/Worker/list', FIRST_PAGE)],
    '/project/sheets': () => [
      workerOptions(),
      getCall('/builder/attendance/v1/Sheet/month', { month: chinaMonth(), ...FIRST_PAGE }),
      getCall('/builder/calendar/v1/Calendar/month', { month: chinaMonth() }),
    ],
  },
  finance: {
    '/order/index': () => [
      postCall('/finance/project/v1/orders/Index'),
      getCall('/finance/workbench/v1/Workbench/summary'),
      postCall('/finance/project/v1/orders/orderlist', { month: '', orderNo: '', ...FIRST_PAGE }),
    ],
  },
};

export function firstCalls({ pathname, search, side, token, userId, siteConfigStored }: BootState): Call[] {
  // The worker's pages ask nothing of the console's (its session, its login, its site configuration).
  if (isWorkerPath(pathname)) return [];
  const calls: Call[] = [];
  if (!siteConfigStored) calls.push(postCall('/{side}/common/v1/public/Message', undefined, onSide('builder')));
  if (!token) {
    // Without a session every path but /authredirect shows the login page.
    if (pathname !== '/authredirect') {
      calls.push(
        postCall('/{side}/common/v1/Public/getsmsstatus', undefined, onSide(side)),
        postCall('/{side}/common/v1/Public/captcha', undefined, { ...onSide(side), query: { refresh: 1 } }),
      );
    }
    return calls;
  }
  if (pathname === '/login' || pathname === '/authredirect') return calls;
  calls.push(getCall('/{side}/common/v1/Public/get', { id: userId }, onSide(side)));
  // A page opened with search parameters (a filter, a regulator's project) asks something else.
  if (!search) calls.push(...(PAGE_CALLS[side][pathname]?.() ?? []));
  return calls;
}
