import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSession } from '@/store/session';
import { mockFetch, resetBrowserState } from '@/test/fetchMock';
import Wizard from './Wizard';
import { guanxia, jmarea, projectEdit } from './fixtures';
import {
  BUILDER_EDIT_URL,
  CONTRACTOR_EDIT_URL,
  GUANXIA_URL,
  JMAREA_URL,
  PROJECT_EDIT_URL,
  REGISTERPLACE_URL,
  type ProjectEditData,
} from './service';
import { builderEdit, contractorEdit, registerplace } from './unitFixtures';

// antd forms render slowly when the whole suite runs in parallel on two cores.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

function start(data: ProjectEditData) {
  resetBrowserState();
  useSession.setState({ token: 'tok', side: 'builder', roles: ['builder'], userInfo: null, siteConfig: null });
  const mock = mockFetch({
    [PROJECT_EDIT_URL]: { code: 201, data },
    [GUANXIA_URL]: { code: 201, data: guanxia },
    [JMAREA_URL]: { code: 201, data: jmarea },
    [BUILDER_EDIT_URL]: { code: 201, data: builderEdit() },
    [CONTRACTOR_EDIT_URL]: { code: 201, data: contractorEdit() },
    [REGISTERPLACE_URL]: { code: 201, data: registerplace },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Wizard />
    </QueryClientProvider>,
  );
  return mock;
}

const currentTitle = () => document.querySelector('.ant-steps-item-process .ant-steps-item-title')?.textContent;

describe('Wizard', () => {
  it('starts at the step the server answers', async () => {
    start(projectEdit({ wizard_step: 4 }));
    expect(await screen.findByTestId('wizard-step-4')).toBeTruthy();
    expect(screen.getByText('功能建设中')).toBeTruthy();
    expect(currentTitle()).toBe('专户信息');
    expect((screen.getByTestId('wizard-next') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the unit forms at steps 2 and 3, each loading its data', async () => {
    const mock = start(projectEdit({ wizard_step: 3 }));
    expect(await screen.findByTestId('contractor-save')).toBeTruthy();
    expect(screen.getByTestId('wizard-step-3')).toBeTruthy();
    expect(mock.called(CONTRACTOR_EDIT_URL)[0].method).toBe('GET');
    fireEvent.click(screen.getByTestId('wizard-back'));
    expect(await screen.findByTestId('builder-save')).toBeTruthy();
    expect(mock.called(BUILDER_EDIT_URL)[0].method).toBe('POST');
  });

  it('goes back one step at a time down to the project form', async () => {
    const mock = start(projectEdit({ wizard_step: 3 }));
    await screen.findByTestId('contractor-save');
    fireEvent.click(screen.getByTestId('wizard-back'));
    expect(await screen.findByTestId('builder-save')).toBeTruthy();
    expect(screen.getByTestId('wizard-step-2')).toBeTruthy();
    expect(currentTitle()).toBe('建设单位信息');
    fireEvent.click(screen.getByTestId('wizard-back'));
    expect(await screen.findByTestId('wizard-step-project')).toBeTruthy();
    expect(currentTitle()).toBe('项目信息');
    // Each move reloads the step's data.
    await waitFor(() => expect(mock.called(PROJECT_EDIT_URL).length).toBeGreaterThanOrEqual(2));
  });

  it('shows the project form at step 1 and the audit remark of a rejected project', async () => {
    start(projectEdit({ wizard_step: 1, auditstatus: '3', auditremark: '坐标与地址不符' }));
    expect(await screen.findByTestId('wizard-step-project')).toBeTruthy();
    expect(within(screen.getByTestId('wizard-auditremark')).getByText('审核未通过：坐标与地址不符')).toBeTruthy();
    expect(screen.getByTestId('wizard-project').textContent).toBe('幸福里安置房项目');
    expect(screen.getByTestId('wizard-logout')).toBeTruthy();
  });

  it('shows no remark for a draft and the submitted state at step 5', async () => {
    start(projectEdit({ wizard_step: 5 }));
    expect(await screen.findByTestId('wizard-step-5')).toBeTruthy();
    expect(screen.getByText('已提交审核')).toBeTruthy();
    expect(screen.getByText(/预计3个工作日内完成审核/)).toBeTruthy();
    expect(screen.getByTestId('wizard-enter')).toBeTruthy();
    expect(screen.queryByTestId('wizard-auditremark')).toBeNull();
  });
});
