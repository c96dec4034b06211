import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import Abnormal from './Abnormal';
import type { WageOptions, WagePayout } from './service';

const options: WageOptions = { units: [], teams: [], defaultMonth: '2026-10', checkKinds: [], balance: '800000.00' };
const notReceived: WagePayout = {
  id: 31, orderId: 6, orderNo: 'GZ202611240715109391', month: '2026-10', lineId: 77, workerId: 9, name: '赵建军', idNumber: '',
  amount: '3850.00', cardNumber: '6217000012999003105', cardBank: '105', cardProblem: '', currentCard: '6217000012999003105',
  currentBank: '105', currentCardProblem: '', status: 'paid', statusLabel: '已支付', bankRef: 'SBX-1', failureReason: '',
  reissuedBy: null, settledAt: '2026-11-05 10:31:00', notReceived: true,
};

describe('异常处理: a paid line the worker says never reached him', () => {
  it('is marked, cannot be re-issued, and is answered to the worker', async () => {
    const { called } = renderPage(<Abnormal />, {
      ['/builder/wage/v1/Sheet/options']: { code: 201, data: options },
      ['/builder/wage/v1/Abnormal/list']: { code: 201, data: { list: [notReceived], total: 1, page: 1, limit: 20 } },
      ['/builder/wage/v1/Sheet/answerDispute']: { code: 201, data: null },
    });
    expect((await screen.findByTestId('not-received-31')).textContent).toBe('已支付，工人反映未收到');
    expect(screen.getAllByRole('checkbox').at(-1)).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: '修改工资卡' })).toBeNull();
    fireEvent.click(screen.getByTestId('answer-not-received-31'));
    fireEvent.change(await screen.findByTestId('answer-text'), { target: { value: '已与银行核实，款项已于11月5日入账' } });
    fireEvent.click(screen.getByTestId('answer-submit'));
    await waitFor(() => expect(called('/builder/wage/v1/Sheet/answerDispute')).toHaveLength(1));
    const body = called('/builder/wage/v1/Sheet/answerDispute')[0].body;
    expect(body.get('lineId')).toBe('77');
    expect(body.get('answer')).toBe('已与银行核实，款项已于11月5日入账');
  });
});
