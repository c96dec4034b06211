/**
 * 管理人员 (projectManagement): the project's management and key staff, with the key-post warning (国令724 art. 28:
 * wages are paid only once the project manager and the labour clerk are in post). Adding and editing happen on
 * the hidden page /project/regist.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Popconfirm, Radio, Select, Space, Tag, message, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { showApiError } from '@/api/client';
import { useSession } from '@/store/session';
import { useProjectId } from '@/store/useProjectId';
import RevealNumber from '@/components/RevealNumber';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { deleteStaff, fetchStaff, fetchStaffOptions, keyPostsWarning, type Staff, type StaffFilter } from './service';

const STATUS_FILTERS = [
  { value: '', label: '全部' },
  { value: '1', label: '在岗' },
  { value: '2', label: '已离场' },
];

export default function ProjectManagement() {
  const navigate = useNavigate();
  const projectId = useProjectId();
  const isBuilder = useSession((state) => state.roles.includes('builder'));
  const queryClient = useQueryClient();
  const [keywordInput, setKeywordInput] = useState('');

  const options = useQuery({ queryKey: ['staff', 'options', projectId ?? ''], queryFn: fetchStaffOptions });
  const list = usePagedList<StaffFilter, Staff>({
    queryKey: ['staff', 'list', projectId ?? ''],
    fetchPage: fetchStaff,
    initialFilter: { post: '', keyword: '', status: '' },
  });
  const { filter } = list;
  const warning = keyPostsWarning(options.data?.keyPostsMissing ?? []);

  const remove = async (row: Staff) => {
    try {
      await deleteStaff(row.id);
      message.success('删除成功');
      void queryClient.invalidateQueries({ queryKey: ['staff'] });
    } catch (error) {
      showApiError(error);
    }
  };

  const columns: TableColumnsType<Staff> = [
    { title: '姓名', dataIndex: 'name', key: 'name', width: 100 },
    {
      title: '岗位',
      dataIndex: 'post',
      key: 'post',
      width: 140,
      render: (post: string, row) => (
        <Space size={4}>
          {post}
          {row.key && <Tag color="red">关键岗位</Tag>}
        </Space>
      ),
    },
    { title: '所属单位', dataIndex: 'unitName', key: 'unitName', ellipsis: true },
    { title: '联系电话', dataIndex: 'phone', key: 'phone', width: 130 },
    { title: '身份证号码', dataIndex: 'idNumber', key: 'idNumber', width: 180, render: (value: string, row) => <RevealNumber value={value} record="staff" id={row.id} /> },
    { title: '证书编号', dataIndex: 'certificateNumber', key: 'certificateNumber', width: 150, render: (value: string) => value || '—' },
    { title: '进场日期', dataIndex: 'entryDate', key: 'entryDate', width: 110 },
    { title: '离场日期', dataIndex: 'exitDate', key: 'exitDate', width: 110, render: (value: string) => value || '—' },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 80,
      render: (status: number) => (status === 1 ? <Tag color="green">在岗</Tag> : <Tag>已离场</Tag>),
    },
  ];
  if (isBuilder) {
    columns.push({
      title: '操作',
      key: 'action',
      width: 120,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" data-testid={`staff-edit-${row.id}`} onClick={() => navigate(`/project/regist?id=${row.id}`)}>
            编辑
          </Button>
          <Popconfirm title={`确定删除${row.post}${row.name}吗？`} okText="删除" cancelText="取消" onConfirm={() => remove(row)}>
            <Button type="link" size="small" danger data-testid={`staff-delete-${row.id}`}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }

  return (
    <Card data-testid="staff-page" title="管理人员" variant="borderless">
      {warning && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={warning} data-testid="key-posts-warning" />}
      <Space wrap size={16} style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap size={16}>
          <Select
            allowClear
            placeholder="岗位"
            style={{ width: 160 }}
            options={options.data?.posts.map((post) => ({ value: post.value, label: post.label }))}
            value={filter.post || undefined}
            onChange={(post?: string) => list.search({ ...filter, post: post ?? '' })}
            data-testid="staff-post-filter"
          />
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            value={filter.status}
            options={STATUS_FILTERS}
            onChange={(event) => list.search({ ...filter, status: event.target.value as string })}
          />
          <Input.Search
            allowClear
            placeholder="姓名或身份证号码"
            style={{ width: 240 }}
            maxLength={20}
            value={keywordInput}
            onChange={(event) => setKeywordInput(event.target.value)}
            onSearch={(value) => list.search({ ...filter, keyword: value.trim() })}
            enterButton="查询"
            data-testid="staff-search"
          />
        </Space>
        {isBuilder && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/project/regist')} data-testid="staff-add">
            添加管理人员
          </Button>
        )}
      </Space>
      <ServerTable<StaffFilter, Staff>
        list={list}
        data-testid="staff-table"
        rowKey="id"
        columns={columns}
        scroll={{ x: 1100 }}
      />
    </Card>
  );
}
