import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import type { components } from '@/api/schema';
import OrderDetail from './OrderDetail';

type WageOrder = components['schemas']['WageOrder'];
type WageOrderDetail = components['schemas']['WageOrderDetail'];
type WagePayout = components['schemas']['WagePayout'];


const order: WageOrder = {
  id: 5,
  projectId: 1,
  projectName: '郑州市金水区幸福里安置房项目',
  orderNo: 'GZ202611240715109390',
  month: '2026-10',
  status: 'pending',
  statusLabel: '待审核',
  channel: 'api',
  total: '78836.55',
  lineCount: 10,
  paid: '0.00',
  failed: '0.00',
  reissueOf: null,
  reissueOfNo: '',
  remark: '',
  createdAt: '2026-11-24 07:15:10',
  createdBy: '张建国',
  decidedAt: '',
  decidedBy: '',
  decisionRemark: '',
  finishedAt: '',
};
const detail: WageOrderDetail = { order, sheets: [], lines: { list: [], total: 0, page: 1, limit: 20 }, invalidCards: 0 };

async function approve(decided: WageOrder) {
  const { called } = renderPage(<OrderDetail />, {
    ['/finance/project/v1/orders/Orderdetails']: { code: 201, data: detail },
    ['/finance/project/v1/orders/VerifyIdnumber']: { code: 201, data: { validUntil: 0 } },
    ['/finance/project/v1/orders/Orderaudit']: { code: 201, data: decided },
  }, { path: '/?id=5' });
  fireEvent.click(await screen.findByRole('button', { name: '审核通过' }));
  fireEvent.click(await screen.findByText('身份证号码'));
  fireEvent.change(await screen.findByTestId('verify-id'), { target: { value: '410105198805123025' } });
  fireEvent.click(screen.getByRole('button', { name: /验\s*证/ }));
  await waitFor(() => expect(called('/finance/project/v1/orders/Orderaudit')).toHaveLength(1));
  expect(called('/finance/project/v1/orders/Orderaudit')[0].body.get('status')).toBe('1');
}

const badLine: WagePayout = {
  id: 41, orderId: 5, orderNo: order.orderNo, month: '2026-10', lineId: 7, workerId: 3, name: '张海燕', idNumber: '410105199401091121',
  amount: '8160.00', cardNumber: '6222021002000001129', cardBank: '102', cardProblem: '卡号校验位错误', currentCard: '6222021002000001129',
  currentBank: '102', currentCardProblem: '卡号校验位错误', status: 'queued', statusLabel: '待审批', bankRef: '', failureReason: '',
  reissuedBy: null, settledAt: '', notReceived: false,
};

describe('finance OrderDetail', () => {
  it('tells the approver before approving which cards the bank will refuse', async () => {
    renderPage(<OrderDetail />, {
      ['/finance/project/v1/orders/Orderdetails']: { code: 201, data: { ...detail, lines: { list: [badLine], total: 1, page: 1, limit: 20 }, invalidCards: 1 } },
    }, { path: '/?id=5' });
    expect((await screen.findByTestId('order-invalid-cards')).textContent).toBe('有 1 笔明细的工资卡无效，审核通过后这些明细将支付失败，转入项目的工资发放异常处理');
    expect(screen.getByText('卡号校验位错误')).toBeTruthy();
  });


  it('warns when some lines failed at the bank', async () => {
    await approve({ ...order, status: 'partial', statusLabel: '部分发放', paid: '62676.55', failed: '16160.00' });
    const notice = await screen.findByText('审核通过，已支付 62,676.55 元；16,160.00 元支付失败，已转项目工资发放异常处理：GZ202611240715109390');
    expect(notice.closest('.ant-message-notice-warning')).toBeTruthy();
  });

  it('says the bank is still paying when it could not be reached', async () => {
    await approve({ ...order, status: 'paying', statusLabel: '支付中' });
    expect(await screen.findByText('审核通过，银行处理中，系统将自动继续发放：GZ202611240715109390')).toBeTruthy();
  });

  it('says the order waits for the bank when the special account pays by file', async () => {
    await approve({ ...order, status: 'paying', statusLabel: '待银行发放', channel: 'file' });
    expect(await screen.findByText('审核通过，待银行发放：请项目下载代发文件提交银行：GZ202611240715109390')).toBeTruthy();
  });

  it('leaves no label cell blank when the order has no 备注', async () => {
    renderPage(<OrderDetail />, { ['/finance/project/v1/orders/Orderdetails']: { code: 201, data: detail } }, { path: '/?id=5' });
    expect(await screen.findByTestId('order-total')).toBeTruthy();
    const labels = [...document.querySelectorAll('.ant-descriptions-item-label')];
    expect(labels.map((cell) => cell.textContent)).toContain('备注');
    for (const label of labels) expect(label.textContent?.trim(), 'every label has its name').not.toBe('');
    const remark = labels.find((cell) => cell.textContent === '备注')!.nextElementSibling;
    expect(remark?.textContent).toBe('—');
  });
});
