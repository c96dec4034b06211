/** Where the session lives in the browser (spec §3 "User session"). */
import Cookies from 'js-cookie';

export const TOKEN_COOKIE = 'Admin-Token';
/** The account id from the login reply, sent back with the user-info request. */
export const USER_ID_COOKIE = 'Admin-Id';
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const TOKEN_DAYS = 15;
/** The worker side's own session (pages under `/w`): never sent to the console's paths, nor theirs to his. */
export const WORKER_TOKEN_COOKIE = 'Worker-Token';
/** A worker's session lives 30 days (issue 31). */
export const WORKER_TOKEN_DAYS = 30;

export type LocalKey = 'passKey' | 'pStartTime' | 'yqfk' | 'ifMatch' | 'passwordstatus' | 'tabIndex' | 'latlng' | 'workerName';
export type SessionKey = 'projectname' | 'importantnotice' | 'switchoff' | 'message' | 'noticeAfterReload' | 'leadPopupSeen' | 'workerProject';

export const local = {
  get: (key: LocalKey) => localStorage.getItem(key),
  set: (key: LocalKey, value: string | number) => localStorage.setItem(key, String(value)),
  remove: (key: LocalKey) => localStorage.removeItem(key),
};

export const session = {
  get: (key: SessionKey) => sessionStorage.getItem(key),
  set: (key: SessionKey, value: string) => sessionStorage.setItem(key, value),
  remove: (key: SessionKey) => sessionStorage.removeItem(key),
};

export const getToken = () => Cookies.get(TOKEN_COOKIE);
export const getUserId = () => Cookies.get(USER_ID_COOKIE);

/**
 * The token travels in header X-Token, never as a cookie the browser sends by itself; the cookie only keeps it
 * across reloads, so it is readable by the console (not HttpOnly), never sent to another site, and only over
 * TLS where the console is served over TLS (docs/security.md).
 */
const sessionCookie = (): Cookies.CookieAttributes => ({
  expires: TOKEN_DAYS,
  sameSite: 'strict',
  secure: window.location.protocol === 'https:',
});

export function setSessionCookies(token: string, userId: number) {
  Cookies.set(TOKEN_COOKIE, token, sessionCookie());
  Cookies.set(USER_ID_COOKIE, String(userId), sessionCookie());
}

export function removeSessionCookies() {
  Cookies.remove(TOKEN_COOKIE);
  Cookies.remove(USER_ID_COOKIE);
}

export const getWorkerToken = () => Cookies.get(WORKER_TOKEN_COOKIE);
export const setWorkerToken = (token: string) => Cookies.set(WORKER_TOKEN_COOKIE, token, { ...sessionCookie(), expires: WORKER_TOKEN_DAYS });
export const removeWorkerToken = () => Cookies.remove(WORKER_TOKEN_COOKIE);

/** The token a call to `url` carries: the worker's on the worker side's paths, the console's everywhere else. */
export const tokenFor = (url: string) => (url.startsWith('/worker/') ? getWorkerToken() : getToken());

/** Open unless the user closed it; a missing cookie means open. */
export const getSidebarOpened = () => Cookies.get(SIDEBAR_COOKIE) !== '0';
export const setSidebarOpened = (opened: boolean) => Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0');
