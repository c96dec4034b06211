/**
 * The special area's client: the special account (专户) — its information and 代发方式, its flows and their
 * .xlsx export, the bank's statements and 专户对账, under /builder/special/v1/Account/. Paths, parameters and
 * replies are the generated document's.
 */
import { get, post, type QueryOf } from '@/api/client';
import { fetchFile, postFileTold } from '@/api/files';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type SpecialGuarantee = Schemas['SpecialGuarantee'];
export type FlowLine = Schemas['SpecialFlowLine'];
export type FlowPage = Schemas['SpecialFlowPage'];
export type Reconciliation = Schemas['SpecialReconciliation'];
export type ReconLine = Reconciliation['lines']['list'][number];
export type ReconDay = Reconciliation['days']['list'][number];

/** The flow list's filters, as text ('' = any): the document's query fields. */
export type FlowFilter = Record<keyof Pick<QueryOf<'/builder/special/v1/Account/flows', 'get'>, 'direction' | 'start' | 'end'>, string>;

export const EMPTY_FLOW_FILTER: FlowFilter = { direction: '', start: '', end: '' };

/** Only the filters set. */
function filterParams<F extends Record<string, string>>(filter: F): Partial<F> {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) as Partial<F>;
}

export const fetchInformation = () => get('/builder/special/v1/Account/info');
export const fetchFlows = (filter: FlowFilter, page: number, limit: number) =>
  get('/builder/special/v1/Account/flows', { ...filterParams(filter), page, limit });

/** The filtered flows as an .xlsx file; a refusal arrives as the envelope and is thrown. */
export const exportFlows = (filter: FlowFilter) => fetchFile('/builder/special/v1/Account/export', filterParams(filter));

/** 代发方式: api 接口 or file 文件. */
export type PayoutMode = 'api' | 'file';
export const savePayoutMode = (mode: PayoutMode) => post('/builder/special/v1/Account/payoutMode', { mode });

/** The reconciliation's days (as text, '' = the statement's own) and which lines to page. */
export type ReconFilter = Record<keyof Pick<QueryOf<'/builder/special/v1/Account/reconciliation', 'get'>, 'start' | 'end' | 'view'>, string>;

export const EMPTY_RECON_FILTER: ReconFilter = { start: '', end: '', view: 'onlyBank' };

/** A page of the lines in `view`; `dayPage` the page of the day-end balances. */
export const fetchReconciliation = (filter: ReconFilter, page: number, limit: number, dayPage = 1) =>
  get('/builder/special/v1/Account/reconciliation', { ...filterParams(filter), page, limit, dayPage });

export const fetchStatementFormats = () => get('/builder/special/v1/Account/statementFormats');
/** The bank's statement in `format`; answers what was stored with the server's message. */
export const uploadStatement = (file: File, format: string) =>
  postFileTold('/builder/special/v1/Account/statement', file, file.name, { format });
/** The sandbox bank's statement of the account, as its online banking would export it. */
export const sandboxStatement = (format: string) => fetchFile('/builder/special/v1/Account/sandboxStatement', { format });
