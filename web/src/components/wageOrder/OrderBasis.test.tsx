import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import FinanceOrderDetail from '@/pages/finance/OrderDetail';
import ClerkOrderDetail from '@/pages/wage/OrderDetail';
import { monthGrid } from './AttendanceMonth';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];
type AttendanceWorkerMonth = Schemas['AttendanceWorkerMonth'];
type WageOrderBasis = Schemas['WageOrderBasis'];
type WageLineBasis = WageOrderBasis['lines']['list'][number];
type WageOrder = Schemas['WageOrder'];
type WageOrderDetail = Schemas['WageOrderDetail'];


const order: WageOrder = {
  id: 5, projectId: 1, projectName: '郑州市金水区幸福里安置房项目', orderNo: 'GZ202611240715109390', month: '2026-10', status: 'pending',
  statusLabel: '待审核', channel: 'api', total: '138836.55', lineCount: 2, paid: '0.00', failed: '0.00', reissueOf: null, reissueOfNo: '', remark: '',
  createdAt: '2026-11-24 07:15:10', createdBy: '张建国', decidedAt: '', decidedBy: '', decisionRemark: '', finishedAt: '',
};
const detail: WageOrderDetail = { order, sheets: [], lines: { list: [], total: 0, page: 1, limit: 20 }, invalidCards: 0 };

const confirmation = (extra: Partial<WageLineBasis['workerConfirmation']>): WageLineBasis['workerConfirmation'] => ({
  status: 'confirmed', statusLabel: '已确认', decidedAt: '2026-11-02 20:15:00', disputeReason: '', disputeReasonLabel: '', disputeText: '', answer: '',
  answeredAt: '', ...extra,
});
const line = (extra: Partial<WageLineBasis>): WageLineBasis => ({
  payoutId: 41, lineId: 7, sheetId: 3, workerId: 3, name: '张海燕', idNumber: '4101**********1121', unitName: '中建七局第二建筑有限公司',
  teamName: '钢筋班', days: 22, wageKind: 'day', wageKindLabel: '日薪', wage: '350.00', prefill: '7700.00', payable: '7700.00',
  deduction: '0.00', reason: '', net: '7700.00', cardNumber: '6222***********1129', cardBank: '102', cardBankName: '中国工商银行',
  cardProblem: '', status: 'queued', statusLabel: '待审批', failureReason: '', anomalies: [], holidayDays: 0, overtimeDays: 0,
  basis: '350.00元 × 22天 = 7700.00元', adjustment: '0.00', adjustments: [], topupDays: 0, topup: '0.00',
  paid: { dates: '10-01~10-22', topupDates: '', days: [], elsewhere: [] }, workerConfirmation: confirmation({}), ...extra,
});
const raised = line({
  payoutId: 42, lineId: 8, workerId: 4, name: '李建军', payable: '99999.99', net: '99999.99', reason: '奖金', prefill: '3000.01',
  anomalies: [{ kind: 'over_limit', label: '单月工资超过5万元', detail: '实发99,999.99元，超过50,000.00元' }],
});
const basis: WageOrderBasis = {
  orderId: 5, month: '2026-10', total: '107700.00', lineCount: 2, anomalyLines: 1, unconfirmed: 0, disputed: 0, unanswered: 0,
  lines: { list: [raised, line({})], total: 2, page: 1, limit: 20 },
};
const month: AttendanceWorkerMonth = {
  workerId: 4, name: '李建军', month: '2026-10', daysInMonth: 31, attendedDays: 1, hours: '9.0', staysText: '进场 2026-09-01 起',
  stays: [{ fromDay: 1, toDay: 31 }],
  days: [
    { day: 8, attended: true, manual: false, hours: '9.0', punches: 2, outside: false },
    { day: 9, attended: false, manual: true, hours: '0.0', punches: 0, outside: false },
  ],
};

describe('an order line basis', () => {
  it('lays a month out Monday to Sunday', () => {
    const grid = monthGrid('2026-10', 31);
    expect(grid.slice(0, 4)).toEqual([null, null, null, 1]);
    expect(grid).toHaveLength(34);
    expect(monthGrid('2026-06', 30)[0]).toBe(1);
  });

  it('shows the approver the anomaly banner, the raised line flagged red with its detail, and the worker month', async () => {
    const { called } = renderPage(<FinanceOrderDetail />, {
      ['/finance/project/v1/orders/Orderdetails']: { code: 201, data: detail },
      ['/finance/project/v1/orders/Linebasis']: { code: 201, data: basis },
      ['/finance/project/v1/orders/Attendance']: { code: 201, data: month },
    }, { path: '/?id=5' });
    const banner = await screen.findByTestId('basis-banner');
    expect(banner.textContent).toContain('1 条明细存在异常');
    expect(banner.textContent).toContain('合计 107,700.00 元');
    expect(banner.closest('.ant-alert-error')).toBeTruthy();
    const tag = await screen.findByTestId('basis-anomaly');
    expect(tag.textContent).toBe('单月工资超过5万元');
    expect(tag.classList.contains('ant-tag-red') || tag.className.includes('red')).toBe(true);
    expect(screen.getByTestId('order-basis').contains(tag)).toBe(true);
    expect(screen.getByTestId('order-payouts')).toBeTruthy();
    const row = tag.closest('tr')!;
    for (const text of ['99,999.99', '3,000.01', '奖金', '日薪 350.00 元/日', '22']) expect(within(row as HTMLElement).getAllByText(text).length).toBeGreaterThan(0);
    fireEvent.mouseEnter(tag);
    expect(await screen.findByText('实发99,999.99元，超过50,000.00元')).toBeTruthy();
    expect(called('/finance/project/v1/orders/Linebasis')[0].body.get('id')).toBe('5');

    fireEvent.click(within(row as HTMLElement).getByText('李建军'));
    await waitFor(() => expect(called('/finance/project/v1/orders/Attendance')).toHaveLength(1));
    expect(called('/finance/project/v1/orders/Attendance')[0].body.get('workerId')).toBe('4');
    expect(await screen.findByText('李建军 · 2026-10 考勤（只读）')).toBeTruthy();
    const eighth = await screen.findByTestId('attendance-day-8');
    expect(eighth.textContent).toContain('出勤');
    expect(eighth.textContent).toContain('9.0 小时 · 打卡 2 次');
    expect(screen.getByTestId('attendance-day-9').textContent).toContain('人工修正');
    expect(screen.queryByRole('button', { name: /修\s*正/ })).toBeNull();
  });

  it('lists each line\'s dates for the approver, a 补差 line with the sheet that paid the days first', async () => {
    const topup = line({
      payoutId: 43, lineId: 9, workerId: 5, name: '王志强', days: 0, prefill: '150.00', payable: '150.00', net: '150.00', topupDays: 3, topup: '150.00',
      basis: '补差 3 天 × 50.00元 = 150.00元',
      paid: {
        dates: '', topupDates: '10-03~10-05（300.00→350.00元/日）',
        days: ['03', '04', '05'].map((day) => ({ day: `2026-10-${day}`, wageKind: 'day', wage: '350.00', attended: true, topupFrom: '300.00' })),
        elsewhere: [{ sheetId: 3, sheetLabel: '2026-10 工资表 · 钢筋班（编号3）', statusLabel: '已发放', dates: '10-03~10-05', topupDates: '' }],
      },
    });
    const { called } = renderPage(<FinanceOrderDetail />, {
      ['/finance/project/v1/orders/Orderdetails']: { code: 201, data: detail },
      ['/finance/project/v1/orders/Linebasis']: { code: 201, data: { ...basis, anomalyLines: 0, lines: { ...basis.lines, list: [line({}), topup] } } },
    }, { path: '/?id=5' });
    expect((await screen.findByTestId('basis-paid-41-dates')).textContent).toBe('10-01~10-22');
    expect(screen.getByTestId('basis-paid-43-topup').textContent).toBe('补差 10-03~10-05（300.00→350.00元/日）');
    fireEvent.click(screen.getByTestId('basis-paid-43-toggle'));
    const opened = await screen.findByTestId('basis-paid-detail-43');
    expect(opened.textContent).toContain('10-05 补差 300.00→350.00元/日');
    expect(opened.textContent).toContain('本月其他工资表已计发：2026-10 工资表 · 钢筋班（编号3）（已发放）：10-03~10-05');
    // Opening the dates is not a click on the row (which opens the worker's attendance).
    expect(called('/finance/project/v1/orders/Attendance')).toHaveLength(0);
  });

  it("shows the approver the workers' confirmations: the counts above the lines and each line's answer", async () => {
    const disputed = line({
      payoutId: 44, lineId: 10, workerId: 6, name: '吴确认',
      workerConfirmation: confirmation({
        status: 'disputed', statusLabel: '有异议', disputeReason: 'days', disputeReasonLabel: '出勤天数不对', disputeText: '月底两天没算',
        answer: '已核对，下月补发', answeredAt: '2026-11-03 09:00:00',
      }),
    });
    const pending = line({ payoutId: 45, lineId: 11, workerId: 7, name: '郑待定', workerConfirmation: confirmation({ status: 'pending', statusLabel: '待确认', decidedAt: '' }) });
    renderPage(<FinanceOrderDetail />, {
      ['/finance/project/v1/orders/Orderdetails']: { code: 201, data: detail },
      ['/finance/project/v1/orders/Linebasis']: {
        code: 201,
        data: { ...basis, lineCount: 3, unconfirmed: 1, disputed: 1, unanswered: 0, lines: { ...basis.lines, list: [line({}), disputed, pending], total: 3 } },
      },
    }, { path: '/?id=5' });
    const counts = await screen.findByTestId('basis-confirmations');
    expect(counts.textContent).toBe('工人确认：未确认 1 人 · 有异议 1 人（未答复 0 人） · 共 3 人');
    const states = screen.getAllByTestId('worker-confirmation').map((cell) => cell.textContent);
    expect(states[0]).toBe('已确认2026-11-02 20:15:00');
    expect(states[1]).toContain('有异议出勤天数不对');
    expect(states[1]).toContain('答复（2026-11-03 09:00:00）：已核对，下月补发');
    expect(states[2]).toBe('待确认');
  });

  it('asks only for the flagged lines when 只看异常 is on', async () => {
    const { called } = renderPage(<FinanceOrderDetail />, {
      ['/finance/project/v1/orders/Orderdetails']: { code: 201, data: detail },
      ['/finance/project/v1/orders/Linebasis']: { code: 201, data: basis },
    }, { path: '/?id=5' });
    fireEvent.click(await screen.findByRole('switch', { name: '只看异常' }));
    await waitFor(() => expect(called('/finance/project/v1/orders/Linebasis').some((call) => call.body.get('anomalous') === '1')).toBe(true));
  });

  it('tells the approver when 工资核查 finds nothing', async () => {
    renderPage(<FinanceOrderDetail />, {
      ['/finance/project/v1/orders/Orderdetails']: { code: 201, data: detail },
      ['/finance/project/v1/orders/Linebasis']: { code: 201, data: { ...basis, anomalyLines: 0, lines: { ...basis.lines, list: [line({})] } } },
    }, { path: '/?id=5' });
    const banner = await screen.findByTestId('basis-banner');
    expect(banner.textContent).toBe('工资核查未发现异常：共 2 人，合计 107,700.00 元');
  });

  it('gives the clerk the same basis without the approver drawer', async () => {
    const { called } = renderPage(<ClerkOrderDetail />, {
      ['/builder/wage/v1/Order/detail']: { code: 201, data: detail },
      ['/builder/wage/v1/Order/basis']: { code: 201, data: basis },
    }, { path: '/?id=5' });
    const tag = await screen.findByTestId('basis-anomaly');
    expect(called('/builder/wage/v1/Order/basis')[0].url).toContain('id=5');
    fireEvent.click(within(tag.closest('tr') as HTMLElement).getByText('李建军'));
    expect(screen.queryByText('李建军 · 2026-10 考勤（只读）')).toBeNull();
    expect(called('/finance/project/v1/orders/Attendance')).toHaveLength(0);
  });
});
