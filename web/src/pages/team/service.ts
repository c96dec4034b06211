/**
 * Teams (班组, the team area of the server) and the work types a team is formed for: the generated client's paths
 * and types only.
 */
import { get, post, type FormOf } from '@/api/client';
import type { components } from '@/api/schema';
import { compact } from '@/utils/compact';

type Schemas = components['schemas'];

export type TeamItem = Schemas['TeamItem'];
export type TeamForm = Schemas['TeamForm'];
export type TeamSaved = Schemas['TeamSaved'];
export type WorkType = Schemas['SelectOption'];

/** The server's messages (server/src/team/service.rs). */
export const MSG_UNIT_REQUIRED = '请选择所属单位';
export const MSG_NAME_REQUIRED = '请填写班组名称';
export const MSG_NAME_TOO_LONG = '班组名称不能超过50个字';
export const MSG_WORK_TYPE_REQUIRED = '请选择工种';
export const MSG_ENTRY_REQUIRED = '请选择进场日期';
export const MSG_EXIT_REQUIRED = '请选择退场日期';
export const NAME_MAX = 50;

/** The list's filters: the unit, the name, the status ('' all, '1' on site, '2' exited). */
export type TeamFilter = Pick<FormOf<'/builder/team/v1/Team/ajax_list'>, 'unit_id' | 'name' | 'status'>;

export const fetchTeams = (filter: TeamFilter, page: number, limit: number) =>
  post('/builder/team/v1/Team/ajax_list', {
    page,
    limit,
    unit_id: filter.unit_id,
    name: String(filter.name ?? '').trim() || undefined,
    status: filter.status || undefined,
  });

/** One team with the leader's full ID number (the list masks it): what the edit form starts from. */
export const fetchTeam = (id: number) => get('/builder/team/v1/Team/detail', { id });

/** Sends the form with empty fields left out. */
export const saveTeam = (form: TeamForm) => post('/builder/team/v1/Team/ajax_save', compact(form));

export const exitTeam = (id: number, exitDate: string) => post('/builder/team/v1/Team/ajax_exit', { id, exit_date: exitDate });

export const deleteTeam = (id: number) => post('/builder/team/v1/Team/ajax_delete', { id });

/** The work types (served by the project area beside the other site lists). */
export const fetchWorkTypes = () => get('/builder/common/v1/Site/workTypes');
