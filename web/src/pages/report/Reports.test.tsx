import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import { useProjectInView } from '@/store/projectInView';
import Attendance from './Attendance';
import People from './People';
import Wage from './Wage';
import { ATTENDANCE_REPORT, PEOPLE_REPORT, WAGE_REPORT } from './fixtures';


// Canvas drawing is the browser's (the journey looks at it); here the chart records what it was given, and the
// test reads the option's functions (formatters) from `given`.
const given = vi.hoisted(() => ({}) as Record<string, Record<string, unknown>>);
vi.mock('@/components/chart/EChart', () => ({
  default: ({ option, testId }: { option: Record<string, unknown>; testId?: string }) => {
    if (testId) given[testId] = option;
    return <pre data-testid={testId}>{JSON.stringify(option)}</pre>;
  },
}));

type Formatter = (value: number) => string;

const PEOPLE = '/builder/report/v1/Report/people';
const PEOPLE_EXPORT = '/builder/report/v1/Report/people_export';
const ATTENDANCE = '/builder/report/v1/Report/attendance';
const WAGE = '/builder/report/v1/Report/wage';

const query = (url: string) => new URL(url, 'http://x').searchParams;

describe('reports', () => {
  beforeEach(() => useProjectInView.getState().clear());

  it('用工结构 shows each chart with its table and narrows by unit', async () => {
    const { called } = renderPage(<People />, { [PEOPLE]: { code: 201, data: PEOPLE_REPORT } });
    expect(await screen.findByText('王老汉')).toBeTruthy();
    expect(screen.getByTestId('people-on-site').textContent).toContain('3');
    expect(screen.getByTestId('people-units-table').textContent).toContain('中建七局第二建筑有限公司');
    expect(screen.getByTestId('people-genders-chart').textContent).toContain('"name":"男","value":2');
    expect(screen.getByTestId('people-moves-chart').textContent).toContain('2026-11');
    expect(screen.getByTestId('people-ages-table').textContent).toContain('60岁及以上');
    fireEvent.mouseDown(screen.getByTestId('report-unit').querySelector('input') ?? screen.getByTestId('report-unit'));
    const option = await waitFor(() => {
      const found = document.querySelector('.ant-select-item-option[title="中建七局第二建筑有限公司"]');
      expect(found).toBeTruthy();
      return found as Element;
    });
    fireEvent.click(option);
    await waitFor(() => expect(query(called(PEOPLE).at(-1)!.url).get('unit')).toBe('4'));
  });

  it('导出 downloads the same filter', async () => {
    const { called } = renderPage(<People />, {
      [PEOPLE]: { code: 201, data: PEOPLE_REPORT },
      [PEOPLE_EXPORT]: { code: 401, message: '开始月份不能晚于结束月份' },
    });
    await screen.findByText('王老汉');
    fireEvent.click(screen.getByTestId('report-export'));
    expect(await screen.findByText('开始月份不能晚于结束月份')).toBeTruthy();
    expect(called(PEOPLE_EXPORT)).toHaveLength(1);
  });

  it('考勤统计 shows the days, the teams, the absent and the key staff under 80 %', async () => {
    renderPage(<Attendance />, { [ATTENDANCE]: { code: 201, data: ATTENDANCE_REPORT } });
    expect(await screen.findByText('李四')).toBeTruthy();
    expect(screen.getByTestId('attendance-days-table').textContent).toContain('66.7%');
    expect(screen.getByText('50.0% 低于80%')).toBeTruthy();
    expect(screen.getByTestId('attendance-teams-chart').textContent).toContain('钢筋班');
  });

  it('工资统计 shows payable against paid and the arrears', async () => {
    renderPage(<Wage />, { [WAGE]: { code: 201, data: WAGE_REPORT } });
    expect(await screen.findByText('3,000.00')).toBeTruthy();
    expect(screen.getByTestId('wage-months-chart').textContent).toContain('[12000,0]');
    expect(screen.getByTestId('wage-share').textContent).toContain('75.0');
  });

  it('工资统计 writes every yuan amount with thousands separators and two decimals', async () => {
    const big = {
      ...WAGE_REPORT,
      months: [{ month: '2026-10', payable: '1234567.5', paid: '1000000' }],
      units: [{ unit: '中建七局第二建筑有限公司', payable: '1234567.5', paid: '1000000', arrears: '234567.5' }],
      payable: '1234567.5',
      paid: '1000000',
      workTypes: [{ workType: '钢筋工', lines: 2, net: '1234567.5', average: '617283.75' }],
      confirmations: [{ unit: '河南建工集团', month: '2026-10', asked: 4, confirmed: 3, rate: 75 }],
    };
    renderPage(<Wage />, { [WAGE]: { code: 201, data: big } });
    expect(await screen.findByText('234,567.50')).toBeTruthy();
    expect(screen.getByTestId('wage-payable').textContent).toContain('1,234,567.50');
    expect(screen.getByTestId('wage-paid').textContent).toContain('1,000,000.00');
    const months = screen.getByTestId('wage-months-table').textContent;
    expect(months).toContain('1,234,567.50');
    expect(months).toContain('1,000,000.00');
    const types = screen.getByTestId('wage-work-types-table').textContent;
    expect(types).toContain('1,234,567.50');
    expect(types).toContain('617,283.75');
    const confirmations = screen.getByTestId('wage-confirmations-table').textContent;
    expect(confirmations).toContain('河南建工集团');
    expect(confirmations).toContain('75.0');
    for (const chart of ['wage-months-chart', 'wage-units-chart', 'wage-work-types-chart']) {
      const option = given[chart] as { tooltip: { valueFormatter: Formatter }; yAxis: { axisLabel: { formatter: Formatter } }[] };
      expect(option.tooltip.valueFormatter(1234567.5)).toBe('1,234,567.50');
      expect(option.yAxis[0].axisLabel.formatter(2000000)).toBe('2,000,000.00');
    }
  });

  it('the regulator without a project in view picks a district, not a unit', async () => {
    renderPage(<People />, { [PEOPLE]: { code: 201, data: PEOPLE_REPORT }, '/builder/common/v1/Area/guanxia_list': { code: 201, data: [] } }, { roles: ['admin'] });
    await screen.findByText('王老汉');
    expect(screen.getByTestId('report-district')).toBeTruthy();
    expect(screen.queryByTestId('report-unit')).toBeNull();
  });

  it('shows the server refusal', async () => {
    renderPage(<Wage />, { [WAGE]: { code: 403, message: '财务账号无权访问该功能' } });
    expect(await screen.findByText('财务账号无权访问该功能')).toBeTruthy();
  });
});
