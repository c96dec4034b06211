import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import DataScreen, { REFRESH_MS } from './DataScreen';
import type { ScreenData } from './service';


// jsdom has no canvas: the chart shows the option it was given; the map its projects.
vi.mock('@/components/chart/EChart', () => ({
  default: ({ option }: { option: { series: { data: number[] }[] } }) => <div data-testid="chart">{JSON.stringify(option.series[0].data)}</div>,
}));
vi.mock('./ScreenMap', () => ({
  default: ({ projects }: { projects: { name: string; worstWarning: string }[] }) => (
    <div data-testid="map">{projects.map((project) => `${project.name}:${project.worstWarning}`).join(',')}</div>
  ),
}));

const PROJECT = '/builder/screen/v1/Screen/data';
const DISTRICT = '/admin/screen/v1/Screen/data';

const data = (onSite: number): ScreenData => ({
  title: '幸福里小区二期',
  onSite,
  attendedToday: 27,
  byWorkType: [
    { name: '钢筋工', value: 20 },
    { name: '木工', value: 11 },
  ],
  trend: Array.from({ length: 30 }, (_, index) => ({ day: `2026-11-${String(index + 1).padStart(2, '0')}`, value: index })),
  wageMonth: '2026-10',
  wagesPaid: '123456.00',
  warnings: { red: 1, orange: 0, yellow: 2 },
  latestPunches: [{ name: '张**', idNumber: '4101**********123X', punchedAt: '2026-11-25 08:01:02', direction: '进场', projectName: '幸福里小区二期' }],
  projects: [],
  refreshedAt: '2026-11-25 08:05:00',
});

describe('DataScreen', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the figures and replaces them every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let onSite = 31;
    const { called, calls } = renderPage(<DataScreen />, { [PROJECT]: () => ({ code: 201, message: '操作成功!', data: data(onSite) }) });
    expect((await screen.findByTestId('screen-onSite')).textContent).toBe('在场人数31人');
    expect(screen.getByTestId('screen-wagesPaid').textContent).toContain('123,456.00');
    expect(screen.getByTestId('screen-punches').textContent).toContain('张**');
    expect(screen.getByTestId('screen-punches').textContent).toContain('4101**********123X');
    expect(screen.getAllByTestId('chart')).toHaveLength(2);
    expect(screen.queryByTestId('map')).toBeNull();

    onSite = 35;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REFRESH_MS);
    });
    await waitFor(() => expect(screen.getByTestId('screen-onSite').textContent).toBe('在场人数35人'));
    expect(called(PROJECT)).toHaveLength(2);
    // One set of tiles and charts: the new data replaced the old.
    expect(screen.getAllByTestId('screen-onSite')).toHaveLength(1);
    expect(screen.getAllByTestId('chart')).toHaveLength(2);
    expect(calls.every((call) => call.url.split('?')[0] === PROJECT)).toBe(true);
  });

  it("shows the regulator's district with its projects on the map", async () => {
    const district = { ...data(640), title: '郑州市农民工工资监管', projects: [{ id: 1, name: '幸福里小区二期', latlng: '34.78,113.66', worstWarning: 'red', workersOnSite: 31 }] };
    renderPage(<DataScreen />, { [DISTRICT]: { code: 201, data: district } }, { roles: ['admin'] });
    expect((await screen.findByTestId('map')).textContent).toBe('幸福里小区二期:red');
    expect(screen.getByText('郑州市农民工工资监管')).toBeTruthy();
  });

  it('stops asking once closed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { called } = renderPage(<DataScreen />, { [PROJECT]: { code: 201, data: data(31) } });
    await screen.findByTestId('screen-onSite');
    cleanup();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REFRESH_MS * 2);
    });
    expect(called(PROJECT)).toHaveLength(1);
  });
});
