/**
 * The operation log's client (server/src/oplog): the regulator's viewer of who did what to which record, with
 * the values before and after. Types come from the generated schema only.
 */
import { get } from '@/api/client';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type OplogLine = Schemas['OplogLine'];

/** The viewer's filter: a project, part of an account's login name, an action, a range of China days. */
export interface OplogFilter {
  projectId: number | null;
  account: string;
  kind: string;
  startDate: string;
  endDate: string;
}

export const EMPTY_OPLOG_FILTER: OplogFilter = { projectId: null, account: '', kind: '', startDate: '', endDate: '' };

export const fetchOplog = (filter: OplogFilter, page: number, limit: number) =>
  get('/admin/oplog/v1/Log/ajax_list', {
    page: String(page),
    limit: String(limit),
    project_id: filter.projectId === null ? undefined : String(filter.projectId),
    account: filter.account.trim() || undefined,
    kind: filter.kind || undefined,
    start_date: filter.startDate || undefined,
    end_date: filter.endDate || undefined,
  });

export const fetchOplogKinds = () => get('/admin/oplog/v1/Log/kinds');

/** One change a line's detail names: `label before → after`. */
export interface Change {
  label: string;
  before: string;
  after: string;
}

/**
 * The changes written in a line's detail (`字段: "前" → "后"`, `状态 在场 → 已退场`, separated by `；`, `，`
 * or `; `). Parts without an arrow are not changes and are left to the full text.
 */
export function changesOf(detail: string): Change[] {
  return detail
    .split(/[；;，\n]\s*/)
    .filter((part) => part.includes('→'))
    .map((part) => {
      const [left, after] = part.split('→', 2).map((side) => side.trim());
      const unquote = (text: string) => text.replace(/^"(.*)"$/, '$1');
      const quoted = /^(.*?)[\s:：]*"([^"]*)"$/.exec(left);
      if (quoted) return { label: quoted[1].trim(), before: quoted[2], after: unquote(after) };
      // The value before is the last word; what precedes it names the field.
      const cut = Math.max(left.search(/[\s:：][^\s:：]*$/), -1);
      const label = cut >= 0 ? left.slice(0, cut).replace(/[\s:：]+$/, '') : '';
      return { label, before: left.slice(cut + 1), after: unquote(after) };
    });
}
