import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Radio, Space, type TableColumnsType, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useProjectInView } from '@/store/projectInView';
import { useRegulatorMay } from '@/store/session';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import AuditDetailDrawer from './AuditDetailDrawer';
import CreateAccountDialog from './CreateAccountDialog';
import RejectDialog from './RejectDialog';
import TransferDialog from './TransferDialog';
import { StatusTag, STATUS_FILTERS } from './status';
import { fetchAuditList, type AuditFilter, type AuditListRow, type AuditStatus } from './service';

/** 监管审核 → 注册审核: the regulator's list of project registrations, their detail and decision. */
export default function ProjectAudit() {
  const view = useProjectInView((state) => state.view);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [nameInput, setNameInput] = useState('');
  const [viewing, setViewing] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<{ id: number; name: string } | null>(null);
  const [creating, setCreating] = useState(false);
  const mayAudit = useRegulatorMay('audit');
  const mayInspect = useRegulatorMay('inspect');
  const [transferTo, setTransferTo] = useState<{ id: number; name: string } | null>(null);

  const list = usePagedList<AuditFilter, AuditListRow>({
    queryKey: ['audit', 'list'],
    fetchPage: fetchAuditList,
    initialFilter: { status: '1', name: '' },
  });
  const { filter } = list;

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['audit'] });

  const columns: TableColumnsType<AuditListRow> = [
    {
      title: '项目名称',
      dataIndex: 'name',
      key: 'name',
      render: (name: string) => name || <Typography.Text type="secondary">（未填写）</Typography.Text>,
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 110,
      render: (status: string) => <StatusTag status={status} />,
    },
    {
      title: '提交时间',
      dataIndex: 'submitted_time',
      key: 'submitted_time',
      width: 180,
      render: (time: string) => time || '—',
    },
    {
      title: '驳回原因',
      dataIndex: 'auditremark',
      key: 'auditremark',
      ellipsis: true,
      render: (remark: string) => remark || '—',
    },
    {
      title: '操作',
      key: 'action',
      width: 260,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" data-testid={`audit-view-${row.id}`} onClick={() => setViewing(row.id)}>
            查看
          </Button>
          {row.status === '2' && (
            <Button type="link" size="small" data-testid={`audit-roster-${row.id}`}
              onClick={() => {
                view({ id: row.id, name: row.name });
                navigate(`/user/list?projectId=${row.id}`);
              }}>
              花名册
            </Button>
          )}
          {row.status === '2' && mayInspect && (
            <Button type="link" size="small" data-testid={`audit-transfer-${row.id}`} onClick={() => setTransferTo({ id: row.id, name: row.name })}>
              录入人工费拨付
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card data-testid="audit-page" title="注册审核" variant="borderless">
      <Space wrap size={16} style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap size={16}>
          <Radio.Group
            data-testid="audit-status"
            optionType="button"
            buttonStyle="solid"
            value={filter.status}
            options={STATUS_FILTERS}
            onChange={(event) => list.search({ ...filter, status: event.target.value as AuditStatus })}
          />
          <Input.Search
            data-testid="audit-search"
            placeholder="项目名称"
            allowClear
            style={{ width: 260 }}
            value={nameInput}
            onChange={(event) => setNameInput(event.target.value)}
            onSearch={(value) => list.search({ ...filter, name: value.trim() })}
            enterButton="查询"
          />
        </Space>
        {mayAudit && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="audit-create-account" onClick={() => setCreating(true)}>
            开通项目账号
          </Button>
        )}
      </Space>

      <ServerTable<AuditFilter, AuditListRow> list={list} data-testid="audit-table" rowKey="id" columns={columns} />

      <AuditDetailDrawer
        projectId={viewing}
        onClose={() => setViewing(null)}
        onReject={setRejecting}
        onDecided={() => {
          setViewing(null);
          refresh();
        }}
      />
      <RejectDialog
        project={rejecting}
        onClose={() => setRejecting(null)}
        onRejected={() => {
          // A decided project goes back to the list, which now shows its new status.
          setRejecting(null);
          setViewing(null);
          refresh();
        }}
      />
      <TransferDialog project={transferTo} onClose={() => setTransferTo(null)} />
      <CreateAccountDialog open={creating} onClose={() => setCreating(false)} onCreated={refresh} />
    </Card>
  );
}
