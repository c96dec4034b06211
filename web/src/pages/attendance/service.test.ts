import {
  cellMark, cellsByDay, cellTip, dayOf, minHoursError, MSG_MIN_HOURS, MSG_REASON, onSiteDays, paidByDay, paidTip, reasonError, type PaidDay, type SheetRow,
} from './service';

const row: SheetRow = {
  workerId: 9,
  name: '王建军',
  idNumber: '410105197001011007',
  unitName: '中建七局第二建筑有限公司',
  teamName: '钢筋班',
  attendedDays: 2,
  hours: '10.0',
  cells: [
    { day: 2, attended: true, manual: false, hours: '10.0', unpaired: 0, outside: false },
    { day: 3, attended: false, manual: false, hours: '2.0', unpaired: 1, outside: false },
    { day: 5, attended: true, manual: true, hours: '0.0', unpaired: 0, outside: false },
    { day: 6, attended: false, manual: true, hours: '0.0', unpaired: 0, outside: false },
  ],
  stays: [{ fromDay: 2, toDay: 4 }, { fromDay: 6, toDay: 30 }],
  staysText: '2026-11-02 至 2026-11-04、进场 2026-11-06 起',
};

describe('attendance service', () => {
  it('marks each day of the sheet', () => {
    const cells = cellsByDay(row, 30);
    expect(cells).toHaveLength(30);
    expect(cells.map(cellMark).slice(0, 7)).toEqual(['', '√', '×', '', '补', '缺', '']);
  });

  it('says in a cell’s tip the shifts’ hours and the unpaired punches', () => {
    const [, second, third] = cellsByDay(row, 30);
    expect(cellTip('2026-11-02', second)).toBe('2026-11-02 出勤，工时 10.0 小时');
    expect(cellTip('2026-11-03', third)).toBe('2026-11-03 未计出勤，工时 2.0 小时，未配对打卡 1 次（不计工时）');
    expect(cellTip('2026-11-01', undefined)).toBe('2026-11-01 无考勤');
  });

  it('knows the days inside the employment lines (exit and re-entry)', () => {
    const onSite = onSiteDays(row, 30);
    expect(onSite).toHaveLength(30);
    expect(onSite.slice(0, 7)).toEqual([false, true, true, true, false, true, true]);
    expect(onSite[29]).toBe(true);
    expect(onSiteDays({ ...row, stays: [] }, 30).some(Boolean)).toBe(false);
  });

  it('says which sheet paid a day, a monthly wage’s holiday, and where a day taken back is taken back', () => {
    const paid: PaidDay = { workerId: 9, day: 2, attended: true, sheetId: 12, sheetLabel: '2026-10 钢筋班 工资表',
      sheetStatus: 'confirmed', sheetStatusLabel: '已确认', takenBack: null };
    expect(paidTip(paid)).toBe('已计入 2026-10 钢筋班 工资表（#12，已确认）');
    expect(paidTip({ ...paid, attended: false })).toBe('法定节假日（月薪）已计入 2026-10 钢筋班 工资表（#12，已确认）');
    const pending = { ...paid, takenBack: { amount: '300.00', reason: '误刷卡', sheetId: 0, sheetLabel: '' } };
    expect(paidTip(pending)).toBe('已由 2026-10 钢筋班 工资表（#12，已确认）计发，后改为缺勤：该日工资 300.00 元待在该工人的下一张工资表中扣回');
    expect(paidTip(undefined)).toBe('');
    const byDay = paidByDay([paid, { ...paid, workerId: 10, day: 3 }], 9, 30);
    expect(byDay).toHaveLength(30);
    expect(byDay[1]).toBe(paid);
    expect(byDay.filter(Boolean)).toHaveLength(1);
  });

  it('builds dates', () => {
    expect(dayOf('2026-03', 7)).toBe('2026-03-07');
  });

  it('checks the reason and the minimum hours like the server', () => {
    expect(reasonError('')).toBe(MSG_REASON);
    expect(reasonError(' 补 ')).toBe(MSG_REASON);
    expect(reasonError('忘带身份证')).toBeUndefined();
    expect(reasonError('字'.repeat(101))).toBe(MSG_REASON);
    expect(minHoursError('7.5')).toBeUndefined();
    expect(minHoursError('0')).toBeUndefined();
    expect(minHoursError('24.5')).toBe(MSG_MIN_HOURS);
    expect(minHoursError('7.25')).toBe(MSG_MIN_HOURS);
    expect(minHoursError('')).toBe(MSG_MIN_HOURS);
  });
});
