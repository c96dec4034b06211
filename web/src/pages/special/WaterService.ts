/**
 * The special account (专户): its information, its flows and their .xlsx export, under
 * /builder/special/v1/Account/. Types come from the generated schema only.
 */
import { get } from '@/api/client';
import { fetchFile } from '@/api/files';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type SpecialInformation = Schemas['SpecialInformation'];
export type SpecialGuarantee = Schemas['SpecialGuarantee'];
export type FlowLine = Schemas['SpecialFlowLine'];
export type FlowPage = Schemas['SpecialFlowPage'];

const base = '/builder/special/v1/Account';
export const INFO_URL = `${base}/info`;
export const FLOWS_URL = `${base}/flows`;
export const EXPORT_URL = `${base}/export`;

/** The flow list's filters ('' = any). */
export interface FlowFilter {
  direction: '' | 'in' | 'out';
  start: string;
  end: string;
}

export const EMPTY_FLOW_FILTER: FlowFilter = { direction: '', start: '', end: '' };

function filterParams(filter: FlowFilter): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(filter)) if (value) params[key] = value;
  return params;
}

export const fetchInformation = () => get<SpecialInformation>(INFO_URL);
export const fetchFlows = (filter: FlowFilter, page: number, limit: number) =>
  get<FlowPage>(FLOWS_URL, { ...filterParams(filter), page, limit });

/** The filtered flows as an .xlsx file; a refusal arrives as the envelope and is thrown. */
export const exportFlows = (filter: FlowFilter) => fetchFile(EXPORT_URL, filterParams(filter));
