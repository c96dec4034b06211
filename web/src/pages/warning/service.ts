/**
 * The early warnings' client (server/src/warning): the project's 预警信息 (its warnings, one with its facts, the
 * thread and its answer) and the regulator's 预警监管 (every project of its district, comments, close and
 * reopen, counts by level per district). Types come from the generated schema only.
 */
import { get, post } from '@/api/client';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type WarningItem = Schemas['WarningItem'];
export type WarningNote = Schemas['WarningNote'];
export type WarningDetail = Schemas['WarningDetail'];
export type WarningCounts = Schemas['WarningCounts'];

export const LEVELS = [
  { value: 'yellow', label: '黄色预警', color: 'gold' },
  { value: 'orange', label: '橙色预警', color: 'orange' },
  { value: 'red', label: '红色预警', color: 'red' },
] as const;

export const STATUSES = [
  { value: 'open', label: '未关闭' },
  { value: 'closed', label: '已关闭' },
];

export const levelColor = (level: string) => LEVELS.find((item) => item.value === level)?.color ?? 'default';

/** The filters both lists share; the regulator's adds a district and a project. */
export interface WarningFilter {
  level: string;
  rule: string;
  status: string;
  district: string;
  projectId: number | null;
}

export const EMPTY_WARNING_FILTER: WarningFilter = { level: '', rule: '', status: '', district: '', projectId: null };

const some = (text: string) => text || undefined;

export const fetchProjectWarnings = (filter: WarningFilter, page: number, limit: number) =>
  post('/builder/earlywarning/v1/EarlyWarning/ajax_list', {
    page: String(page),
    limit: String(limit),
    level: some(filter.level),
    rule: some(filter.rule),
    status: some(filter.status),
  });

export const fetchWarning = (id: number) => get('/builder/earlywarning/v1/EarlyWarning/index', { id: String(id) });

export const fetchThread = (id: number) => get('/builder/earlywarning/v1/EarlyWarning/ajax_message', { id: String(id) });

export const saveNote = (id: number, content: string, attachments: string[]) =>
  post('/builder/earlywarning/v1/EarlyWarning/ajax_save_message', {
    id: String(id),
    content,
    attachments: attachments.join(','),
  });

export const fetchRegulatorWarnings = (filter: WarningFilter, page: number, limit: number) =>
  get('/admin/warning/v1/Warning/ajax_list', {
    page: String(page),
    limit: String(limit),
    level: some(filter.level),
    rule: some(filter.rule),
    status: some(filter.status),
    district: some(filter.district),
    projectId: filter.projectId === null ? undefined : String(filter.projectId),
  });

export const fetchRegulatorWarning = (id: number) => get('/admin/warning/v1/Warning/index', { id: String(id) });

export const fetchCounts = () => get('/admin/warning/v1/Warning/counts', {});

export const comment = (id: number, content: string) =>
  post('/admin/warning/v1/Warning/comment', { id: String(id), content });

export const closeWarning = (id: number, remark: string) =>
  post('/admin/warning/v1/Warning/close', { id: String(id), remark });

export const reopenWarning = (id: number, remark: string) =>
  post('/admin/warning/v1/Warning/reopen', { id: String(id), remark });
