/**
 * 项目监管 → 通知发布 (regulator): the notices published within the account's district, paged on the server;
 * 发布通知 and 撤回 for 监察 and 管理员 (server/src/notice), the notice with its read receipts in a drawer.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Popconfirm, Select, Tag, message, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { showApiError } from '@/api/client';
import FilterForm from '@/components/FilterForm';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { useRegulatorMay } from '@/store/session';
import PublishDialog from './PublishDialog';
import ReceiptsDrawer from './ReceiptsDrawer';
import { EMPTY_NOTICE_FILTER, fetchNotices, withdrawNotice, type NoticeFilter, type NoticeSummary } from './service';

const STATUS_OPTIONS: { value: NoticeFilter['status']; label: string }[] = [
  { value: '', label: '全部状态' },
  { value: 'published', label: '已发布' },
  { value: 'withdrawn', label: '已撤回' },
];

export default function NoticeDesk() {
  const queryClient = useQueryClient();
  // 监察 and 管理员 publish and withdraw; every regulator reads.
  const mayPublish = useRegulatorMay('inspect');
  const [title, setTitle] = useState('');
  const [status, setStatus] = useState<NoticeFilter['status']>('');
  const [publishing, setPublishing] = useState(false);
  const [reading, setReading] = useState<number | null>(null);
  const list = usePagedList<NoticeFilter, NoticeSummary>({
    queryKey: ['notice', 'desk'],
    fetchPage: fetchNotices,
    initialFilter: EMPTY_NOTICE_FILTER,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['notice'] });
  const withdraw = useMutation({
    mutationFn: withdrawNotice,
    onSuccess: () => {
      void message.success('已撤回');
      refresh();
    },
    onError: showApiError,
  });

  const columns: TableColumnsType<NoticeSummary> = [
    { title: '标题', dataIndex: 'title', ellipsis: true },
    { title: '发布范围', dataIndex: 'audienceLabel', width: 220, ellipsis: true },
    { title: '发布人', dataIndex: 'publisher', width: 110 },
    { title: '发布时间', dataIndex: 'publishedAt', width: 170 },
    {
      title: '已读 / 范围',
      key: 'reads',
      width: 110,
      render: (_, notice) => <span data-testid={`notice-reads-${notice.id}`}>{`${notice.reads} / ${notice.recipients}`}</span>,
    },
    {
      title: '状态',
      dataIndex: 'statusLabel',
      width: 90,
      render: (label: string, notice) => <Tag color={notice.status === 'published' ? 'green' : 'default'}>{label}</Tag>,
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, notice) => (
        <>
          <Button type="link" size="small" onClick={() => setReading(notice.id)} data-testid={`notice-receipts-${notice.id}`}>
            阅读回执
          </Button>
          {mayPublish && notice.status === 'published' && (
            <Popconfirm title="撤回后项目将看不到该通知，确定撤回？" onConfirm={() => withdraw.mutate(notice.id)} okText="撤回" cancelText="取消">
              <Button type="link" size="small" danger data-testid={`notice-withdraw-${notice.id}`}>
                撤回
              </Button>
            </Popconfirm>
          )}
        </>
      ),
    },
  ];

  return (
    <Card
      data-testid="notice-desk"
      title="通知发布"
      variant="borderless"
      extra={
        mayPublish && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPublishing(true)} data-testid="notice-publish">
            发布通知
          </Button>
        )
      }
    >
      <FilterForm searchTestId="desk-search" onSearch={() => list.search({ title, status })}>
        <Form.Item label="标题">
          <Input value={title} onChange={(event) => setTitle(event.target.value)} allowClear maxLength={100} placeholder="输入标题" data-testid="desk-filter-title" />
        </Form.Item>
        <Form.Item label="状态">
          <Select<NoticeFilter['status']> style={{ width: 120 }} value={status} options={STATUS_OPTIONS} onChange={setStatus} data-testid="desk-filter-status" />
        </Form.Item>
      </FilterForm>
      <ServerTable<NoticeFilter, NoticeSummary> list={list} rowKey="id" columns={columns} data-testid="desk-table" />
      {publishing && (
        <PublishDialog
          onClose={() => setPublishing(false)}
          onPublished={() => {
            setPublishing(false);
            refresh();
          }}
        />
      )}
      {reading !== null && <ReceiptsDrawer id={reading} onClose={() => setReading(null)} />}
    </Card>
  );
}
