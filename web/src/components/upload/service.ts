/** `site/upload_file_batch`: multipart, field `imgFile[]`, the purpose in `kind`; answers the URLs in order. */
import { postFiles } from '@/api/files';
import type { UploadKind } from './uploadRules';

/** Sends the files as one batch (the server takes all or none) and answers their URLs. */
export async function uploadFiles(kind: UploadKind, files: Blob[]): Promise<string[]> {
  const body = new FormData();
  for (const file of files) body.append('imgFile[]', file, file instanceof File ? file.name : 'file');
  return (await postFiles('/builder/common/v1/site/upload_file_batch', body, { kind })) ?? [];
}
