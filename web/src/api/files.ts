/**
 * Files through the API beside the JSON client, typed by the same generated paths: downloads (the file, or an
 * envelope refusing it) and multipart uploads (answered with the envelope). The session header goes along (the
 * worker's on `/worker/…`).
 */
import { ApiError, MSG_UNKNOWN, SUCCESS, type ApiPath, type QueryOf, type ReplyOf } from './client';
import { encode, type Params } from './early';
import { withProjectInView } from './projectScope';
import { tokenFor } from '@/utils/storage';

/** The session header for `url`: the worker's own token on `/worker/…`, the console's elsewhere. */
export function authHeaders(url: string): Record<string, string> {
  const token = tokenFor(url);
  return token ? { 'X-Token': token } : {};
}

async function send(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: authHeaders(url), credentials: 'same-origin' });
  } catch (cause) {
    throw new Error(`网络错误：${cause instanceof Error ? cause.message : String(cause)}`);
  }
  if (!response.ok) throw new Error(`网络错误：HTTP ${response.status}`);
  return response;
}

const withQuery = (path: string, query: unknown) => {
  const search = encode(withProjectInView(path, query) as Params).toString();
  return search ? `${path}?${search}` : path;
};

/** GETs a file; a refusal arrives as the envelope and is thrown as an ApiError. */
export function fetchFile<P extends ApiPath<'get'>>(path: P, query?: QueryOf<P, 'get'>): Promise<Blob> {
  return fetchFileAt(withQuery(path, query));
}

/** A file as the server named it (Content-Disposition). */
export interface NamedFile {
  blob: Blob;
  name: string;
}

/** The file of a reply; an envelope in its place is the refusal, thrown as an ApiError. */
async function fileOf(response: Response): Promise<Blob> {
  if ((response.headers.get('Content-Type') ?? '').includes('application/json')) {
    const reply = (await response.json().catch(() => undefined)) as { code?: number; message?: string } | undefined;
    throw new ApiError(reply?.code ?? 0, reply?.message || MSG_UNKNOWN);
  }
  return response.blob();
}

/** The name in Content-Disposition (`filename*=UTF-8''…` first, then `filename`), or `fallback`. */
export function dispositionName(response: Response, fallback: string): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name: the plain one, or the fallback.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

async function namedFileOf(response: Response, fallback: string): Promise<NamedFile> {
  return { blob: await fileOf(response), name: dispositionName(response, fallback) };
}

/** GETs a file at a URL the server answered (a lead's photo, served to the session header only). */
export async function fetchFileAt(url: string): Promise<Blob> {
  return fileOf(await send(url, { method: 'GET' }));
}

/** GETs a file with the name the server gives it (a batch file named after its order), `fallback` without one. */
export async function fetchNamedFile<P extends ApiPath<'get'>>(path: P, query: QueryOf<P, 'get'>, fallback: string): Promise<NamedFile> {
  return namedFileOf(await send(withQuery(path, query), { method: 'GET' }), fallback);
}

/** POSTs one file in field `file` and answers the file the server makes of it, with its name. */
export async function postFileForFile<P extends ApiPath<'post'>>(
  path: P,
  file: Blob,
  name: string,
  query: QueryOf<P, 'post'>,
  fallback: string,
): Promise<NamedFile> {
  return namedFileOf(await send(withQuery(path, query), { method: 'POST', body: oneFile(file, name) }), fallback);
}

/** POSTs a multipart body; answers the envelope's data with its message, throws its refusal. */
export async function postFilesTold<P extends ApiPath<'post'>>(
  path: P,
  body: FormData,
  query?: QueryOf<P, 'post'>,
): Promise<{ data: ReplyOf<P, 'post'>; message: string }> {
  const response = await send(withQuery(path, query), { method: 'POST', body });
  const reply = (await response.json().catch(() => undefined)) as { code?: number; message?: string; data?: unknown } | undefined;
  if (!reply || typeof reply.code !== 'number') throw new ApiError(0, MSG_UNKNOWN);
  if (reply.code !== SUCCESS) throw new ApiError(reply.code, reply.message || MSG_UNKNOWN);
  return { data: reply.data as ReplyOf<P, 'post'>, message: reply.message ?? '' };
}

/** POSTs a multipart body; answers the envelope's data, throws its refusal. */
export async function postFiles<P extends ApiPath<'post'>>(
  path: P,
  body: FormData,
  query?: QueryOf<P, 'post'>,
): Promise<ReplyOf<P, 'post'>> {
  return (await postFilesTold(path, body, query)).data;
}

/** One file in field `file`. */
function oneFile(file: Blob, name: string): FormData {
  const body = new FormData();
  body.append('file', file, name);
  return body;
}

/** POSTs one workbook in field `file`. */
export function postWorkbook<P extends ApiPath<'post'>>(path: P, file: Blob, name: string, query?: QueryOf<P, 'post'>) {
  return postFiles(path, oneFile(file, name), query);
}

/** POSTs one file in field `file`; answers the envelope's data with its message (a reply whose message tells more). */
export function postFileTold<P extends ApiPath<'post'>>(path: P, file: Blob, name: string, query?: QueryOf<P, 'post'>) {
  return postFilesTold(path, oneFile(file, name), query);
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
