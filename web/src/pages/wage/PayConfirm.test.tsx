import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import Abnormal from './Abnormal';
import Accounting from './Accounting';
import Issue from './Issue';
import type { WageOptions, WagePayPreview, WagePayout, WageSheet } from './service';


const options: WageOptions = { units: [], teams: [], defaultMonth: '2026-10', checkKinds: [], balance: '800000.00' };
const sheet: WageSheet = {
  id: 3, projectId: 1, projectName: '幸福里小区二期', month: '2026-10', unitId: 4, unitName: '中建七局第二建筑有限公司', teamId: 0, teamName: '', status: 'draft',
  statusLabel: '未确认', orderId: null, lineCount: 12, payable: '123456.78', deduction: '0.00', net: '123456.78', createdAt: '', confirmedAt: '',
  seq: 1, kindLabel: '工资表', proration: 'statutory', prorationLabel: '月工资 ÷ 21.75 天 × 计薪天数（出勤工作日 + 法定节假日）', workingDays: 22,
  refreshedAt: '',
};
const preview: WagePayPreview = {
  workers: 12, total: '123456.78', balance: '100000.00', balanceAfter: '-23456.78', cardProblemCount: 1,
  cardProblems: [{ name: '王建军', cardNumber: '6222020200000000001', cardBankName: '中国工商银行', problem: '卡号校验位错误' }],
};
const page = (list: WageSheet[]) => ({ code: 201, data: { list, total: list.length, page: 1, limit: 20 } });

async function dialog() {
  return within((await screen.findByTestId('pay-summary')).closest('.ant-modal-container, .ant-modal-content') as HTMLElement);
}

function expectSummary() {
  const summary = screen.getByTestId('pay-summary');
  expect(summary.textContent).toContain('12 人');
  expect(summary.textContent).toContain('¥123,456.78');
  expect(summary.textContent).toContain('¥100,000.00');
  expect(screen.getByTestId('pay-balance-after').textContent).toBe('¥-23,456.78（专户余额不足）');
  expect(screen.getByTestId('pay-balance-after').style.color).toBe('rgb(207, 19, 34)');
  expect(screen.getByTestId('pay-card-problems').textContent).toContain('王建军：6222020200000000001（中国工商银行） · 卡号校验位错误');
}

describe('确认 a wage sheet', () => {
  const render = () => renderPage(<Accounting />, {
    ['/builder/wage/v1/Sheet/options']: { code: 201, data: options },
    ['/builder/wage/v1/Sheet/list']: page([sheet]),
    ['/builder/wage/v1/Sheet/preview']: { code: 201, data: preview },
    ['/builder/wage/v1/Sheet/confirm']: { code: 201, data: null },
  });

  it('shows what it will pay and changes nothing on cancel', async () => {
    const { called } = render();
    fireEvent.click(await screen.findByRole('button', { name: /^确\s*认$/ }));
    const modal = await dialog();
    expectSummary();
    expect(called('/builder/wage/v1/Sheet/preview')[0].url).toContain('ids=3');
    fireEvent.click(modal.getByRole('button', { name: /^取\s*消$/ }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(called('/builder/wage/v1/Sheet/confirm')).toHaveLength(0);
  });

  it('confirms on OK', async () => {
    const { called } = render();
    fireEvent.click(await screen.findByRole('button', { name: /^确\s*认$/ }));
    fireEvent.click((await dialog()).getByRole('button', { name: /^确\s*认$/ }));
    await waitFor(() => expect(called('/builder/wage/v1/Sheet/confirm')).toHaveLength(1));
    expect(called('/builder/wage/v1/Sheet/confirm')[0].body.get('id')).toBe('3');
  });
});

describe('提交审核 an order', () => {
  const confirmed = { ...sheet, status: 'confirmed', statusLabel: '已确认' };
  const render = () => renderPage(<Issue />, {
    ['/builder/wage/v1/Sheet/options']: { code: 201, data: options },
    ['/builder/wage/v1/Sheet/list']: page([confirmed]),
    ['/builder/wage/v1/Sheet/preview']: { code: 201, data: preview },
    ['/builder/wage/v1/Order/submit']: { code: 201, data: 9 },
  });
  const pick = async () => {
    await screen.findByText('中建七局第二建筑有限公司');
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    fireEvent.click(screen.getByRole('button', { name: '提交审核' }));
  };

  it('shows the balance after and changes nothing on cancel', async () => {
    const { called } = render();
    await pick();
    const modal = await dialog();
    expectSummary();
    fireEvent.click(modal.getByRole('button', { name: /^取\s*消$/ }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(called('/builder/wage/v1/Order/submit')).toHaveLength(0);
  });

  it('submits on OK', async () => {
    const { called } = render();
    await pick();
    fireEvent.click((await dialog()).getByRole('button', { name: '提交审核' }));
    await waitFor(() => expect(called('/builder/wage/v1/Order/submit')).toHaveLength(1));
    expect(called('/builder/wage/v1/Order/submit')[0].body.get('sheetIds')).toBe('3');
  });
});

describe('重新发放 failed lines', () => {
  const failed: WagePayout = {
    id: 21, orderId: 5, orderNo: 'GZ202611240715109390', month: '2026-10', workerId: 8, name: '王建军', idNumber: '', amount: '8160.50',
    cardNumber: '6222020200000000001', cardBank: '102', cardProblem: '卡号校验位错误', currentCard: '6222020200000000001', currentBank: '102',
    currentCardProblem: '卡号校验位错误', status: 'failed', statusLabel: '支付失败', bankRef: '', failureReason: '账户不存在',
  } as WagePayout;
  const render = () => renderPage(<Abnormal />, {
    ['/builder/wage/v1/Sheet/options']: { code: 201, data: options },
    ['/builder/wage/v1/Abnormal/list']: page([failed] as never),
    ['/builder/wage/v1/Abnormal/reissue']: { code: 201, data: 10 },
  });
  const pick = async () => {
    await screen.findByText('账户不存在');
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    fireEvent.click(screen.getByRole('button', { name: '重新发放' }));
  };

  it('shows the total, the refused card and the balance after; cancel changes nothing', async () => {
    const { called } = render();
    await pick();
    const modal = await dialog();
    const summary = screen.getByTestId('pay-summary').textContent;
    expect(summary).toContain('1 人');
    expect(summary).toContain('¥8,160.50');
    expect(screen.getByTestId('pay-balance-after').textContent).toBe('¥791,839.50');
    expect(screen.getByTestId('pay-card-problems').textContent).toContain('王建军：6222020200000000001 · 卡号校验位错误');
    fireEvent.click(modal.getByRole('button', { name: /^取\s*消$/ }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(called('/builder/wage/v1/Abnormal/reissue')).toHaveLength(0);
  });

  it('confirms with the card as corrected after the line was picked', async () => {
    let corrected = false;
    const fixed = { ...failed, currentCard: '6222021002000001129', currentCardProblem: '' };
    renderPage(<Abnormal />, {
      ['/builder/wage/v1/Sheet/options']: { code: 201, data: options },
      ['/builder/wage/v1/Abnormal/list']: () => ({ code: 201, message: '', data: { list: [corrected ? fixed : failed], total: 1, page: 1, limit: 20 } }),
      ['/builder/wage/v1/Abnormal/card']: () => {
        corrected = true;
        return { code: 201, message: '修改成功', data: null };
      },
    });
    await screen.findByText('账户不存在');
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    fireEvent.click(screen.getByRole('button', { name: '修改工资卡' }));
    fireEvent.change(await screen.findByTestId('card-input'), { target: { value: fixed.currentCard } });
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    await screen.findByText(fixed.currentCard);
    fireEvent.click(screen.getByRole('button', { name: '重新发放' }));
    expect((await screen.findByTestId('pay-summary')).textContent).toContain('¥8,160.50');
    expect(screen.queryByTestId('pay-card-problems')).toBeNull();
  });

  it('re-issues on OK', async () => {
    const { called } = render();
    await pick();
    fireEvent.click((await dialog()).getByRole('button', { name: '重新发放' }));
    await waitFor(() => expect(called('/builder/wage/v1/Abnormal/reissue')).toHaveLength(1));
    expect(called('/builder/wage/v1/Abnormal/reissue')[0].body.get('ids')).toBe('21');
  });
});
