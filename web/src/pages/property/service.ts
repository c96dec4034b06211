/**
 * The property area's client: the finance approvers' accounts (财务角色配置, docs/decisions.md "Issue 28: who
 * prepares money never approves it") that the clerk keeps under /builder/project/v1/project/, and the approver's own personal
 * centre on the finance side (/finance/project/v1/project/, orders/Verifyphonenumber and Veritestalter).
 * Paths, parameters and replies are the generated document's.
 */
import { get, post, type FormOf } from '@/api/client';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type ApproverLine = Schemas['PropertyApproverLine'];
export type InitialPassword = Schemas['PropertyInitialPassword'];

/** The approver's fields as the dialog edits them (text); the ID number is the approver's own to enter. */
export type ApproverForm = Record<keyof Pick<FormOf<'/builder/project/v1/project/Set_account'>, 'account' | 'name' | 'phone'>, string>;

export const fetchProject = () => get('/builder/project/v1/project/Projectname');
export const fetchApprovers = (keyword: string, page: number, limit: number) =>
  get('/builder/project/v1/project/Examine', { keyword: keyword.trim() || undefined, page, limit });
export const fetchApprover = (id: number) => get('/builder/project/v1/project/Information', { id });
export const fetchPasswordRule = () => get('/builder/project/v1/Project/getpwd');

export const createApprover = (form: ApproverForm) =>
  post('/builder/project/v1/project/Set_account', {
    account: form.account.trim(),
    name: form.name.trim(),
    phone: form.phone.trim(),
  });

export const editApprover = (id: number, form: Pick<ApproverForm, 'name'>) =>
  post('/builder/project/v1/project/Set_account', { id, name: form.name.trim() });

export const setEnabled = (id: number, enabled: boolean) => post('/builder/project/v1/project/Open', { id, status: enabled ? '1' : '0' });
export const resetPassword = (id: number) => post('/builder/project/v1/project/Resetpassword', { id });

export const fetchProfile = () => get('/finance/project/v1/project/Messageinfo');
export const changeName = (name: string) => post('/finance/project/v1/project/Inforalter', { name: name.trim() });
/** The approver enters the own ID number, once. */
export const enterOwnIdNumber = (idnumber: string) =>
  post('/finance/project/v1/project/Inforalter', { idnumber: idnumber.trim().toUpperCase() });
export const checkOwnCard = (name: string, idNumber: string) => post('/finance/project/v1/project/Idcardreader', { name, idNumber });
export const sendOwnPhoneCode = (phone: string) => post('/finance/project/v1/orders/Verifyphonenumber', { phone: phone.trim() });
export const changeOwnPhone = (phone: string, code: string) =>
  post('/finance/project/v1/orders/Veritestalter', { phone: phone.trim(), code: code.trim() });

export type ApproverLogLine = Schemas['ApproverLogLine'];
/** 配置记录: every change to the project's approver accounts, with who, when and from which address. */
export const fetchApproverLog = (_filter: string, page: number, limit: number) =>
  get('/builder/project/v1/project/Approverlog', { page: String(page), limit: String(limit) });
/** The bureau corrects an approver's ID number (审核 or 管理员 of the project's district), with a reason. */
export const correctIdNumber = (id: number, idnumber: string, reason: string) =>
  post('/builder/project/v1/project/Correctidnumber', { id: String(id), idnumber: idnumber.trim().toUpperCase(), reason: reason.trim() });
