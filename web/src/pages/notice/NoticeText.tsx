/**
 * A notice's body and attachments as a reader sees them. The body is plain text shown as text (line breaks
 * kept): markup in it is displayed as typed, never run. Attachments download through the upload serving, the
 * session cookie going along.
 */
import { Empty, List, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import type { Attachment } from './service';

export default function NoticeText({ body, attachments }: { body: string; attachments: Attachment[] }) {
  return (
    <>
      <Typography.Paragraph data-testid="notice-body" style={{ whiteSpace: 'pre-wrap', fontSize: 15, lineHeight: 1.8 }}>
        {body}
      </Typography.Paragraph>
      <Typography.Title level={5}>附件</Typography.Title>
      {attachments.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无附件" />
      ) : (
        <List
          size="small"
          dataSource={attachments}
          renderItem={(file) => (
            <List.Item>
              <a href={file.url} download={file.name} data-testid={`notice-attachment-${file.id}`}>
                <PaperClipOutlined /> {file.name}
              </a>
            </List.Item>
          )}
        />
      )}
    </>
  );
}
