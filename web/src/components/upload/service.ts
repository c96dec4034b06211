/** `site/upload_file_batch`: multipart, field `imgFile[]`, the purpose in `kind`; answers the URLs in order. */
import { ApiError, MSG_UNKNOWN, SUCCESS } from '@/api/client';
import type { components } from '@/api/schema';
import { getToken } from '@/utils/storage';
import type { UploadKind } from './uploadRules';

export const UPLOAD_URL = '/builder/common/v1/site/upload_file_batch';

type UploadReply = components['schemas']['Envelope_Vec_String'];

/** Sends the files as one batch (the server takes all or none) and answers their URLs. */
export async function uploadFiles(kind: UploadKind, files: Blob[]): Promise<string[]> {
  const body = new FormData();
  for (const file of files) body.append('imgFile[]', file, file instanceof File ? file.name : 'file');
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers['X-Token'] = token;
  let response: Response;
  try {
    response = await fetch(`${UPLOAD_URL}?kind=${kind}`, { method: 'POST', headers, body, credentials: 'same-origin' });
  } catch (cause) {
    throw new Error(`网络错误：${cause instanceof Error ? cause.message : String(cause)}`);
  }
  if (!response.ok) throw new Error(`网络错误：HTTP ${response.status}`);
  const reply = (await response.json().catch(() => undefined)) as UploadReply | undefined;
  if (!reply || typeof reply.code !== 'number') throw new ApiError(0, MSG_UNKNOWN);
  if (reply.code !== SUCCESS) throw new ApiError(reply.code, reply.message || MSG_UNKNOWN);
  return reply.data ?? [];
}
