import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Descriptions, Drawer, Popconfirm, Space, Spin, Tabs, Tag, Typography, message } from 'antd';
import { ApiError, showApiError } from '@/api/client';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import {
  fetchCommands,
  fetchTerminal,
  fetchUploads,
  reupload,
  resync,
  STATUS_COLOR,
  type IclockCommand,
  type IclockUpload,
} from './service';

const PAGE = 10;
const never = (text: string) => (text.startsWith('0000') ? '—' : text);

function Commands({ id }: { id: number }) {
  const commands = usePagedList({
    queryKey: ['iclock', 'commands', id],
    fetchPage: (_filter: null, page, limit) => fetchCommands(id, page, limit),
    initialFilter: null,
    limit: PAGE,
  });
  return (
    <ServerTable<null, IclockCommand>
      size="small"
      rowKey="id"
      data-testid="iclock-commands"
      list={commands}
      pager={{ showSizeChanger: false }}
      columns={[
        { title: '说明', dataIndex: 'summary', ellipsis: true },
        { title: '状态', dataIndex: 'statusLabel', width: 90, render: (label: string) => <Tag color={STATUS_COLOR[label]}>{label}</Tag> },
        { title: '回执', dataIndex: 'returnCode', width: 70, render: (code: string) => code || '—' },
        { title: '生成时间', dataIndex: 'createdAt', width: 160 },
        { title: '执行时间', dataIndex: 'returnedAt', width: 160, render: never },
      ]}
    />
  );
}

/** The lines of an upload that failed and why, with the text as the terminal sent it. */
function Failures({ upload }: { upload: IclockUpload }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {upload.failures.length > 0 && (
        <div data-testid="iclock-failures">
          {upload.failures.map((failure) => (
            <div key={failure.line}>
              <Typography.Text type="danger">第{failure.line}行</Typography.Text>{' '}
              <Typography.Text code>{failure.text || '（空）'}</Typography.Text> {failure.reason}
            </div>
          ))}
          {upload.failed > upload.failures.length && <Typography.Text type="secondary">仅列出前 {upload.failures.length} 行</Typography.Text>}
        </div>
      )}
      <Typography.Text type="secondary">设备发送的原始数据：</Typography.Text>
      <pre data-testid="iclock-raw" style={{ maxHeight: 240, overflow: 'auto', background: '#fafafa', padding: 8, margin: 0, fontSize: 12 }}>
        {upload.raw}
      </pre>
    </Space>
  );
}

function Uploads({ id }: { id: number }) {
  // The filter is 只看有失败行的上传.
  const uploads = usePagedList({
    queryKey: ['iclock', 'uploads', id],
    fetchPage: (failedOnly: boolean, page, limit) => fetchUploads(id, failedOnly, page, limit),
    initialFilter: false,
    limit: PAGE,
  });
  return (
    <>
      <Checkbox style={{ marginBottom: 8 }} checked={uploads.filter} data-testid="iclock-failed-only"
        onChange={(event) => uploads.search(event.target.checked)}>
        只看有失败行的上传
      </Checkbox>
      <ServerTable<boolean, IclockUpload>
        size="small"
        rowKey="id"
        data-testid="iclock-uploads"
        list={uploads}
        expandable={{ expandedRowRender: (upload) => <Failures upload={upload} /> }}
        pager={{ showSizeChanger: false }}
        totalText={(total) => `共 ${total} 次（保留7天）`}
        columns={[
          { title: '时间', dataIndex: 'receivedAt', width: 160 },
          { title: '类型', dataIndex: 'tableLabel', width: 100 },
          { title: '行数', dataIndex: 'lines', width: 70 },
          { title: '保存', dataIndex: 'stored', width: 70 },
          { title: '重复', dataIndex: 'duplicates', width: 70 },
          {
            title: '失败',
            dataIndex: 'failed',
            width: 70,
            render: (failed: number) => (failed > 0 ? <Typography.Text type="danger">{failed}</Typography.Text> : 0),
          },
        ]}
      />
    </>
  );
}

/**
 * 诊断 of a ZKTeco PUSH terminal: when it last handshook and polled, what it says of itself, where its logs
 * stand, the people it holds, the commands it was given and every upload of the last 7 days with the lines
 * that failed: "the device is online but attendance is empty" is answered here.
 */
export default function TerminalDrawer({ id, canWrite, onClose }: { id: number | null; canWrite: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const terminal = useQuery({ queryKey: ['iclock', 'terminal', id], queryFn: () => fetchTerminal(id ?? 0), enabled: id !== null });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['iclock'] });
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      void message.success(done);
      refresh();
    } catch (error) {
      showApiError(error);
    }
  };
  const data = terminal.data;
  return (
    <Drawer open={id !== null} width={900} onClose={onClose} destroyOnHidden
      title={data ? `设备诊断：${data.device.name}（${data.device.serial}）` : '设备诊断'}
      extra={
        <Space>
          <Button data-testid="iclock-refresh" onClick={refresh}>刷新</Button>
          {canWrite && id !== null && (
            <>
              <Popconfirm title="设备将重新上传其保存的全部考勤记录，已保存的不会重复计入。确定？" okText="确定" cancelText="取消"
                onConfirm={() => void act(() => reupload(id), '已通知设备重新上传')}>
                <Button data-testid="iclock-reupload">重新上传考勤</Button>
              </Popconfirm>
              <Popconfirm title="设备将在下次连接时重新接收全部在场人员。确定？" okText="确定" cancelText="取消"
                onConfirm={() => void act(() => resync(id), '已安排重新下发人员')}>
                <Button data-testid="iclock-resync">重新下发人员</Button>
              </Popconfirm>
            </>
          )}
        </Space>
      }>
      <div data-testid="iclock-drawer">
        {terminal.isError && <Alert type="error" showIcon title={terminal.error instanceof ApiError ? terminal.error.message : '加载失败'} />}
        {terminal.isLoading && <Spin />}
        {data && id !== null && (
          <>
            <Descriptions size="small" bordered column={2} style={{ marginBottom: 16 }}>
              <Descriptions.Item label="状态">{data.device.statusLabel}</Descriptions.Item>
              <Descriptions.Item label="最后连接">{never(data.device.lastHeartbeat)}</Descriptions.Item>
              <Descriptions.Item label="最后握手">{never(data.handshakeAt)}</Descriptions.Item>
              <Descriptions.Item label="最后取命令">{never(data.polledAt)}</Descriptions.Item>
              <Descriptions.Item label="设备上报" span={2}>{[data.infoLabel, data.pushVersion && `推送协议 ${data.pushVersion}`].filter(Boolean).join('，') || '—'}</Descriptions.Item>
              <Descriptions.Item label="设备人员">
                <span data-testid="iclock-users">{data.users}</span> 人（指纹 {data.withFingers}，人脸 {data.withFace}）
              </Descriptions.Item>
              <Descriptions.Item label="命令">
                待执行 {data.commandsWaiting}，失败 {data.commandsFailed > 0 ? <Typography.Text type="danger">{data.commandsFailed}</Typography.Text> : 0}
              </Descriptions.Item>
              <Descriptions.Item label="上传位置" span={2}>
                考勤 {data.attlogStamp}，人员 {data.operlogStamp}，照片 {data.attphotoStamp}
              </Descriptions.Item>
            </Descriptions>
            <Tabs items={[
              { key: 'commands', label: '命令', children: <Commands id={id} /> },
              { key: 'uploads', label: '上传记录', children: <Uploads id={id} /> },
            ]} />
          </>
        )}
      </div>
    </Drawer>
  );
}
