import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useWorkerSession } from '@/store/workerSession';
import { renderWorkerPage, WORKER_TOKEN } from '@/test/renderWorkerPage';
import { getToken, getWorkerToken } from '@/utils/storage';

const INFO = '/worker/worker/v1/Worker/info';
const LOGOUT = '/worker/common/v1/Public/Logout';

const info = {
  name: '吴确认',
  idNumber: '4101**********7351',
  phone: '138****7931',
  projects: [
    {
      projectId: 1,
      projectName: '郑州市金水区幸福里安置房项目',
      lines: [{ unitName: '河南省第一建筑工程集团有限责任公司', teamName: '确认乙班', workType: '钢筋工', entryDate: '2026-10-01', exitDate: '', onSite: true }],
      rates: [
        { effectiveFrom: '2026-10-01', wageKind: 'day', wage: '300.00' },
        { effectiveFrom: '2026-11-01', wageKind: 'day', wage: '350.00' },
      ],
    },
    {
      projectId: 2,
      projectName: '郑东新区学校项目',
      lines: [{ unitName: '中建七局', teamName: '木工班', workType: '木工', entryDate: '2025-03-01', exitDate: '2025-09-30', onSite: false }],
      rates: [{ effectiveFrom: '2025-03-01', wageKind: 'month', wage: '6000.00' }],
    },
  ],
};

describe('the worker pages', () => {
  // The first lazy chunks of the file are transformed on demand: slow on a loaded machine.
  it('send a visitor without a worker session to /w/login, keeping the page and the project', async () => {
    const { where } = renderWorkerPage('/w/wages?project=2', {}, { signedIn: false });
    expect(await screen.findByTestId('worker-login', {}, { timeout: 20_000 })).toBeTruthy();
    expect(where()).toBe('/w/login?project=2&redirect=%2Fw%2Fwages%3Fproject%3D2');
    // Not the console: no sidebar, no tab bar, no bottom bar before the login.
    expect(screen.queryByTestId('sidebar')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(useWorkerSession.getState().projectId).toBe(2);
  });

  it('show his home in the phone layout: name, projects, standard and its changes; the project of ?project= first', async () => {
    const { called } = renderWorkerPage('/w?project=2', { [INFO]: { code: 201, data: info } });
    expect((await screen.findByTestId('my-name', {}, { timeout: 20_000 })).textContent).toBe('吴确认');
    expect(called(INFO)[0].headers['X-Token']).toBe(WORKER_TOKEN);
    const cards = screen.getAllByTestId(/^my-project-\d+$/);
    expect(cards.map((card) => card.dataset.testid)).toEqual(['my-project-2', 'my-project-1']);
    expect(within(cards[0]).getByText('本项目')).toBeTruthy();
    const current = within(screen.getByTestId('my-project-1'));
    expect(current.getByTestId('my-project-rate').textContent).toBe('¥350.00/日');
    expect(current.getByTestId('my-project-rate-changes').textContent).toContain('2026-10-01 起 ¥300.00/日');
    expect(within(screen.getByTestId('my-project-2')).getByTestId('my-project-dates').textContent).toBe('2025-03-01 至 2025-09-30');
    expect(screen.getByTestId('worker-title').textContent).toBe('我的信息');
    expect(screen.getByRole('navigation', { name: '工人服务' })).toBeTruthy();
  });

  it('go to /w/login when a worker call answers 101, without touching the console session', async () => {
    const { where } = renderWorkerPage('/w', { [INFO]: { code: 101, message: '请先登录' } });
    document.cookie = 'Admin-Token=console-token; path=/';
    expect(await screen.findByTestId('worker-login', {}, { timeout: 20_000 })).toBeTruthy();
    await waitFor(() => expect(where()).toBe('/w/login'));
    expect(useWorkerSession.getState().token).toBeUndefined();
    expect(getWorkerToken()).toBeUndefined();
    expect(getToken()).toBe('console-token');
    expect(await screen.findByText('登录已过期，请重新登录')).toBeTruthy();
  });

  it('log him out', async () => {
    const { called, where } = renderWorkerPage('/w', { [INFO]: { code: 201, data: info }, [LOGOUT]: { code: 201, data: null } });
    fireEvent.click(await screen.findByTestId('worker-logout', {}, { timeout: 20_000 }));
    expect(await screen.findByTestId('worker-login')).toBeTruthy();
    expect(called(LOGOUT)).toHaveLength(1);
    expect(where()).toBe('/w/login');
    expect(getWorkerToken()).toBeUndefined();
  });
});
