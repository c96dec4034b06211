import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import { useProjectInView } from '@/store/projectInView';
import Workbench from './Workbench';
import type { DistrictSummary, ProjectSummary } from './service';


const PROJECT = '/builder/workbench/v1/Workbench/summary';
const DISTRICT = '/admin/workbench/v1/Workbench/summary';

const project: ProjectSummary = {
  workersOnSite: 31,
  attendedToday: 27,
  wageMonth: '2026-10',
  wagesPayable: '234567.00',
  wagesPaid: '123456.00',
  balance: '2000000.00',
  warnings: { red: 1, orange: 0, yellow: 2 },
  unreadMessages: 3,
  unreadNotices: 1,
  leadsAwaitingFeedback: 2,
  ordersPending: 1,
  failedLines: 4,
  keyPostsMissing: ['劳资专管员'],
  guarantee: { state: 'valid', end: '2026-12-20', daysLeft: 25 },
};

const district: DistrictSummary = {
  projects: { draft: 1, submitted: 2, approved: 5, rejected: 0 },
  warnings: { red: 3, orange: 1, yellow: 0 },
  leadsOverdue: 2,
  workersOnSite: 640,
  wageMonth: '2026-10',
  wagesPaid: '1234567.89',
};

/** Each card and the screen it opens. */
const PROJECT_LINKS: [string, string][] = [
  ['onSite', '/user/list'],
  ['attendedToday', '/project/sheets'],
  ['wages', '/special/orderManagement'],
  ['balance', '/special/information'],
  ['warnings', '/message/warn'],
  ['messages', '/message/system'],
  ['notices', '/message/announcement'],
  ['leads', '/remunerationClues/feedbackManagement'],
  ['ordersPending', '/special/orderManagement'],
  ['failedLines', '/special/abnormal'],
  ['keyPosts', '/project/projectManagement'],
  ['guarantee', '/project/constructInfo'],
];

describe('Workbench', () => {
  beforeEach(() => useProjectInView.getState().clear());

  it("shows the clerk's figures and opens each card's screen", async () => {
    renderPage(<Workbench />, { [PROJECT]: { code: 201, data: project } });
    expect((await screen.findByTestId('workbench-onSite')).textContent).toContain('31 人');
    expect(screen.getByTestId('workbench-wages').textContent).toContain('234,567.00 / 123,456.00');
    expect(screen.getByTestId('workbench-warnings').textContent).toContain('红 1橙 0黄 2');
    expect(screen.getByTestId('workbench-keyPosts').textContent).toContain('未配备：劳资专管员');
    expect(screen.getByTestId('workbench-guarantee').textContent).toContain('2026-12-20，剩余 25 天');
    for (const [card, path] of PROJECT_LINKS) {
      fireEvent.click(screen.getByTestId(`workbench-${card}`));
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(path));
    }
  });

  it("shows the regulator's district without a project in view", async () => {
    const { called } = renderPage(<Workbench />, { [DISTRICT]: { code: 201, data: district } }, { roles: ['admin'] });
    expect((await screen.findByTestId('workbench-projects')).textContent).toContain('5 / 2 / 0 / 1');
    expect(screen.getByTestId('workbench-onSite').textContent).toContain('640 人');
    expect(screen.getByTestId('workbench-wagesPaid').textContent).toContain('1,234,567.89');
    expect(called(PROJECT)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('workbench-leadsOverdue'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/regulator/clues'));
    fireEvent.click(screen.getByTestId('workbench-submitted'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/audit/project'));
  });

  it("shows the project's cards to a regulator with a project in view", async () => {
    useProjectInView.getState().view({ id: 1, name: '幸福里小区二期' });
    const { called } = renderPage(<Workbench />, { [PROJECT]: { code: 201, data: project } }, { roles: ['admin'] });
    await screen.findByTestId('workbench-onSite');
    expect(new URL(called(PROJECT)[0].url, 'http://x').searchParams.get('projectId')).toBe('1');
    // The clerk's notice inbox and lead feedback are no screens of the regulator: those figures link nowhere.
    for (const card of ['notices', 'leads']) expect(screen.getByTestId(`workbench-${card}`).getAttribute('role')).toBeNull();
    fireEvent.click(screen.getByTestId('workbench-keyPosts'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/project/projectManagement'));
  });

  it("tells the server's refusal", async () => {
    renderPage(<Workbench />, { [PROJECT]: { code: 401, message: '请先选择项目' } });
    expect(await screen.findByText('请先选择项目')).toBeTruthy();
  });
});
