import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formErrors, renderPage } from '@/test/renderPage';
import type { WageLine, WageSheet, WageSheetDetail } from './service';
import Accounting from './Accounting';


describe('Accounting', () => {
  it('新建工资表 submitted empty shows what is missing, sends nothing and raises no page error', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    const { called } = renderPage(<Accounting />, {
      ['/builder/wage/v1/Sheet/options']: { code: 201, data: { units: [], teams: [], defaultMonth: '2026-10', checkKinds: [], balance: '' } },
      ['/builder/wage/v1/Sheet/list']: { code: 201, data: { list: [], total: 0, page: 1, limit: 20 } },
    });
    fireEvent.click(await screen.findByRole('button', { name: '新建工资表' }));
    fireEvent.click(await screen.findByRole('button', { name: /^生\s*成$/ }));
    await waitFor(() => expect(formErrors()).toContain('请选择参建单位'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    process.off('unhandledRejection', onRejection);
    expect(rejections).toEqual([]);
    expect(called('/builder/wage/v1/Sheet/create')).toHaveLength(0);
  });
});

const draft: WageSheet = {
  id: 5, projectId: 1, projectName: '幸福里小区二期', month: '2026-10', unitId: 4, unitName: '中建七局第二建筑有限公司', teamId: 7, teamName: '钢筋班', status: 'draft',
  statusLabel: '未确认', orderId: null, lineCount: 1, payable: '3310.34', deduction: '0.00', net: '3010.34', createdAt: '', confirmedAt: '',
  seq: 2, kindLabel: '补充工资表（第2张）', proration: 'statutory', prorationLabel: '月工资 ÷ 21.75 天 × 计薪天数（出勤工作日 + 法定节假日）',
  workingDays: 22, refreshedAt: '2026-11-02 09:30:00',
};
const line: WageLine = {
  id: 41, workerId: 9, name: '王建军', idNumber: '4101**********1007', days: 12, holidayDays: 1, overtimeDays: 2, wage: '6000.00', wageKind: 'month',
  prefill: '3310.34', payable: '3310.34', deduction: '0.00', adjustment: '300.00', net: '3010.34', reason: '',
  basis: '6000.00元 ÷ 21.75 × 12天 = 3310.34元', cardNumber: '', cardBank: '', cardBankName: '', cardProblem: '',
  topupDays: 0, topup: '0.00',
  workerConfirmation: {
    status: 'none', statusLabel: '未征询', decidedAt: '', disputeReason: '', disputeReasonLabel: '', disputeText: '', answer: '', answeredAt: '',
  },
  paid: {
    dates: '10-20~10-31', topupDates: '',
    days: [{ day: '2026-10-20', wageKind: 'month', wage: '6000.00', attended: true, topupFrom: '' }],
    elsewhere: [{ sheetId: 3, sheetLabel: '2026-10 工资表 · 钢筋班（编号3）', statusLabel: '已发放', dates: '10-08~10-17', topupDates: '' }],
  },
};
/** A 补差 line: three days paid at 300.00 before a raise to 350.00, made good. */
const topupLine: WageLine = {
  ...line, id: 42, workerId: 10, name: '李志强', days: 0, holidayDays: 0, overtimeDays: 0, wage: '350.00', wageKind: 'day',
  prefill: '150.00', payable: '150.00', adjustment: '0.00', net: '150.00', basis: '补差 3 天 × 50.00元 = 150.00元', topupDays: 3, topup: '150.00',
  paid: {
    dates: '', topupDates: '10-03~10-05（300.00→350.00元/日）',
    days: ['03', '04', '05'].map((day) => ({ day: `2026-10-${day}`, wageKind: 'day', wage: '350.00', attended: true, topupFrom: '300.00' })),
    elsewhere: [{ sheetId: 3, sheetLabel: '2026-10 工资表 · 钢筋班（编号3）', statusLabel: '已发放', dates: '10-03~10-05', topupDates: '' }],
  },
};
const detail: WageSheetDetail = {
  sheet: draft,
  lines: { list: [line], total: 1, page: 1, limit: 20 },
  differences: [{ workerId: 9, name: '王建军', daysOnSheet: 12, daysNow: 13, standardChanged: false }],
  differenceCount: 1,
  adjustments: [{ lineId: 41, day: '2026-09-30', amount: '300.00', reason: '王建军：当天未进场，误刷卡' }],
};
const options = { code: 201, data: { units: [{ id: 4, name: '中建七局第二建筑有限公司' }], teams: [], defaultMonth: '2026-10', checkKinds: [], balance: '' } };
const RULES = {
  choices: [
    { value: 'statutory', label: '月工资 ÷ 21.75 天 × 计薪天数（出勤工作日 + 法定节假日）' },
    { value: 'working_days', label: '月工资 ÷ 当月工作日 × 出勤工作日' },
  ],
};

describe('Accounting sheet view', () => {
  it('shows the sheet kind, its rule and working days, the day columns, the basis and the take-back with its reason', async () => {
    renderPage(<Accounting />, {
      ['/builder/wage/v1/Sheet/options']: options,
      ['/builder/wage/v1/Sheet/list']: { code: 201, data: { list: [draft], total: 1, page: 1, limit: 20 } },
      ['/builder/wage/v1/Sheet/detail']: { code: 201, data: detail },
    });
    expect(await screen.findByText('补充工资表（第2张）')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '查看' }));
    expect(await screen.findByText('2026-10 补充工资表（第2张） · 中建七局第二建筑有限公司 · 钢筋班')).toBeTruthy();
    expect(screen.getByTestId('sheet-rule').textContent).toBe(
      '计薪规则：月工资 ÷ 21.75 天 × 计薪天数（出勤工作日 + 法定节假日） · 当月工作日 22 天 · 考勤取数于 2026-11-02 09:30:00');
    for (const title of ['出勤天数', '法定节假日', '加班天数', '工资标准', '应发（元）', '扣款（元）', '扣回（元）', '实发（元）']) {
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    }
    fireEvent.mouseEnter(await screen.findByTestId('payable-41'));
    expect((await screen.findByTestId('basis-41')).textContent).toContain('6000.00元 ÷ 21.75 × 12天 = 3310.34元');
    fireEvent.mouseEnter(screen.getByText('300.00'));
    expect(await screen.findByText(/2026-09-30 扣回 300.00 元：王建军：当天未进场，误刷卡/)).toBeTruthy();
  });

  it('opens the sheet named in the address (the attendance sheet links a paid day to it)', async () => {
    const { called } = renderPage(<Accounting />, {
      ['/builder/wage/v1/Sheet/options']: options,
      ['/builder/wage/v1/Sheet/list']: { code: 201, data: { list: [draft], total: 1, page: 1, limit: 20 } },
      ['/builder/wage/v1/Sheet/detail']: { code: 201, data: detail },
    }, { path: '/project/accounting?sheet=5' });
    expect(await screen.findByText('2026-10 补充工资表（第2张） · 中建七局第二建筑有限公司 · 钢筋班')).toBeTruthy();
    expect(new URL(called('/builder/wage/v1/Sheet/detail')[0].url, 'http://x').searchParams.get('id')).toBe('5');
  });

  it('warns when a draft no longer matches attendance and refreshes it after asking', async () => {
    const { called } = renderPage(<Accounting />, {
      ['/builder/wage/v1/Sheet/options']: options,
      ['/builder/wage/v1/Sheet/list']: { code: 201, data: { list: [draft], total: 1, page: 1, limit: 20 } },
      ['/builder/wage/v1/Sheet/detail']: { code: 201, data: detail },
      ['/builder/wage/v1/Sheet/refresh']: { code: 201, data: null },
    });
    fireEvent.click(await screen.findByRole('button', { name: '查看' }));
    const banner = await screen.findByTestId('stale-banner');
    expect(banner.textContent).toContain('1 名工人的出勤与工资表不一致');
    expect(banner.textContent).toContain('王建军：表中12天 → 现在13天');
    fireEvent.click(screen.getByTestId('refresh-days'));
    fireEvent.click(await screen.findByRole('button', { name: /^刷\s*新$/ }));
    await waitFor(() => expect(called('/builder/wage/v1/Sheet/refresh')).toHaveLength(1));
    expect(called('/builder/wage/v1/Sheet/refresh')[0].body.get('id')).toBe('5');
  });

  it('says which worker\'s standard changed since the draft took the days', async () => {
    const raised = { ...detail, differences: [{ workerId: 9, name: '王建军', daysOnSheet: 12, daysNow: 12, standardChanged: true }] };
    renderPage(<Accounting />, {
      ['/builder/wage/v1/Sheet/options']: options,
      ['/builder/wage/v1/Sheet/list']: { code: 201, data: { list: [draft], total: 1, page: 1, limit: 20 } },
      ['/builder/wage/v1/Sheet/detail']: { code: 201, data: raised },
    });
    fireEvent.click(await screen.findByRole('button', { name: '查看' }));
    expect((await screen.findByTestId('stale-banner')).textContent).toContain('王建军：工资标准已调整，需按现行标准重算');
  });

  it('lists the dates each line pays, opens them day by day with the sheets that paid the other days, and exports', async () => {
    const createObjectURL = vi.fn(() => 'blob:sheet');
    // jsdom has no object URLs: the download's link gets a stand-in.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { called } = renderPage(<Accounting />, {
      ['/builder/wage/v1/Sheet/options']: options,
      ['/builder/wage/v1/Sheet/list']: { code: 201, data: { list: [draft], total: 1, page: 1, limit: 20 } },
      ['/builder/wage/v1/Sheet/detail']: { code: 201, data: { ...detail, lines: { list: [line, topupLine], total: 2, page: 1, limit: 20 } } },
      ['/builder/wage/v1/Sheet/export']: () => new Response('xlsx', {
        status: 200, headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '查看' }));
    expect((await screen.findByTestId('paid-41-dates')).textContent).toBe('10-20~10-31');
    expect(screen.getByTestId('paid-42-dates').textContent).toBe('—');
    expect(screen.getByTestId('paid-42-topup').textContent).toBe('补差 10-03~10-05（300.00→350.00元/日）');
    fireEvent.click(screen.getByTestId('paid-42-toggle'));
    const opened = await screen.findByTestId('paid-detail-42');
    expect(opened.textContent).toContain('10-03 补差 300.00→350.00元/日');
    expect(within(opened).getByTestId('paid-detail-42-elsewhere').textContent).toContain('2026-10 工资表 · 钢筋班（编号3）（已发放）：10-03~10-05');
    expect(screen.queryByTestId('paid-detail-41')).toBeNull();
    fireEvent.mouseEnter(screen.getByTestId('payable-42'));
    expect((await screen.findByTestId('basis-42')).textContent).toContain('补差 3 天 × 50.00元 = 150.00元');
    fireEvent.click(screen.getByTestId('sheet-export'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(called('/builder/wage/v1/Sheet/export')[0].url).toContain('id=5');
  });

  it('shows the server refusal when a stale draft is confirmed', async () => {
    renderPage(<Accounting />, {
      ['/builder/wage/v1/Sheet/options']: options,
      ['/builder/wage/v1/Sheet/list']: { code: 201, data: { list: [draft], total: 1, page: 1, limit: 20 } },
      ['/builder/wage/v1/Sheet/preview']: { code: 201, data: { workers: 1, total: '3010.34', balance: '', balanceAfter: '', cardProblemCount: 0, cardProblems: [] } },
      ['/builder/wage/v1/Sheet/confirm']: { code: 401, message: '考勤已变化，请先刷新工资表再确认', data: null },
    });
    fireEvent.click(await screen.findByRole('button', { name: '确认' }));
    const dialog = (await screen.findByTestId('pay-summary')).closest('.ant-modal-container, .ant-modal-content') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /^确\s*认$/ }));
    expect(await screen.findByText('考勤已变化，请先刷新工资表再确认')).toBeTruthy();
  });

  it('says a new sheet is a 补充工资表 when the server made one', async () => {
    const { called } = renderPage(<Accounting />, {
      ['/builder/wage/v1/Sheet/options']: options,
      ['/builder/wage/v1/Sheet/list']: { code: 201, data: { list: [], total: 0, page: 1, limit: 20 } },
      ['/builder/wage/v1/Sheet/create']: { code: 201, data: 5 },
      ['/builder/wage/v1/Sheet/detail']: { code: 201, data: detail },
    });
    fireEvent.click(await screen.findByRole('button', { name: '新建工资表' }));
    fireEvent.mouseDown(within(await screen.findByTestId('sheet-unit')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('中建七局第二建筑有限公司'));
    fireEvent.click(await screen.findByRole('button', { name: /^生\s*成$/ }));
    expect(await screen.findByText('补充工资表（第2张）已生成')).toBeTruthy();
    expect(called('/builder/wage/v1/Sheet/create')[0].body.get('month')).toBe('2026-10');
  });
});

describe('计薪规则', () => {
  it('offers the server choices, reckons a trial by the chosen rule and saves the choice', async () => {
    const { called } = renderPage(<Accounting />, {
      ['/builder/wage/v1/Sheet/options']: options,
      ['/builder/wage/v1/Sheet/list']: { code: 201, data: { list: [], total: 0, page: 1, limit: 20 } },
      ['/builder/wage/v1/Sheet/settings']: (call) => call.method === 'POST'
        ? { code: 201, message: '', data: { ...RULES, proration: call.body.get('proration'), label: '月工资 ÷ 当月工作日 × 出勤工作日' } }
        : { code: 201, message: '', data: { ...RULES, proration: 'statutory', label: RULES.choices[0].label } },
    });
    fireEvent.click(await screen.findByRole('button', { name: '计薪规则' }));
    const statutory = await screen.findByRole('radio', { name: RULES.choices[0].label });
    // By antd's class, not the input's `checked`: under test every radio group is named 'test-id' (rc-component's
    // useId), so the trial's own radios, mounted later, take the native check from the rule's.
    await waitFor(() => expect(statutory.closest('label')?.classList.contains('ant-radio-wrapper-checked')).toBe(true));
    // A full month of working days at 6000 a month is the standard under either rule.
    expect(screen.getByTestId('trial-amount').textContent).toBe('6000.00');
    expect(screen.getByTestId('trial-basis').textContent).toBe('全月出勤，按月工资6000.00元');
    const firstWorking = [...screen.getByTestId('trial').querySelectorAll('[data-testid^="trial-day-"]')]
      .find((node) => node.classList.contains('ant-tag-checkable-checked')) as HTMLElement;
    fireEvent.click(firstWorking);
    await waitFor(() => expect(screen.getByTestId('trial-basis').textContent).toMatch(/^6000\.00元 ÷ 21\.75 × \d+天 = /));
    fireEvent.click(screen.getByRole('radio', { name: RULES.choices[1].label }));
    await waitFor(() => expect(screen.getByTestId('trial-basis').textContent).toMatch(/^6000\.00元 ÷ \d+ × \d+天 = /));
    fireEvent.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(called('/builder/wage/v1/Sheet/settings').filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(called('/builder/wage/v1/Sheet/settings').find((call) => call.method === 'POST')?.body.get('proration')).toBe('working_days');
    expect(called('/builder/wage/v1/Sheet/settings').find((call) => call.method === 'POST')?.body.get('confirmationRequired')).toBe('0');
  });

  it("saves whether workers must confirm before an order is submitted (shown, not required, by default)", async () => {
    const { called } = renderPage(<Accounting />, {
      ['/builder/wage/v1/Sheet/options']: options,
      ['/builder/wage/v1/Sheet/list']: { code: 201, data: { list: [], total: 0, page: 1, limit: 20 } },
      ['/builder/wage/v1/Sheet/settings']: { code: 201, message: '', data: { ...RULES, proration: 'statutory', label: RULES.choices[0].label, confirmationRequired: false } },
    });
    fireEvent.click(await screen.findByRole('button', { name: '计薪规则' }));
    const required = await screen.findByRole('switch', { name: '提交审核前须工人确认工资' });
    await waitFor(() => expect((required as HTMLButtonElement).disabled).toBe(false));
    expect(required.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(/默认只展示工人的确认情况，不作为提交条件/)).toBeTruthy();
    fireEvent.click(required);
    fireEvent.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(called('/builder/wage/v1/Sheet/settings').filter((call) => call.method === 'POST')).toHaveLength(1));
    const saved = called('/builder/wage/v1/Sheet/settings').find((call) => call.method === 'POST')!.body;
    expect(Object.fromEntries(saved)).toEqual({ proration: 'statutory', confirmationRequired: '1' });
  });
});

describe("the workers' confirmations on the sheet", () => {
  it('shows each line\'s answer and lets the clerk answer a dispute', async () => {
    const confirmed = { ...line, id: 51, name: '郑确认', workerConfirmation: { ...line.workerConfirmation, status: 'confirmed', decidedAt: '2026-11-02 20:15:00' } };
    const disputed = {
      ...line, id: 52, name: '吴异议',
      workerConfirmation: { ...line.workerConfirmation, status: 'disputed', decidedAt: '2026-11-02 21:00:00', disputeReason: 'days', disputeText: '月底两天没算' },
    };
    const sheet = { ...draft, status: 'confirmed', statusLabel: '已确认' };
    const { called } = renderPage(<Accounting />, {
      ['/builder/wage/v1/Sheet/options']: options,
      ['/builder/wage/v1/Sheet/list']: { code: 201, data: { list: [sheet], total: 1, page: 1, limit: 20 } },
      ['/builder/wage/v1/Sheet/detail']: { code: 201, data: { ...detail, sheet, differenceCount: 0, differences: [], lines: { list: [confirmed, disputed], total: 2, page: 1, limit: 20 } } },
      ['/builder/wage/v1/Sheet/answerDispute']: { code: 201, data: null },
    });
    fireEvent.click(await screen.findByRole('button', { name: '查看' }));
    await screen.findByText('吴异议');
    const [first, second] = screen.getAllByTestId('worker-confirmation');
    expect(first.textContent).toBe('已确认2026-11-02 20:15:00');
    expect(second.textContent).toContain('有异议出勤天数不对');
    expect(second.textContent).toContain('月底两天没算');
    expect(second.textContent).toContain('未答复');
    fireEvent.click(screen.getByTestId('answer-dispute-52'));
    const dialog = (await screen.findByText('答复异议 · 吴异议')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByTestId('answer-submit'));
    await waitFor(() => expect(formErrors()).toContain('请填写答复（2至200字）'));
    fireEvent.change(within(dialog).getByTestId('answer-text'), { target: { value: '已核对考勤，下月补发' } });
    fireEvent.click(within(dialog).getByTestId('answer-submit'));
    await waitFor(() => expect(called('/builder/wage/v1/Sheet/answerDispute')).toHaveLength(1));
    expect(Object.fromEntries(called('/builder/wage/v1/Sheet/answerDispute')[0].body)).toEqual({ lineId: '52', answer: '已核对考勤，下月补发' });
  });
});
