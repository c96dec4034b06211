import { screen } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import Records from './Records';
import { type PunchRecord } from './service';


const punch = (id: number, day: string, outsideEmployment: boolean, shift: Partial<PunchRecord> = {}): PunchRecord => ({
  id,
  projectId: 1,
  projectName: '郑州市金水区幸福里安置房项目',
  source: 'device',
  sourceLabel: '设备',
  workerId: 9,
  name: '王建军',
  idNumber: '410105197001011007',
  unitName: '中建七局第二建筑有限公司',
  teamName: '钢筋班',
  time: `${day} 07:30:00`,
  day,
  shiftDay: day,
  unpaired: false,
  direction: 'in',
  directionLabel: '进',
  deviceName: '1号门岗考勤机',
  note: '',
  hasPhoto: false,
  outsideEmployment,
  ...shift,
});

describe('考勤管理', () => {
  it('names each row\'s project for the regulator reading every project', async () => {
    renderPage(<Records />, { '/builder/attendance/v1/Record/list': { code: 201, data: { list: [punch(5, '2026-11-02', false)], total: 1, page: 1, limit: 20 } } }, { roles: ['admin'] });
    expect(await screen.findByText('郑州市金水区幸福里安置房项目')).toBeTruthy();
    expect(screen.getByText('项目')).toBeTruthy();
  });

  it('tags a punch outside the worker’s employment as not counted', async () => {
    renderPage(<Records />, {
      '/builder/attendance/v1/Record/list': { code: 201, data: { list: [punch(2, '2026-11-25', false), punch(1, '2026-11-10', true)], total: 2, page: 1, limit: 20 } },
    });
    expect(await screen.findByTestId('outside-device-1')).toBeTruthy();
    expect(screen.getByTestId('outside-device-1').textContent).toBe('不在场期间，不计出勤');
    expect(screen.queryByTestId('outside-device-2')).toBeNull();
  });

  it('shows the day each punch’s shift began and tags an unpaired punch', async () => {
    const night = punch(3, '2026-11-01', false, { time: '2026-11-01 00:10:00', direction: 'out', directionLabel: '出', shiftDay: '2026-10-31' });
    const lone = punch(4, '2026-10-28', false, { shiftDay: '2026-10-28', unpaired: true });
    renderPage(<Records />, { '/builder/attendance/v1/Record/list': { code: 201, data: { list: [night, lone], total: 2, page: 1, limit: 20 } } });
    expect(await screen.findByText('2026-10-31')).toBeTruthy();
    expect(screen.getByTestId('unpaired-4').textContent).toBe('未配对，不计工时');
    expect(screen.queryByTestId('unpaired-3')).toBeNull();
  });
});
