import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import { useProjectInView } from '@/store/projectInView';
import type { ApiUrl } from '@/test/fetchMock';
import Reconciliation from './Reconciliation';
import type { ReconDay, ReconLine, Reconciliation as Reply } from './service';

const RECON: ApiUrl = '/builder/special/v1/Account/reconciliation';
const UPLOAD: ApiUrl = '/builder/special/v1/Account/statement';
const SANDBOX: ApiUrl = '/builder/special/v1/Account/sandboxStatement';

const line = (extra: Partial<ReconLine>): ReconLine => ({
  date: '2026-11-05', direction: 'out', directionLabel: '支出', amount: '5000.00', counterpartyName: '郑州某商贸有限公司',
  counterpartyAccount: '4100 2200 3300', bankRef: 'B20261105001', summary: '转账', foreignDebit: false, ageDays: 3, ...extra,
});
const day = (date: string, bank: string, ours: string, difference: string): ReconDay => ({
  date, bankBalance: bank, ourBalance: ours, difference, differs: difference !== '0.00',
});

const reply = (view: string, page: number, dayPage: number): Reply => ({
  state: 'differs', stateLabel: '不一致', firstDay: '2026-11-01', lastDay: '2026-11-05', statementLines: 12, pushedLines: 2, matched: 10, onlyBank: 2,
  onlyHere: 1, foreignDebits: 1, differingDays: 1, bankBalance: '1995000.00', ourBalance: '2000000.00',
  lines: {
    list: view === 'onlyHere'
      ? [line({ direction: 'in', directionLabel: '收入', amount: '300.00', summary: '人工费拨付', bankRef: '' })]
      : [line({ foreignDebit: true }), line({ direction: 'in', directionLabel: '收入', amount: '0.35', summary: '结息', bankRef: 'B2' })],
    total: view === 'onlyHere' ? 1 : 2, page, limit: 20,
  },
  days: {
    list: dayPage === 1 ? [day('2026-11-04', '2000000.00', '2000000.00', '0.00'), day('2026-11-05', '1995000.00', '2000000.00', '-5000.00')] : [],
    total: 2, page: dayPage, limit: 20,
  },
});

function show(roles: ('builder' | 'admin')[] = ['builder']) {
  return renderPage(<Reconciliation />, {
    [RECON]: ({ url }: { url: string }) => {
      const query = new URL(url, 'http://x').searchParams;
      return { code: 201, message: '', data: reply(query.get('view') ?? 'onlyBank', Number(query.get('page')), Number(query.get('dayPage'))) };
    },
    ['/builder/special/v1/Account/statementFormats']: {
      code: 201,
      data: [
        { code: 'generic', name: '通用对账单（CSV 或 Excel，UTF-8）' },
        { code: 'bank-csv-gbk', name: '银行账户明细（CSV，GBK，借贷分列）' },
      ],
    },
    [UPLOAD]: { code: 201, message: '对账单已导入', data: { stored: 12, known: 0 } },
    [SANDBOX]: () => new Response('日期,借贷', { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
  }, { roles });
}

describe('专户对账', () => {
  beforeEach(() => {
    useProjectInView.getState().clear();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:statement'), revokeObjectURL: vi.fn() });
  });

  it('shows the state, counts and balances, a debit not ours in red, the day-end balances, and pages each view on the server', async () => {
    const { called } = show();
    expect((await screen.findByTestId('recon-state')).textContent).toBe('不一致');
    expect(screen.getByTestId('recon-period').textContent).toBe('对账期间：2026-11-01 至 2026-11-05');
    expect(screen.getByTestId('recon-source').textContent).toBe('对账单 12 笔：银行推送 2 笔，项目上传 10 笔');
    expect(screen.getByTestId('recon-bank-balance').textContent).toContain('1,995,000.00');
    expect(screen.getByTestId('recon-our-balance').textContent).toContain('2,000,000.00');
    expect(screen.getByTestId('recon-foreign-debits').textContent).toContain('有 1 笔支出不是本系统发放的');
    const lines = screen.getByTestId('recon-lines');
    const foreign = within(lines).getByTestId('recon-foreign-debit').closest('tr')!;
    expect(foreign.textContent).toContain('不是本系统发放的支出');
    expect((within(foreign).getByText('5,000.00', { exact: false }) as HTMLElement).style.color).toBe('rgb(207, 19, 34)');
    expect(within(lines).getAllByTestId('recon-foreign-debit')).toHaveLength(1);
    expect(screen.getByText('共 2 笔')).toBeTruthy();

    const days = screen.getByTestId('recon-days');
    await waitFor(() => expect(days.querySelectorAll('tr.recon-differs')).toHaveLength(1));
    expect(days.querySelector('tr.recon-differs')!.textContent).toContain('-5,000.00');
    expect(within(days).getAllByText('一致')).toHaveLength(1);

    fireEvent.click(screen.getByText('仅本系统有（1）'));
    expect(await within(lines).findByText('人工费拨付')).toBeTruthy();
    await waitFor(() => expect(new URL(called(RECON).at(-1)!.url, 'http://x').searchParams.get('view')).toBe('onlyHere'));
    expect(within(lines).queryByTestId('recon-foreign-debit')).toBeNull();
    // The day-end balances are asked by their own page.
    expect(called(RECON).some((call) => new URL(call.url, 'http://x').searchParams.get('dayPage') === '1')).toBe(true);
  });

  it('lets the clerk upload the bank statement in its format and download the sandbox bank\'s', async () => {
    const { called } = show();
    await screen.findByTestId('recon-state');
    fireEvent.mouseDown(within(screen.getByTestId('statement-format')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('银行账户明细（CSV，GBK，借贷分列）'));
    fireEvent.click(screen.getByTestId('statement-sandbox'));
    await waitFor(() => expect(called(SANDBOX)).toHaveLength(1));
    expect(new URL(called(SANDBOX)[0].url, 'http://x').searchParams.get('format')).toBe('bank-csv-gbk');
    const before = called(RECON).length;
    const input = screen.getByTestId('statement-upload').closest('.ant-upload')!.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], '对账单.csv', { type: 'text/csv' })] } });
    expect(await screen.findByText('对账单已导入：新增 12 笔，此前已导入 0 笔')).toBeTruthy();
    expect(new URL(called(UPLOAD)[0].url, 'http://x').searchParams.get('format')).toBe('bank-csv-gbk');
    // The reconciliation is asked again with the new statement.
    await waitFor(() => expect(called(RECON).length).toBeGreaterThan(before));
  });

  it('is read by the regulator for the project in view, without uploads', async () => {
    useProjectInView.getState().view({ id: 1, name: '幸福里小区二期' });
    const { called } = show(['admin']);
    expect((await screen.findByTestId('recon-state')).textContent).toBe('不一致');
    expect(screen.queryByTestId('statement-upload')).toBeNull();
    expect(screen.queryByTestId('statement-sandbox')).toBeNull();
    expect(called('/builder/special/v1/Account/statementFormats')).toHaveLength(0);
    expect(new URL(called(RECON)[0].url, 'http://x').searchParams.get('projectId')).toBe('1');
  });
});
