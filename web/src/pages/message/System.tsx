import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Descriptions, Form, Modal, Select, Space, Tag, Typography, message, type TableColumnsType } from 'antd';
import { showApiError } from '@/api/client';
import FilterForm from '@/components/FilterForm';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { useProjectInView } from '@/store/projectInView';
import { useSession } from '@/store/session';
import { EMPTY_MESSAGE_FILTER, MESSAGE_KINDS, fetchMessages, markAllRead, openMessage, type MessageFilter, type MessageLine } from './service';

const READ_STATES = [
  { value: '0', label: '未读' },
  { value: '1', label: '已读' },
];

/** One message opened: every field, and the way to the screen that resolves it. */
function MessageDetail({ line, onGo, onClose }: { line: MessageLine | null; onGo: (link: string) => void; onClose: () => void }) {
  return (
    <Modal
      open={line !== null}
      title={line?.title}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>关闭</Button>
          {line?.link && (
            <Button type="primary" data-testid="message-detail-go" onClick={() => onGo(line.link)}>
              前往处理
            </Button>
          )}
        </Space>
      }
    >
      {line && (
        <Descriptions
          data-testid="message-detail"
          bordered
          size="small"
          column={1}
          styles={{ label: { width: 80, whiteSpace: 'nowrap' } }}
          items={[
            { key: 'kind', label: '类型', children: line.kindLabel },
            { key: 'time', label: '时间', children: line.createdTime },
            {
              key: 'content',
              label: '内容',
              children: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{line.content || '—'}</Typography.Paragraph>,
            },
          ]}
        />
      )}
    </Modal>
  );
}

/**
 * 系统消息 (and the finance shell's 消息): the account's inbox, newest first, filtered by kind and read state and
 * paged on the server. Opening a message marks it read; each links to its subject's screen. A regulator reads
 * the project in view's messages and cannot mark them read.
 */
export default function System() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { side, roles } = useSession();
  const inView = useProjectInView((state) => state.project);
  const readOnly = roles.includes('admin') && inView !== null;
  const [reading, setReading] = useState<MessageLine | null>(null);
  const list = usePagedList<MessageFilter, MessageLine>({
    queryKey: ['message', 'list', side, inView?.id ?? null],
    fetchPage: (filter, page, limit) => fetchMessages(side, filter, page, limit),
    initialFilter: EMPTY_MESSAGE_FILTER,
    limit: 20,
  });

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['message'] });
    void queryClient.invalidateQueries({ queryKey: ['messageCount'] });
  };
  const open = useMutation({
    mutationFn: (line: MessageLine) => openMessage(side, line.id),
    onSuccess: (line) => {
      setReading(line);
      refresh();
    },
    onError: showApiError,
  });
  const readAll = useMutation({
    mutationFn: () => markAllRead(side),
    onSuccess: (marked) => {
      void message.success(marked.count > 0 ? `已将 ${marked.count} 条消息标为已读` : '没有未读消息');
      refresh();
    },
    onError: showApiError,
  });
  const go = (link: string) => {
    setReading(null);
    navigate(link);
  };

  const columns: TableColumnsType<MessageLine> = [
    {
      title: '状态',
      dataIndex: 'read',
      width: 80,
      render: (read: boolean) => (read ? <Badge status="default" text="已读" /> : <Badge status="error" text="未读" />),
    },
    { title: '类型', dataIndex: 'kindLabel', width: 110, render: (label: string) => <Tag>{label}</Tag> },
    {
      title: '标题',
      dataIndex: 'title',
      width: 260,
      ellipsis: true,
      render: (title: string, line) => (
        <Typography.Link data-testid={`message-title-${line.id}`} strong={!line.read} onClick={() => open.mutate(line)}>
          {title}
        </Typography.Link>
      ),
    },
    { title: '内容', dataIndex: 'content', ellipsis: { showTitle: true } },
    { title: '时间', dataIndex: 'createdTime', width: 170 },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, line) => (
        <Space size={0}>
          <Button type="link" size="small" data-testid={`message-open-${line.id}`} onClick={() => open.mutate(line)}>
            查看
          </Button>
          {line.link && (
            <Button type="link" size="small" data-testid={`message-go-${line.id}`} onClick={() => go(line.link)}>
              前往
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      data-testid="message-page"
      title={side === 'finance' ? '消息' : '系统消息'}
      variant="borderless"
      extra={
        !readOnly && (
          <Button data-testid="message-read-all" loading={readAll.isPending} onClick={() => readAll.mutate()}>
            全部已读
          </Button>
        )
      }
    >
      <FilterForm<MessageFilter>
        searchTestId="message-search"
        onSearch={(values) => list.search({ kind: values.kind ?? '', read: values.read ?? '' })}
        onReset={list.reset}
      >
        <Form.Item name="kind">
          <Select data-testid="message-filter-kind" placeholder="全部类型" allowClear style={{ width: 160 }} options={MESSAGE_KINDS} />
        </Form.Item>
        <Form.Item name="read">
          <Select data-testid="message-filter-read" placeholder="全部状态" allowClear style={{ width: 120 }} options={READ_STATES} />
        </Form.Item>
      </FilterForm>
      <ServerTable<MessageFilter, MessageLine> list={list} data-testid="message-table" rowKey="id" columns={columns} />
      <MessageDetail line={reading} onGo={go} onClose={() => setReading(null)} />
    </Card>
  );
}
