/**
 * Files through the API outside the JSON client: .xlsx downloads (the file, or an envelope refusing it) and
 * workbook uploads (multipart field `file`, answered with the envelope). The session header goes along.
 */
import { ApiError, MSG_UNKNOWN, SUCCESS } from './client';
import { getToken } from '@/utils/storage';

export function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { 'X-Token': token } : {};
}

async function send(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: authHeaders(), credentials: 'same-origin' });
  } catch (cause) {
    throw new Error(`网络错误：${cause instanceof Error ? cause.message : String(cause)}`);
  }
  if (!response.ok) throw new Error(`网络错误：HTTP ${response.status}`);
  return response;
}

/** GETs a file; a refusal arrives as the envelope and is thrown as an ApiError. */
export async function fetchFile(url: string, params: Record<string, string> = {}): Promise<Blob> {
  const query = new URLSearchParams(params).toString();
  const response = await send(query ? `${url}?${query}` : url, { method: 'GET' });
  if ((response.headers.get('Content-Type') ?? '').includes('application/json')) {
    const reply = (await response.json().catch(() => undefined)) as { code?: number; message?: string } | undefined;
    throw new ApiError(reply?.code ?? 0, reply?.message || MSG_UNKNOWN);
  }
  return response.blob();
}

/** POSTs one workbook in field `file`; answers the envelope's data, throws its refusal. */
export async function postWorkbook<T>(url: string, file: Blob, name: string): Promise<T> {
  const body = new FormData();
  body.append('file', file, name);
  const response = await send(url, { method: 'POST', body });
  const reply = (await response.json().catch(() => undefined)) as { code?: number; message?: string; data?: T } | undefined;
  if (!reply || typeof reply.code !== 'number') throw new ApiError(0, MSG_UNKNOWN);
  if (reply.code !== SUCCESS) throw new ApiError(reply.code, reply.message || MSG_UNKNOWN);
  return reply.data as T;
}

/** Hands a blob to the browser's download under a file name. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
