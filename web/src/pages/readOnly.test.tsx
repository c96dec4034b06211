/**
 * Read-only for the regulator (issue 14 item 2): the clerk's write buttons of the main enterprise pages show
 * for a builder account and are gone for admin, whose calls carry the project in view.
 */
import type { ReactNode } from 'react';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import { useProjectInView } from '@/store/projectInView';
import type { Role } from '@/store/session';
import type { ApiUrl } from '@/test/fetchMock';
import Records from '@/pages/attendance/Records';
import Terminals from '@/pages/attendance/Terminals';
import ContractorInfo from '@/pages/company/ContractorInfo';
import Teams from '@/pages/team/Teams';
import OrderManagement from '@/pages/wage/OrderManagement';
import Training from '@/pages/worker/Training';


const empty = { code: 201, data: { list: [], total: 0, page: 1, limit: 10 } };

const UNITS: ApiUrl = '/builder/company/v1/Company/construction_list';
const TEAMS: ApiUrl = '/builder/team/v1/Team/ajax_list';
const RECORDS: ApiUrl = '/builder/attendance/v1/Record/list';
const DEVICES: ApiUrl = '/builder/attendance/v1/Device/list';
const TRAININGS: ApiUrl = '/builder/user/v1/Worker/trainList';
const ORDERS: ApiUrl = '/builder/wage/v1/Order/list';

const PAGES: [string, ReactNode, string, ApiUrl][] = [
  ['参建单位', <ContractorInfo key="units" />, 'unit-add', UNITS],
  ['班组管理', <Teams key="teams" />, 'team-add', TEAMS],
  ['考勤记录', <Records key="records" />, 'attendance-import', RECORDS],
  ['考勤设备', <Terminals key="devices" />, 'device-add', DEVICES],
  ['培训记录', <Training key="training" />, 'train-new', TRAININGS],
];

function show(page: ReactNode, roles: Role[]) {
  return renderPage(
    page,
    {
      [UNITS]: empty,
      '/builder/company/v1/Company/ajax_company_all': { code: 201, data: [] },
      [TEAMS]: empty,
      [RECORDS]: empty,
      [DEVICES]: empty,
      [TRAININGS]: empty,
      [ORDERS]: empty,
    },
    { roles },
  );
}

describe('the regulator reads, the clerk writes', () => {
  beforeEach(() => useProjectInView.getState().clear());

  it.each(PAGES)('%s: the write button shows for the clerk only', async (_title, page, testId, list) => {
    show(page, ['builder']);
    expect(await screen.findByTestId(testId)).toBeTruthy();
    cleanup();
    useProjectInView.getState().view({ id: 1, name: '幸福里小区二期' });
    const { called } = show(page, ['admin']);
    await waitFor(() => expect(called(list).length).toBeGreaterThan(0));
    expect(screen.queryByTestId(testId)).toBeNull();
    expect(new URL(called(list)[0].url, 'http://x').searchParams.get('projectId')).toBe('1');
  });

  it('工资单管理 offers 发起工资发放 to the clerk only and names the projects it spans', async () => {
    show(<OrderManagement />, ['builder']);
    expect(await screen.findByText('发起工资发放')).toBeTruthy();
    cleanup();
    const { called } = show(<OrderManagement />, ['admin']);
    expect(await screen.findByText('工资单管理（全部项目）')).toBeTruthy();
    expect(screen.queryByText('发起工资发放')).toBeNull();
    expect(screen.getByText('项目')).toBeTruthy();
    await waitFor(() => expect(called(ORDERS).length).toBeGreaterThan(0));
    expect(new URL(called(ORDERS)[0].url, 'http://x').searchParams.get('projectId')).toBeNull();
  });
});
