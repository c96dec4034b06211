import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { useProjectInView } from '@/store/projectInView';
import { useSession, type Role } from '@/store/session';
import { mockFetch, resetBrowserState, type Reply } from '@/test/fetchMock';
import { guanxia, jmarea, projectEdit } from './fixtures';
import ProjectInfo from './ProjectInfo';
import { type NoticeBoard, type ProjectInfoData } from './service';


const LOCKED = ['Name', 'DistrictCode', 'ContractPrice', 'DepartmentIndustryId', 'EndTime', 'GcProcess'];

function info(over: Partial<ProjectInfoData> = {}): ProjectInfoData {
  const wizard = projectEdit({ auditstatus: '2', readonly: LOCKED });
  return {
    stepForm: wizard.stepForm,
    auditstatus: '2',
    editable: true,
    readonly: LOCKED,
    regulatorName: '郑州市金水区人力资源和社会保障局',
    regulatorPhone: '0371-12333',
    project_type: wizard.project_type,
    money_source_list: wizard.money_source_list,
    industry_department_list: wizard.industry_department_list,
    gcprocess_arr: wizard.gcprocess_arr,
    ...over,
  };
}

const board: NoticeBoard = {
  projectName: '幸福里安置房项目',
  address: '郑州市金水区经三路',
  district: '郑州市金水区',
  startTime: '2026-03-01',
  completionDate: '2027-08-31',
  builder: { role: '建设单位', name: '郑州市金水区住房保障中心', leader: '刘振华', leaderPhone: '0371-65551234' },
  contractor: { role: '施工总承包单位', name: '河南中原建工集团有限公司', leader: '陈国强', leaderPhone: '13837100001' },
  subcontractors: [{ role: '专业分包单位', name: '郑州安装工程有限公司', leader: '周安', leaderPhone: '13900000001' }],
  labourClerks: [{ name: '孙丽', phone: '13837100002', unit: '河南中原建工集团有限公司' }],
  regulatorName: '郑州市金水区人力资源和社会保障局',
  regulatorPhone: '0371-12333',
  complaintHotline: '12333',
  minimumMonthlyWage: '2100.00',
  minimumHourlyWage: '20.60',
  payDay: '每月15日',
  generatedDate: '2026-11-22',
};

function start(data: ProjectInfoData, save: Reply = { code: 201, message: '保存成功', data: null }, roles: Role[] = ['builder']) {
  resetBrowserState();
  useSession.setState({ token: 'tok', side: 'builder', roles, userInfo: null, siteConfig: null });
  const mock = mockFetch({
    '/builder/project/v1/Project/ajax_project_info': { code: 201, data },
    '/builder/project/v1/Project/ajax_edit_save': save,
    '/builder/project/v1/Project/noticeBoard': { code: 201, data: board },
    '/builder/common/v1/Area/guanxia_list': { code: 201, data: guanxia },
    '/builder/common/v1/Area/jmarea': { code: 201, data: jmarea },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/project/projectInfo']}>
        <ProjectInfo />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return mock;
}

describe('ProjectInfo', () => {
  it('keeps the approved fields read-only and says whom to ask', async () => {
    start(info());
    const note = await screen.findByTestId('project-info-readonly');
    expect(note.textContent).toContain('项目名称、管辖划分、中标合同价格、行业主管部门、合同工期、工程进度');
    expect(note.textContent).toContain('郑州市金水区人力资源和社会保障局（电话 0371-12333）');
    expect((screen.getByTestId('project-name') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('project-price') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('project-save').textContent).toMatch(/保\s*存/);
  });

  it('saves the editable fields to ajax_edit_save', async () => {
    const { called } = start(info());
    const address = (await screen.findByTestId('project-info-form')).querySelector('#Address') as HTMLInputElement;
    fireEvent.change(address, { target: { value: '郑州市金水区经三路88号' } });
    fireEvent.click(screen.getByTestId('project-save'));
    await waitFor(() => expect(called('/builder/project/v1/Project/ajax_edit_save')).toHaveLength(1));
    const body = called('/builder/project/v1/Project/ajax_edit_save')[0].body;
    expect(body.get('Address')).toBe('郑州市金水区经三路88号');
    expect(body.get('Id')).toBe('7');
  });

  it('shows a refusal of the server', async () => {
    start(info(), { code: 401, message: '请输入规范的地址', data: null });
    await screen.findByTestId('project-info-form');
    fireEvent.click(screen.getByTestId('project-save'));
    expect(await screen.findByText('请输入规范的地址')).toBeTruthy();
  });

  it('reads only when the account may not save', async () => {
    start(info({ editable: false }));
    expect(await screen.findByText('项目当前不可修改')).toBeTruthy();
    expect((screen.getByTestId('project-save') as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for the regulator’s project in view', async () => {
    useProjectInView.getState().view({ id: 7, name: '幸福里安置房项目' });
    const { called } = start(info({ editable: false }), undefined, ['admin']);
    await screen.findByTestId('project-info-form');
    expect(new URL(called('/builder/project/v1/Project/ajax_project_info').at(-1)!.url, 'http://x').searchParams.get('projectId')).toBe('7');
    // Read-only for him: no save button, no clerk's notice that the project may not be changed now.
    expect(screen.queryByTestId('project-save')).toBeNull();
    expect(screen.queryByText('项目当前不可修改')).toBeNull();
  });

  it('opens the printable notice board', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { called } = start(info());
    fireEvent.click(await screen.findByTestId('open-notice-board'));
    const shown = await screen.findByTestId('notice-board');
    for (const text of ['农民工工资维权信息告示牌', '郑州市金水区住房保障中心', '河南中原建工集团有限公司', '郑州安装工程有限公司', '2100.00', '20.60', '每月15日', '12333', '0371-12333']) {
      expect(shown.textContent).toContain(text);
    }
    expect(within(screen.getByTestId('notice-board-clerk')).getByText('孙丽')).toBeTruthy();
    expect(called('/builder/project/v1/Project/noticeBoard')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('notice-board-print'));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
