import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import Roster from '@/pages/worker/Roster';
import { rosterLine } from '@/pages/worker/fixtures';
import { builtinTemplate, contractLine, contractView } from './fixtures';


const ROSTER = '/builder/user/v1/Worker/list';
const TEMPLATES = '/builder/contract/v1/Contract/template_list';
const LIST = '/builder/contract/v1/Contract/ajax_list';
const GENERATE = '/builder/contract/v1/Contract/generate';

const routes = {
  [ROSTER]: { code: 201, data: { list: [rosterLine(11, { contractSigned: false }), rosterLine(12)], total: 2, page: 1, limit: 20 } },
  [TEMPLATES]: { code: 201, data: { list: [builtinTemplate], total: 1, page: 1, limit: 100 } },
  [LIST]: { code: 201, data: { list: [contractLine(5)], total: 1, page: 1, limit: 5 } },
  [GENERATE]: { code: 201, message: '合同已生成', data: contractView(6) },
};

describe('the roster\'s 合同', () => {
  it('shows 已签 / 未签 and filters by it', async () => {
    const { called } = renderPage(<Roster />, routes);
    expect((await screen.findByTestId('roster-contract-11')).textContent).toBe('未签');
    expect(screen.getByTestId('roster-contract-12').textContent).toBe('已签');
    expect(screen.getByTestId('roster-contract-templates').getAttribute('href')).toBe('/system/contract');
    fireEvent.mouseDown(screen.getByTestId('roster-filter-contract').querySelector('input') as Element);
    fireEvent.click(await screen.findByTitle('未签'));
    fireEvent.click(screen.getByTestId('roster-search'));
    await waitFor(() => expect(new URL(called(ROSTER).at(-1)!.url, 'http://x').searchParams.get('contract')).toBe('0'));
  });

  it('generates a worker\'s contract and opens its print page', async () => {
    const { called } = renderPage(<Roster />, routes);
    fireEvent.click(await screen.findByTestId('roster-contract-open-11'));
    await screen.findByTestId('contract-dialog');
    expect(await screen.findByTestId('contract-print-5')).toBeTruthy();
    expect(new URL(called(LIST)[0].url, 'http://x').searchParams.get('employmentId')).toBe('11');
    await waitFor(() => expect(screen.getByTestId('contract-generate').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('contract-generate'));
    await waitFor(() => expect(called(GENERATE)).toHaveLength(1));
    expect(called(GENERATE)[0].body.get('employmentId')).toBe('11');
    expect(called(GENERATE)[0].body.get('templateId')).toBe('1');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/system/contractPrint?id=6'));
  });

  it('opens the upload of the signed scan', async () => {
    renderPage(<Roster />, routes);
    fireEvent.click(await screen.findByTestId('roster-contract-open-11'));
    fireEvent.click(await screen.findByTestId('contract-sign-5'));
    expect(await screen.findByTestId('contract-scan')).toBeTruthy();
    fireEvent.click(screen.getByTestId('contract-sign-confirm'));
    expect(await screen.findByText('请上传已签字的合同扫描件')).toBeTruthy();
  });

  it('gives the regulator the contracts to read, without generating or uploading', async () => {
    renderPage(<Roster />, routes, { roles: ['admin'], path: '/user/list?projectId=3' });
    fireEvent.click(await screen.findByTestId('roster-contract-open-11'));
    expect(await screen.findByTestId('contract-print-5')).toBeTruthy();
    expect(screen.getByTestId('contract-print-5').getAttribute('href')).toBe('/system/contractPrint?id=5&projectId=3');
    expect(screen.queryByTestId('contract-generate')).toBeNull();
    expect(screen.queryByTestId('contract-sign-5')).toBeNull();
  });
});
