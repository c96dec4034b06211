/** Shared set-up of the worker pages' tests: the session, ResizeObserver, the query client and the options. */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { useSession, type Role } from '@/store/session';
import { mockFetch, resetBrowserState, type Reply } from '@/test/fetchMock';
import { OPTIONS_URL, type RosterLine, type WorkerOptions } from './service';

export const OPTIONS: WorkerOptions = {
  units: [{ value: 4, label: '中建七局第二建筑有限公司', role: 'contractor' }],
  teams: [
    { value: 7, label: '钢筋班', unitId: 4, workType: '3' },
    { value: 8, label: '木工班', unitId: 4, workType: '2' },
  ],
  workTypes: [
    { value: '2', label: '木工' },
    { value: '3', label: '钢筋工' },
  ],
  banks: [{ value: '102', label: '中国工商银行' }],
};

/** Renders a worker page as a builder at `/` unless told otherwise (the regulator reads `?projectId=`). */
export function renderPage(
  page: ReactElement,
  routes: Record<string, Reply>,
  idreader = '',
  { roles = ['builder'], path = '/' }: { roles?: Role[]; path?: string } = {},
) {
  resetBrowserState();
  if (typeof globalThis.ResizeObserver === 'undefined') {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  }
  useSession.setState({
    token: 'tok',
    side: 'builder',
    roles,
    userInfo: null,
    siteConfig: {
      titleall: '',
      title: '',
      tieleicon: '',
      helpcenter: '',
      areacode: '4101',
      finance: 1,
      maptiles: '',
      geocoder: '',
      centerlatlng: '34.75,113.63',
      idreader,
    },
  });
  const mock = mockFetch({ [OPTIONS_URL]: { code: 201, data: OPTIONS }, ...routes });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>{page}</QueryClientProvider>
    </MemoryRouter>,
  );
  return mock;
}

export const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);

/** A roster line as `Worker/list` answers it; each test overrides what it looks at. */
export const rosterLine = (id: number, extra: Partial<RosterLine> = {}): RosterLine => ({
  id,
  workerId: id + 100,
  name: `工人${id}`,
  idNumber: '11010519491231002X',
  gender: '女',
  birthDate: '1949-12-31',
  age: 76,
  nativePlace: '北京市',
  phone: '13800138000',
  unitId: 4,
  unitName: '中建七局第二建筑有限公司',
  teamId: 7,
  teamName: '钢筋班',
  workType: '3',
  workTypeLabel: '钢筋工',
  wageKind: 'day',
  wage: '350.00',
  contractSigned: true,
  entryDate: '2026-03-01',
  exitDate: '',
  exitReason: '',
  status: 1,
  wageCardNumber: '',
  wageCardBank: '',
  ...extra,
});
