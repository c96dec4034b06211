/** Teams (班组, `/builder/team/v1/Team/…`) and the work types. Types come from the generated schema only. */
import { get, post, type Params } from '@/api/client';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type TeamList = Schemas['Envelope_Paged_TeamItem']['data'];
export type TeamItem = Schemas['TeamItem'];
export type TeamForm = Schemas['TeamForm'];
export type TeamSaved = Schemas['TeamSaved'];
export type WorkType = Schemas['SelectOption'];

const base = '/builder/team/v1/Team';

export const TEAM_LIST_URL = `${base}/ajax_list`;
export const TEAM_DETAIL_URL = `${base}/detail`;
export const TEAM_SAVE_URL = `${base}/ajax_save`;
export const TEAM_EXIT_URL = `${base}/ajax_exit`;
export const TEAM_DELETE_URL = `${base}/ajax_delete`;
export const WORK_TYPES_URL = '/builder/common/v1/Site/workTypes';

/** The server's messages (server/src/team/service.rs). */
export const MSG_UNIT_REQUIRED = '请选择所属单位';
export const MSG_NAME_REQUIRED = '请填写班组名称';
export const MSG_NAME_TOO_LONG = '班组名称不能超过50个字';
export const MSG_WORK_TYPE_REQUIRED = '请选择工种';
export const MSG_ENTRY_REQUIRED = '请选择进场日期';
export const MSG_EXIT_REQUIRED = '请选择退场日期';
export const NAME_MAX = 50;

export interface TeamListQuery {
  page: number;
  limit: number;
  unitId?: number;
  name: string;
  /** '' all, '1' on site, '2' exited. */
  status: '' | '1' | '2';
}

export const fetchTeams = (query: TeamListQuery) =>
  post<TeamList>(TEAM_LIST_URL, {
    page: query.page,
    limit: query.limit,
    unit_id: query.unitId,
    name: query.name.trim() || undefined,
    status: query.status || undefined,
  });

/** One team with the leader's full ID number (the list masks it): what the edit form starts from. */
export const fetchTeam = (id: number) => get<TeamItem>(TEAM_DETAIL_URL, { id });

export function saveTeam(form: TeamForm) {
  const params: Params = {};
  for (const [key, value] of Object.entries(form)) {
    if (typeof value === 'string' && value.trim() !== '') params[key] = value.trim();
  }
  return post<TeamSaved>(TEAM_SAVE_URL, params);
}

export const exitTeam = (id: number, exitDate: string) => post<null>(TEAM_EXIT_URL, { id, exit_date: exitDate });

export const deleteTeam = (id: number) => post<null>(TEAM_DELETE_URL, { id });

export const fetchWorkTypes = () => get<WorkType[]>(WORK_TYPES_URL);
