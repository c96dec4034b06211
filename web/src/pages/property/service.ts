/**
 * The property area's client: the finance approvers' accounts (财务角色配置, docs/decisions.md "Finance
 * approver accounts") that the clerk keeps under /builder/project/v1/project/, and the approver's own personal
 * centre on the finance side (/finance/project/v1/project/, orders/Verifyphonenumber and Veritestalter).
 * Paths, parameters and replies are the generated document's.
 */
import { get, post, type FormOf } from '@/api/client';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type ApproverLine = Schemas['PropertyApproverLine'];
export type InitialPassword = Schemas['PropertyInitialPassword'];

/** The approver's fields as the dialog edits them (text). */
export type ApproverForm = Record<keyof Pick<FormOf<'/builder/project/v1/project/Set_account'>, 'account' | 'name' | 'phone' | 'idnumber'>, string>;

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
    idnumber: form.idnumber.trim().toUpperCase(),
  });

export const editApprover = (id: number, form: Pick<ApproverForm, 'name' | 'idnumber'>) =>
  post('/builder/project/v1/project/Set_account', { id, name: form.name.trim(), idnumber: form.idnumber.trim().toUpperCase() });

export const setEnabled = (id: number, enabled: boolean) => post('/builder/project/v1/project/Open', { id, status: enabled ? '1' : '0' });
export const resetPassword = (id: number) => post('/builder/project/v1/project/Resetpassword', { id });
export const checkCard = (name: string, idNumber: string) => post('/builder/project/v1/project/Idcardreader', { name, idNumber });
export const sendPhoneCode = (id: number, phone: string) => post('/builder/project/v1/project/Verifyphonenumber', { id, phone: phone.trim() });
export const changePhone = (id: number, phone: string, code: string) =>
  post('/builder/project/v1/project/Veritestalter', { id, phone: phone.trim(), code: code.trim() });

export const fetchProfile = () => get('/finance/project/v1/project/Messageinfo');
export const changeName = (name: string) => post('/finance/project/v1/project/Inforalter', { name: name.trim() });
export const checkOwnCard = (name: string, idNumber: string) => post('/finance/project/v1/project/Idcardreader', { name, idNumber });
export const sendOwnPhoneCode = (phone: string) => post('/finance/project/v1/orders/Verifyphonenumber', { phone: phone.trim() });
export const changeOwnPhone = (phone: string, code: string) =>
  post('/finance/project/v1/orders/Veritestalter', { phone: phone.trim(), code: code.trim() });
