/**
 * 消息中心 → 通知公告 (project): the notices the bureau addressed to the project, newest first, unread ones
 * marked; opening one shows its body and attachments and records the project's read (server/src/notice).
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Descriptions, Form, Input, Modal, Select, Space, Spin, Tag, type TableColumnsType } from 'antd';
import { showApiError } from '@/api/client';
import FilterForm from '@/components/FilterForm';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import NoticeText from './NoticeText';
import {
  EMPTY_PROJECT_NOTICE_FILTER,
  fetchProjectNotices,
  fetchUnreadCount,
  lookNotice,
  READ_OPTIONS,
  type OpenedNotice,
  type ProjectNotice,
  type ProjectNoticeFilter,
  type ReadState,
} from './service';

function NoticeDialog({ notice, loading, onClose }: { notice: OpenedNotice | undefined; loading: boolean; onClose: () => void }) {
  return (
    <Modal open title={notice?.title ?? '通知公告'} footer={null} onCancel={onClose} width={760} destroyOnHidden>
      <div data-testid="notice-dialog">
        {loading || !notice ? (
          <Spin />
        ) : (
          <>
            <Descriptions
              size="small"
              column={2}
              style={{ marginBottom: 16 }}
              items={[
                { key: 'publisher', label: '发布人', children: notice.publisher },
                { key: 'time', label: '发布时间', children: notice.publishedAt },
              ]}
            />
            <NoticeText body={notice.body} attachments={notice.attachments} />
          </>
        )}
      </div>
    </Modal>
  );
}

export default function Announcement() {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [read, setRead] = useState<ReadState>('');
  const list = usePagedList<ProjectNoticeFilter, ProjectNotice>({
    queryKey: ['notice', 'project'],
    fetchPage: fetchProjectNotices,
    initialFilter: EMPTY_PROJECT_NOTICE_FILTER,
  });
  const unread = useQuery({ queryKey: ['notice', 'unread'], queryFn: fetchUnreadCount });
  const look = useMutation({
    mutationFn: lookNotice,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['notice'] });
      void queryClient.invalidateQueries({ queryKey: ['messageCount'] });
    },
    onError: showApiError,
  });
  const [opened, setOpened] = useState(false);
  const open = (notice: ProjectNotice) => {
    setOpened(true);
    look.mutate(notice.id, { onError: () => setOpened(false) });
  };

  const columns: TableColumnsType<ProjectNotice> = [
    {
      title: '标题',
      dataIndex: 'title',
      render: (text: string, notice) => (
        <Space>
          {!notice.read && <Badge status="error" data-testid={`notice-unread-${notice.id}`} />}
          <Button type="link" style={{ padding: 0, fontWeight: notice.read ? 400 : 600 }} onClick={() => open(notice)} data-testid={`notice-title-${notice.id}`}>
            {text}
          </Button>
        </Space>
      ),
    },
    { title: '发布人', dataIndex: 'publisher', width: 140 },
    { title: '发布时间', dataIndex: 'publishedAt', width: 180 },
    { title: '附件', dataIndex: 'attachmentCount', width: 80, render: (count: number) => (count ? `${count} 个` : '—') },
    {
      title: '状态',
      key: 'read',
      width: 180,
      render: (_, notice) => (notice.read ? <Tag color="default">已读 {notice.readAt}</Tag> : <Tag color="red">未读</Tag>),
    },
    {
      title: '操作',
      key: 'open',
      width: 80,
      render: (_, notice) => (
        <Button type="link" size="small" onClick={() => open(notice)} data-testid={`notice-open-${notice.id}`}>
          查看
        </Button>
      ),
    },
  ];

  return (
    <Card
      data-testid="announcement-page"
      title="通知公告"
      variant="borderless"
      extra={
        <span data-testid="notice-unread-count">
          未读 <Badge count={unread.data ?? 0} showZero color={unread.data ? 'red' : 'gray'} />
        </span>
      }
    >
      <FilterForm searchTestId="notice-search" onSearch={() => list.search({ title, read })}>
        <Form.Item label="标题">
          <Input value={title} onChange={(event) => setTitle(event.target.value)} allowClear maxLength={100} placeholder="输入标题" data-testid="notice-filter-title" />
        </Form.Item>
        <Form.Item label="状态">
          <Select<ReadState> style={{ width: 110 }} value={read} options={READ_OPTIONS} onChange={setRead} data-testid="notice-filter-read" />
        </Form.Item>
      </FilterForm>
      <ServerTable<ProjectNoticeFilter, ProjectNotice> list={list} rowKey="id" columns={columns} data-testid="notice-table" />
      {opened && <NoticeDialog notice={look.data} loading={look.isPending} onClose={() => setOpened(false)} />}
    </Card>
  );
}
