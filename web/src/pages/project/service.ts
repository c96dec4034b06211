/**
 * Project information, the notice board and the management staff (decisions "Project info, staff and credit
 * (issue 4)"). Types come from the generated schema only.
 */
import { get, post } from '@/api/client';
import type { components } from '@/api/schema';
import type { ProjectForm } from '@/pages/wizard/service';

type Schemas = components['schemas'];

export type ProjectInfoData = Schemas['ProjectInfoData'];
export type NoticeBoard = Schemas['NoticeBoard'];
export type BoardUnit = Schemas['BoardUnit'];
export type StaffPage = Schemas['Envelope_Paged_Staff']['data'];
export type Staff = Schemas['Staff'];
export type StaffOptions = Schemas['StaffOptions'];
export type StaffForm = Schemas['StaffForm'];
export type Saved = Schemas['Saved'];

const project = '/builder/project/v1/Project';
const staff = '/builder/project/v1/Staff';

export const PROJECT_INFO_URL = `${project}/ajax_project_info`;
export const PROJECT_INFO_SAVE_URL = `${project}/ajax_edit_save`;
export const NOTICE_BOARD_URL = `${project}/noticeBoard`;
export const STAFF_LIST_URL = `${staff}/list`;
export const STAFF_OPTIONS_URL = `${staff}/options`;
export const STAFF_DETAIL_URL = `${staff}/detail`;
export const STAFF_SAVE_URL = `${staff}/save`;
export const STAFF_DELETE_URL = `${staff}/delete`;

/** The server's messages (server/src/project/staff/service.rs). */
export const MSG_UNIT_REQUIRED = '请选择所属单位';
export const MSG_POST_REQUIRED = '请选择岗位';
export const MSG_NAME_REQUIRED = '请填写姓名';
export const MSG_ID_NUMBER_REQUIRED = '请填写身份证号码';
export const MSG_CERTIFICATE_TOO_LONG = '证书编号不能超过50个字';
export const MSG_ENTRY_REQUIRED = '请选择进场日期';
export const MSG_EXIT_BEFORE_ENTRY = '离场日期不得早于进场日期';
export const CERTIFICATE_MAX = 50;

/** The regulator names a project (`?id=` on the page); a builder account always gets its own. */
export const fetchProjectInfo = (id?: string) => post<ProjectInfoData>(PROJECT_INFO_URL, { id });

export function saveProjectInfo(form: ProjectForm) {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (value != null) params[key] = value;
  }
  return post<string | null>(PROJECT_INFO_SAVE_URL, params);
}

export const fetchNoticeBoard = (id?: string) => get<NoticeBoard>(NOTICE_BOARD_URL, { id });

/** 关键岗位未配备：…，配备后才能发放工资 — '' when every key post is filled. */
export const keyPostsWarning = (missing: string[]) =>
  missing.length === 0 ? '' : `关键岗位未配备：${missing.join('、')}，配备后才能发放工资`;

export interface StaffQuery {
  page: number;
  limit: number;
  post: string;
  keyword: string;
  /** '' all, '1' in post, '2' left. */
  status: '' | '1' | '2';
  projectId?: string;
}

export const fetchStaff = (query: StaffQuery) =>
  post<StaffPage>(STAFF_LIST_URL, {
    page: query.page,
    limit: query.limit,
    post: query.post || undefined,
    keyword: query.keyword.trim() || undefined,
    status: query.status || undefined,
    project_id: query.projectId,
  });

export const fetchStaffOptions = (projectId?: string) => get<StaffOptions>(STAFF_OPTIONS_URL, { project_id: projectId });

export const fetchStaffDetail = (id: number) => get<Staff>(STAFF_DETAIL_URL, { id });

export function saveStaff(form: StaffForm) {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (value != null && value !== '') params[key] = value.trim();
  }
  return post<Saved>(STAFF_SAVE_URL, params);
}

export const deleteStaff = (id: number) => post<string | null>(STAFF_DELETE_URL, { id });
