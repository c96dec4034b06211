import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import Water from './Water';
import type { FlowLine } from './service';


const flow = (id: number, direction: 'in' | 'out'): FlowLine => ({
  id,
  direction,
  directionLabel: direction === 'in' ? '收入' : '支出',
  amount: '300000.05',
  balanceAfter: '2300000.05',
  counterpartyName: '郑州市金水区城市建设投资有限公司',
  counterpartyAccount: '1702021109000123456',
  counterpartyBank: '中国工商银行郑州金水支行',
  summary: '人工费拨付',
  source: 'regulator',
  sourceLabel: '监管录入',
  bankRef: '',
  occurredAt: '2026-03-15 10:20:30',
});

describe('Water', () => {
  it('shows the flows with the balance and filters on the server', async () => {
    const { called } = renderPage(<Water />, {
      ['/builder/special/v1/Account/flows']: ({ url }: { url: string }) => {
        const direction = new URL(url, 'http://x').searchParams.get('direction');
        return { code: 201, message: '', data: { list: [flow(1, direction === 'out' ? 'out' : 'in')], total: 1, page: 1, limit: 20, sumIn: '300000.05', sumOut: '0.00', balance: '2300000.05' } };
      },
    });
    expect(await screen.findByText('+300,000.05')).toBeTruthy();
    expect(screen.getAllByText('2,300,000.05').length).toBeGreaterThan(0);
    expect(screen.getByText('共 1 笔')).toBeTruthy();
    fireEvent.click(screen.getByText('支出'));
    expect(await screen.findByText('-300,000.05')).toBeTruthy();
    await waitFor(() => expect(new URL(called('/builder/special/v1/Account/flows').at(-1)!.url, 'http://x').searchParams.get('direction')).toBe('out'));
  });
});
