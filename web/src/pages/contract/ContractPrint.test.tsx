import { screen } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import ContractPrint from './ContractPrint';
import { contractView } from './fixtures';


const DETAIL = '/builder/contract/v1/Contract/detail';

describe('ContractPrint', () => {
  it('shows the contract as a sheet and puts the print copy directly under <body>', async () => {
    const { called } = renderPage(<ContractPrint />, { [DETAIL]: { code: 201, data: contractView(6) } }, { path: '/system/contractPrint?id=6' });
    const sheet = await screen.findByTestId('contract-sheet');
    expect(sheet.querySelector('h1')?.textContent).toBe('建筑施工劳动合同');
    expect(sheet.textContent).toContain('工资标准为日薪350.00元');
    const copy = screen.getByTestId('contract-print-copy');
    expect(copy.parentElement).toBe(document.body);
    expect(copy.textContent).toContain('乙方（劳动者）：工人11');
    expect(copy.querySelector('button')).toBeNull();
    expect(new URL(called(DETAIL)[0].url, 'http://x').searchParams.get('id')).toBe('6');
  });

  it('shows the server\'s refusal', async () => {
    renderPage(<ContractPrint />, { [DETAIL]: { code: 404, message: '合同不存在' } }, { path: '/system/contractPrint?id=9' });
    expect(await screen.findByText('合同不存在')).toBeTruthy();
  });
});
