/**
 * The set-up of the worker pages' tests: the app's router at `path` (the phone layout and its lazy pages, as
 * in the browser), a worker session unless told otherwise, and the fetch stand-in answering `routes`.
 */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { appRoutes } from '@/router';
import { useWorkerSession } from '@/store/workerSession';
import { mockFetch, resetBrowserState, type ApiUrl, type Reply } from '@/test/fetchMock';
import { setWorkerToken } from '@/utils/storage';

export const WORKER_TOKEN = 'wtok-1';

export function renderWorkerPage(path: string, routes: Partial<Record<ApiUrl, Reply>>, { signedIn = true } = {}) {
  resetBrowserState();
  if (signedIn) setWorkerToken(WORKER_TOKEN);
  useWorkerSession.setState({ token: signedIn ? WORKER_TOKEN : undefined, name: signedIn ? '吴确认' : '', projectId: null, expired: false });
  const mock = mockFetch(routes);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { ...mock, router, where: () => router.state.location.pathname + router.state.location.search };
}
