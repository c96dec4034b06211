import { screen, waitFor, within } from '@testing-library/react';
import { renderWorkerPage } from '@/test/renderWorkerPage';
import { MY_INFO, SITE_BOARD } from './fixtures';

const BOARD = '/worker/project/v1/Project/noticeBoard';
const INFO = '/worker/worker/v1/Worker/info';

const link = (testId: string) => screen.getByTestId(testId).closest('a')?.getAttribute('href');

describe('the worker board page', () => {
  it('shows the board of the project given without a login, its numbers as tap-to-call links', async () => {
    const { called, where } = renderWorkerPage(`/w/board?project=7`, { [BOARD]: { code: 201, data: SITE_BOARD } }, { signedIn: false });
    expect((await screen.findByTestId('board-project-name', {}, { timeout: 20_000 })).textContent).toBe(SITE_BOARD.projectName);
    expect(new URL(called(BOARD)[0].url, 'http://x').searchParams.get('projectId')).toBe('7');
    expect(called(INFO)).toHaveLength(0);
    expect(where()).toBe('/w/board?project=7');
    const clerk = screen.getByTestId('board-clerk');
    expect(clerk.textContent).toContain('孙丽');
    expect(link('board-clerk-call')).toBe('tel:13812345678');
    expect(link('board-regulator-call')).toBe('tel:0371-12333');
    expect(link('board-hotline-call')).toBe('tel:12333');
    expect(screen.getByTestId('board-pay-day').textContent).toBe('每月15日');
    expect(screen.getByTestId('board-pay').textContent).toContain('¥2100.00');
    // A unit without a phone has nothing to call.
    const units = screen.getAllByTestId('board-unit');
    expect(units).toHaveLength(3);
    expect(within(units[2]).queryByRole('link')).toBeNull();
    expect(screen.getByTestId('board-anonymous').getAttribute('href')).toBe('/clue?projectId=7');
    screen.getByTestId('board-login').click();
    await waitFor(() => expect(where()).toBe('/w/login?project=7'));
  });

  it("takes his newest project when none is given, and offers his others and a report", async () => {
    const { called } = renderWorkerPage('/w/board', { [BOARD]: { code: 201, data: SITE_BOARD }, [INFO]: { code: 201, data: MY_INFO } });
    await screen.findByTestId('board-project-name', {}, { timeout: 20_000 });
    expect(new URL(called(BOARD)[0].url, 'http://x').searchParams.get('projectId')).toBe('8');
    expect(screen.getByTestId('board-project-select')).toBeTruthy();
    expect(screen.getByTestId('board-report')).toBeTruthy();
    expect(screen.queryByTestId('board-login')).toBeNull();
  });

  it('says so for a project the server does not show', async () => {
    renderWorkerPage('/w/board?project=99', { [BOARD]: { code: 404, message: '项目不存在' } }, { signedIn: false });
    expect((await screen.findByTestId('board-error', {}, { timeout: 20_000 })).textContent).toContain('未找到该项目的维权信息告示牌');
  });

  it('sends a visitor without a project to the login, to come back', async () => {
    const { where } = renderWorkerPage('/w/board', {}, { signedIn: false });
    await waitFor(() => expect(where()).toBe('/w/login?redirect=%2Fw%2Fboard'), { timeout: 20_000 });
  });
});
