/** An uploaded file as a list shows it: a picture as a thumbnail, anything else (a PDF) as a link with its name. */
import { FileOutlined } from '@ant-design/icons';
import { Image, Typography } from 'antd';

export interface AttachmentProps {
  /** The name it was uploaded with, never the stored one. */
  name: string;
  url: string;
  image: boolean;
  /** Where a picture is drawn from when not `url` (an object URL of a file served to the session header). */
  src?: string;
}

export default function Attachment({ name, url, image, src }: AttachmentProps) {
  if (image) return <Image src={src ?? url} alt={name} width={72} height={72} style={{ objectFit: 'cover' }} />;
  return (
    <Typography.Link href={url} target="_blank" rel="noreferrer" download={name} data-testid="attachment-link">
      <FileOutlined /> {name}
    </Typography.Link>
  );
}
