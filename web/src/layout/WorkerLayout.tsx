/**
 * The one phone layout of the worker's pages (`/w`, router/routes.ts `workerRoutes`): a title bar (with 返回 on
 * pages below a tab), the page, and a bottom bar of large tabs. Not the console's shell: no sidebar, no tab
 * bar, its own session. Without a worker session a page goes to `/w/login` (keeping `?project=` and the page
 * asked for); a worker call answering 101 clears the session and lands there too.
 */
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, message } from 'antd';
import { CalendarOutlined, LeftOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import FullPageSpin from '@/components/FullPageSpin';
import { workerRoutes } from '@/router/routes';
import { matchRoute } from '@/router/routeTree';
import { useSession } from '@/store/session';
import { MSG_WORKER_SESSION_EXPIRED, projectParam, useWorkerSession, workerLoginPath } from '@/store/workerSession';
import './workerLayout.css';

const TAB_ICONS: Record<string, ReactNode> = {
  '/w': <UserOutlined />,
  '/w/attendance': <CalendarOutlined />,
  '/w/wages': <WalletOutlined />,
};

/** Phone first: every control at least 44 px high, text 16 px (no zoom on focus in iOS Safari). */
const PHONE_THEME = { token: { controlHeight: 44, fontSize: 16, borderRadius: 8 } };

const tabs = workerRoutes.filter((route) => route.meta?.tab);

export default function WorkerLayout() {
  // One query client per visit of the worker side; his data is never the console's.
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } } }),
  );
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { token, expired, projectId, setProject } = useWorkerSession();
  const siteTitle = useSession((state) => state.siteConfig?.title) || '工资监管平台';
  const entry = matchRoute(workerRoutes, pathname);
  const meta = entry?.route.meta;
  const asked = projectParam(params.get('project'));

  // `?project=` (a QR code on the site's board) is kept for the whole visit, through the login.
  useEffect(() => {
    if (asked !== null && asked !== projectId) setProject(asked);
  }, [asked, projectId, setProject]);

  useEffect(() => {
    if (!expired) return;
    void message.warning(MSG_WORKER_SESSION_EXPIRED);
    useWorkerSession.setState({ expired: false });
  }, [expired]);

  useEffect(() => {
    document.title = [meta?.title, siteTitle].filter(Boolean).join(' - ');
  }, [meta?.title, siteTitle]);

  useEffect(() => {
    // A new page starts at its top, as a phone user expects.
    window.scrollTo?.(0, 0);
  }, [pathname]);

  if (!entry) return <Navigate to="/w" replace />;
  if (!meta?.noSession && !token) return <Navigate to={workerLoginPath(asked ?? projectId, pathname + search)} replace />;

  const signedIn = Boolean(token) && !meta?.noSession;
  const isTab = Boolean(meta?.tab);
  return (
    <ConfigProvider theme={PHONE_THEME}>
      <QueryClientProvider client={queryClient}>
        <div className="w-page" data-testid="worker-layout">
          <header className="w-header">
            {signedIn && !isTab ? (
              <button type="button" className="w-back" onClick={() => navigate(-1)} aria-label="返回" data-testid="worker-back">
                <LeftOutlined />
              </button>
            ) : (
              <span className="w-back-space" />
            )}
            <h1 className="w-title" data-testid="worker-title">
              {meta?.title}
            </h1>
            <span className="w-back-space" />
          </header>
          <main className="w-main">
            <Suspense fallback={<FullPageSpin />}>
              <Outlet />
            </Suspense>
          </main>
          {signedIn && (
            <nav className="w-tabbar" aria-label="工人服务">
              {tabs.map((tab) => {
                const active = tab.path === '/w' ? pathname === '/w' : pathname.startsWith(tab.path);
                return (
                  <button
                    key={tab.path}
                    type="button"
                    className={active ? 'w-tab w-tab-active' : 'w-tab'}
                    aria-current={active ? 'page' : undefined}
                    onClick={() => navigate(tab.path)}
                    data-testid={`worker-tab-${tab.path.split('/')[2] ?? 'home'}`}
                  >
                    <span className="w-tab-icon">{TAB_ICONS[tab.path]}</span>
                    <span>{tab.meta?.tab}</span>
                  </button>
                );
              })}
            </nav>
          )}
        </div>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
