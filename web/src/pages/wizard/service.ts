/** Wizard step 1 calls (docs/api.md, decisions "Wizard step 1"); types come from the generated schema only. */
import { get, post } from '@/api/client';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type ProjectEditData = Schemas['ProjectEditData'];
export type StepForm = Schemas['StepForm'];
export type ProjectForm = Schemas['ProjectForm'];
export type AreaOption = Schemas['AreaOption'];
export type SelectOption = Schemas['SelectOption'];

const site = '/builder/common/v1/Site';
const area = '/builder/common/v1/Area';

export const PROJECT_EDIT_URL = `${site}/projectEdit`;
export const PROJECT_SAVE_URL = `${site}/ajaxProjectEdit`;
export const GUANXIA_URL = `${area}/guanxia_list`;
export const JMAREA_URL = `${area}/jmarea`;

export const fetchProjectEdit = () => get<ProjectEditData>(PROJECT_EDIT_URL);

/** The form as the server reads it: every value text, arrays already comma-joined. */
export function saveProject(form: ProjectForm) {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (value != null) params[key] = value;
  }
  return post<string | null>(PROJECT_SAVE_URL, params);
}

/** 管辖划分 tree (DistrictCode): city → county → township. */
export const fetchSupervisingDistricts = () => post<AreaOption[]>(GUANXIA_URL);

/** 所属区域 tree (selectedOptions): county → township. */
export const fetchProjectAreas = () => post<AreaOption[]>(JMAREA_URL);
