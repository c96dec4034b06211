import { Alert, Button, Modal, Space, Typography } from 'antd';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { fetchStrangers, serverAddress, type IclockStranger } from './service';

const PAGE = 5;

/**
 * ZKTeco PUSH terminals that knocked in the last 7 days without being registered: the clerk adopts one with
 * 登记 (the add dialog, serial filled in). Shown only while there are some.
 */
export function Strangers({ onAdopt }: { onAdopt: (serial: string) => void }) {
  const strangers = usePagedList({
    queryKey: ['iclock', 'strangers'],
    fetchPage: (_filter: null, page, limit) => fetchStrangers(page, limit),
    initialFilter: null,
    limit: PAGE,
    refetchInterval: 30_000,
  });
  const total = strangers.query.data?.total ?? 0;
  if (total === 0) return null;
  return (
    <Alert type="info" showIcon style={{ marginBottom: 16 }} data-testid="iclock-strangers"
      title={`有 ${total} 台未登记的 ZKTeco PUSH 考勤机正在连接本平台`}
      description={
        <ServerTable<null, IclockStranger>
          size="small"
          rowKey="serial"
          list={strangers}
          pager={{ showSizeChanger: false, hideOnSinglePage: true }}
          columns={[
            { title: '序列号', dataIndex: 'serial', width: 180 },
            { title: '设备信息', dataIndex: 'info', render: (info: string) => (info ? `推送协议 ${info}` : '—') },
            { title: '首次连接', dataIndex: 'firstSeenAt', width: 160 },
            { title: '最近连接', dataIndex: 'lastSeenAt', width: 160 },
            { title: '次数', dataIndex: 'contacts', width: 70 },
            {
              title: '操作',
              key: 'adopt',
              width: 80,
              render: (_, stranger) => (
                <Button type="link" size="small" data-testid={`iclock-adopt-${stranger.serial}`} onClick={() => onAdopt(stranger.serial)}>登记</Button>
              ),
            },
          ]}
        />
      }
    />
  );
}

/** After a ZKTeco PUSH terminal is registered: where to point it (no secret: the protocol signs nothing). */
export function SetupDialog({ serial, onClose }: { serial: string | null; onClose: () => void }) {
  if (!serial) return null;
  const { host, port } = serverAddress(window.location);
  return (
    <Modal open title="考勤机已登记：请在设备上设置服务器" onCancel={onClose}
      footer={<Button type="primary" data-testid="iclock-setup-done" onClick={onClose}>知道了</Button>}>
      <Space direction="vertical" data-testid="iclock-setup">
        <div>设备序列号：<Typography.Text strong>{serial}</Typography.Text></div>
        <div>在考勤机上进入「通讯设置 → 云服务器设置（ADMS）」，填写：</div>
        <div>服务器地址：<Typography.Text code copyable>{host}</Typography.Text></div>
        <div>服务器端口：<Typography.Text code copyable>{port}</Typography.Text></div>
        <Typography.Text type="secondary">
          设备连接后状态变为「在线」，在场人员自动下发到设备（工号为平台的人员编号），打卡记录自动上传；可在「诊断」中查看命令执行和上传情况。
        </Typography.Text>
      </Space>
    </Modal>
  );
}
