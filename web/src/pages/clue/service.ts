/**
 * Wage-arrears leads (server/src/clue): the worker's public page (no login), the regulator's inbox and the
 * project's feedback. Types come from the generated schema only.
 */
import { get, post, type FormOf, type QueryOf } from '@/api/client';
import { fetchFileAt, postFiles } from '@/api/files';
import type { components } from '@/api/schema';

export type LeadItem = components['schemas']['LeadItem'];
export type LeadDetail = components['schemas']['LeadDetail'];
export type LeadStep = components['schemas']['LeadStep'];
export type LeadFile = components['schemas']['NamedFile'];
export type Progress = components['schemas']['Progress'];
export type ReportFields = components['schemas']['ReportForm'];

export type LeadStatus = '' | 'pending' | 'dispatched' | 'feedback' | 'returned' | 'closed';

export const STATUS_OPTIONS: { value: LeadStatus; label: string }[] = [
  { value: '', label: '全部状态' },
  { value: 'pending', label: '待派发' },
  { value: 'dispatched', label: '待反馈' },
  { value: 'feedback', label: '待审核' },
  { value: 'returned', label: '已退回' },
  { value: 'closed', label: '已办结' },
];

export const SOURCE_OPTIONS = [
  { value: '', label: '全部来源' },
  { value: 'public', label: '网上举报' },
  { value: 'hotline', label: '12333热线' },
];

export const STATUS_COLORS: Record<string, string> = {
  pending: 'default',
  dispatched: 'processing',
  feedback: 'warning',
  returned: 'error',
  closed: 'success',
};

export interface LeadFilter {
  status: LeadStatus;
  source: string;
  projectId: number | null;
  overdue: boolean;
  /** Only leads from an unregistered site (未登记项目). */
  unregistered: boolean;
}

export const EMPTY_LEAD_FILTER: LeadFilter = { status: '', source: '', projectId: null, overdue: false, unregistered: false };

function query(filter: LeadFilter): QueryOf<'/admin/clue/v1/Clue/ajax_list', 'get'> {
  return {
    status: filter.status || undefined,
    source: filter.source || undefined,
    projectId: filter.projectId ? String(filter.projectId) : undefined,
    overdue: filter.overdue ? '1' : undefined,
    unregistered: filter.unregistered ? '1' : undefined,
  };
}

// The public page.

export const searchProjects = (name: string) => get('/public/clue/v1/Project/search', { name, limit: '20' });

export const fetchCaptcha = () => get('/public/clue/v1/captcha');

/** The counties a worker may choose for a site that is not registered. */
export const fetchDistricts = () => get('/public/clue/v1/Area/districts');

/** The report with its photos, as multipart; answers the receipt. */
export function submitReport(fields: ReportFields, photos: File[]) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) body.append(key, String(value));
  }
  for (const photo of photos) body.append('imgFile[]', photo, photo.name);
  return postFiles('/public/clue/v1/Clue/submit', body);
}

export const queryProgress = (form: FormOf<'/public/clue/v1/Clue/query'>) => post('/public/clue/v1/Clue/query', form);

// The regulator.

export const fetchInbox = (filter: LeadFilter, page: number, limit: number) =>
  get('/admin/clue/v1/Clue/ajax_list', { ...query(filter), page: String(page), limit: String(limit) });

export const fetchLead = (id: number) => get('/admin/clue/v1/Clue/detail', { id: String(id) });

export const enterLead = (form: FormOf<'/admin/clue/v1/Clue/create'>) => post('/admin/clue/v1/Clue/create', form);

export const dispatchLead = (id: number, projectId?: number) =>
  post('/admin/clue/v1/Clue/dispatch', { id: String(id), projectId: projectId ? String(projectId) : undefined });

export const returnLead = (id: number, remark: string) => post('/admin/clue/v1/Clue/return', { id: String(id), remark });

export const acceptLead = (id: number, remark: string) => post('/admin/clue/v1/Clue/accept', { id: String(id), remark });

/** Links a lead from an unregistered site to the registered project it turned out to be. */
export const assignLead = (id: number, projectId: number) =>
  post('/admin/clue/v1/Clue/assign', { id: String(id), projectId: String(projectId) });

/** Closes a lead that has no project with the bureau's answer. */
export const closeLead = (id: number, remark: string) => post('/admin/clue/v1/Clue/close', { id: String(id), remark });

// The project.

export const fetchProjectLeads = (filter: LeadFilter, page: number, limit: number) =>
  get('/builder/clue/v1/Clue/ajax_list', { ...query(filter), projectId: undefined, page: String(page), limit: String(limit) });

export const fetchProjectLead = (id: number) => get('/builder/clue/v1/Clue/detail', { id: String(id) });

export const sendFeedback = (id: number, content: string, files: string[]) =>
  post('/builder/clue/v1/Clue/feedback', { id: String(id), content, files: files.join(',') });

/** A worker's photo (served to a session's header only) as an object URL for `<img>`. */
export async function photoUrl(url: string): Promise<string> {
  return URL.createObjectURL(await fetchFileAt(url));
}
