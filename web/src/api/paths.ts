/**
 * The client's types, read from the generated `paths` (schema.d.ts): which paths answer GET or POST, their
 * query, form and path parameters, and the envelope's data of a successful reply.
 */
import type { components, paths } from './schema';

export type Method = 'get' | 'post';
type Operation<P, M extends Method> = P extends keyof paths ? (paths[P] extends { [K in M]: infer O } ? O : never) : never;

/** The paths that answer `method`. */
export type ApiPath<M extends Method> = {
  [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never;
}[keyof paths];

/** Form and query fields are text on the wire; numbers and flags are sent as their text. */
type Wire<T> = { [K in keyof T]?: T[K] | number | boolean | null };

/** The query parameters of an operation. */
export type QueryOf<P, M extends Method> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? Wire<NonNullable<Q>> : never;

/** The form fields of a POST. */
export type FormOf<P> =
  Operation<P, 'post'> extends { requestBody?: { content: { 'application/x-www-form-urlencoded': infer B } } }
    ? Wire<B>
    : never;

/** The path parameters (`{side}`, `{name}`) of an operation. */
export type PathOf<P, M extends Method> = Operation<P, M> extends { parameters: { path: infer X } } ? X : never;

type Refusal = components['schemas']['Refusal'];

/** What a successful call answers: the envelope's `data`. */
export type ReplyOf<P, M extends Method> =
  Operation<P, M> extends { responses: { 200: { content: { 'application/json': infer R } } } }
    ? Exclude<R, Refusal> extends { data: infer D }
      ? D
      : never
    : never;
