import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Image, Space, Spin, Table, Tabs, Tag } from 'antd';
import { ApiError } from '@/api/client';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import EditDialog from './EditDialog';
import TransferDialog from './TransferDialog';
import WageStandardDialog from './WageStandardDialog';
import { fetchDetail, fetchHistory, fetchOptions, type RateLine, type RosterLine, type WorkerDetail } from '../service';

export const StatusTag = ({ status, exitReason }: { status: number; exitReason?: string }) =>
  status === 1 ? <Tag color="green">在场</Tag> : exitReason === 'transfer' ? <Tag color="blue">调出</Tag> : <Tag>退场</Tag>;

const wageText = (line: { wage: string; wageKind: string }) => `${line.wage} 元/${line.wageKind === 'month' ? '月' : '日'}`;

const HISTORY_LIMIT = 10;
/** Labels on one line: the drawer is narrow for four columns. */
const LABEL = { whiteSpace: 'nowrap' } as const;

/** The worker's 变更记录: every logged change of the person and their lines here, newest first. */
function ChangeHistory({ id, projectId }: { id: number; projectId?: string }) {
  const history = usePagedList({
    queryKey: ['worker', 'history', id, projectId ?? ''],
    fetchPage: (_filter: null, page, limit) => fetchHistory(id, page, limit, projectId),
    initialFilter: null,
    limit: HISTORY_LIMIT,
  });
  return (
    <ServerTable
      size="small"
      rowKey="id"
      data-testid="worker-changes"
      list={history}
      pager={{ showSizeChanger: false }}
      columns={[
        { title: '时间', dataIndex: 'time', width: 160 },
        { title: '操作', dataIndex: 'action', width: 110 },
        { title: '内容（修改前 → 修改后）', dataIndex: 'detail' },
        { title: '操作人', dataIndex: 'account', width: 90 },
      ]}
    />
  );
}

type Dialog = 'edit' | 'wage' | 'transfer' | null;

/**
 * The roster line's detail: the person's ID data, wage card with its bank, place and wage standard, the
 * employments on this project and the change history. A builder corrects the worker from here (修改,
 * 调整工资标准, 调动); the regulator only reads.
 */
export default function WorkerDrawer({
  id,
  projectId,
  canEdit = false,
  onClose,
  onChanged,
}: {
  id: number | null;
  projectId?: string;
  canEdit?: boolean;
  onClose: () => void;
  /** After a change: the line to show (a transfer moves to the new line). */
  onChanged?: (id: number) => void;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const detail = useQuery({
    queryKey: ['worker', 'detail', id, projectId ?? ''],
    queryFn: () => fetchDetail(id as number, projectId),
    enabled: id !== null,
  });
  const options = useQuery({ queryKey: ['worker', 'options', projectId ?? ''], queryFn: () => fetchOptions(projectId) });
  const data = detail.data;
  const bankName = (code: string) => options.data?.banks.find((bank) => bank.value === code)?.label ?? code;
  const changed = (line: number) => {
    setDialog(null);
    onChanged?.(line);
  };
  const onSite = data?.status === 1;

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title="人员详情"
      size={760}
      destroyOnHidden
      extra={
        canEdit && data ? (
          <Space>
            <Button data-testid="worker-edit" onClick={() => setDialog('edit')}>修改</Button>
            {onSite && <Button data-testid="worker-wage" onClick={() => setDialog('wage')}>调整工资标准</Button>}
            {onSite && <Button data-testid="worker-transfer" onClick={() => setDialog('transfer')}>调动</Button>}
          </Space>
        ) : null
      }
    >
      {detail.isLoading && <Spin />}
      {detail.isError && (
        <Alert type="error" showIcon title={detail.error instanceof ApiError ? detail.error.message : '加载失败'} />
      )}
      {data && (
        <Tabs
          items={[
            { key: 'info', label: '人员信息', children: <WorkerInfo data={data} bankName={bankName} /> },
            { key: 'changes', label: '变更记录', children: <ChangeHistory id={data.id} projectId={projectId} /> },
          ]}
        />
      )}
      {canEdit && data && (
        <>
          <EditDialog worker={dialog === 'edit' ? data : null} banks={options.data?.banks ?? []} onClose={() => setDialog(null)} onSaved={() => changed(data.id)} />
          <WageStandardDialog worker={dialog === 'wage' ? data : null} onClose={() => setDialog(null)} onSaved={() => changed(data.id)} />
          <TransferDialog worker={dialog === 'transfer' ? data : null} options={options.data} onClose={() => setDialog(null)} onMoved={changed} />
        </>
      )}
    </Drawer>
  );
}

function WorkerInfo({ data, bankName }: { data: WorkerDetail; bankName: (code: string) => string }) {
  return (
    <div data-testid="worker-detail">
      <Descriptions title="身份证信息" column={2} size="small" bordered styles={{ label: LABEL }}>
        <Descriptions.Item label="姓名">{data.name}</Descriptions.Item>
        <Descriptions.Item label="身份证号">{data.idNumber}</Descriptions.Item>
        <Descriptions.Item label="性别">{data.gender}</Descriptions.Item>
        <Descriptions.Item label="民族">{data.ethnicity || '—'}</Descriptions.Item>
        <Descriptions.Item label="出生日期">{data.birthDate}</Descriptions.Item>
        <Descriptions.Item label="年龄">{data.age ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="籍贯">{data.nativePlace}</Descriptions.Item>
        <Descriptions.Item label="签发机关">{data.issuingAuthority || '—'}</Descriptions.Item>
        <Descriptions.Item label="住址" span={2}>{data.address || '—'}</Descriptions.Item>
        <Descriptions.Item label="有效期">{data.validFrom || data.validTo ? `${data.validFrom} 至 ${data.validTo}` : '—'}</Descriptions.Item>
        <Descriptions.Item label="照片">{data.photo ? <Image src={data.photo} width={64} /> : '未上传'}</Descriptions.Item>
      </Descriptions>
      <Descriptions title="进场信息" column={2} size="small" bordered style={{ marginTop: 16 }} styles={{ label: LABEL }}>
        <Descriptions.Item label="手机号码">{data.phone}</Descriptions.Item>
        <Descriptions.Item label="工资卡">
          {data.wageCardNumber ? (
            <span data-testid="worker-card">
              {data.wageCardNumber}（{bankName(data.wageCardBank)}）
              {data.cardCheckWaivedBy && <Tag color="orange" style={{ marginLeft: 4 }}>校验位未通过，{data.cardCheckWaivedBy}已确认</Tag>}
            </span>
          ) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="所属单位">{data.unitName}</Descriptions.Item>
        <Descriptions.Item label="班组">{data.teamName || '—'}</Descriptions.Item>
        <Descriptions.Item label="工种">{data.workTypeLabel}</Descriptions.Item>
        <Descriptions.Item label="工资标准">{wageText(data)}</Descriptions.Item>
        <Descriptions.Item label="劳动合同">
          {data.contractSigned ? `已签订 ${data.contractStart} 至 ${data.contractEnd}` : '未签订'}
        </Descriptions.Item>
        <Descriptions.Item label="合同文件">
          {data.contractFile ? <a href={data.contractFile} target="_blank" rel="noreferrer">查看</a> : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="进场日期">{data.entryDate}</Descriptions.Item>
        <Descriptions.Item label="状态"><StatusTag status={data.status} exitReason={data.exitReason} /></Descriptions.Item>
      </Descriptions>
      <Table<RateLine>
        style={{ marginTop: 16 }}
        title={() => '工资标准记录'}
        size="small"
        rowKey="effectiveFrom"
        pagination={false}
        data-testid="worker-rates"
        dataSource={data.rates}
        columns={[
          { title: '执行日期', dataIndex: 'effectiveFrom' },
          { title: '工资标准', key: 'wage', render: (_, rate) => wageText(rate) },
        ]}
      />
      <Table<RosterLine>
        style={{ marginTop: 16 }}
        title={() => '本项目进退场及调动记录'}
        size="small"
        rowKey="id"
        pagination={false}
        data-testid="worker-history"
        dataSource={data.history}
        columns={[
          { title: '进场日期', dataIndex: 'entryDate' },
          { title: '退场日期', dataIndex: 'exitDate', render: (text: string) => text || '—' },
          { title: '所属单位', dataIndex: 'unitName' },
          { title: '班组', dataIndex: 'teamName', render: (text: string) => text || '—' },
          { title: '工种', dataIndex: 'workTypeLabel' },
          { title: '工资标准', key: 'wage', render: (_, line) => wageText(line) },
          { title: '状态', dataIndex: 'status', render: (status: number, line) => <StatusTag status={status} exitReason={line.exitReason} /> },
        ]}
      />
    </div>
  );
}
