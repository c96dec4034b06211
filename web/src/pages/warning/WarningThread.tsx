import { Empty, List, Space, Tag, Typography } from 'antd';
import FileList from '@/components/upload/FileList';
import type { WarningNote } from './service';

/** A warning's thread: the project's answers and the regulator's comments, oldest first, with attachments. */
export default function WarningThread({ notes }: { notes: WarningNote[] }) {
  if (notes.length === 0) return <Empty data-testid="warning-thread-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无回复" />;
  return (
    <List
      data-testid="warning-thread"
      size="small"
      dataSource={notes}
      rowKey="id"
      renderItem={(note) => (
        <List.Item>
          <Space direction="vertical" size={2} style={{ width: '100%' }}>
            <Space>
              <Tag color={note.authorKind === 'regulator' ? 'blue' : 'green'}>{note.authorLabel}</Tag>
              <Typography.Text strong>{note.accountName}</Typography.Text>
              <Typography.Text type="secondary">{note.createdAt}</Typography.Text>
            </Space>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{note.content}</Typography.Paragraph>
            {note.attachments.length > 0 && <FileList urls={note.attachments} />}
          </Space>
        </List.Item>
      )}
    />
  );
}
