/** Wizard calls (docs/api.md, decisions "Wizard step 1", "Wizard steps 2–3"); types come from the generated schema only. */
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

// Steps 2–3 (decisions "Wizard steps 2–3"): the builder and the construction unit.
export type BuilderEditData = Schemas['BuilderEditData'];
export type ContractorEditData = Schemas['ContractorEditData'];
export type BuilderForm = Schemas['BuilderForm'];
export type ContructorForm = Schemas['ContructorForm'];
export type UnitForm = Schemas['UnitForm'];
export type UnitSaved = Schemas['UnitSaved'];
export type CompanyInfo = Schemas['CompanyInfo'];

export const BUILDER_EDIT_URL = `${site}/builderEdit`;
export const CONTRACTOR_EDIT_URL = `${site}/contractorEdit`;
export const BUILDER_SAVE_URL = `${site}/ajaxBuilderEdit`;
export const CONTRACTOR_SAVE_URL = `${site}/ajaxContructorEdit`;
export const COMPANY_SEARCH_URL = `${site}/ajax_builder`;
export const REGISTERPLACE_URL = `${area}/registerplace`;

export const fetchBuilderEdit = () => post<BuilderEditData>(BUILDER_EDIT_URL);
export const fetchContractorEdit = () => get<ContractorEditData>(CONTRACTOR_EDIT_URL);

function formParams(form: UnitForm): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (value != null) params[key] = value;
  }
  return params;
}

export const saveBuilder = (form: UnitForm) => post<UnitSaved>(BUILDER_SAVE_URL, formParams(form));
export const saveContractor = (form: UnitForm) => post<UnitSaved>(CONTRACTOR_SAVE_URL, formParams(form));

/** The credit-code look-up: 0 or 1 company. */
export const lookupCompany = (code: string) => get<CompanyInfo[]>(COMPANY_SEARCH_URL, { code });
/** The name search: up to 20 companies. */
export const searchCompanies = (name: string) => get<CompanyInfo[]>(COMPANY_SEARCH_URL, { name });

/** 注册地区 tree: province → city → county. */
export const fetchRegisterPlaces = () => get<AreaOption[]>(REGISTERPLACE_URL);

// Step 4 (decisions "Step 4, submit and audit"): the special account, its verification and the submit.
export type AccountEditData = Schemas['AccountEditData'];
export type AccountForm = Schemas['AccountForm'];
export type AccountSaveForm = Schemas['AccountSaveForm'];
export type VerifyBankForm = Schemas['VerifyBankForm'];
export type VerifiedAccount = Schemas['VerifiedAccount'];
export type BankOption = Schemas['BankOption'];

export const ACCOUNT_EDIT_URL = `${site}/AccountEdit`;
export const VERIFY_BANK_URL = `${site}/ajaxverifybank`;
export const ACCOUNT_SAVE_URL = '/builder/infomation/v1/SpecialAccount/specialAccountInfoSave';
export const SUBMIT_URL = `${site}/ajaxSubmit`;

export const fetchAccountEdit = () => get<AccountEditData>(ACCOUNT_EDIT_URL);

function textParams<T extends object>(form: T): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (value != null) params[key] = String(value);
  }
  return params;
}

/** 201 verified, 401 refused (ApiError), 301 doubtful (ApiError with code 301: the console asks). */
export const verifyBank = (form: VerifyBankForm) => post<VerifiedAccount>(VERIFY_BANK_URL, textParams(form));
export const saveAccount = (form: AccountSaveForm) => post<string | null>(ACCOUNT_SAVE_URL, textParams(form));
export const submitForAudit = () => get<string | null>(SUBMIT_URL);
