/**
 * The special area's client: the special account (专户) — its information, its flows and their .xlsx export,
 * under /builder/special/v1/Account/. Paths, parameters and replies are the generated document's.
 */
import { get, type QueryOf } from '@/api/client';
import { fetchFile } from '@/api/files';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type SpecialGuarantee = Schemas['SpecialGuarantee'];
export type FlowLine = Schemas['SpecialFlowLine'];
export type FlowPage = Schemas['SpecialFlowPage'];

/** The flow list's filters, as text ('' = any): the document's query fields. */
export type FlowFilter = Record<keyof Pick<QueryOf<'/builder/special/v1/Account/flows', 'get'>, 'direction' | 'start' | 'end'>, string>;

export const EMPTY_FLOW_FILTER: FlowFilter = { direction: '', start: '', end: '' };

/** Only the filters set. */
function filterParams(filter: FlowFilter): Partial<FlowFilter> {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value));
}

export const fetchInformation = () => get('/builder/special/v1/Account/info');
export const fetchFlows = (filter: FlowFilter, page: number, limit: number) =>
  get('/builder/special/v1/Account/flows', { ...filterParams(filter), page, limit });

/** The filtered flows as an .xlsx file; a refusal arrives as the envelope and is thrown. */
export const exportFlows = (filter: FlowFilter) => fetchFile('/builder/special/v1/Account/export', filterParams(filter));
