/**
 * The one HTTP client. Replies are the envelope {code, message, data} with HTTP 200; code 201 is success.
 * POST bodies are form-encoded, GET parameters go in the query, the session token in header X-Token.
 */
import { message } from 'antd';
import { useSession } from '@/store/session';
import { reloadPage } from '@/utils/reload';
import { prepare, takeEarly, type Params } from './early';

export const SUCCESS = 201;
export const SESSION_EXPIRED = 101;
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

export async function request<T>(method: 'GET' | 'POST', url: string, params?: Params): Promise<T> {
  const { target, init } = prepare({ method, url, params });
  let response: Response;
  try {
    response = await (takeEarly(target, init) ?? fetch(target, init));
  } catch (cause) {
    const error = new Error(`网络错误：${cause instanceof Error ? cause.message : String(cause)}`);
    reportNetworkError(error);
    throw error;
  }
  if (!response.ok) {
    const error = new Error(`网络错误：HTTP ${response.status}`);
    reportNetworkError(error);
    throw error;
  }

  const reply: unknown = await response.json().catch(() => undefined);
  if (!isEnvelope(reply)) throw new ApiError(0, MSG_UNKNOWN);
  if (reply.code === SUCCESS) return reply.data as T;
  if (reply.code === SESSION_EXPIRED) expireSession();
  throw new ApiError(reply.code, reply.message || MSG_UNKNOWN);
}

export const get = <T>(url: string, params?: Params) => request<T>('GET', url, params);
export const post = <T>(url: string, params?: Params) => request<T>('POST', url, params);

/** Shows a refused call's server message. Transport failures were already shown by `request`. */
export function showApiError(error: unknown) {
  if (error instanceof ApiError) message.error(error.message);
}
