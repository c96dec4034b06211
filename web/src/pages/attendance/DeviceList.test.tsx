import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import DeviceList from './DeviceList';
import { type AttendanceDevice } from './service';


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
  protocol: 'api',
  protocolLabel: '平台接口',
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
      '/builder/iclock/v1/Terminal/strangers': { code: 201, data: { list: [], total: 0, page: 1, limit: 5 } },
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

  it('adopts a ZKTeco terminal that knocked and diagnoses one', async () => {
    const terminal = device({ id: 7, serial: 'CQZ7231960042', name: '大门人脸机', protocol: 'iclock', protocolLabel: 'ZKTeco PUSH' });
    const { called } = renderPage(<DeviceList kind="attendant" title="考勤设备" />, {
      '/builder/attendance/v1/Device/list': { code: 201, data: { list: [terminal], total: 1, page: 1, limit: 20 } },
      '/builder/attendance/v1/Device/add': { code: 201, data: { id: 8, serial: 'ZK-NEW-1', secret: 'unused' } },
      '/builder/iclock/v1/Terminal/strangers': {
        code: 201,
        data: { list: [{ serial: 'ZK-NEW-1', info: '2.4.1', firstSeenAt: '2026-11-27 08:00:00', lastSeenAt: '2026-11-27 08:05:00', contacts: 6 }], total: 1, page: 1, limit: 5 },
      },
      '/builder/iclock/v1/Terminal/detail': {
        code: 201,
        data: {
          device: terminal, pushVersion: '2.4.1', info: 'Ver 6.60,30,2,100,192.168.1.201', infoLabel: '固件 Ver 6.60，人员 30，指纹 2，考勤记录 100，IP 192.168.1.201', handshakeAt: '2026-11-27 08:00:00', polledAt: '2026-11-27 08:10:00',
          attlogStamp: 8, operlogStamp: 3, attphotoStamp: 0, users: 30, withFingers: 1, withFace: 1, commandsWaiting: 0, commandsFailed: 1,
        },
      },
      '/builder/iclock/v1/Command/list': {
        code: 201,
        data: { list: [{ id: 31, command: 'DATA DELETE USERINFO PIN=12', summary: '删除人员 张三（工号 12，已退场）', statusLabel: '执行失败', returnCode: '-1002', createdAt: '2026-11-27 08:09:00', sentAt: '2026-11-27 08:10:00', sends: 1, returnedAt: '2026-11-27 08:10:01' }], total: 1, page: 1, limit: 10 },
      },
      '/builder/iclock/v1/Upload/list': {
        code: 201,
        data: { list: [{ id: 2, table: 'ATTLOG', tableLabel: '考勤记录', stamp: 8, receivedAt: '2026-11-27 08:11:00', lines: 8, stored: 6, duplicates: 0, failed: 1, raw: '999\t2026-11-26 07:40:00\t0\t15', failures: [{ line: 7, text: '999\t2026-11-26 07:40:00\t0\t15', reason: '工号不在本项目花名册中' }] }], total: 1, page: 1, limit: 10 },
      },
    });
    expect(await screen.findByText('ZKTeco PUSH')).toBeTruthy();
    expect(screen.queryByText('重置密钥')).toBeNull();

    fireEvent.click(await screen.findByTestId('iclock-adopt-ZK-NEW-1'));
    expect((await screen.findByTestId('device-serial') as HTMLInputElement).value).toBe('ZK-NEW-1');
    fireEvent.change(screen.getByTestId('device-name'), { target: { value: '北门人脸机' } });
    fireEvent.click(screen.getByTestId('device-save'));
    await waitFor(() => expect(called('/builder/attendance/v1/Device/add')).toHaveLength(1));
    expect(called('/builder/attendance/v1/Device/add')[0].body.get('protocol')).toBe('iclock');
    expect(await screen.findByTestId('iclock-setup')).toBeTruthy();
    expect(screen.queryByTestId('secret-dialog')).toBeNull();
    fireEvent.click(screen.getByTestId('iclock-setup-done'));

    fireEvent.click(screen.getByTestId('device-diagnose-CQZ7231960042'));
    expect((await screen.findByTestId('iclock-users')).textContent).toBe('30');
    expect(await screen.findByText('删除人员 张三（工号 12，已退场）')).toBeTruthy();
    expect(screen.getByText('执行失败')).toBeTruthy();
    expect(new URL(called('/builder/iclock/v1/Command/list')[0].url, 'http://x').searchParams.get('id')).toBe('7');
  });
});
