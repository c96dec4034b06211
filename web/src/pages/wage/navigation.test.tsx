/**
 * 工资核算 and 工资发放 are hidden routes (no sidebar entry): the clerk reaches them from the screens of the money
 * path — 考勤表, 工资核查, 工资核算 and 工资发放 link to each other.
 */
import type { ReactElement } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderPage } from '@/test/renderPage';
import Sheets from '@/pages/attendance/Sheets';
import Accounting from './Accounting';
import Issue from './Issue';
import SalaryCheck from './SalaryCheck';


const empty = { code: 201, data: { list: [], total: 0, page: 1, limit: 20 } };
const replies = {
  ['/builder/wage/v1/Sheet/options']: { code: 201, data: { units: [], teams: [], defaultMonth: '2026-10', checkKinds: [], balance: '2000000.00' } },
  ['/builder/wage/v1/Sheet/list']: empty,
  ['/builder/wage/v1/Check/list']: empty,
  ['/builder/attendance/v1/Sheet/month']: { code: 201, data: { month: '2026-10', daysInMonth: 31, ...empty.data } },
};

function renderAt(page: ReactElement) {
  renderPage(
    <Routes>
      <Route path="/" element={page} />
      <Route path="/project/accounting" element={<p>到达工资核算</p>} />
      <Route path="/project/issue" element={<p>到达工资发放</p>} />
      <Route path="/user/salaryCheck" element={<p>到达工资核查</p>} />
    </Routes>,
    replies,
  );
}

const press = async (name: string) => fireEvent.click(await screen.findByRole('button', { name }));

describe('the money path links its hidden screens', () => {
  it('考勤表 → 工资核算', async () => {
    renderAt(<Sheets />);
    await press('工资核算');
    expect(await screen.findByText('到达工资核算')).toBeTruthy();
  });

  it('工资核查 → 工资发放', async () => {
    renderAt(<SalaryCheck />);
    await press('工资发放');
    expect(await screen.findByText('到达工资发放')).toBeTruthy();
  });

  it('工资核算 → 工资核查', async () => {
    renderAt(<Accounting />);
    await press('工资核查');
    expect(await screen.findByText('到达工资核查')).toBeTruthy();
  });

  it('工资发放 → 工资核算', async () => {
    renderAt(<Issue />);
    await press('工资核算');
    expect(await screen.findByText('到达工资核算')).toBeTruthy();
  });
});
