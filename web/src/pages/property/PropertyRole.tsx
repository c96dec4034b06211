/**
 * 系统设置 → 财务角色配置 (propertyRole): the project's finance approvers, who approve its wage orders on the
 * finance side. The clerk adds them, edits their name, disables / enables them and resets their password; the
 * initial password goes by SMS to the approver's own phone and is never shown here. The approver enters the
 * ID number and changes the phone himself (个人中心): who prepares wages never holds the approver's factors.
 * A regulator with the project in view reads the approvers and their 配置记录 without a write button; one of
 * 审核 or 管理员 corrects an ID number entered wrong.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Space, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { AccountLinks, AccountStatusTags, InitialPasswordModal, useAccountActions } from '@/components/accounts/AccountAdmin';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { useCanWrite, useRegulatorMay } from '@/store/session';
import ApproverLog from './ApproverLog';
import IdCorrectionDialog from './IdCorrectionDialog';
import PropertyRoleDialog from './PropertyRoleDialog';
import { fetchApprovers, fetchPasswordRule, fetchProject, resetPassword, setEnabled, type ApproverLine } from './service';

const DEFAULT_LIMIT = 10;

export default function PropertyRole() {
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const [correcting, setCorrecting] = useState<ApproverLine | null>(null);
  const canWrite = useCanWrite();
  const mayCorrect = useRegulatorMay('audit');

  const project = useQuery({ queryKey: ['property', 'project'], queryFn: fetchProject });
  const rule = useQuery({ queryKey: ['property', 'rule'], queryFn: fetchPasswordRule });
  const list = usePagedList({
    queryKey: ['property', 'list'],
    fetchPage: fetchApprovers,
    initialFilter: '',
    limit: DEFAULT_LIMIT,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['property'] });
  const accounts = useAccountActions({
    setEnabled,
    resetPassword: async (id) => {
      const reset = await resetPassword(id);
      return { login: reset.account, sentTo: reset.phone };
    },
    refresh,
  });

  const columns: TableColumnsType<ApproverLine> = [
    { title: '姓名', dataIndex: 'name', key: 'name', width: 120 },
    { title: '登录账号', dataIndex: 'account', key: 'account', width: 140 },
    { title: '手机号', dataIndex: 'phone', key: 'phone', width: 130 },
    {
      title: '身份证号',
      dataIndex: 'idnumber',
      key: 'idnumber',
      width: 190,
      render: (value: string) => value || <Typography.Text type="secondary">待本人登录后填写</Typography.Text>,
    },
    {
      title: '状态',
      key: 'status',
      width: 150,
      render: (_, row) => <AccountStatusTags account={row} />,
    },
    { title: '创建时间', dataIndex: 'createtime', key: 'createtime', width: 170 },
    {
      title: '操作',
      key: 'action',
      render: (_, row) =>
        canWrite ? (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => setEditing(row.id)} data-testid={`approver-edit-${row.account}`}>
              编辑
            </Button>
            <AccountLinks account={row} actions={accounts} testIdOf={(kind) => `approver-${kind}-${row.account}`} />
          </Space>
        ) : mayCorrect ? (
          <Button type="link" size="small" onClick={() => setCorrecting(row)} data-testid={`approver-correct-${row.account}`}>
            更正身份证号
          </Button>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <Card
      data-testid="property-role-page"
      variant="borderless"
      title={
        <Space>
          <span>财务角色配置</span>
          {project.data && <Typography.Text type="secondary">{project.data.projectname}</Typography.Text>}
        </Space>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="财务审批人负责审批本项目的工资代发工单，在登录页选择“财务登录”进入。"
        description={rule.data ? `${rule.data.delivery} 新密码规则：${rule.data.rule}` : undefined}
      />
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
          allowClear
          placeholder="姓名、账号或手机号"
          style={{ width: 280 }}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          onSearch={(value) => list.search(value.trim())}
          enterButton="查询"
          data-testid="approver-search"
        />
        {canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)} data-testid="approver-create">
            新增审批人
          </Button>
        )}
      </Space>
      <ServerTable<string, ApproverLine>
        data-testid="approver-table"
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1100 }}
        totalText={(total) => `共 ${total} 人`}
      />
      <PropertyRoleDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(created) => {
          setEditing(null);
          if (created) accounts.show({ title: '审批人已创建', login: created.account, sentTo: created.phone });
          refresh();
        }}
      />
      <IdCorrectionDialog
        approver={correcting}
        onClose={() => setCorrecting(null)}
        onDone={() => {
          setCorrecting(null);
          refresh();
        }}
      />
      <ApproverLog />
      <InitialPasswordModal
        shown={accounts.shown}
        onClose={accounts.close}
        tell="审批人"
        testId="initial-password"
        valueTestId="initial-password-value"
      />
    </Card>
  );
}
