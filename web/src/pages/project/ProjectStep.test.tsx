import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSession } from '@/store/session';
import { mockFetch, resetBrowserState, type Reply } from '@/test/fetchMock';
import ProjectStep from './ProjectStep';
import { emptyForm, guanxia, jmarea, projectEdit } from './fixtures';
import type { ProjectEditData } from './service';

// antd forms render slowly when the whole suite runs in parallel on two cores.

function start(data: ProjectEditData, save: Reply = { code: 201, message: '操作成功!', data: null }) {
  resetBrowserState();
  useSession.setState({ token: 'tok', side: 'builder', roles: ['builder'], userInfo: null, siteConfig: null });
  const mock = mockFetch({
    '/builder/common/v1/Area/guanxia_list': { code: 201, data: guanxia },
    '/builder/common/v1/Area/jmarea': { code: 201, data: jmarea },
    '/builder/common/v1/Site/ajaxProjectEdit': save,
  });
  const onSaved = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ProjectStep data={data} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return { ...mock, onSaved };
}

const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);
const save = () => fireEvent.click(screen.getByTestId('project-save'));

describe('ProjectStep', () => {
  it('answers every empty required field with the spec message', async () => {
    const { called } = start(projectEdit({}, emptyForm));
    save();
    for (const text of [
      '请填写项目名称',
      '请选择项目类型',
      '请选择资金来源',
      '请选择行业主管部门',
      '请选择管辖划分',
      '请选择所属区域',
      '请输入规范的地址',
      '请选择坐标',
      '请填写中标合同价格',
      '请选择合同开工日期',
      '请选择合同竣工日期',
      '请输入9999以内的正整数',
      '请选择工程进度',
    ]) {
      await waitFor(() => expect(errors()).toContain(text));
    }
    expect(called('/builder/common/v1/Site/ajaxProjectEdit')).toHaveLength(0);
  });

  it('checks the shape of the price and the address', async () => {
    start(projectEdit());
    fireEvent.change(screen.getByTestId('project-price'), { target: { value: '1.1234567' } });
    expect(await screen.findByText('中标合同价格最多6位小数')).toBeTruthy();
    fireEvent.change(screen.getByTestId('project-price'), { target: { value: '1234567890' } });
    expect(await screen.findByText('中标合同价格最多9位整数')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入3-100个字的项目地址'), { target: { value: '郑州' } });
    expect(await screen.findByText('请输入规范的地址')).toBeTruthy();
  });

  it('refuses the wrong date order on save', async () => {
    const { called } = start(projectEdit({}, { tendertime: '2026-11-01', winningtime: '2026-10-01' }));
    save();
    expect(await screen.findByText('中标日期不得早于招标日期！')).toBeTruthy();
    expect(called('/builder/common/v1/Site/ajaxProjectEdit')).toHaveLength(0);
  });

  it('posts the form with comma-joined paths and moves on', async () => {
    const { called, onSaved } = start(projectEdit());
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [call] = called('/builder/common/v1/Site/ajaxProjectEdit');
    expect(call.method).toBe('POST');
    expect(Object.fromEntries(call.body)).toEqual({
      Id: '7',
      Name: '幸福里安置房项目',
      ProjectType: '1',
      MoneySource: '1',
      DepartmentIndustryId: '1',
      DistrictCode: '4101,410105,410105002',
      selectedOptions: '410105,410105002',
      DistrictCcode: '410105002',
      region: '',
      Address: '郑州市金水区经八路1号',
      Latlng: '34.75,113.63',
      ContractPrice: '1200.5',
      tendertime: '2026-10-01',
      winningtime: '2026-10-20',
      StartTime: '2027-01-01',
      completiondate: '2027-12-31',
      EndTime: '365',
      GcProcess: '1',
      ProjectDesc: '',
    });
    expect(await screen.findByText('操作成功!')).toBeTruthy();
  });

  it('shows the server message of a refused save and stays', async () => {
    const { onSaved, called } = start(projectEdit(), { code: 401, message: '所属区域编码与所属区域不一致', data: null });
    save();
    expect(await screen.findByText('所属区域编码与所属区域不一致')).toBeTruthy();
    expect(called('/builder/common/v1/Site/ajaxProjectEdit')).toHaveLength(1);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('asks to confirm a price above 1亿 before saving', async () => {
    const { called, onSaved } = start(projectEdit({}, { ContractPrice: '12000' }));
    expect(screen.getByTestId('price-hint').textContent).toContain('1.2亿元');
    save();
    expect(await screen.findByText('中标合同价格超过1亿元，请确认金额是否正确')).toBeTruthy();
    expect(called('/builder/common/v1/Site/ajaxProjectEdit')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /确认无误/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(called('/builder/common/v1/Site/ajaxProjectEdit')[0].body.get('ContractPrice')).toBe('12000');
  });

  it('locks the fields the regulator fixed', () => {
    start(projectEdit({ readonly: ['Name', 'ContractPrice'] }));
    expect((screen.getByTestId('project-name') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('project-price') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByPlaceholderText('请输入3-100个字的项目地址') as HTMLInputElement).disabled).toBe(false);
  });
});
