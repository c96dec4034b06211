/**
 * Notices (server/src/notice): the regulator's 通知发布 (publish, list, detail, withdraw, read receipts) and the
 * project's 通知公告 at the spec's paths (ajax_list, ajax_attach_list, ajax_look). Types come from the generated
 * schema only.
 */
import { get, post } from '@/api/client';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type NoticeSummary = Schemas['NoticeSummary'];
export type NoticeDetail = Schemas['NoticeDetail'];
export type Receipt = Schemas['Receipt'];
export type ProjectNotice = Schemas['ProjectNotice'];
export type OpenedNotice = Schemas['OpenedNotice'];
export type Attachment = Schemas['Attachment'];

/** Who a notice goes to. */
export type Audience = 'all' | 'districts' | 'projects';

export const AUDIENCE_OPTIONS: { value: Audience; label: string }[] = [
  { value: 'all', label: '辖区内全部项目' },
  { value: 'districts', label: '指定行政区划' },
  { value: 'projects', label: '指定项目' },
];

/** '' all, '1' read, '0' unread. */
export type ReadState = '' | '0' | '1';

export const READ_OPTIONS: { value: ReadState; label: string }[] = [
  { value: '', label: '全部' },
  { value: '0', label: '未读' },
  { value: '1', label: '已读' },
];

export const TITLE_MAX = 100;
export const BODY_MAX = 5000;

// The regulator's side.

export interface NoticeFilter {
  title: string;
  /** 'published', 'withdrawn' or '' for both. */
  status: '' | 'published' | 'withdrawn';
}

export const EMPTY_NOTICE_FILTER: NoticeFilter = { title: '', status: '' };

export const fetchNotices = (filter: NoticeFilter, page: number, limit: number) =>
  get('/admin/notice/v1/Notice/ajax_list', {
    title: filter.title.trim() || undefined,
    status: filter.status || undefined,
    page: String(page),
    limit: String(limit),
  });

export const fetchNoticeDetail = (id: number) => get('/admin/notice/v1/Notice/detail', { id: String(id) });

export interface PublishValues {
  title: string;
  body: string;
  audience: Audience;
  /** District codes, for `districts`. */
  districts: string[];
  /** Project ids, for `projects`. */
  projects: number[];
  /** Uploaded file URLs (kind voucher). */
  attachments: string[];
}

export const publishNotice = (values: PublishValues) =>
  post('/admin/notice/v1/Notice/publish', {
    title: values.title.trim(),
    body: values.body,
    audience: values.audience,
    districts: values.audience === 'districts' ? values.districts.join(',') : undefined,
    projects: values.audience === 'projects' ? values.projects.join(',') : undefined,
    attachments: values.attachments.length ? values.attachments.join(',') : undefined,
  });

export const withdrawNotice = (id: number) => post('/admin/notice/v1/Notice/withdraw', { id: String(id) });

export const fetchReceipts = (filter: { id: number; read: ReadState }, page: number, limit: number) =>
  get('/admin/notice/v1/Notice/reads', { id: String(filter.id), read: filter.read || undefined, page: String(page), limit: String(limit) });

// The project's side.

export interface ProjectNoticeFilter {
  title: string;
  read: ReadState;
}

export const EMPTY_PROJECT_NOTICE_FILTER: ProjectNoticeFilter = { title: '', read: '' };

export const fetchProjectNotices = (filter: ProjectNoticeFilter, page: number, limit: number) =>
  post('/builder/notice/v1/Notice/ajax_list', {
    title: filter.title.trim() || undefined,
    read: filter.read || undefined,
    page: String(page),
    limit: String(limit),
  });

/** How many notices the project has not opened yet. */
export const fetchUnreadCount = async () => (await post('/builder/notice/v1/Notice/ajax_list', { read: '0', limit: '1' })).total;

export const lookNotice = (id: number) => post('/builder/notice/v1/Notice/ajax_look', { id: String(id) });
