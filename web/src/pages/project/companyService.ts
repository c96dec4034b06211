/**
 * The project's units after registration (`/builder/company/v1/Company/…`, decisions "Units and teams
 * (issue 4)"): builder and construction unit information with the guarantee's changes, and the
 * participating units. Types come from the generated schema only.
 */
import { get, post, type Params } from '@/api/client';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type UnitInfoData = Schemas['UnitInfoData'];
export type GuaranteeChangeView = Schemas['GuaranteeChangeView'];
export type GuaranteeView = Schemas['GuaranteeView'];
export type GuaranteeChanged = Schemas['GuaranteeChanged'];
export type LeadersForm = Schemas['LeadersForm'];
export type GuaranteeChangeForm = Schemas['GuaranteeChangeForm'];
export type CompanyInfo = Schemas['CompanyInfo'];
export type ConstructionType = Schemas['ConstructionType'];
export type UnitChoice = Schemas['UnitChoice'];
export type UnitList = Schemas['Envelope_Paged_UnitListItem']['data'];
export type UnitListItem = Schemas['UnitListItem'];
export type ParticipantDetail = Schemas['ParticipantDetail'];
export type ParticipantForm = Schemas['ParticipantForm'];
export type ParticipantSaved = Schemas['ParticipantSaved'];

const base = '/builder/company/v1/Company';

export const COMPANY_INFO_URL = `${base}/ajax_company_info`;
export const LEADERS_SAVE_URL = `${base}/company_edit_save`;
export const COMPANY_LOOKUP_URL = `${base}/ajax_get_company_info`;
export const CHANGE_GUARANTEE_URL = `${base}/ajax_change_guarantee`;
export const CONSTRUCTION_TYPES_URL = `${base}/Get_constructionType`;
export const COMPANY_ALL_URL = `${base}/ajax_company_all`;
export const CONSTRUCTION_LIST_URL = `${base}/construction_list`;
export const CONSTRUCTION_EDIT_URL = `${base}/construction_edit`;
export const CONSTRUCTION_SAVE_URL = `${base}/construction_save`;
export const CONSTRUCTION_EDIT_SAVE_URL = `${base}/construction_edit_save`;
export const REENTRY_URL = `${base}/ajax_edit_save`;
export const EXIT_ALL_URL = `${base}/ajax_exitall`;
export const DELETE_ALL_URL = `${base}/ajax_deleteall`;

/** The server's messages (server/src/company/info.rs, participants.rs). */
export const MSG_REASON_REQUIRED = '请填写变更原因';
export const MSG_REASON_TOO_LONG = '变更原因不能超过200个字';
export const MSG_TYPE_REQUIRED = '请选择分包类型';
export const MSG_ENTRY_REQUIRED = '请选择进场日期';
export const MSG_EXIT_REQUIRED = '请选择退场日期';
export const REASON_MAX = 200;

export type FixedRole = 'builder' | 'contractor';

/** Sends only the fields with text, trimmed. */
function compact(form: object): Params {
  const params: Params = {};
  for (const [key, value] of Object.entries(form)) {
    if (typeof value === 'string' && value.trim() !== '') params[key] = value.trim();
  }
  return params;
}

export const fetchUnitInfo = (role: FixedRole) => post<UnitInfoData>(COMPANY_INFO_URL, { type: role });

export const saveLeaders = (form: LeadersForm) => post<null>(LEADERS_SAVE_URL, compact(form));

export const changeGuarantee = (form: GuaranteeChangeForm) => post<GuaranteeChanged>(CHANGE_GUARANTEE_URL, compact(form));

export const lookupCompany = (code: string) => post<CompanyInfo[]>(COMPANY_LOOKUP_URL, { code });

export const searchCompanies = (name: string) => post<CompanyInfo[]>(COMPANY_LOOKUP_URL, { name });

export const fetchConstructionTypes = () => get<ConstructionType[]>(CONSTRUCTION_TYPES_URL);

/** Units of the project for selects; `onSite` only those on site. */
export const fetchAllUnits = (onSite: boolean) => post<UnitChoice[]>(COMPANY_ALL_URL, onSite ? { status: 1 } : {});

/** '' = all; `builder`, `contractor`, `subcontractor`, `labour`. */
export type RoleFilter = '' | 'builder' | 'contractor' | 'subcontractor' | 'labour';
/** '' = all; '1' on site; '2' exited. */
export type StatusFilter = '' | '1' | '2';

export interface UnitListQuery {
  page: number;
  limit: number;
  name: string;
  type: RoleFilter;
  status: StatusFilter;
}

export const fetchUnitList = (query: UnitListQuery) =>
  get<UnitList>(CONSTRUCTION_LIST_URL, {
    page: query.page,
    limit: query.limit,
    name: query.name.trim() || undefined,
    type: query.type || undefined,
    status: query.status || undefined,
  });

export const fetchParticipant = (id: number) => get<ParticipantDetail>(CONSTRUCTION_EDIT_URL, { id });

export const createParticipant = (form: ParticipantForm) => post<ParticipantSaved>(CONSTRUCTION_SAVE_URL, compact(form));

export const updateParticipant = (form: ParticipantForm) => post<ParticipantSaved>(CONSTRUCTION_EDIT_SAVE_URL, compact(form));

export const reenterUnit = (id: number, entryDate: string) => post<null>(REENTRY_URL, { id, entry_date: entryDate });

export const exitUnits = (ids: number[], exitDate: string) => post<null>(EXIT_ALL_URL, { ids: ids.join(','), exit_date: exitDate });

export const deleteUnits = (ids: number[]) => post<null>(DELETE_ALL_URL, { ids: ids.join(',') });
