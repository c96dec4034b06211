import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import type { CalendarMonth } from '@/pages/calendar/service';
import { formErrors, renderPage } from '@/test/renderPage';
import Sheets from './Sheets';
import { type AttendanceSheet, type PaidDay, type PunchRecord } from './service';


const month = dayjs().format('YYYY-MM');
const sheet: AttendanceSheet = {
  month,
  projectId: 1,
  daysInMonth: dayjs().daysInMonth(),
  paidDays: [],
  total: 1,
  page: 1,
  limit: 20,
  list: [{
    workerId: 9,
    name: '王建军',
    idNumber: '410105197001011007',
    unitName: '中建七局第二建筑有限公司',
    teamName: '钢筋班',
    attendedDays: 1,
    hours: '10.0',
    cells: [{ day: 1, attended: true, manual: false, hours: '10.0', unpaired: 0, outside: false }],
    stays: [{ fromDay: 1, toDay: dayjs().daysInMonth() }],
    staysText: `进场 ${month}-01 起`,
  }],
};

const punch = (id: number, time: string, direction: 'in' | 'out', unpaired: boolean): PunchRecord => ({
  id,
  projectId: 1,
  projectName: '郑州市金水区幸福里安置房项目',
  source: 'device',
  sourceLabel: '设备',
  workerId: 9,
  name: '王建军',
  idNumber: '4101**********1007',
  unitName: '中建七局第二建筑有限公司',
  teamName: '钢筋班',
  time,
  day: time.slice(0, 10),
  shiftDay: `${month}-01`,
  unpaired,
  direction,
  directionLabel: direction === 'in' ? '进' : '出',
  deviceName: '1号门岗考勤机',
  note: '',
  hasPhoto: false,
  outsideEmployment: false,
});
const next = dayjs(`${month}-01`).add(1, 'day').format('YYYY-MM-DD');
const shift = [punch(2, `${next} 06:00:00`, 'out', false), punch(1, `${month}-01 20:00:00`, 'in', false), punch(3, `${next} 06:30:00`, 'out', true)];

describe('Sheets', () => {
  it('shows the month and corrects a day only with a reason', async () => {
    const { called } = renderPage(<Sheets />, {
      '/builder/attendance/v1/Sheet/month': { code: 201, data: sheet },
      '/builder/attendance/v1/Sheet/correct': { code: 201, data: null },
      '/builder/attendance/v1/Record/list': { code: 201, data: { list: shift, total: 3, page: 1, limit: 50 } },
    });
    expect(await screen.findByText('王建军')).toBeTruthy();
    expect(new URL(called('/builder/attendance/v1/Sheet/month')[0].url, 'http://x').searchParams.get('month')).toBe(month);
    expect(screen.getByTestId('cell-9-1').textContent).toBe('√');

    fireEvent.click(screen.getByTestId('cell-9-1'));
    // The day's detail: the night shift's punches in time order, the next morning's Out with its date.
    const punches = await screen.findByTestId('shift-punches');
    expect(punches.textContent).toBe(`20:00:00进${next.slice(5)} 06:00:00出${next.slice(5)} 06:30:00出未配对，不计工时`);
    expect(screen.getByTestId('shift-unpaired-3')).toBeTruthy();
    const asked = new URL(called('/builder/attendance/v1/Record/list')[0].url, 'http://x').searchParams;
    expect([asked.get('workerId'), asked.get('shiftDay')]).toEqual(['9', `${month}-01`]);
    fireEvent.click(await screen.findByTestId('correct-save'));
    await waitFor(() => expect(formErrors()).toContain('请填写2-100个字的修正原因'));
    expect(called('/builder/attendance/v1/Sheet/correct')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('correct-reason'), { target: { value: '当天未进场，误刷卡' } });
    fireEvent.click(screen.getByTestId('correct-save'));
    await waitFor(() => expect(called('/builder/attendance/v1/Sheet/correct')).toHaveLength(1));
    const body = called('/builder/attendance/v1/Sheet/correct')[0].body;
    expect(body.get('workerId')).toBe('9');
    expect(body.get('day')).toBe(`${month}-01`);
    expect(body.get('attended')).toBe('0');
    expect(body.get('reason')).toBe('当天未进场，误刷卡');
  });

  it('a paid day set absent: the server asks, 确认扣回 re-sends with confirmed=1', async () => {
    const asked = `${month}-01 已计入已确认的${month} 工资表；确认后该日改为缺勤，该日工资300.00元将在该工人的下一张工资表中扣回`;
    const { called } = renderPage(<Sheets />, {
      '/builder/attendance/v1/Sheet/month': { code: 201, data: sheet },
      '/builder/attendance/v1/Sheet/correct': (call) => (call.body.get('confirmed') === '1'
        ? { code: 201, message: '操作成功!', data: null }
        : { code: 301, message: asked, data: null }),
    });
    fireEvent.click(await screen.findByTestId('cell-9-1'));
    fireEvent.change(await screen.findByTestId('correct-reason'), { target: { value: '当天未进场，误刷卡' } });
    fireEvent.click(screen.getByTestId('correct-save'));
    expect(await screen.findByText(asked)).toBeTruthy();
    expect(called('/builder/attendance/v1/Sheet/correct')).toHaveLength(1);
    expect(called('/builder/attendance/v1/Sheet/correct')[0].body.get('confirmed')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '确认扣回' }));
    await waitFor(() => expect(called('/builder/attendance/v1/Sheet/correct')).toHaveLength(2));
    const body = called('/builder/attendance/v1/Sheet/correct')[1].body;
    expect(body.get('confirmed')).toBe('1');
    expect(body.get('attended')).toBe('0');
    expect(body.get('reason')).toBe('当天未进场，误刷卡');
    expect(await screen.findByText('已改为缺勤，该日工资将在该工人的下一张工资表中扣回')).toBeTruthy();
  });

  it('marks each paid day with its wage sheet, and a day taken back with the sheet taking it back', async () => {
    const paid: PaidDay = { workerId: 9, day: 1, attended: true, sheetId: 12, sheetLabel: `${month} 钢筋班 工资表`,
      sheetStatus: 'paid', sheetStatusLabel: '已发放', takenBack: null };
    const taken: PaidDay = { ...paid, day: 2, takenBack: { amount: '300.00', reason: '王建军：误刷卡', sheetId: 15,
      sheetLabel: `${month} 钢筋班 补充工资表（第2张）` } };
    const row = { ...sheet.list[0], cells: [...sheet.list[0].cells,
      { day: 2, attended: false, manual: true, hours: '0.0', unpaired: 0, outside: false }] };
    renderPage(<Sheets />, {
      '/builder/attendance/v1/Sheet/month': { code: 201, data: { ...sheet, list: [row], paidDays: [paid, taken] } },
      '/builder/attendance/v1/Record/list': { code: 201, data: { list: [], total: 0, page: 1, limit: 50 } },
    });
    const first = await screen.findByTestId('cell-9-1');
    expect(first.getAttribute('data-paid-by')).toBe('12');
    expect(first.getAttribute('title')).toBe(`${month}-01 出勤，工时 10.0 小时；已计入 ${month} 钢筋班 工资表（#12，已发放），点击修正`);
    expect((first.closest('.ant-table-cell') as HTMLElement).style.background).toBe('rgb(246, 255, 237)');
    const second = screen.getByTestId('cell-9-2');
    expect(second.textContent).toBe('缺');
    expect(second.getAttribute('data-taken-back')).toBe('1');
    expect(second.getAttribute('title')).toContain(
      `已由 ${month} 钢筋班 工资表（#12，已发放）计发，后改为缺勤：该日工资 300.00 元在 ${month} 钢筋班 补充工资表（第2张）（#15）扣回`);
    expect((second.closest('.ant-table-cell') as HTMLElement).style.background).toBe('rgb(255, 247, 230)');
    expect(screen.getByTestId('cell-9-3').getAttribute('data-paid-by')).toBeNull();

    // The day's detail links to the sheet that paid it and to the one taking it back.
    fireEvent.click(second);
    expect((await screen.findByTestId('correct-paid')).textContent).toContain('后改为缺勤');
    fireEvent.click(screen.getByText('查看扣回的工资表'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/project/accounting?sheet=15'));
    fireEvent.click(screen.getByText('查看工资表'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/project/accounting?sheet=12'));
  });

  it('greys out the days before entry and does not offer them for correction', async () => {
    const entered = { ...sheet.list[0], attendedDays: 0, cells: [{ ...sheet.list[0].cells[0], outside: true }], stays: [{ fromDay: 2, toDay: 31 }],
      staysText: `进场 ${month}-02 起` };
    const { called } = renderPage(<Sheets />, { '/builder/attendance/v1/Sheet/month': { code: 201, data: { ...sheet, list: [entered] } } });
    const off = await screen.findByTestId('cell-9-1');
    expect(off.getAttribute('data-off-site')).toBe('1');
    expect(off.getAttribute('title')).toContain(`不在在场期间（进场 ${month}-02 起）`);
    expect(off.getAttribute('role')).toBeNull();
    fireEvent.click(off);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('correct-save')).toBeNull();
    expect(called('/builder/attendance/v1/Sheet/correct')).toHaveLength(0);
  });

  it('asks again when 查询 is pressed with the same filters (new punches arrive)', async () => {
    const { called } = renderPage(<Sheets />, { '/builder/attendance/v1/Sheet/month': { code: 201, data: sheet } });
    expect(await screen.findByText('王建军')).toBeTruthy();
    expect(called('/builder/attendance/v1/Sheet/month')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('sheet-search'));
    await waitFor(() => expect(called('/builder/attendance/v1/Sheet/month')).toHaveLength(2));
    expect(new URL(called('/builder/attendance/v1/Sheet/month')[1].url, 'http://x').searchParams.get('month')).toBe(month);
  });

  it('marks the day heads from the working calendar', async () => {
    const kindLabels: Record<string, string> = { statutory: '法定节假日', workday: '调休上班' };
    const classLabels: Record<string, string> = { statutory: '法定节假日', working: '工作日', rest: '休息日' };
    // This month with its 1st a statutory holiday and its first Saturday worked (调休上班).
    const days = Array.from({ length: dayjs().daysInMonth() }, (_, index) => {
      const date = dayjs().date(index + 1);
      const weekday = date.day() || 7;
      const kind = index === 0 ? 'statutory' : weekday === 6 && index < 7 ? 'workday' : '';
      const cls = kind === 'statutory' ? 'statutory' : kind === 'workday' || weekday < 6 ? 'working' : 'rest';
      return { day: date.format('YYYY-MM-DD'), weekday, kind, kindLabel: kindLabels[kind] ?? '',
        name: kind ? '测试节' : '', class: cls, classLabel: classLabels[cls] };
    });
    const calendar: CalendarMonth = { month, workingDays: 21, statutoryDays: 1, restDays: 8, days };
    const { called } = renderPage(<Sheets />, { '/builder/attendance/v1/Sheet/month': { code: 201, data: sheet }, '/builder/calendar/v1/Calendar/month': { code: 201, data: calendar } });
    const first = await screen.findByTestId('sheet-head-1');
    expect(first.textContent).toBe('1节');
    expect(first.getAttribute('title')).toContain('法定节假日 测试节');
    const saturday = days.findIndex((day) => day.kind === 'workday') + 1;
    expect(screen.getByTestId(`sheet-head-${saturday}`).textContent).toBe(`${saturday}班`);
    const sunday = days.findIndex((day, index) => index > 0 && day.weekday === 7) + 1;
    expect(screen.getByTestId(`sheet-head-${sunday}`).textContent).toBe(`${sunday}休`);
    expect(screen.getByText(/本月工作日 21 天，法定节假日 1 天/)).toBeTruthy();
    expect(new URL(called('/builder/calendar/v1/Calendar/month')[0].url, 'http://x').searchParams.get('month')).toBe(month);
  });
});
