import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSession } from '@/store/session';
import { mockFetch, resetBrowserState } from '@/test/fetchMock';
import Wizard from './Wizard';
import { guanxia, jmarea, projectEdit } from './fixtures';
import { accountEdit, filledAccountForm, verified } from '@/pages/account/accountFixtures';
import type { ProjectEditData } from './service';
import { builderEdit, contractorEdit, registerplace } from '@/pages/company/components/unitFixtures';

// antd forms render slowly when the whole suite runs in parallel on two cores.

function start(data: ProjectEditData) {
  resetBrowserState();
  useSession.setState({ token: 'tok', side: 'builder', roles: ['builder'], userInfo: null, siteConfig: null });
  const mock = mockFetch({
    '/builder/common/v1/Site/projectEdit': { code: 201, data },
    '/builder/common/v1/Area/guanxia_list': { code: 201, data: guanxia },
    '/builder/common/v1/Area/jmarea': { code: 201, data: jmarea },
    '/builder/common/v1/Site/builderEdit': { code: 201, data: builderEdit() },
    '/builder/common/v1/Site/contractorEdit': { code: 201, data: contractorEdit() },
    '/builder/common/v1/Area/registerplace': { code: 201, data: registerplace },
    '/builder/common/v1/Site/AccountEdit': { code: 201, data: accountEdit(filledAccountForm) },
    '/builder/common/v1/Site/ajaxverifybank': { code: 201, data: verified },
    '/builder/infomation/v1/SpecialAccount/specialAccountInfoSave': { code: 201, data: null },
    '/builder/common/v1/Site/ajaxSubmit': { code: 201, data: null },
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
    const mock = start(projectEdit({ wizard_step: 4 }));
    expect(await screen.findByTestId('account-submit')).toBeTruthy();
    expect(currentTitle()).toBe('专户信息');
    expect(mock.called('/builder/common/v1/Site/AccountEdit')[0].method).toBe('GET');
  });

  it('opens a saved but unsubmitted draft on step 4, to submit it', async () => {
    start(projectEdit({ wizard_step: 5 }));
    expect(await screen.findByTestId('account-submit')).toBeTruthy();
    expect(currentTitle()).toBe('专户信息');
  });

  it('jumps back to a saved step from the step bar, not forward beyond the saved ones', async () => {
    start(projectEdit({ wizard_step: 3 }));
    await screen.findByTestId('contractor-save');
    fireEvent.click(screen.getByText('专户信息'));
    expect(screen.queryByTestId('account-submit')).toBeNull();
    fireEvent.click(screen.getByText('项目信息'));
    expect(await screen.findByTestId('wizard-step-project')).toBeTruthy();
  });

  it('shows the submitted state after the submit', async () => {
    start(projectEdit({ wizard_step: 4 }));
    fireEvent.click(await screen.findByTestId('account-submit'));
    fireEvent.click(await screen.findByTestId('verify-run'));
    fireEvent.click(await screen.findByTestId('verify-submit'));
    expect(await screen.findByTestId('wizard-step-5')).toBeTruthy();
    expect(screen.getByText('已提交审核')).toBeTruthy();
    expect(screen.getByText(/预计3个工作日内完成审核/)).toBeTruthy();
    expect(screen.getByTestId('wizard-enter')).toBeTruthy();
  });

  it('shows the unit forms at steps 2 and 3, each loading its data', async () => {
    const mock = start(projectEdit({ wizard_step: 3 }));
    expect(await screen.findByTestId('contractor-save')).toBeTruthy();
    expect(screen.getByTestId('wizard-step-3')).toBeTruthy();
    expect(mock.called('/builder/common/v1/Site/contractorEdit')[0].method).toBe('GET');
    fireEvent.click(screen.getByTestId('wizard-back'));
    expect(await screen.findByTestId('builder-save')).toBeTruthy();
    expect(mock.called('/builder/common/v1/Site/builderEdit')[0].method).toBe('POST');
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
    await waitFor(() => expect(mock.called('/builder/common/v1/Site/projectEdit').length).toBeGreaterThanOrEqual(2));
  });

  it('opens a rejected project on step 1 with the audit remark', async () => {
    start(projectEdit({ wizard_step: 5, auditstatus: '3', auditremark: '坐标与地址不符' }));
    expect(await screen.findByTestId('wizard-step-project')).toBeTruthy();
    expect(within(screen.getByTestId('wizard-auditremark')).getByText('审核未通过：坐标与地址不符')).toBeTruthy();
    expect(screen.getByTestId('wizard-project').textContent).toBe('幸福里安置房项目');
    expect(screen.getByTestId('wizard-logout')).toBeTruthy();
  });

  it('shows no remark for a draft', async () => {
    start(projectEdit({ wizard_step: 2 }));
    expect(await screen.findByTestId('builder-save')).toBeTruthy();
    expect(screen.queryByTestId('wizard-auditremark')).toBeNull();
  });
});
