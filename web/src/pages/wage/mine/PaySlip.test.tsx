import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWorkerPage } from '@/test/renderWorkerPage';
import type { MyPaySlip, MyWageLine } from './service';

const LIST = '/worker/wage/v1/Wage/list';
const DETAIL = '/worker/wage/v1/Wage/detail';
const CONFIRM = '/worker/wage/v1/Wage/confirm';
const DISPUTE = '/worker/wage/v1/Wage/dispute';

const wageLine = (extra: Partial<MyWageLine>): MyWageLine => ({
  id: 41, projectId: 1, projectName: '郑州市金水区幸福里安置房项目', month: '2026-10', days: 2, payable: '700.00', deduction: '50.00', net: '650.00',
  state: 'to_confirm', stateLabel: '待确认', paidAt: '', bankName: '中国建设银行', cardNumber: '6217*********0312', ...extra,
});

const slip = (extra: Partial<MyPaySlip> = {}, line: Partial<MyWageLine> = {}): MyPaySlip => ({
  line: wageLine(line), unitName: '河南省第一建筑工程集团有限责任公司', teamName: '确认甲班', wageKind: 'day', wage: '350.00', prefill: '700.00',
  deduction: '50.00', adjustment: '0.00', reason: '预支生活费扣回', adjustments: [], basis: '350.00元 × 2天 = 700.00元',
  paid: {
    dates: '10-08~10-09', topupDates: '', elsewhere: [],
    days: [
      { day: '2026-10-08', wageKind: 'day', wage: '350.00', attended: true, topupFrom: '' },
      { day: '2026-10-09', wageKind: 'day', wage: '350.00', attended: true, topupFrom: '' },
    ],
  },
  orderId: 0, bankRef: '', failureReason: '',
  confirmation: { status: 'pending', statusLabel: '待确认', decidedAt: '', disputeReason: '', disputeReasonLabel: '', disputeText: '', answer: '', answeredAt: '' },
  ...extra,
});

describe('the worker\'s wages', () => {
  it('lists his lines with state and net, each opening its pay slip', async () => {
    const { called, where } = renderWorkerPage('/w/wages', {
      [LIST]: { code: 201, data: { list: [wageLine({}), wageLine({ id: 40, month: '2026-09', state: 'paid', stateLabel: '已发放', paidAt: '2026-10-15 10:02', net: '7000.00' })], total: 2, page: 1, limit: 12 } },
      [DETAIL]: { code: 201, data: slip() },
    });
    const first = await screen.findByTestId('my-wage-41', {}, { timeout: 20_000 });
    expect(within(first).getByTestId('my-wage-state').textContent).toBe('待确认');
    expect(within(first).getByTestId('my-wage-net').textContent).toBe('¥650.00');
    const paid = screen.getByTestId('my-wage-40');
    expect(within(paid).getByTestId('my-wage-state').textContent).toBe('已发放');
    expect(within(paid).getByTestId('my-wage-net').textContent).toBe('¥7,000.00');
    expect(paid.textContent).toContain('2026-10-15 发放');
    expect(screen.getByTestId('my-wages-to-confirm').textContent).toContain('有 1 个月的工资等待您确认');
    expect(screen.queryByTestId('my-wages-more')).toBeNull();
    expect(new URL(called(LIST)[0].url, 'http://x').searchParams.get('page')).toBe('1');
    fireEvent.click(first);
    await waitFor(() => expect(where()).toBe('/w/wages/41'));
    expect((await screen.findByTestId('pay-slip-net')).textContent).toBe('¥650.00');
  });

  it('shows the pay slip and confirms it', async () => {
    let confirmed = false;
    const { called } = renderWorkerPage('/w/wages/41', {
      [DETAIL]: () => ({
        code: 201,
        message: '操作成功!',
        data: confirmed
          ? slip({ confirmation: { ...slip().confirmation, status: 'confirmed', decidedAt: '2026-11-02 20:15:00' } }, { state: 'confirmed' })
          : slip(),
      }),
      [CONFIRM]: () => {
        confirmed = true;
        return { code: 201, message: '操作成功!', data: null };
      },
      [LIST]: { code: 201, data: { list: [], total: 0, page: 1, limit: 12 } },
    });
    const page = await screen.findByTestId('pay-slip', {}, { timeout: 20_000 });
    expect(screen.getByTestId('pay-slip-state').textContent).toBe('待确认');
    expect(screen.getByTestId('pay-slip-days').textContent).toBe('2 天');
    for (const text of ['¥700.00', '¥50.00', '预支生活费扣回', '¥350.00/日', '确认甲班', '6217*********0312']) expect(page.textContent).toContain(text);
    expect(within(screen.getByTestId('pay-slip-dates')).getAllByRole('row')).toHaveLength(3);
    expect(new URL(called(DETAIL)[0].url, 'http://x').searchParams.get('id')).toBe('41');
    fireEvent.click(screen.getByTestId('pay-slip-confirm'));
    const ask = await waitFor(() => document.querySelector('.ant-modal-confirm') as HTMLElement);
    expect(ask.textContent).toContain('实发 ¥650.00');
    fireEvent.click(within(ask).getByRole('button', { name: '确认无误' }));
    await waitFor(() => expect(called(CONFIRM)).toHaveLength(1));
    expect(called(CONFIRM)[0].body.get('id')).toBe('41');
    await waitFor(() => expect(screen.getByTestId('pay-slip-state').textContent).toBe('已确认'));
    expect(screen.queryByTestId('pay-slip-confirm')).toBeNull();
    expect(screen.queryByTestId('pay-slip-dispute')).toBeNull();
    expect(screen.getByTestId('pay-slip-confirmation').textContent).toContain('2026-11-02 20:15:00');
  });

  it('disputes an unpaid line with a reason of the list and a text', async () => {
    const { called } = renderWorkerPage('/w/wages/41', {
      [DETAIL]: { code: 201, data: slip() },
      [DISPUTE]: { code: 201, data: null },
      [LIST]: { code: 201, data: { list: [], total: 0, page: 1, limit: 12 } },
    });
    fireEvent.click(await screen.findByTestId('pay-slip-dispute', {}, { timeout: 20_000 }));
    const form = screen.getByTestId('dispute-form');
    expect(within(form).queryByText('未收到工资')).toBeNull();
    fireEvent.click(within(form).getByTestId('dispute-submit'));
    expect(await within(form).findByText('请选择异议原因')).toBeTruthy();
    fireEvent.click(within(form).getByText('出勤天数不对'));
    fireEvent.change(within(form).getByTestId('dispute-text'), { target: { value: '10月10日出勤未计入' } });
    fireEvent.click(within(form).getByTestId('dispute-submit'));
    await waitFor(() => expect(called(DISPUTE)).toHaveLength(1));
    expect(Object.fromEntries(called(DISPUTE)[0].body)).toEqual({ id: '41', reason: 'days', text: '10月10日出勤未计入' });
  });

  it('offers only 未收到工资 on a paid line, and shows the bank reference and the answer to a dispute', async () => {
    const paid = slip({ bankRef: 'SANDBOX-000123', orderId: 5 }, { state: 'paid', stateLabel: '已发放', paidAt: '2026-11-05 10:02' });
    paid.confirmation = { ...paid.confirmation, status: 'confirmed', decidedAt: '2026-11-02 20:15:00' };
    renderWorkerPage('/w/wages/41', { [DETAIL]: { code: 201, data: paid } });
    expect((await screen.findByTestId('pay-slip-bank-ref', {}, { timeout: 20_000 })).textContent).toBe('SANDBOX-000123');
    expect(screen.getByTestId('pay-slip-state').textContent).toBe('已发放');
    expect(screen.getByTestId('pay-slip-payment').textContent).toContain('2026-11-05 10:02');
    fireEvent.click(screen.getByTestId('pay-slip-dispute'));
    const form = screen.getByTestId('dispute-form');
    expect(within(form).getAllByRole('radio')).toHaveLength(1);
    expect(within(form).getByText('未收到工资')).toBeTruthy();
  });

  it('shows his dispute and the clerk\'s answer, with no more actions', async () => {
    const answered = slip({
      confirmation: {
        status: 'disputed', statusLabel: '有异议', decidedAt: '2026-11-02 21:00:00', disputeReason: 'days', disputeReasonLabel: '出勤天数不对',
        disputeText: '月底两天没算', answer: '已核对，下月补发', answeredAt: '2026-11-03 09:00:00',
      },
    }, { state: 'disputed', stateLabel: '有异议' });
    renderWorkerPage('/w/wages/41', { [DETAIL]: { code: 201, data: answered } });
    expect((await screen.findByTestId('pay-slip-answer', {}, { timeout: 20_000 })).textContent).toContain('已核对，下月补发');
    expect(screen.getByTestId('pay-slip-dispute-reason').textContent).toBe('出勤天数不对');
    expect(screen.getByTestId('pay-slip-state').textContent).toBe('有异议');
    expect(screen.queryByTestId('pay-slip-confirm')).toBeNull();
    expect(screen.queryByTestId('pay-slip-dispute')).toBeNull();
    expect(screen.getByTestId('pay-slip-print')).toBeTruthy();
  });
});
