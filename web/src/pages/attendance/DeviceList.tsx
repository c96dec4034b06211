import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Typography, type TableColumnsType, message } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useCanWrite } from '@/store/session';
import { useSpansProjects } from '@/store/useProjectId';
import { showApiError } from '@/api/client';
import { useFormSubmit } from '@/utils/useFormSubmit';
import FilterForm from '@/components/FilterForm';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { SetupDialog, Strangers } from '@/pages/iclock/Strangers';
import TerminalDrawer from '@/pages/iclock/TerminalDrawer';
import {
  addDevice,
  deleteDevice,
  DIRECTION_OPTIONS,
  editDevice,
  PROTOCOL_OPTIONS,
  fetchDevices,
  resetSecret,
  type AttendanceDevice,
  type DeviceFilter,
  type DeviceForm,
  type DeviceKind,
  type DeviceSecret,
} from './service';

const DEFAULT_LIMIT = 20;
const EMPTY_FILTER: DeviceFilter = { keyword: '', status: '' };
/** The list follows the devices' heartbeats while it is open. */
const REFRESH_MS = 30_000;

const STATUS_BADGE: Record<string, 'success' | 'default' | 'error'> = { 在线: 'success', 离线: 'error', 停用: 'default' };

/** The secret, shown once: after registration and after a reset. */
export function SecretDialog({ secret, onClose }: { secret: DeviceSecret | null; onClose: () => void }) {
  // Mounted only while there is a secret, so closing removes it from the page at once (no cached content).
  if (!secret) return null;
  return (
    <Modal open title="设备密钥（仅显示这一次）" onCancel={onClose} maskClosable={false}
      footer={<Button type="primary" data-testid="secret-done" onClick={onClose}>我已记下密钥</Button>}>
      <Space direction="vertical" style={{ width: '100%' }} data-testid="secret-dialog">
        <Alert type="warning" showIcon
          title="请立即将密钥录入设备或妥善保存。关闭后无法再次查看；遗失时请重置密钥。" />
        <div>设备序列号：<Typography.Text strong>{secret.serial}</Typography.Text></div>
        <div>
          设备密钥：
          <Typography.Text code copyable data-testid="secret-value" style={{ fontSize: 16 }}>
            {secret.secret}
          </Typography.Text>
        </div>
        <Typography.Text type="secondary">设备按《设备接口说明》用该密钥对每次推送签名（HMAC-SHA256）。</Typography.Text>
      </Space>
    </Modal>
  );
}

interface Editing {
  device: AttendanceDevice | null;
  /** A new terminal's serial, filled in when adopting one that knocked unregistered. */
  serial?: string;
}

function DeviceDialog({ kind, editing, onClose, onSaved }: {
  kind: DeviceKind;
  editing: Editing | null;
  onClose: () => void;
  onSaved: (secret: DeviceSecret | null, protocol: string) => void;
}) {
  const [form] = Form.useForm<DeviceForm>();
  const { saving: busy, run } = useFormSubmit();
  const device = editing?.device ?? null;
  const noun = kind === 'attendant' ? '考勤设备' : '身份证阅读器';

  const submit = (values: DeviceForm) =>
    run(async () => {
      if (device) {
        await editDevice(device.id, values, device.enabled);
        onSaved(null, device.protocol);
      } else {
        onSaved(await addDevice({ ...values, kind }), values.protocol ?? 'api');
      }
      form.resetFields();
    });

  return (
    <Modal open={editing !== null} title={device ? `编辑${noun}` : `登记${noun}`} destroyOnHidden onCancel={onClose}
      okText="保存" confirmLoading={busy} onOk={() => form.submit()} okButtonProps={{ 'data-testid': 'device-save' } as Record<string, string>}>
      <Form<DeviceForm> form={form} layout="vertical" preserve={false} onFinish={(values) => void submit(values)}
        initialValues={device
          ? { serial: device.serial, name: device.name, direction: device.direction as DeviceForm['direction'], location: device.location }
          : { direction: kind === 'reader' ? 'in' : 'both', serial: editing?.serial, protocol: editing?.serial ? 'iclock' : 'api' }}>
        <Form.Item name="serial" label="设备序列号"
          rules={[{ required: true, pattern: /^[A-Za-z0-9_-]{1,32}$/, message: '设备序列号应为1-32位字母、数字、-或_' }]}>
          <Input disabled={device !== null} placeholder="设备铭牌上的序列号" data-testid="device-serial" />
        </Form.Item>
        <Form.Item name="name" label="设备名称" rules={[{ required: true, max: 30, message: '请填写1-30个字的设备名称' }]}>
          <Input placeholder="如：1号门岗考勤机" data-testid="device-name" />
        </Form.Item>
        <Form.Item name="direction" label="进出方向" rules={[{ required: true, message: '请选择进出方向' }]}>
          <Select options={DIRECTION_OPTIONS} data-testid="device-direction" />
        </Form.Item>
        <Form.Item name="location" label="安装位置" rules={[{ max: 50, message: '安装位置不能超过50个字' }]}>
          <Input placeholder="如：项目东大门" data-testid="device-location" />
        </Form.Item>
        {kind === 'attendant' && !device && (
          <Form.Item name="protocol" label="通讯方式" rules={[{ required: true, message: '请选择通讯方式' }]}
            extra="ZKTeco（熵基）及兼容其协议的人脸、指纹考勤机选 ZKTeco PUSH；按《设备接口说明》对接的设备选平台接口。">
            <Select options={PROTOCOL_OPTIONS} data-testid="device-protocol" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** 系统设置 → 考勤设备 / 身份证阅读器: the project's devices of one kind, their status from heartbeats. */
export default function DeviceList({ kind, title }: { kind: DeviceKind; title: string }) {
  const canWrite = useCanWrite();
  // The regulator without a project in view reads every project's rows: each row names its project.
  const spansProjects = useSpansProjects();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [secret, setSecret] = useState<DeviceSecret | null>(null);
  const [setupSerial, setSetupSerial] = useState<string | null>(null);
  const [diagnosed, setDiagnosed] = useState<number | null>(null);
  const devices = usePagedList({
    queryKey: ['attendance', 'devices', kind],
    fetchPage: (filter: DeviceFilter, page, limit) => fetchDevices(kind, filter, page, limit),
    initialFilter: EMPTY_FILTER,
    limit: DEFAULT_LIMIT,
  });
  const { refetch } = devices.query;
  useEffect(() => {
    // As react-query's refetchInterval does: not while the page is hidden.
    const timer = setInterval(() => {
      if (!document.hidden) void refetch();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [refetch]);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['attendance', 'devices'] });
    void queryClient.invalidateQueries({ queryKey: ['iclock', 'strangers'] });
  };

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      void message.success(done);
      refresh();
    } catch (error) {
      showApiError(error);
    }
  };

  const columns: TableColumnsType<AttendanceDevice> = [
    ...(spansProjects ? [{ title: '项目', dataIndex: 'projectName', width: 180, ellipsis: true }] : []),
    { title: '设备名称', dataIndex: 'name', width: 180 },
    { title: '序列号', dataIndex: 'serial', width: 160 },
    { title: '方向', dataIndex: 'directionLabel', width: 70 },
    ...(kind === 'attendant' ? [{ title: '通讯方式', dataIndex: 'protocolLabel', width: 120 }] : []),
    { title: '安装位置', dataIndex: 'location', ellipsis: true, render: (text: string) => text || '—' },
    {
      title: '状态',
      dataIndex: 'statusLabel',
      width: 90,
      render: (label: string, device) => <Badge status={STATUS_BADGE[label] ?? 'default'} text={label} data-testid={`device-status-${device.serial}`} />,
    },
    {
      title: '最后心跳',
      dataIndex: 'lastHeartbeat',
      width: 170,
      render: (text: string) => (text.startsWith('0000') ? '从未连接' : text),
    },
    { title: '上传打卡', dataIndex: 'punches', width: 90 },
    {
      title: '操作',
      key: 'action',
      width: 300,
      render: (_, device) => (
        <Space size={0}>
          {device.protocol === 'iclock' && (
            <Button type="link" size="small" data-testid={`device-diagnose-${device.serial}`} onClick={() => setDiagnosed(device.id)}>诊断</Button>
          )}
          {canWrite && <>
          <Button type="link" size="small" onClick={() => setEditing({ device })}>编辑</Button>
          <Button type="link" size="small" data-testid={`device-toggle-${device.serial}`}
            onClick={() => void act(() => editDevice(device.id, { name: device.name, direction: device.direction as DeviceForm['direction'], location: device.location }, !device.enabled), device.enabled ? '已停用' : '已启用')}>
            {device.enabled ? '停用' : '启用'}
          </Button>
          {device.protocol !== 'iclock' && (
            <Popconfirm title="重置后旧密钥立即失效，设备需录入新密钥。确定重置？" okText="重置" cancelText="取消"
              onConfirm={() => void resetSecret(device.id).then(setSecret, showApiError)}>
              <Button type="link" size="small">重置密钥</Button>
            </Popconfirm>
          )}
          <Popconfirm title="删除设备后其已上传的考勤记录保留。确定删除？" okText="删除" cancelText="取消"
            onConfirm={() => void act(() => deleteDevice(device.id), '已删除')}>
            <Button type="link" size="small" danger>删除</Button>
          </Popconfirm>
          </>}
        </Space>
      ),
    },
  ];

  return (
    <Card data-testid={`devices-${kind}`} title={spansProjects ? `${title}（全部项目）` : title} variant="borderless"
      extra={canWrite && <Button type="primary" icon={<PlusOutlined />} data-testid="device-add" onClick={() => setEditing({ device: null })}>登记设备</Button>}>
      {kind === 'attendant' && canWrite && <Strangers onAdopt={(serial) => setEditing({ device: null, serial })} />}
      <FilterForm<DeviceFilter> searchTestId="device-search" onReset={devices.reset}
        onSearch={(values) => devices.search({ keyword: values.keyword ?? '', status: values.status ?? '' })}>
        <Form.Item name="keyword">
          <Input placeholder="设备名称或序列号" allowClear style={{ width: 200 }} data-testid="device-filter-keyword" />
        </Form.Item>
        <Form.Item name="status">
          <Select placeholder="状态" allowClear style={{ width: 110 }} data-testid="device-filter-status"
            options={[{ value: 'online', label: '在线' }, { value: 'offline', label: '离线' }, { value: 'disabled', label: '停用' }]} />
        </Form.Item>
      </FilterForm>
      <ServerTable<DeviceFilter, AttendanceDevice>
        list={devices}
        data-testid="device-table"
        rowKey="id"
        columns={columns}
        totalText={(total) => `共 ${total} 台`}
      />
      <DeviceDialog kind={kind} editing={editing} onClose={() => setEditing(null)}
        onSaved={(created, protocol) => {
          setEditing(null);
          if (created && protocol === 'iclock') setSetupSerial(created.serial);
          else if (created) setSecret(created);
          else void message.success('保存成功');
          refresh();
        }} />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <SetupDialog serial={setupSerial} onClose={() => setSetupSerial(null)} />
      <TerminalDrawer id={diagnosed} canWrite={canWrite} onClose={() => setDiagnosed(null)} />
    </Card>
  );
}
