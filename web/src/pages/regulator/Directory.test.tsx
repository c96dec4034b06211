import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import { useProjectInView } from '@/store/projectInView';
import Directory from './Directory';
import type { DirectoryRow } from './service';


const LIST = '/admin/regulator/v1/Project/ajax_list';

const row: DirectoryRow = {
  id: 1,
  name: '幸福里小区二期',
  districtCode: '4101,410105,410105001',
  districtName: '郑州市/金水区/经八路街道',
  auditStatus: '2',
  auditStatusLabel: '审核通过',
  builder: '郑州市金水区城市建设投资有限公司',
  contractor: '中建七局第二建筑有限公司',
  contractPriceFen: 1_250_000_000,
  workersOnSite: 31,
  lastAttendance: '2026-11-23',
  wageMonth: '2026-10',
  wagesPaidFen: 12_345_600,
  wagesPayableFen: 23_456_700,
  balanceFen: 200_000_000,
  guaranteeState: 'valid',
  guaranteeLabel: '有效至2027-12-31',
  guaranteeEnd: '2027-12-31',
  disputes: 1,
  disputesUnanswered: 1,
  warningsRed: 2,
  warningsOrange: 0,
  warningsYellow: 1,
};

const query = (url: string) => new URL(url, 'http://x').searchParams;

describe('Directory', () => {
  beforeEach(() => useProjectInView.getState().clear());

  it('lists the projects with their figures and puts one in view', async () => {
    const { called } = renderPage(<Directory />, { [LIST]: { code: 201, data: { list: [row], total: 1, page: 1, limit: 20 } } }, { roles: ['admin'] });
    expect(await screen.findByText('幸福里小区二期')).toBeTruthy();
    expect(screen.getByText('郑州市/金水区/经八路街道')).toBeTruthy();
    expect(screen.getByText('12500000.00')).toBeTruthy();
    expect(screen.getByText('123456.00 / 234567.00')).toBeTruthy();
    expect(screen.getByText('有效至2027-12-31')).toBeTruthy();
    expect(screen.getByTestId('directory-warnings-1').textContent).toBe('红 2黄 1');
    expect(screen.getByText('共 1 个项目')).toBeTruthy();
    expect(query(called(LIST)[0].url).get('limit')).toBe('20');

    fireEvent.click(screen.getByTestId('directory-view-1'));
    expect(useProjectInView.getState().project).toEqual({ id: 1, name: '幸福里小区二期' });
    expect(sessionStorage.getItem('projectInView')).toContain('幸福里小区二期');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/project/projectInfo'));
  });

  it('searches, filters and sorts on the server', async () => {
    const { called } = renderPage(<Directory />, { [LIST]: { code: 201, data: { list: [row], total: 1, page: 1, limit: 20 } } }, { roles: ['admin'] });
    await screen.findByText('幸福里小区二期');
    fireEvent.change(screen.getByTestId('directory-name'), { target: { value: '幸福' } });
    fireEvent.click(screen.getByTestId('directory-search'));
    await waitFor(() => expect(query(called(LIST).at(-1)!.url).get('name')).toBe('幸福'));
    fireEvent.mouseDown(within(screen.getByTestId('directory-warning')).getByRole('combobox'));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="有红色预警"]')).toBeTruthy());
    fireEvent.click(document.querySelector('.ant-select-item-option[title="有红色预警"]') as Element);
    await waitFor(() => expect(query(called(LIST).at(-1)!.url).get('warning')).toBe('red'));
    fireEvent.click(screen.getAllByText('项目名称', { selector: '.ant-table-column-title' })[0]);
    await waitFor(() => {
      const sent = query(called(LIST).at(-1)!.url);
      expect(sent.get('sort')).toBe('name');
      expect(sent.get('order')).toBe('asc');
      expect(sent.get('name')).toBe('幸福');
    });
  });

  it('shows the server refusal', async () => {
    renderPage(<Directory />, { [LIST]: { code: 403, message: '仅监管部门账号可以查看项目目录' } }, { roles: ['builder'] });
    expect(await screen.findByText('仅监管部门账号可以查看项目目录')).toBeTruthy();
  });
});
