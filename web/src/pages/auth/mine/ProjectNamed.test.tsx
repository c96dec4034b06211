import { screen } from '@testing-library/react';
import { SITE_BOARD } from '@/pages/project/mine/fixtures';
import { renderWorkerPage } from '@/test/renderWorkerPage';

const BOARD = '/worker/project/v1/Project/noticeBoard';

describe('the login page with a project named by a QR code', () => {
  it("shows the project's name and opens the anonymous lead page with it", async () => {
    renderWorkerPage('/w/login?project=7', { [BOARD]: { code: 201, data: SITE_BOARD } }, { signedIn: false });
    expect((await screen.findByTestId('worker-project-name', {}, { timeout: 20_000 })).textContent).toBe(SITE_BOARD.projectName);
    expect(screen.getByTestId('worker-project-named').getAttribute('href')).toBe('/w/board?project=7');
    expect(screen.getByTestId('worker-anonymous-clue').getAttribute('href')).toBe('/clue?projectId=7');
  });

  it('says so when the server does not know the project', async () => {
    renderWorkerPage('/w/login?project=99', { [BOARD]: { code: 404, message: '项目不存在' } }, { signedIn: false });
    expect(await screen.findByTestId('worker-project-unknown', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByTestId('worker-anonymous-clue').getAttribute('href')).toBe('/clue?projectId=99');
  });
});
