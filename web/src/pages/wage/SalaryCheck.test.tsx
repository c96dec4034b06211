import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderPage } from '@/test/renderPage';
import SalaryCheck from './SalaryCheck';
import Sheets from '@/pages/attendance/Sheets';
import type { WageAnomaly } from './service';


const outside: WageAnomaly = {
  kind: 'outside_employment',
  kindLabel: '计发了不在场期间的出勤',
  workerId: 9,
  name: '王建军',
  idNumber: '410105197001011007',
  lineId: 31,
  sheetId: 5,
  unitName: '中建七局第二建筑有限公司',
  teamName: '钢筋班',
  days: 22,
  net: '7700.00',
  detail: '工资表计出勤22天，在场期间内出勤9天，多计不在场期间13天',
  month: '2026-10',
  excessDays: 13,
};

describe('工资核查', () => {
  it('shows a sheet paying days outside the employment and opens the worker’s month in 考勤表', async () => {
    const { called } = renderPage(
      <Routes>
        <Route path="/" element={<SalaryCheck />} />
        <Route path="/project/sheets" element={<Sheets />} />
        <Route path="/project/accounting" element={<p>到达工资核算</p>} />
      </Routes>,
      {
        ['/builder/wage/v1/Sheet/options']: { code: 201, data: { units: [], teams: [], defaultMonth: '2026-10', checkKinds: [], balance: '0.00' } },
        ['/builder/wage/v1/Check/list']: { code: 201, data: { list: [outside], total: 1, page: 1, limit: 20 } },
        ['/builder/attendance/v1/Sheet/month']: { code: 201, data: { month: '2026-10', daysInMonth: 31, list: [], total: 0, page: 1, limit: 20 } },
      },
    );
    expect(await screen.findByText('计发了不在场期间的出勤')).toBeTruthy();
    expect(screen.getByText('（多计13）')).toBeTruthy();
    expect(screen.getByTestId('check-accounting-outside_employment-9').textContent).toBe('修改工资表');
    fireEvent.click(screen.getByTestId('check-sheet-outside_employment-9'));
    await waitFor(() => expect(called('/builder/attendance/v1/Sheet/month')).toHaveLength(1));
    const asked = new URL(called('/builder/attendance/v1/Sheet/month')[0].url, 'http://x').searchParams;
    expect(asked.get('month')).toBe('2026-10');
    expect(asked.get('keyword')).toBe('410105197001011007');
  });

  it('offers 修改工资表 for a worker paid over the yearly limit', async () => {
    const yearly: WageAnomaly = { ...outside, kind: 'over_year_limit', kindLabel: '单年工资超过30万元', excessDays: 0,
      detail: '2026年1月至10月实发合计300,000.01元，超过300,000.00元' };
    renderPage(<SalaryCheck />, {
      ['/builder/wage/v1/Sheet/options']: { code: 201, data: { units: [], teams: [], defaultMonth: '2026-10', checkKinds: [], balance: '0.00' } },
      ['/builder/wage/v1/Check/list']: { code: 201, data: { list: [yearly], total: 1, page: 1, limit: 20 } },
    });
    expect(await screen.findByText('单年工资超过30万元')).toBeTruthy();
    expect(screen.getByText('2026年1月至10月实发合计300,000.01元，超过300,000.00元')).toBeTruthy();
    expect(screen.getByTestId('check-accounting-over_year_limit-9').textContent).toBe('修改工资表');
  });

  it('names the days paid below the standard in force and leads to a 补充工资表', async () => {
    const below: WageAnomaly = { ...outside, kind: 'below_rate', kindLabel: '已计发日低于现行工资标准', days: 3, excessDays: 0,
      detail: '3天已计发的工资低于现行工资标准：10-03~10-05（300.00→350.00元/日），少计150.00元，请编制补充工资表补差' };
    renderPage(
      <Routes>
        <Route path="/" element={<SalaryCheck />} />
        <Route path="/project/accounting" element={<p>到达工资核算</p>} />
      </Routes>,
      {
        ['/builder/wage/v1/Sheet/options']: { code: 201, data: { units: [], teams: [], defaultMonth: '2026-10', checkKinds: [], balance: '0.00' } },
        ['/builder/wage/v1/Check/list']: { code: 201, data: { list: [below], total: 1, page: 1, limit: 20 } },
      },
    );
    expect(await screen.findByText(below.detail)).toBeTruthy();
    const action = screen.getByTestId('check-accounting-below_rate-9');
    expect(action.textContent).toBe('编制补充工资表');
    fireEvent.click(action);
    expect(await screen.findByText('到达工资核算')).toBeTruthy();
  });
});
