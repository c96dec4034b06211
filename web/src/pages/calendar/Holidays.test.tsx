import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { useSession } from '@/store/session';
import { mockFetch, resetBrowserState, type Reply } from '@/test/fetchMock';
import Holidays from './Holidays';
import { type CalendarDay, type CalendarYear, type SpecialDayRow } from './service';

// Two whole-year grids of 365 antd cells each: under load (issue 29) one test took 21 s.
vi.setConfig({ testTimeout: 60_000 });

const YEAR = new Date().getFullYear();
const LABELS: Record<string, string> = { statutory: '法定节假日', off: '调休放假', workday: '调休上班' };

/** A year where only January 1st (a statutory holiday) and the first Saturday of February (worked) are special. */
function year(): CalendarYear {
  const months = Array.from({ length: 12 }, (_, m) => {
    const length = new Date(Date.UTC(YEAR, m + 1, 0)).getUTCDate();
    const days: CalendarDay[] = Array.from({ length }, (_, d) => {
      const date = `${YEAR}-${String(m + 1).padStart(2, '0')}-${String(d + 1).padStart(2, '0')}`;
      const weekday = new Date(Date.UTC(YEAR, m, d + 1)).getUTCDay() || 7;
      const kind = date.endsWith('-01-01') ? 'statutory' : m === 1 && weekday === 6 && d < 7 ? 'workday' : '';
      return {
        day: date,
        weekday,
        kind,
        kindLabel: LABELS[kind] ?? '',
        name: kind ? '测试节' : '',
        class: kind === 'statutory' ? 'statutory' : kind === 'workday' || weekday < 6 ? 'working' : 'rest',
        classLabel: kind === 'statutory' ? '法定节假日' : kind === 'workday' || weekday < 6 ? '工作日' : '休息日',
      };
    });
    const count = (cls: string) => days.filter((day) => day.class === cls).length;
    return { month: `${YEAR}-${String(m + 1).padStart(2, '0')}`, workingDays: count('working'), statutoryDays: count('statutory'), restDays: count('rest'), days };
  });
  return { year: YEAR, workingDays: 250, statutoryDays: 1, months };
}

const row = (day: string, kind = 'statutory', name = '元旦'): SpecialDayRow => ({
  day,
  weekday: 1,
  kind,
  kindLabel: LABELS[kind],
  name,
  source: 'package',
  sourceLabel: '数据包',
  updatedTime: '2026-11-24 08:00:00',
});

function start(routes: Record<string, Reply> = {}) {
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
    roles: ['admin'],
    userInfo: null,
    regulator: { district: '', districtName: '', regulatorRole: 'manager' },
    siteConfig: null,
  });
  const mock = mockFetch({
    '/builder/calendar/v1/Calendar/year': { code: 201, data: year() },
    '/admin/calendar/v1/Calendar/list': ({ body }) => ({
      code: 201,
      message: '',
      data: { list: [row(`${body.get('year')}-01-0${body.get('page')}`)], total: 23, page: Number(body.get('page')), limit: Number(body.get('limit')) },
    }),
    ...routes,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <Holidays />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return mock;
}

const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);

describe('节假日设置', () => {
  it('tints the year grid and pages the special days on the server', async () => {
    const { called } = start();
    const newYear = await screen.findByTestId(`calendar-day-${YEAR}-01-01`);
    expect(newYear.getAttribute('data-tint')).toBe('statutory');
    const worked = document.querySelector(`[data-testid^="calendar-day-${YEAR}-02-0"][data-tint="workday"]`);
    expect(worked).toBeTruthy();
    expect(document.querySelectorAll('[data-tint="weekend"]').length).toBeGreaterThan(90);
    expect(screen.getByText('全年工作日 250 天，法定节假日 1 天；点击日期可新增或修改')).toBeTruthy();

    expect(await screen.findByText(`${YEAR}-01-01`)).toBeTruthy();
    expect(screen.getByText('共 23 条')).toBeTruthy();
    expect(called('/admin/calendar/v1/Calendar/list')[0].body.get('year')).toBe(String(YEAR));
    fireEvent.click(document.querySelector('.ant-pagination-item-2') as Element);
    expect(await screen.findByText(`${YEAR}-01-02`)).toBeTruthy();
    expect(called('/admin/calendar/v1/Calendar/list').at(-1)!.body.get('page')).toBe('2');

    fireEvent.click(screen.getByRole('button', { name: '下一年' }));
    await waitFor(() => expect(called('/admin/calendar/v1/Calendar/list').at(-1)!.body.get('year')).toBe(String(YEAR + 1)));
    expect(called('/admin/calendar/v1/Calendar/list').at(-1)!.body.get('page')).toBe('1');
    await waitFor(() => expect(called('/builder/calendar/v1/Calendar/year').at(-1)!.url).toContain(`year=${YEAR + 1}`));
  });

  it('checks a new day with the server’s messages before saving it', async () => {
    const { called } = start({ '/admin/calendar/v1/Calendar/save': { code: 201, message: '保存成功', data: null } });
    fireEvent.click(await screen.findByTestId('holiday-add'));
    fireEvent.click(await screen.findByTestId('holiday-submit'));
    await waitFor(() => expect(errors()).toEqual(['请选择日期', '请选择类型：法定节假日、调休放假或调休上班', '请填写名称']));
    fireEvent.click(document.querySelector('.ant-modal-close') as Element);

    // A weekday picked on the grid opens the dialog on that day.
    await screen.findByTestId(`calendar-day-${YEAR}-03-02`);
    const weekday = document.querySelector(`[data-testid^="calendar-day-${YEAR}-03-"][data-tint="plain"]`) as HTMLElement;
    const day = weekday.getAttribute('data-testid')!.replace('calendar-day-', '');
    fireEvent.click(weekday);
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('.ant-modal .ant-picker input')?.value).toBe(day));
    fireEvent.click(screen.getByLabelText('调休上班'));
    fireEvent.change(screen.getByTestId('holiday-name'), { target: { value: '一二三四五六七八九十一二三四五六七八九十一' } });
    fireEvent.click(screen.getByTestId('holiday-submit'));
    await waitFor(() => expect(errors()).toEqual(['调休上班只能设在周六或周日', '名称不能超过20个字']));
    expect(called('/admin/calendar/v1/Calendar/save')).toHaveLength(0);

    fireEvent.click(screen.getByLabelText('法定节假日'));
    fireEvent.change(screen.getByTestId('holiday-name'), { target: { value: ' 测试节 ' } });
    fireEvent.click(screen.getByTestId('holiday-submit'));
    await waitFor(() => expect(called('/admin/calendar/v1/Calendar/save')).toHaveLength(1));
    const body = called('/admin/calendar/v1/Calendar/save')[0].body;
    expect([body.get('day'), body.get('kind'), body.get('name')]).toEqual([day, 'statutory', '测试节']);
  });

  it('changes a listed day, keeping its date', async () => {
    const { called } = start({ '/admin/calendar/v1/Calendar/save': { code: 201, message: '保存成功', data: null } });
    fireEvent.click(await screen.findByTestId(`holiday-edit-${YEAR}-01-01`));
    expect(await screen.findByText(`修改节假日：${YEAR}-01-01`)).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('holiday-name') as HTMLInputElement).value).toBe('元旦'));
    fireEvent.change(screen.getByTestId('holiday-name'), { target: { value: '元旦节' } });
    fireEvent.click(screen.getByTestId('holiday-submit'));
    await waitFor(() => expect(called('/admin/calendar/v1/Calendar/save')).toHaveLength(1));
    const body = called('/admin/calendar/v1/Calendar/save')[0].body;
    expect([body.get('day'), body.get('kind'), body.get('name')]).toEqual([`${YEAR}-01-01`, 'statutory', '元旦节']);
  });

  it('deletes a day only after confirming, and shows a refusal', async () => {
    const { called } = start({ '/admin/calendar/v1/Calendar/delete': { code: 404, message: '该日期没有节假日安排', data: null } });
    fireEvent.click(await screen.findByTestId(`holiday-delete-${YEAR}-01-01`));
    expect(called('/admin/calendar/v1/Calendar/delete')).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('holiday-delete-confirm'));
    await waitFor(() => expect(called('/admin/calendar/v1/Calendar/delete')).toHaveLength(1));
    expect(called('/admin/calendar/v1/Calendar/delete')[0].body.get('day')).toBe(`${YEAR}-01-01`);
    expect(await screen.findByText('该日期没有节假日安排')).toBeTruthy();
  });
});
