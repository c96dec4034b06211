import { lazy } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import 'antd/dist/antd.css';
import { useSession } from '@/store/session';
import Layout from './Layout';

const Wizard = lazy(() => import('@/pages/project/Wizard'));

// Failed calls show their message once; a retry would show it again. Kept out of the login page's bundle.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

/** An enterprise whose project is not yet submitted (or was rejected) gets the registration wizard, not the shell. */
export default function Shell() {
  const { side, roles, userInfo } = useSession();
  const inWizard = side === 'builder' && !roles.includes('admin') && userInfo?.auditStatus === true;
  // In the shell antd's styles come from its stylesheet (a chunk of its own) instead of being computed at the
  // first render of every component; the small login page keeps computing its few.
  return (
    <ConfigProvider theme={{ zeroRuntime: true }}>
      <QueryClientProvider client={queryClient}>{inWizard ? <Wizard /> : <Layout />}</QueryClientProvider>
    </ConfigProvider>
  );
}
