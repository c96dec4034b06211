/** Runs the navigation guard on every location: loads what it needs, then allows or redirects. */
import { Suspense, useEffect, useMemo, useReducer, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { message } from 'antd';
import { ApiError, NetworkError, SESSION_EXPIRED } from '@/api/client';
import { fetchSiteConfig, fetchUserInfo } from '@/api/session';
import FullPageSpin from '@/components/FullPageSpin';
import { isRole, useSession } from '@/store/session';
import { getUserId } from '@/utils/storage';
import { decide } from './guard';
import { routesFor } from './routes';
import { applySiteFlags, matchRoute } from './routeTree';
import { screenOf } from './firstScreen';

export const MSG_VERIFICATION_FAILED = 'Verification failed, please login again';

/** How long the guard waits before asking again for user info that got no answer. */
const USER_INFO_RETRY_MS = 3000;
/** Asked this many times without an answer, the user info has failed: the session ends. */
const USER_INFO_TRIES = 3;

const PUBLIC_TITLES: Record<string, string> = { '/login': '登录', '/401': '没有权限', '/404': '页面不存在' };

export default function Guard() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { token, roles, side, siteConfig, userInfo, setSiteConfig, setUserInfo, clear } = useSession();
  const [configSettled, setConfigSettled] = useState(siteConfig !== null);

  useEffect(() => {
    if (configSettled) return;
    // Without the configuration the console still works, with default titles.
    fetchSiteConfig()
      .then(setSiteConfig, () => undefined)
      .finally(() => setConfigSettled(true));
  }, [configSettled, setSiteConfig]);

  const routes = applySiteFlags(routesFor(side), {
    finance: siteConfig?.finance,
    propertyStatus: userInfo?.propertyStatus,
    regulatorRole: userInfo?.regulatorRole ?? undefined,
  });
  const action = decide({ path: pathname, token, roles, routes });
  // The user info does not wait for the site configuration: on a hard load both are asked at once.
  const mustLoad = action.kind === 'load';

  // On a hard load the first screen's chunks are fetched meanwhile, and it is rendered only once they are in:
  // then nothing suspends, and React does not hold back its reveal (see lazyPage). Later navigations show the
  // page's own spinner instead.
  const [booted, setBooted] = useState(false);
  const [, chunksArrived] = useReducer((count: number) => count + 1, 0);
  const redirecting = action.kind === 'redirect';
  const firstScreen = useMemo(() => (booted || redirecting ? [] : screenOf(pathname, side)), [booted, redirecting, pathname, side]);
  const waitingForChunks = firstScreen.some((page) => !page.loaded());
  const allowed = configSettled && action.kind === 'allow';
  useEffect(() => {
    if (!waitingForChunks) {
      if (allowed) setBooted(true);
      return;
    }
    let current = true;
    Promise.all(firstScreen.map((page) => page.preload())).then(
      () => current && chunksArrived(),
      // A chunk that fails to load fails where it is rendered, as on any navigation.
      () => current && setBooted(true),
    );
    return () => {
      current = false;
    };
  }, [firstScreen, waitingForChunks, allowed]);

  // A user-info call that got no answer (the network, or a navigation that cut it off) is asked again a few
  // times before the session ends: a navigation leaves the page before the next try. An answer that is not the
  // user info (HTTP 500, an envelope's refusal) ends it at once.
  const [attempt, countTry] = useReducer((count: number, next: 'again' | 'done') => (next === 'again' ? count + 1 : 0), 0);
  useEffect(() => {
    if (!mustLoad) return;
    let current = true;
    let retrying: ReturnType<typeof setTimeout> | undefined;
    fetchUserInfo(side, getUserId())
      .then((info) => {
        if (!current) return;
        // Without a known role the guard would ask for the user info forever.
        if (!info.roles.some(isRole)) throw new Error('no known role');
        setUserInfo(info);
        countTry('done');
      })
      .catch((error: unknown) => {
        // A dead session (code 101) is already being handled by the client: logged out, reloading.
        if (!current || (error instanceof ApiError && error.code === SESSION_EXPIRED)) return;
        if (error instanceof NetworkError && error.status === undefined && attempt + 1 < USER_INFO_TRIES) {
          retrying = setTimeout(() => countTry('again'), USER_INFO_RETRY_MS);
          return;
        }
        clear();
        message.error(MSG_VERIFICATION_FAILED);
        navigate('/', { replace: true });
      });
    return () => {
      current = false;
      clearTimeout(retrying);
    };
  }, [mustLoad, side, setUserInfo, clear, navigate, attempt]);

  const entry = matchRoute(routes, pathname);
  // Pages outside the shell miss its wizard gate: a clerk of a project not yet approved goes to it.
  const clerk = side === 'builder' && !roles.includes('admin');
  const notApproved = clerk && entry?.route.meta?.approvedProject && userInfo !== null && userInfo.status !== '2';
  const pageTitle = PUBLIC_TITLES[pathname] ?? entry?.route.meta?.title;
  const siteTitle = siteConfig?.title;
  useEffect(() => {
    document.title = [pageTitle, siteTitle].filter(Boolean).join(' - ');
  }, [pageTitle, siteTitle]);

  if (!configSettled || action.kind === 'load' || waitingForChunks) return <FullPageSpin />;
  if (action.kind === 'redirect') return <Navigate to={action.to} replace />;
  if (notApproved) return <Navigate to="/index" replace />;
  return (
    <Suspense fallback={<FullPageSpin />}>
      <Outlet />
    </Suspense>
  );
}
