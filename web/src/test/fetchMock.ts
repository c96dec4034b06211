/** A fetch stand-in answering envelopes by path, recording every call. */
import type { paths } from '@/api/schema';

/** A documented path with its `{name}` parameters as any text: what a call's URL path can be. */
type Concrete<P> = P extends `${infer Head}{${string}}${infer Tail}` ? `${Head}${string}${Concrete<Tail>}` : P;

/** The paths a test may answer: only the server's, so a renamed endpoint fails the type check. */
export type ApiUrl = Concrete<keyof paths>;

export interface RecordedCall {
  url: string;
  method: string;
  body: URLSearchParams;
  headers: Record<string, string>;
}

/** An envelope, or a function answering one; a function may answer a `Response` of its own (an HTTP error). */
export type Reply = { code: number; message?: string; data?: unknown } | ((call: RecordedCall) => unknown);

export function mockFetch(routes: Partial<Record<ApiUrl, Reply>>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const call: RecordedCall = {
      url,
      method: init?.method ?? 'GET',
      body: new URLSearchParams(init?.body instanceof URLSearchParams ? init.body : undefined),
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const path = url.split('?')[0];
    const reply = routes[path as ApiUrl];
    const payload =
      reply === undefined
        ? { code: 404, message: '接口不存在', data: null }
        : typeof reply === 'function'
          ? reply(call)
          : { message: '操作成功!', data: null, ...reply };
    if (payload instanceof Response) return payload;
    return new Response(JSON.stringify(payload), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, called: (path: ApiUrl) => calls.filter((call) => call.url.split('?')[0] === path) };
}

export function resetBrowserState() {
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}
