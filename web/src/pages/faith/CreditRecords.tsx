/**
 * One credit-record screen (faith/record, faith/award, faith/punishment): server-side filtered list, add (Modal),
 * view (Drawer), delete. A builder account keeps its own project's records; the regulator reads every project's.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Drawer,
  Input,
  Popconfirm,
  Radio,
  Space,
  Table,
  Tag,
  message,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { ApiError, showApiError } from '@/api/client';
import { useSession } from '@/store/session';
import CreditDialog from './CreditDialog';
import { deleteCredit, fetchCredit, fetchCredits, KIND_TEXT, type Credit, type CreditKind, type CreditQuery } from './service';

const DAY = 'YYYY-MM-DD';

const SUBJECT_FILTERS = [
  { value: '', label: '全部' },
  { value: 'worker', label: '工人' },
  { value: 'unit', label: '单位' },
];

const subjectTag = (type: string) => (type === 'unit' ? <Tag color="blue">单位</Tag> : <Tag color="orange">工人</Tag>);

function CreditDrawer({ id, kind, onClose }: { id: number | null; kind: CreditKind; onClose: () => void }) {
  const record = useQuery({ queryKey: ['credit', 'detail', id], queryFn: () => fetchCredit(id ?? 0), enabled: id !== null });
  const data = record.data;
  return (
    <Drawer title={`${KIND_TEXT[kind].title}详情`} open={id !== null} onClose={onClose} size={560}>
      {record.isError && <Alert type="error" showIcon title={record.error instanceof ApiError ? record.error.message : '加载失败'} />}
      {data && (
        <Descriptions column={1} bordered size="small" data-testid="credit-detail">
          <Descriptions.Item label="项目">{data.projectName}</Descriptions.Item>
          <Descriptions.Item label="对象">
            <Space>
              {subjectTag(data.subjectType)}
              {data.subjectName}
            </Space>
          </Descriptions.Item>
          {data.subjectType === 'worker' && (
            <Descriptions.Item label="身份证号码">
              {data.idNumber} {data.registered ? <Tag color="green">已实名登记</Tag> : <Tag>未登记</Tag>}
            </Descriptions.Item>
          )}
          <Descriptions.Item label="日期">{data.recordDate}</Descriptions.Item>
          <Descriptions.Item label={KIND_TEXT[kind].reason}>{data.reason}</Descriptions.Item>
          <Descriptions.Item label="发布单位">{data.issuer}</Descriptions.Item>
          <Descriptions.Item label="附件">
            {data.attachments.length === 0
              ? '无'
              : data.attachments.map((url, index) => (
                  <div key={url}>
                    <a href={url} target="_blank" rel="noreferrer">
                      附件{index + 1}
                    </a>
                  </div>
                ))}
          </Descriptions.Item>
          <Descriptions.Item label="登记时间">{data.createdTime}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}

export default function CreditRecords({ kind }: { kind: CreditKind }) {
  const text = KIND_TEXT[kind];
  const queryClient = useQueryClient();
  const isBuilder = useSession((state) => state.roles.includes('builder'));
  const isAdmin = useSession((state) => state.roles.includes('admin'));
  const [query, setQuery] = useState<CreditQuery>({ kind, page: 1, limit: 10, subjectType: '', keyword: '', dateFrom: '', dateTo: '' });
  const [keywordInput, setKeywordInput] = useState('');
  const [viewing, setViewing] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const list = useQuery({ queryKey: ['credit', 'list', query], queryFn: () => fetchCredits(query), placeholderData: keepPreviousData });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['credit'] });

  const remove = async (row: Credit) => {
    try {
      await deleteCredit(row.id);
      message.success('删除成功');
      refresh();
    } catch (error) {
      showApiError(error);
    }
  };

  const columns: TableColumnsType<Credit> = [
    ...(isAdmin ? [{ title: '项目', dataIndex: 'projectName', key: 'projectName', ellipsis: true }] : []),
    {
      title: kind === 'bad' ? '姓名' : '对象',
      key: 'subject',
      render: (_, row) => (
        <Space size={4}>
          {kind !== 'bad' && subjectTag(row.subjectType)}
          {row.subjectName}
        </Space>
      ),
    },
    { title: '身份证号码', dataIndex: 'idNumber', key: 'idNumber', width: 180, render: (value: string) => value || '—' },
    { title: '日期', dataIndex: 'recordDate', key: 'recordDate', width: 110 },
    { title: text.reason, dataIndex: 'reason', key: 'reason', ellipsis: true },
    { title: '发布单位', dataIndex: 'issuer', key: 'issuer', ellipsis: true, width: 200 },
    {
      title: '操作',
      key: 'action',
      width: 120,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" data-testid={`credit-view-${row.id}`} onClick={() => setViewing(row.id)}>
            查看
          </Button>
          {isBuilder && (
            <Popconfirm title="确定删除这条记录吗？" okText="删除" cancelText="取消" onConfirm={() => remove(row)}>
              <Button type="link" size="small" danger data-testid={`credit-delete-${row.id}`}>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const onRange = (range: [Dayjs | null, Dayjs | null] | null) =>
    setQuery((q) => ({ ...q, page: 1, dateFrom: range?.[0]?.format(DAY) ?? '', dateTo: range?.[1]?.format(DAY) ?? '' }));

  return (
    <Card data-testid={`credit-page-${kind}`} title={text.title} variant="borderless">
      <Space wrap size={16} style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap size={16}>
          {kind !== 'bad' && (
            <Radio.Group
              data-testid="credit-subject-filter"
              optionType="button"
              buttonStyle="solid"
              value={query.subjectType}
              options={SUBJECT_FILTERS}
              onChange={(event) => setQuery((q) => ({ ...q, page: 1, subjectType: event.target.value as CreditQuery['subjectType'] }))}
            />
          )}
          <DatePicker.RangePicker onChange={(range) => onRange(range)} placeholder={['开始日期', '结束日期']} />
          <Input.Search
            allowClear
            placeholder={kind === 'bad' ? '姓名或身份证号码' : '名称或身份证号码'}
            style={{ width: 240 }}
            maxLength={20}
            value={keywordInput}
            onChange={(event) => setKeywordInput(event.target.value)}
            onSearch={(value) => setQuery((q) => ({ ...q, page: 1, keyword: value.trim() }))}
            enterButton="查询"
            data-testid="credit-search"
          />
        </Space>
        {isBuilder && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="credit-add">
            新增{text.noun}记录
          </Button>
        )}
      </Space>
      {list.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={list.error instanceof ApiError ? list.error.message : '加载失败'} />
      )}
      <Table<Credit>
        data-testid="credit-table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => `共 ${total} 条`,
        }}
        onChange={(pagination) =>
          setQuery((q) => {
            const limit = pagination.pageSize ?? q.limit;
            return { ...q, limit, page: limit === q.limit ? (pagination.current ?? 1) : 1 };
          })
        }
      />
      <CreditDrawer id={viewing} kind={kind} onClose={() => setViewing(null)} />
      {isBuilder && (
        <CreditDialog
          kind={kind}
          open={adding}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            refresh();
          }}
        />
      )}
    </Card>
  );
}
