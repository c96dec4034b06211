import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWorkerPage } from '@/test/renderWorkerPage';
import { shiftMonth } from './MyAttendance';

const MONTH_CALL = '/worker/attendance/v1/Attendance/month';

const day = (n: number, status: string, punches: string[] = []) => ({
  day: `2026-10-${String(n).padStart(2, '0')}`,
  // 2026-10-01 is a Thursday.
  weekday: ((n + 2) % 7) + 1,
  status,
  punches,
});

const october = {
  month: '2026-10',
  projectId: 0,
  projects: [
    { projectId: 1, projectName: '郑州市金水区幸福里安置房项目' },
    { projectId: 2, projectName: '郑东新区学校项目' },
  ],
  days: [day(1, 'holiday'), day(2, 'holiday'), day(3, 'rest'), day(4, 'rest'), day(5, 'attended', ['07:58', '17:31']), day(6, 'absent')],
  attended: 1,
  absent: 1,
};

describe('MyAttendance', () => {
  it("shows the month's days on a calendar, a day's punches, and narrows to a project", async () => {
    const { called, where } = renderWorkerPage('/w/attendance?month=2026-10', { [MONTH_CALL]: { code: 201, data: october } });
    const worked = await screen.findByTestId('my-day-2026-10-05', {}, { timeout: 20_000 });
    expect(worked.dataset.status).toBe('attended');
    expect(worked.textContent).toBe('5√');
    expect(screen.getByTestId('my-day-2026-10-06').textContent).toBe('6缺');
    expect(screen.getByTestId('my-attendance-counts').textContent).toContain('出勤 1 天');
    // Thursday the 1st: three blanks before it.
    const grid = screen.getByRole('grid');
    expect(grid.children[7 + 3]).toBe(screen.getByTestId('my-day-2026-10-01'));
    fireEvent.click(worked);
    expect(screen.getByTestId('my-day-punches').textContent).toBe('打卡时间：07:58、17:31');
    expect(within(screen.getByTestId('my-day-detail')).getByText(/周一/)).toBeTruthy();
    expect(new URL(called(MONTH_CALL)[0].url, 'http://x').searchParams.get('month')).toBe('2026-10');
    expect(new URL(called(MONTH_CALL)[0].url, 'http://x').searchParams.has('projectId')).toBe(false);

    fireEvent.mouseDown(within(screen.getByTestId('my-attendance-project')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('郑东新区学校项目'));
    await waitFor(() => expect(where()).toBe('/w/attendance?month=2026-10&project=2'));
    await waitFor(() => expect(new URL(called(MONTH_CALL).at(-1)!.url, 'http://x').searchParams.get('projectId')).toBe('2'));

    fireEvent.click(screen.getByTestId('my-month-prev'));
    await waitFor(() => expect(where()).toBe('/w/attendance?month=2026-09&project=2'));
  });

  it('moves months across the year', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
  });
});
