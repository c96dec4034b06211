import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import { useProjectInView } from '@/store/projectInView';
import type { ApiUrl } from '@/test/fetchMock';
import type { components } from '@/api/schema';
import OrderDetail from './OrderDetail';

type WageOrder = components['schemas']['WageOrder'];
type WageOrderBasis = components['schemas']['WageOrderBasis'];

const ORDER: ApiUrl = '/builder/wage/v1/Order/detail';
const BATCH: ApiUrl = '/builder/wage/v1/Payout/batchfile';
const RESULT: ApiUrl = '/builder/wage/v1/Payout/batchresult';
const SANDBOX: ApiUrl = '/builder/wage/v1/Payout/sandboxresult';

const order: WageOrder = {
  id: 5, projectId: 1, projectName: '郑州市金水区幸福里安置房项目', orderNo: 'GZ202611240715109390', month: '2026-10', status: 'paying',
  statusLabel: '待银行发放', channel: 'file', total: '78836.55', lineCount: 10, paid: '0.00', failed: '0.00', reissueOf: null, reissueOfNo: '',
  remark: '', createdAt: '2026-11-24 07:15:10', createdBy: '张建国', decidedAt: '2026-11-24 09:00:00', decidedBy: '李会计', decisionRemark: '', finishedAt: '',
};
const basis: WageOrderBasis = {
  orderId: 5, month: '2026-10', total: '78836.55', lineCount: 0, anomalyLines: 0, unconfirmed: 0, disputed: 0, unanswered: 0,
  lines: { list: [], total: 0, page: 1, limit: 20 },
};
const formats = [
  { code: 'generic-txt', name: '通用格式（文本，竖线分隔，UTF-8）' },
  { code: 'bank-csv-gbk', name: '银行代发模板（CSV，GBK）' },
];

/** A file the server names in Content-Disposition, as the batch and result files come. */
const named = (body: string, name: string) => () =>
  new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Disposition': `attachment; filename="batch"; filename*=UTF-8''${encodeURIComponent(name)}` },
  });

function show(status: string, channel = 'file', roles: ('builder' | 'admin')[] = ['builder']) {
  const detail = (state: string) => ({ order: { ...order, status: state, channel }, sheets: [], lines: { list: [], total: 0, page: 1, limit: 20 }, invalidCards: 0 });
  let current = status;
  const mock = renderPage(<OrderDetail />, {
    [ORDER]: () => ({ code: 201, message: '', data: detail(current) }),
    ['/builder/wage/v1/Order/basis']: { code: 201, data: basis },
    ['/builder/wage/v1/Payout/formats']: { code: 201, data: formats },
    [BATCH]: named('序号|账号|户名|金额|开户行|备注', `${order.orderNo}_代发.txt`),
    [SANDBOX]: named('回盘', `${order.orderNo}_回盘.txt`),
    [RESULT]: () => {
      current = 'partial';
      return { code: 201, message: '回盘文件已处理', data: { paid: 8, failed: 2, unchanged: 0 } };
    },
  }, { path: '/?id=5', roles });
  return mock;
}

const pick = (testId: string, name: string) => {
  const input = screen.getByTestId(testId).closest('.ant-upload')!.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['x'], name, { type: 'text/plain' })] } });
};

describe('工资单详情: an order paid by file', () => {
  beforeEach(() => {
    // jsdom has no object URLs: the download's link gets a stand-in.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() });
    useProjectInView.getState().clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('downloads the batch file in the format picked, plays the sandbox bank, uploads the result and refreshes the order', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { called } = show('paying');
    const section = await screen.findByTestId('batch-files');
    expect(within(section).getByTestId('batch-hint')).toBeTruthy();
    expect(screen.getByText('待银行发放')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '异常处理' })).toBeNull();

    fireEvent.mouseDown(within(screen.getByTestId('batch-format')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('银行代发模板（CSV，GBK）'));
    fireEvent.click(screen.getByTestId('batch-download'));
    await waitFor(() => expect(saved).toEqual([`${order.orderNo}_代发.txt`]));
    const download = new URL(called(BATCH)[0].url, 'http://x').searchParams;
    expect([download.get('orderId'), download.get('format')]).toEqual(['5', 'bank-csv-gbk']);

    pick('batch-sandbox', `${order.orderNo}_代发.txt`);
    await waitFor(() => expect(saved).toEqual([`${order.orderNo}_代发.txt`, `${order.orderNo}_回盘.txt`]));
    expect(new URL(called(SANDBOX)[0].url, 'http://x').searchParams.get('format')).toBe('bank-csv-gbk');
    expect(await screen.findByText('沙箱银行已生成回盘文件，请上传该回盘文件')).toBeTruthy();

    pick('batch-result-upload', `${order.orderNo}_回盘.txt`);
    expect((await screen.findByTestId('batch-outcome')).textContent).toBe('回盘文件已处理：发放成功 8 笔，发放失败 2 笔（已转异常处理）');
    const result = new URL(called(RESULT)[0].url, 'http://x').searchParams;
    expect(called(RESULT)[0].method).toBe('POST');
    expect([result.get('orderId'), result.get('format')]).toEqual(['5', 'bank-csv-gbk']);
    // The order is asked again: partly failed, its 异常处理 at hand.
    expect(await screen.findByRole('button', { name: '异常处理' })).toBeTruthy();
    expect(screen.queryByTestId('batch-hint')).toBeNull();
  });

  it('shows the refusal of a result file that does not fit the batch', async () => {
    const refusing = renderPage(<OrderDetail />, {
      [ORDER]: { code: 201, data: { order, sheets: [], lines: { list: [], total: 0, page: 1, limit: 20 }, invalidCards: 0 } },
      ['/builder/wage/v1/Order/basis']: { code: 201, data: basis },
      ['/builder/wage/v1/Payout/formats']: { code: 201, data: formats },
      [RESULT]: { code: 401, message: '第8行：金额与代发文件不符' },
    }, { path: '/?id=5' });
    await screen.findByTestId('batch-files');
    pick('batch-result-upload', '回盘.txt');
    expect(await screen.findByText('第8行：金额与代发文件不符')).toBeTruthy();
    expect(screen.queryByTestId('batch-outcome')).toBeNull();
    expect(refusing.called(RESULT)).toHaveLength(1);
  });

  it('offers no batch file for an order paid through the interface, pending, or to a regulator', async () => {
    show('paid', 'api');
    expect(await screen.findByText(`工资单 ${order.orderNo}`)).toBeTruthy();
    expect(screen.queryByTestId('batch-files')).toBeNull();
    cleanup();
    show('pending');
    expect(await screen.findByText(`工资单 ${order.orderNo}`)).toBeTruthy();
    expect(screen.queryByTestId('batch-files')).toBeNull();
    cleanup();
    useProjectInView.getState().view({ id: 1, name: '幸福里小区二期' });
    const { called } = show('paying', 'file', ['admin']);
    expect(await screen.findByText(`工资单 ${order.orderNo}`)).toBeTruthy();
    expect(screen.queryByTestId('batch-files')).toBeNull();
    expect(called('/builder/wage/v1/Payout/formats')).toHaveLength(0);
  });
});
