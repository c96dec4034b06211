/**
 * The one set-up of the pages' tests: a builder session with the site configuration, ResizeObserver, a query
 * client, a router at `path` with a probe of where the page navigated to (`data-testid="location"`), and the
 * fetch stand-in answering `routes` plus the worker options (units, teams, work types) most site screens ask first.
 */
import type { ReactNode } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { components } from '@/api/schema';
import { useSession, type RegulatorScope, type Role } from '@/store/session';
import { mockFetch, resetBrowserState, type ApiUrl, type Reply } from '@/test/fetchMock';

export const OPTIONS: components['schemas']['WorkerOptions'] = {
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

function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

export interface PageOptions {
  /** Where the page is opened (the regulator's pages read `?projectId=`). */
  path?: string;
  roles?: Role[];
  /** The site configuration's ID reader address; '' for none. */
  idreader?: string;
  /** An admin's district and role; a whole-area 管理员 (the demo `admin`) unless told otherwise. */
  regulator?: RegulatorScope;
}

const WHOLE_AREA_MANAGER: RegulatorScope = { district: '', districtName: '', regulatorRole: 'manager' };

/** Renders `page` as a builder at `/` unless told otherwise. */
export function renderPage(
  page: ReactNode,
  routes: Partial<Record<ApiUrl, Reply>>,
  { path = '/', roles = ['builder'], idreader = '', regulator = WHOLE_AREA_MANAGER }: PageOptions = {},
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
    regulator: roles.includes('admin') ? regulator : null,
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
  const mock = mockFetch({ '/builder/user/v1/Worker/options': { code: 201, data: OPTIONS }, ...routes });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={page} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return mock;
}

/** Types a date into an antd DatePicker's input and confirms it. */
export function typeDate(input: HTMLElement, value: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

/**
 * Types `value` into the field `testId` until the page shows it: on a loaded machine a dialog can mount its
 * content again while it opens, and a change sent to the first copy is lost with it.
 */
export async function typeInto(testId: string, value: string) {
  await waitFor(() => {
    const field = screen.getByTestId(testId) as HTMLInputElement | HTMLTextAreaElement;
    if (field.value !== value) fireEvent.change(field, { target: { value } });
    if (screen.getByTestId(testId) !== field || field.value !== value) throw new Error(`${testId} does not show ${value} yet`);
  });
}

/** The form's field errors as shown. */
export const formErrors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);
