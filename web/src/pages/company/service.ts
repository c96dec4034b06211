/**
 * The company area's client (server/src/company): registration's steps 2–3 (`Site/builderEdit`,
 * `Site/contractorEdit` and their saves, decisions "Wizard steps 2–3") and the units after registration
 * (`Company/…`, decisions "Units and teams (issue 4)"): builder and construction unit information with the
 * guarantee's changes, and the participating units.
 */
import { get, post } from '@/api/client';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type BuilderEditData = Schemas['BuilderEditData'];
export type ContractorEditData = Schemas['ContractorEditData'];
export type BuilderForm = Schemas['BuilderForm'];
export type ContructorForm = Schemas['ContructorForm'];
export type UnitForm = Schemas['UnitForm'];
export type UnitSaved = Schemas['UnitSaved'];
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

/** The server's messages (server/src/company/info.rs, participants.rs). */
export const MSG_REASON_REQUIRED = '请填写变更原因';
export const MSG_REASON_TOO_LONG = '变更原因不能超过200个字';
export const MSG_TYPE_REQUIRED = '请选择分包类型';
export const MSG_ENTRY_REQUIRED = '请选择进场日期';
export const MSG_EXIT_REQUIRED = '请选择退场日期';
export const REASON_MAX = 200;

export type FixedRole = 'builder' | 'contractor';

// Registration, steps 2–3.
export const fetchBuilderEdit = () => post('/builder/common/v1/Site/builderEdit');
export const fetchContractorEdit = () => get('/builder/common/v1/Site/contractorEdit');

/** The form as the server reads it: every value text. */
export const saveBuilder = (form: UnitForm) => post('/builder/common/v1/Site/ajaxBuilderEdit', form);
export const saveContractor = (form: UnitForm) => post('/builder/common/v1/Site/ajaxContructorEdit', form);

/** The steps' credit-code look-up: 0 or 1 company. */
export const lookupRegisteringCompany = (code: string) => get('/builder/common/v1/Site/ajax_builder', { code });
/** The steps' name search: up to 20 companies. */
export const searchRegisteringCompanies = (name: string) => get('/builder/common/v1/Site/ajax_builder', { name });

// After registration.

/** Sends only the fields with text, trimmed. */
function compact<T extends object>(form: T): T {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (typeof value === 'string' && value.trim() !== '') fields[key] = value.trim();
  }
  return fields as T;
}

export const fetchUnitInfo = (role: FixedRole) => post('/builder/company/v1/Company/ajax_company_info', { type: role });

export const saveLeaders = (form: LeadersForm) => post('/builder/company/v1/Company/company_edit_save', compact(form));

export const changeGuarantee = (form: GuaranteeChangeForm) =>
  post('/builder/company/v1/Company/ajax_change_guarantee', compact(form));

export const lookupCompany = (code: string) => post('/builder/company/v1/Company/ajax_get_company_info', { code });

export const searchCompanies = (name: string) => post('/builder/company/v1/Company/ajax_get_company_info', { name });

export const fetchConstructionTypes = () => get('/builder/company/v1/Company/Get_constructionType');

/** Units of the project for selects; `onSite` only those on site. */
export const fetchAllUnits = (onSite: boolean) =>
  post('/builder/company/v1/Company/ajax_company_all', onSite ? { status: 1 } : {});

/** The participants' filter ('' = all): `type` builder, contractor, subcontractor, labour; `status` '1' on site, '2' exited. */
export interface UnitFilter {
  name: string;
  type: '' | 'builder' | 'contractor' | 'subcontractor' | 'labour';
  status: '' | '1' | '2';
}

export const fetchUnitList = (filter: UnitFilter, page: number, limit: number) =>
  get('/builder/company/v1/Company/construction_list', {
    page,
    limit,
    name: filter.name.trim() || undefined,
    type: filter.type || undefined,
    status: filter.status || undefined,
  });

export const fetchParticipant = (id: number) => get('/builder/company/v1/Company/construction_edit', { id });

export const createParticipant = (form: ParticipantForm) =>
  post('/builder/company/v1/Company/construction_save', compact(form));

export const updateParticipant = (form: ParticipantForm) =>
  post('/builder/company/v1/Company/construction_edit_save', compact(form));

export const reenterUnit = (id: number, entryDate: string) =>
  post('/builder/company/v1/Company/ajax_edit_save', { id, entry_date: entryDate });

export const exitUnits = (ids: number[], exitDate: string) =>
  post('/builder/company/v1/Company/ajax_exitall', { ids: ids.join(','), exit_date: exitDate });

export const deleteUnits = (ids: number[]) => post('/builder/company/v1/Company/ajax_deleteall', { ids: ids.join(',') });

/** The server's messages of the regulator's unlock (server/src/company/unlock.rs). */
export const MSG_UNLOCKED_OK = '已解锁';
export const MSG_UNLOCK_REASON_REQUIRED = '请填写解锁原因';
export const MSG_UNLOCK_REASON_TOO_LONG = '解锁原因不能超过200个字';
export const UNLOCK_REASON_MAX = 200;

/** The regulator unlocks a company the wizard locked, with a reason (logged). */
export const unlockCompany = (id: number, projectId: number, reason: string) =>
  post('/admin/company/v1/Company/unlock', { id, project_id: projectId, reason });
