/**
 * Stored upload addresses shown as files: each by the name it was uploaded with (`site/file_names`, only what
 * the session may read), pictures as thumbnails, anything else as a link. Until the names arrive, and for an
 * address the server does not name, a file is 附件1, 附件2… — never its stored name.
 */
import { useQuery } from '@tanstack/react-query';
import { Image, Space } from 'antd';
import { get } from '@/api/client';
import Attachment from './Attachment';

const IMAGE = /\.(png|jpe?g|gif)$/i;

export default function FileList({ urls, testId }: { urls: string[]; testId?: string }) {
  const asked = urls.join(',');
  const names = useQuery({
    queryKey: ['upload', 'file_names', asked],
    queryFn: () => get('/builder/common/v1/site/file_names', { urls: asked }),
    enabled: urls.length > 0,
    staleTime: Infinity,
  });
  if (urls.length === 0) return <>—</>;
  const files = urls.map((url, index) => {
    const named = names.data?.find((file) => file.url === url);
    return named ?? { url, name: `附件${index + 1}`, image: IMAGE.test(url) };
  });
  return (
    <Image.PreviewGroup>
      <Space wrap size={8} data-testid={testId}>
        {files.map((file) => (
          <Attachment key={file.url} name={file.name} url={file.url} image={file.image} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
