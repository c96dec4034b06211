/** A notice for the regulator: its audience, body and attachments, and which addressed projects read it, when. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Select, Spin, Tag, Typography, type TableColumnsType } from 'antd';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import NoticeText from './NoticeText';
import { fetchNoticeDetail, fetchReceipts, READ_OPTIONS, type ReadState, type Receipt } from './service';

type ReceiptFilter = { id: number; read: ReadState };

export default function ReceiptsDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useQuery({ queryKey: ['notice', 'detail', id], queryFn: () => fetchNoticeDetail(id) });
  const [read, setRead] = useState<ReadState>('');
  const receipts = usePagedList<ReceiptFilter, Receipt>({
    queryKey: ['notice', 'reads'],
    fetchPage: fetchReceipts,
    initialFilter: { id, read: '' },
  });
  const notice = detail.data;

  const columns: TableColumnsType<Receipt> = [
    { title: '项目', dataIndex: 'projectName' },
    {
      title: '状态',
      key: 'read',
      width: 90,
      render: (_, receipt) => (receipt.read ? <Tag color="green">已读</Tag> : <Tag color="red">未读</Tag>),
    },
    { title: '阅读时间', dataIndex: 'readAt', width: 180, render: (time: string) => time || '—' },
    { title: '阅读账号', dataIndex: 'reader', width: 120, render: (reader: string) => reader || '—' },
  ];

  return (
    <Drawer open title={notice?.title ?? '通知详情'} size={760} onClose={onClose} destroyOnHidden data-testid="receipts-drawer">
      {!notice ? (
        <Spin />
      ) : (
        <>
          <Descriptions
            size="small"
            column={2}
            bordered
            items={[
              { key: 'audience', label: '发布范围', children: notice.audienceLabel, span: 2 },
              { key: 'publisher', label: '发布人', children: notice.publisher },
              { key: 'time', label: '发布时间', children: notice.publishedAt },
              { key: 'status', label: '状态', children: notice.withdrawnAt ? `${notice.statusLabel}（${notice.withdrawnAt}，${notice.withdrawnBy}）` : notice.statusLabel },
              { key: 'reads', label: '已读', children: <span data-testid="receipts-summary">{`${notice.reads} / ${notice.recipients}`}</span> },
            ]}
          />
          <div style={{ marginTop: 16 }}>
            <NoticeText body={notice.body} attachments={notice.attachments} />
          </div>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            阅读回执
          </Typography.Title>
          <Select<ReadState>
            style={{ width: 110, marginBottom: 12 }}
            value={read}
            options={READ_OPTIONS}
            onChange={(next) => {
              setRead(next);
              receipts.search({ id, read: next });
            }}
            data-testid="receipts-filter"
          />
          <ServerTable<ReceiptFilter, Receipt> list={receipts} rowKey="projectId" columns={columns} data-testid="receipts-table" />
        </>
      )}
    </Drawer>
  );
}
