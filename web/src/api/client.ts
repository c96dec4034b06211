/**
 * The one HTTP client, generated from the server's OpenAPI document: `get` and `post` take a path of
 * `paths` (schema.d.ts, written by `npm run gen:api`) and are typed by it — its query or form fields in, the
 * envelope's `data` out — and openapi-fetch builds each request. Replies are the envelope
 * {code, message, data} with HTTP 200; code 201 is success. POST bodies are form-encoded, GET parameters go
 * in the query, the session token in header X-Token.
 */
import { message } from 'antd';
import createClient from 'openapi-fetch';
import { useSession } from '@/store/session';
import { expireWorkerSession } from '@/store/workerSession';
import { reloadPage } from '@/utils/reload';
import { encode, prepare, takeEarly, type Params } from './early';
import { withProjectInView } from './projectScope';
import type { paths } from './schema';
import type { ApiPath, FormOf, Method, PathOf, QueryOf, ReplyOf } from './paths';

export type { ApiPath, FormOf, PathOf, QueryOf, ReplyOf };

export const SUCCESS = 201;
export const SESSION_EXPIRED = 101;
/** The server asks the user to confirm, then to send the call again with the confirmation. */
export const NEEDS_CONFIRMATION = 301;
export const MSG_SESSION_EXPIRED = '登录已过期请重新登录';
export const MSG_UNKNOWN = '未知错误';
const NETWORK_ERROR_SECONDS = 3;

/** A reply whose code is not 201; `message` is the server's, fit to show as it is. */
export class ApiError extends Error {
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
  }
}

/** The call never got an envelope back: the network failed, the server answered HTTP ≠ 200, or the page left. */
export class NetworkError extends Error {
  /** The HTTP status when the server (or a proxy) answered; undefined when nothing answered. */
  readonly status: number | undefined;

  constructor(message: string, status?: number) {
    super(message);
    this.name = 'NetworkError';
    this.status = status;
  }
}

export type { Params };

interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.code === 'number' && typeof record.message === 'string' && 'data' in record;
}

let expiring = false;

/** Code 101: say so once, forget the session and reload; the guard then shows the login page. */
function expireSession() {
  if (expiring) return;
  expiring = true;
  useSession.getState().clear();
  reloadPage({ type: 'error', text: MSG_SESSION_EXPIRED });
}

function reportNetworkError(error: Error) {
  const { side, token } = useSession.getState();
  // The finance shell of the original only logged transport failures.
  if (side === 'finance' && token) console.log(error);
  else message.error(error.message, NETWORK_ERROR_SECONDS);
}

/** The network half of every call: an early reply if one is waiting (api/early.ts), else fetch. */
async function send(target: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await (takeEarly(target, init) ?? fetch(target, init));
  } catch (cause) {
    const error = new NetworkError(`网络错误：${cause instanceof Error ? cause.message : String(cause)}`);
    reportNetworkError(error);
    throw error;
  }
  if (!response.ok) {
    const error = new NetworkError(`网络错误：HTTP ${response.status}`, response.status);
    reportNetworkError(error);
    throw error;
  }
  return response;
}

/** Whether `path` is the worker side's (`/worker/…`): its own session, its own login page. */
const isWorkerPath = (path: string) => path.startsWith('/worker/');

function unwrap<T>(reply: unknown, path: string): T {
  if (!isEnvelope(reply)) throw new ApiError(0, MSG_UNKNOWN);
  if (reply.code === SUCCESS) return reply.data as T;
  // A worker's dead session sends him to /w/login (the phone layout follows the store); the console's reloads.
  if (reply.code === SESSION_EXPIRED) {
    if (isWorkerPath(path)) expireWorkerSession();
    else expireSession();
  }
  throw new ApiError(reply.code, reply.message || MSG_UNKNOWN);
}

/**
 * openapi-fetch hands over a Request; it goes out as the same call `prepare` makes (relative URL, form body,
 * token header), so an early reply and the tests' fetch stand-in see one shape.
 */
async function transport(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const method = request.method === 'GET' ? 'GET' : 'POST';
  const body = method === 'POST' ? Object.fromEntries(new URLSearchParams(await request.text())) : undefined;
  const { target, init } = prepare({ method, url: url.pathname + url.search, params: body });
  return send(target, init);
}

const api = createClient<paths>({
  // Absolute, because Request needs one; `transport` makes it relative again.
  baseUrl: globalThis.location?.origin ?? 'http://localhost',
  fetch: transport,
  querySerializer: (query) => encode(query as unknown as Params).toString(),
  bodySerializer: (body) => encode(body as unknown as Params).toString(),
});

interface Parts {
  path?: unknown;
  query?: unknown;
  form?: unknown;
}

async function call(method: Method, path: string, { path: pathParams, query, form }: Parts) {
  const options = { params: { path: pathParams, query: withProjectInView(path, query) }, body: method === 'post' ? (form ?? {}) : undefined };
  try {
    const { data } = await (method === 'get' ? api.GET : api.POST)(path as never, options as never);
    return data as unknown;
  } catch (error) {
    // A reply that is not JSON at all: the server never answers so, a proxy's error page might.
    if (error instanceof SyntaxError) throw new ApiError(0, MSG_UNKNOWN);
    // A body cut off on its way (the page navigating away, the connection dropping) is no answer at all:
    // the callers that ask again (the guard's user info) do, rather than take it for a refusal.
    if (error instanceof TypeError || (error instanceof DOMException && error.name === 'AbortError')) {
      throw new NetworkError(`网络错误：${error.message}`);
    }
    throw error;
  }
}

/** GETs `path` with its query parameters; answers the envelope's data, throws its refusal as an ApiError. */
export async function get<P extends ApiPath<'get'>>(
  path: P,
  query?: QueryOf<P, 'get'>,
  parts?: { path?: PathOf<P, 'get'> },
): Promise<ReplyOf<P, 'get'>> {
  return unwrap(await call('get', path, { query, path: parts?.path }), path);
}

/**
 * POSTs `path` with its form fields form-encoded; the query parameters and path parameters of the few POSTs
 * that have them go in `parts`. Answers the envelope's data, throws its refusal as an ApiError.
 */
export async function post<P extends ApiPath<'post'>>(
  path: P,
  form?: FormOf<P>,
  parts?: { path?: PathOf<P, 'post'>; query?: QueryOf<P, 'post'> },
): Promise<ReplyOf<P, 'post'>> {
  return unwrap(await call('post', path, { form, query: parts?.query, path: parts?.path }), path);
}

/** As `post`, with the envelope's message too: for the replies whose message tells more than 操作成功!. */
export async function postTold<P extends ApiPath<'post'>>(
  path: P,
  form?: FormOf<P>,
): Promise<{ data: ReplyOf<P, 'post'>; message: string }> {
  const reply = await call('post', path, { form });
  const data = unwrap<ReplyOf<P, 'post'>>(reply, path);
  return { data, message: (reply as { message?: string }).message ?? '' };
}

/** Shows a refused call's server message. Transport failures were already shown by `request`. */
export function showApiError(error: unknown) {
  if (error instanceof ApiError) message.error(error.message);
}

/** Shows any failure's message: where a transport failure is not shown by `send` (the finance shell logs it). */
export function showAnyError(error: unknown) {
  void message.error(error instanceof Error ? error.message : MSG_UNKNOWN);
}
