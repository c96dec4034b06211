/**
 * The special account (专户): its information, its flows and their .xlsx export, under
 * /builder/special/v1/Account/. Types come from the generated schema only.
 */
import { ApiError, MSG_UNKNOWN, get } from '@/api/client';
import type { components } from '@/api/schema';
import { getToken } from '@/utils/storage';

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
export async function exportFlows(filter: FlowFilter): Promise<Blob> {
  const token = getToken();
  const search = new URLSearchParams(filterParams(filter));
  let response: Response;
  try {
    response = await fetch(`${EXPORT_URL}?${search.toString()}`, { headers: token ? { 'X-Token': token } : {} });
  } catch (cause) {
    throw new Error(`网络错误：${cause instanceof Error ? cause.message : String(cause)}`);
  }
  if (!response.ok) throw new Error(`网络错误：HTTP ${response.status}`);
  if ((response.headers.get('Content-Type') ?? '').includes('application/json')) {
    const reply = (await response.json().catch(() => undefined)) as { code?: number; message?: string } | undefined;
    throw new ApiError(reply?.code ?? 0, reply?.message || MSG_UNKNOWN);
  }
  return response.blob();
}

/** Hands a file to the browser's download. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
