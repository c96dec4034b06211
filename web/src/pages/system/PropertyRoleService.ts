/**
 * Finance approver accounts (财务角色配置, docs/decisions.md "Finance approver accounts"): the spec's builder
 * project calls under /builder/project/v1/project/. Types come from the generated schema only.
 */
import { get, post } from '@/api/client';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type ApproverLine = Schemas['PropertyApproverLine'];
export type ApproverPage = Schemas['Envelope_Paged_PropertyApproverLine']['data'];
export type ApproverDetail = Schemas['PropertyApproverDetail'];
export type InitialPassword = Schemas['PropertyInitialPassword'];
export type PropertyProject = Schemas['PropertyProject'];
export type PasswordRule = Schemas['PropertyPasswordRule'];
export type ApproverCard = Schemas['PropertyCard'];

const base = '/builder/project/v1/project';

export const PROJECT_NAME_URL = `${base}/Projectname`;
export const EXAMINE_URL = `${base}/Examine`;
export const INFORMATION_URL = `${base}/Information`;
export const SET_ACCOUNT_URL = `${base}/Set_account`;
export const OPEN_URL = `${base}/Open`;
export const RESET_PASSWORD_URL = `${base}/Resetpassword`;
export const VERITEST_URL = `${base}/Veritest`;
export const VERIFICATION_URL = `${base}/Verification`;
export const IDCARD_READER_URL = `${base}/Idcardreader`;
export const VERIFY_PHONE_URL = `${base}/Verifyphonenumber`;
export const VERITEST_ALTER_URL = `${base}/Veritestalter`;
export const GETPWD_URL = '/builder/project/v1/Project/getpwd';

export interface ApproverForm {
  account: string;
  name: string;
  phone: string;
  idnumber: string;
}

export const fetchProject = () => get<PropertyProject>(PROJECT_NAME_URL);
export const fetchApprovers = (keyword: string, page: number, limit: number) =>
  get<ApproverPage>(EXAMINE_URL, { keyword: keyword.trim() || undefined, page, limit });
export const fetchApprover = (id: number) => get<ApproverDetail>(INFORMATION_URL, { id });
export const fetchPasswordRule = () => get<PasswordRule>(GETPWD_URL);

export const createApprover = (form: ApproverForm) =>
  post<InitialPassword | null>(SET_ACCOUNT_URL, {
    account: form.account.trim(),
    name: form.name.trim(),
    phone: form.phone.trim(),
    idnumber: form.idnumber.trim().toUpperCase(),
  });

export const editApprover = (id: number, form: Pick<ApproverForm, 'name' | 'idnumber'>) =>
  post<null>(SET_ACCOUNT_URL, { id, name: form.name.trim(), idnumber: form.idnumber.trim().toUpperCase() });

export const setEnabled = (id: number, enabled: boolean) => post<null>(OPEN_URL, { id, status: enabled ? '1' : '0' });
export const resetPassword = (id: number) => post<InitialPassword>(RESET_PASSWORD_URL, { id });
export const checkPhone = (phone: string, id?: number) => post<null>(VERITEST_URL, { phone: phone.trim(), id });
export const checkIdNumber = (idnumber: string, id?: number) =>
  post<Schemas['PropertyIdFacts']>(VERIFICATION_URL, { idnumber: idnumber.trim().toUpperCase(), id });
export const checkCard = (name: string, idNumber: string) => post<ApproverCard>(IDCARD_READER_URL, { name, idNumber });
export const sendPhoneCode = (id: number, phone: string) => post<null>(VERIFY_PHONE_URL, { id, phone: phone.trim() });
export const changePhone = (id: number, phone: string, code: string) =>
  post<null>(VERITEST_ALTER_URL, { id, phone: phone.trim(), code: code.trim() });
