/**
 * The image viewer of the vouchers (spec §2 "Other dialogs"): one image at a time with previous / next;
 * stepping past either end says 已经是第一张 / 已经是最后一张.
 */
import { Button, Modal, Space, message } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';

export const MSG_FIRST = '已经是第一张';
export const MSG_LAST = '已经是最后一张';

export interface ViewerImage {
  url: string;
  name: string;
}

export interface ImageViewerProps {
  images: ViewerImage[];
  /** The image shown, or null when closed. */
  index: number | null;
  onIndex: (index: number | null) => void;
}

export default function ImageViewer({ images, index, onIndex }: ImageViewerProps) {
  const current = index === null ? undefined : images[index];
  const step = (delta: number) => {
    if (index === null) return;
    const next = index + delta;
    if (next < 0) void message.warning(MSG_FIRST);
    else if (next >= images.length) void message.warning(MSG_LAST);
    else onIndex(next);
  };
  return (
    <Modal
      open={current !== undefined}
      title={current ? `${current.name}（${(index ?? 0) + 1}/${images.length}）` : ''}
      footer={
        <Space>
          <Button icon={<LeftOutlined />} onClick={() => step(-1)} data-testid="viewer-previous">
            上一张
          </Button>
          <Button onClick={() => step(1)} data-testid="viewer-next">
            下一张 <RightOutlined />
          </Button>
        </Space>
      }
      onCancel={() => onIndex(null)}
      width="80%"
      centered
    >
      {current && (
        <div style={{ textAlign: 'center' }}>
          <img src={current.url} alt={current.name} style={{ maxWidth: '100%', maxHeight: '70vh' }} data-testid="viewer-image" />
        </div>
      )}
    </Modal>
  );
}
