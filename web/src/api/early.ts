/**
 * Calls asked before the console's code has loaded. On a hard load the entry asks at once for what the guard
 * and the landing page will ask first (router/firstCalls.ts), while the rest of the code is fetched and run;
 * `request` then takes the reply already on its way instead of asking again. Kept free of React and antd: it
 * runs before them.
 */
import { tokenFor } from '@/utils/storage';
import type { ApiPath, FormOf, PathOf, QueryOf } from './paths';

export type Method = 'GET' | 'POST';
export type Params = Record<string, string | number | boolean | null | undefined>;

export interface Call {
  method: Method;
  url: string;
  params?: Params;
}

/** A call of the generated client's `get(path, query, {path})` or `post(path, form, {path})`, to ask early. */
export function getCall<P extends ApiPath<'get'>>(path: P, query?: QueryOf<P, 'get'>, parts?: { path?: PathOf<P, 'get'> }): Call {
  return { method: 'GET', url: fill(path, parts?.path), params: query as Params };
}

export function postCall<P extends ApiPath<'post'>>(
  path: P,
  form?: FormOf<P>,
  parts?: { path?: PathOf<P, 'post'>; query?: QueryOf<P, 'post'> },
): Call {
  const query = encode(parts?.query as Params).toString();
  return { method: 'POST', url: fill(path, parts?.path) + (query ? `?${query}` : ''), params: form as Params };
}

/** A documented path with its `{name}` parameters filled in, as openapi-fetch fills them. */
function fill(path: string, values: unknown): string {
  const record = (values ?? {}) as Record<string, string>;
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(record[name] ?? ''));
}

/** A reply asked early serves only the same call made soon after: later calls want current data. */
export const EARLY_REPLY_MS = 10_000;

/** Form or query fields; missing and null fields are left out. */
export function encode(params: Params | undefined): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  return search;
}

/**
 * The fetch arguments of a call: GET parameters in the query, POST bodies form-encoded, the token in X-Token
 * (the worker's own on `/worker/…`, the console's elsewhere).
 */
export function prepare({ method, url, params }: Call): { target: string; init: RequestInit } {
  const headers: Record<string, string> = {};
  const token = tokenFor(url);
  if (token) headers['X-Token'] = token;
  const search = encode(params);
  let target = url;
  let body: URLSearchParams | undefined;
  if (method === 'GET') {
    if (search.size > 0) target += (url.includes('?') ? '&' : '?') + search.toString();
  } else {
    body = search;
  }
  return { target, init: { method, headers, body, credentials: 'same-origin' } };
}

const keyOf = (target: string, init: RequestInit) =>
  [init.method, target, String(init.body ?? ''), (init.headers as Record<string, string>)['X-Token'] ?? ''].join(' ');

const asked = new Map<string, { at: number; reply: Promise<Response> }>();

/** Asks the calls now and keeps their replies for the first identical call. */
export function askEarly(calls: readonly Call[]) {
  for (const call of calls) {
    const { target, init } = prepare(call);
    const reply = fetch(target, init);
    // A failed early call is not reported here: the identical call that takes it reports it.
    reply.catch(() => undefined);
    asked.set(keyOf(target, init), { at: Date.now(), reply });
  }
}

/** The reply of an identical call asked early and not yet taken, if any; each serves one call. */
export function takeEarly(target: string, init: RequestInit): Promise<Response> | undefined {
  const key = keyOf(target, init);
  const early = asked.get(key);
  asked.delete(key);
  return early && Date.now() - early.at < EARLY_REPLY_MS ? early.reply : undefined;
}

/** Forgets every early reply (tests). */
export function forgetEarly() {
  asked.clear();
}
