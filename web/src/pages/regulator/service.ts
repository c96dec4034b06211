/**
 * The regulator's project directory (server/src/regulator): admin accounts only. Types come from the
 * generated schema only.
 */
import { get, type QueryOf } from '@/api/client';
import { fetchFile } from '@/api/files';
import type { components } from '@/api/schema';

export type DirectoryRow = components['schemas']['DirectoryRow'];

/** '0' draft, '1' submitted, '2' approved, '3' rejected; '' = all. */
export type AuditStatus = '' | '0' | '1' | '2' | '3';
export type SortColumn = '' | 'name' | 'district' | 'status' | 'contractPrice';

export interface DirectoryFilter {
  name: string;
  /** A district code (city, county or township); '' = every district of the account. */
  district: string;
  status: AuditStatus;
  /** Only projects with an open warning of this level; '' = all. */
  warning: WarningLevel;
  sort: SortColumn;
  order: '' | 'asc' | 'desc';
}

export type WarningLevel = '' | 'red' | 'orange' | 'yellow';

export const EMPTY_DIRECTORY_FILTER: DirectoryFilter = { name: '', district: '', status: '', warning: '', sort: '', order: '' };

export const WARNING_OPTIONS: { value: WarningLevel; label: string }[] = [
  { value: '', label: '全部' },
  { value: 'red', label: '有红色预警' },
  { value: 'orange', label: '有橙色预警' },
  { value: 'yellow', label: '有黄色预警' },
];

export const STATUS_OPTIONS: { value: AuditStatus; label: string }[] = [
  { value: '', label: '全部状态' },
  { value: '0', label: '未提交' },
  { value: '1', label: '待审核' },
  { value: '2', label: '审核通过' },
  { value: '3', label: '已驳回' },
];

type Query = QueryOf<'/admin/regulator/v1/Project/ajax_list', 'get'>;

function params(filter: DirectoryFilter): Query {
  return {
    name: filter.name.trim() || undefined,
    district: filter.district || undefined,
    status: filter.status || undefined,
    warning: filter.warning || undefined,
    sort: filter.sort || undefined,
    order: filter.order || undefined,
  };
}

export const fetchDirectory = (filter: DirectoryFilter, page: number, limit: number) =>
  get('/admin/regulator/v1/Project/ajax_list', { ...params(filter), page, limit });

export const exportDirectory = (filter: DirectoryFilter) => fetchFile('/admin/regulator/v1/Project/export', params(filter));
