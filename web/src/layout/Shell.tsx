import { lazy } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSession } from '@/store/session';
import Layout from './Layout';

const Wizard = lazy(() => import('@/pages/wizard/Wizard'));

// Failed calls show their message once; a retry would show it again. Kept out of the login page's bundle.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

/** An enterprise whose project is not yet submitted (or was rejected) gets the registration wizard, not the shell. */
export default function Shell() {
  const { side, roles, userInfo } = useSession();
  const inWizard = side === 'builder' && !roles.includes('admin') && userInfo?.auditStatus === true;
  return <QueryClientProvider client={queryClient}>{inWizard ? <Wizard /> : <Layout />}</QueryClientProvider>;
}
