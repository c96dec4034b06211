/**
 * 数据上报 (server/src/platform, docs/platform.md): the project's account on the national worker platform, the
 * outbox of its records with each one's state and the platform's verdict, and 立即上报. Paths and types from the
 * generated schema only.
 */
import { get, post, type QueryOf } from '@/api/client';
import type { components } from '@/api/schema';
import { compact } from '@/utils/compact';

type Schemas = components['schemas'];

export type PlatformSetting = Schemas['PlatformSetting'];
export type PlatformRecord = Schemas['PlatformRecord'];
export type PlatformCounts = Schemas['PlatformCounts'];
export type FeedRun = Schemas['FeedRun'];

export interface SettingValues {
  appId: string;
  appSecret: string;
  endpoint: string;
  enabled: boolean;
}

export type RecordFilter = Pick<QueryOf<'/builder/platform/v1/Record/list', 'get'>, 'method' | 'status'>;
export const EMPTY_RECORD_FILTER: RecordFilter = { method: '', status: '' };

export const METHOD_OPTIONS = [
  { value: 'Project.Add', label: '项目' },
  { value: 'Corp.Add', label: '企业' },
  { value: 'ProjectSubContractor.Add', label: '参建单位' },
  { value: 'Team.Add', label: '班组' },
  { value: 'ProjectWorker.Add', label: '人员' },
  { value: 'WorkerEntryExit.Add', label: '进退场' },
  { value: 'WorkerContract.Add', label: '劳动合同' },
  { value: 'WorkerAttendance.Add', label: '考勤' },
  { value: 'Payroll.Add', label: '工资' },
];

export const STATUS_OPTIONS = [
  { value: 'queued', label: '待上报', color: 'default' },
  { value: 'sent', label: '已提交', color: 'processing' },
  { value: 'accepted', label: '上报成功', color: 'success' },
  { value: 'refused', label: '平台退回', color: 'error' },
];

export const fetchSetting = () => get('/builder/platform/v1/Setting/get');
export const saveSetting = (values: SettingValues) =>
  post('/builder/platform/v1/Setting/save', {
    appId: values.appId,
    appSecret: values.appSecret,
    endpoint: values.endpoint,
    enabled: values.enabled ? '1' : '0',
  });
export const fetchCounts = () => get('/builder/platform/v1/Record/counts');
export const fetchRecords = (filter: RecordFilter, page: number, limit: number) =>
  get('/builder/platform/v1/Record/list', compact({ ...filter, page, limit }));
export const sendNow = () => post('/builder/platform/v1/Record/send', {});

/** What a run did, for the toast. */
export function runSummary(run: FeedRun): string {
  if (!run.queued && !run.sent && !run.accepted && !run.refused && !run.error) return '没有新的记录需要上报';
  const done = `新增 ${run.queued} 条，提交 ${run.sent} 条，成功 ${run.accepted} 条，退回 ${run.refused} 条`;
  return run.error ? `${done}；平台未应答，稍后自动重试` : done;
}
