import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import DeviceList from './DeviceList';
import { type AttendanceDevice } from './service';

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const device = (extra: Partial<AttendanceDevice> = {}): AttendanceDevice => ({
  id: 3,
  projectId: 1,
  projectName: '郑州市金水区幸福里安置房项目',
  kind: 'attendant',
  serial: 'WG-DEMO-T01',
  name: '1号门岗考勤机',
  direction: 'both',
  directionLabel: '进出',
  location: '项目东大门',
  enabled: true,
  online: true,
  statusLabel: '在线',
  lastHeartbeat: '2026-11-22 08:00:00',
  punches: 2400,
  createdAt: '2026-11-01 08:00:00',
  ...extra,
});

describe('DeviceList', () => {
  it('lists one kind with its status and shows a new secret once', async () => {
    const { called } = renderPage(<DeviceList kind="attendant" title="考勤设备" />, {
      '/builder/attendance/v1/Device/list': { code: 201, data: { list: [device(), device({ id: 4, serial: 'T-2', name: '西门', statusLabel: '离线', lastHeartbeat: '0000-00-00 00:00:00' })], total: 2, page: 1, limit: 20 } },
      '/builder/attendance/v1/Device/add': { code: 201, data: { id: 5, serial: 'T-NEW', secret: '0123456789abcdef0123456789abcdef' } },
    });
    expect(await screen.findByText('1号门岗考勤机')).toBeTruthy();
    expect(screen.getByText('从未连接')).toBeTruthy();
    expect(screen.getByText('离线')).toBeTruthy();
    expect(new URL(called('/builder/attendance/v1/Device/list')[0].url, 'http://x').searchParams.get('kind')).toBe('attendant');

    fireEvent.click(screen.getByTestId('device-add'));
    fireEvent.change(await screen.findByTestId('device-serial'), { target: { value: 'T-NEW' } });
    fireEvent.change(screen.getByTestId('device-name'), { target: { value: '北门考勤机' } });
    fireEvent.click(screen.getByTestId('device-save'));
    await waitFor(() => expect(called('/builder/attendance/v1/Device/add')).toHaveLength(1));
    const sent = called('/builder/attendance/v1/Device/add')[0].body;
    expect(sent.get('kind')).toBe('attendant');
    expect(sent.get('direction')).toBe('both');
    expect((await screen.findByTestId('secret-value')).textContent).toContain('0123456789abcdef0123456789abcdef');
    fireEvent.click(screen.getByTestId('secret-done'));
    await waitFor(() => expect(screen.queryByText('0123456789abcdef0123456789abcdef')).toBeNull());
  });
});
