/**
 * 系统设置 → 财务角色配置 (propertyRole): the project's finance approvers, who approve its wage orders on the
 * finance side. The clerk adds, edits, disables / enables them, resets their password and changes their phone
 * with SMS verification. Initial passwords are shown once here and must be changed at the first login.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Modal, Popconfirm, Space, Table, Tag, Typography, message, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { MSG_UNKNOWN } from '@/api/client';
import PropertyRoleDialog from './PropertyRoleDialog';
import PropertyRolePhoneDialog from './PropertyRolePhoneDialog';
import {
  changePhone,
  fetchApprovers,
  fetchPasswordRule,
  fetchProject,
  resetPassword,
  sendPhoneCode,
  setEnabled,
  type ApproverLine,
  type InitialPassword,
} from './PropertyRoleService';

const DEFAULT_LIMIT = 10;

export default function PropertyRole() {
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState({ keyword: '', page: 1, limit: DEFAULT_LIMIT });
  const [editing, setEditing] = useState<number | null>(null);
  const [phoneOf, setPhoneOf] = useState<ApproverLine | null>(null);
  const [password, setPassword] = useState<{ title: string; value: InitialPassword } | null>(null);

  const project = useQuery({ queryKey: ['property', 'project'], queryFn: fetchProject });
  const rule = useQuery({ queryKey: ['property', 'rule'], queryFn: fetchPasswordRule });
  const list = useQuery({
    queryKey: ['property', 'list', query],
    queryFn: () => fetchApprovers(query.keyword, query.page, query.limit),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['property'] });
  const fail = (error: unknown) => void message.error(error instanceof Error ? error.message : MSG_UNKNOWN);

  const toggle = async (row: ApproverLine) => {
    try {
      await setEnabled(row.id, row.status !== 1);
      void message.success(row.status === 1 ? '已停用' : '已启用');
      refresh();
    } catch (error) {
      fail(error);
    }
  };

  const reset = async (row: ApproverLine) => {
    try {
      setPassword({ title: '密码已重置', value: await resetPassword(row.id) });
      refresh();
    } catch (error) {
      fail(error);
    }
  };

  const columns: TableColumnsType<ApproverLine> = [
    { title: '姓名', dataIndex: 'name', key: 'name', width: 120 },
    { title: '登录账号', dataIndex: 'account', key: 'account', width: 140 },
    { title: '手机号', dataIndex: 'phone', key: 'phone', width: 130 },
    { title: '身份证号', dataIndex: 'idnumber', key: 'idnumber', width: 190 },
    {
      title: '状态',
      key: 'status',
      width: 150,
      render: (_, row) => (
        <Space size={4}>
          {row.status === 1 ? <Tag color="green">启用</Tag> : <Tag color="red">停用</Tag>}
          {row.isupdate !== 1 && <Tag color="orange">待改初始密码</Tag>}
        </Space>
      ),
    },
    { title: '创建时间', dataIndex: 'createtime', key: 'createtime', width: 170 },
    {
      title: '操作',
      key: 'action',
      render: (_, row) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setEditing(row.id)} data-testid={`approver-edit-${row.account}`}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => setPhoneOf(row)} data-testid={`approver-phone-${row.account}`}>
            改手机号
          </Button>
          <Popconfirm
            title={row.status === 1 ? `停用后 ${row.name} 将无法登录，是否继续？` : `启用 ${row.name}？`}
            onConfirm={() => void toggle(row)}
          >
            <Button type="link" size="small" danger={row.status === 1} data-testid={`approver-toggle-${row.account}`}>
              {row.status === 1 ? '停用' : '启用'}
            </Button>
          </Popconfirm>
          <Popconfirm title={`重置 ${row.name} 的密码？原密码将失效。`} onConfirm={() => void reset(row)}>
            <Button type="link" size="small" data-testid={`approver-reset-${row.account}`}>
              重置密码
            </Button>
          </Popconfirm>
        </Space>
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
          onSearch={(value) => setQuery((q) => ({ ...q, keyword: value.trim(), page: 1 }))}
          enterButton="查询"
          data-testid="approver-search"
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)} data-testid="approver-create">
          新增审批人
        </Button>
      </Space>
      {list.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={list.error.message} />}
      <Table<ApproverLine>
        data-testid="approver-table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1100 }}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => `共 ${total} 人`,
        }}
        onChange={(pagination) =>
          setQuery((q) => {
            const limit = pagination.pageSize ?? q.limit;
            return { ...q, limit, page: limit === q.limit ? (pagination.current ?? 1) : 1 };
          })
        }
      />
      <PropertyRoleDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(created) => {
          setEditing(null);
          if (created) setPassword({ title: '审批人已创建', value: created });
          refresh();
        }}
      />
      <PropertyRolePhoneDialog
        open={phoneOf !== null}
        owner={phoneOf?.name ?? ''}
        currentPhone={phoneOf?.phone ?? ''}
        send={(phone) => sendPhoneCode(phoneOf?.id ?? 0, phone)}
        confirm={(phone, code) => changePhone(phoneOf?.id ?? 0, phone, code)}
        onClose={() => setPhoneOf(null)}
        onChanged={() => {
          setPhoneOf(null);
          refresh();
        }}
      />
      <Modal
        open={password !== null}
        title={password?.title}
        onOk={() => setPassword(null)}
        onCancel={() => setPassword(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        okText="我已记下"
      >
        <div data-testid="initial-password">
          <p>
            登录账号：<Typography.Text strong copyable>{password?.value.account}</Typography.Text>
          </p>
          <p>
            初始密码：
            <Typography.Text strong copyable data-testid="initial-password-value">
              {password?.value.password}
            </Typography.Text>
          </p>
          <Alert type="warning" showIcon title="初始密码只显示这一次，请告知审批人；首次登录须修改密码。" />
        </div>
      </Modal>
    </Card>
  );
}
