/**
 * The project area's client (server/src/project): registration's step 1 (`Site/projectEdit`,
 * `Site/ajaxProjectEdit`), project information after approval, the notice board and the management staff
 * (decisions "Wizard step 1", "Project info, staff and credit (issue 4)").
 */
import { get, post } from '@/api/client';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type ProjectEditData = Schemas['ProjectEditData'];
export type StepForm = Schemas['StepForm'];
export type ProjectForm = Schemas['ProjectForm'];
export type ProjectInfoData = Schemas['ProjectInfoData'];
export type NoticeBoard = Schemas['NoticeBoard'];
export type BoardUnit = Schemas['BoardUnit'];
export type StaffPage = Schemas['Envelope_Paged_Staff']['data'];
export type Staff = Schemas['Staff'];
export type StaffOptions = Schemas['StaffOptions'];
export type StaffForm = Schemas['StaffForm'];
export type Saved = Schemas['Saved'];

/** The server's messages (server/src/project/staff/service.rs). */
export const MSG_UNIT_REQUIRED = '请选择所属单位';
export const MSG_POST_REQUIRED = '请选择岗位';
export const MSG_NAME_REQUIRED = '请填写姓名';
export const MSG_ID_NUMBER_REQUIRED = '请填写身份证号码';
export const MSG_CERTIFICATE_TOO_LONG = '证书编号不能超过50个字';
export const MSG_ENTRY_REQUIRED = '请选择进场日期';
export const MSG_EXIT_BEFORE_ENTRY = '离场日期不得早于进场日期';
export const CERTIFICATE_MAX = 50;

export const fetchProjectEdit = () => get('/builder/common/v1/Site/projectEdit');

/** The form as the server reads it: every value text, arrays already comma-joined. */
export const saveProject = (form: ProjectForm) => post('/builder/common/v1/Site/ajaxProjectEdit', form);

/** A builder account's own project; the regulator's project in view (`projectId`, added by api/projectScope). */
export const fetchProjectInfo = () => post('/builder/project/v1/Project/ajax_project_info');

export const saveProjectInfo = (form: ProjectForm) => post('/builder/project/v1/Project/ajax_edit_save', form);

export const fetchNoticeBoard = () => get('/builder/project/v1/Project/noticeBoard');

/**
 * The board of an approved project on the worker side (`/w`, issue 31; no session needed): what its QR code
 * opens. 404 (an ApiError) for an unknown or unapproved project.
 */
export const fetchSiteBoard = (projectId: number) => get('/worker/project/v1/Project/noticeBoard', { projectId: String(projectId) });

/** The react-query key of `fetchSiteBoard`, shared by the worker's pages and the public lead page. */
export const siteBoardKey = (projectId: number | null) => ['worker', 'siteBoard', projectId ?? 0] as const;

/** 关键岗位未配备：…，配备后才能发放工资 — '' when every key post is filled. */
export const keyPostsWarning = (missing: string[]) =>
  missing.length === 0 ? '' : `关键岗位未配备：${missing.join('、')}，配备后才能发放工资`;

/** The page's filter ('' = any): `status` '1' in post, '2' left. */
export interface StaffFilter {
  post: string;
  keyword: string;
  status: string;
}

export const fetchStaff = (filter: StaffFilter, page: number, limit: number) =>
  post('/builder/project/v1/Staff/list', {
    page,
    limit,
    post: filter.post || undefined,
    keyword: filter.keyword.trim() || undefined,
    status: filter.status || undefined,
  });

export const fetchStaffOptions = () => get('/builder/project/v1/Staff/options');

export const fetchStaffDetail = (id: number) => get('/builder/project/v1/Staff/detail', { id });

export function saveStaff(form: StaffForm) {
  const trimmed: StaffForm = { ...form };
  for (const [key, value] of Object.entries(form)) {
    (trimmed as Record<string, unknown>)[key] = value != null && value !== '' ? value.trim() : undefined;
  }
  return post('/builder/project/v1/Staff/save', trimmed);
}

export const deleteStaff = (id: number) => post('/builder/project/v1/Staff/delete', { id });
