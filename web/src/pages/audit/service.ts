/**
 * The regulator's registration audit (decisions "Step 4, submit and audit"): admin accounts only. Types come
 * from the generated schema only.
 */
import { get, post, type FormOf } from '@/api/client';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type AuditListData = Schemas['ListData'];
export type AuditListRow = Schemas['ListRow'];
export type AuditDetail = Schemas['DetailData'];
export type AuditUnit = Schemas['UnitSummary'];
export type AuditStepForm = Schemas['StepForm'];
export type AuditAccountForm = Schemas['AccountForm'];
export type CreateAccountForm = Schemas['CreateAccountForm'];
export type CreatedAccount = Schemas['CreatedAccount'];

/** The server's messages (server/src/audit/service.rs). */
export const MSG_APPROVED_OK = '审核通过';
export const MSG_REJECTED_OK = '已驳回';
export const MSG_REMARK_REQUIRED = '请填写驳回原因';
export const MSG_REMARK_TOO_LONG = '驳回原因不能超过500个字';
export const MSG_USERNAME = '请输入4-30位字母、数字或下划线组成的账号';
export const MSG_NAME_REQUIRED = '请填写姓名';
export const REMARK_MAX = 500;
export const USERNAME = /^[A-Za-z0-9_]{4,30}$/;

/** '0' draft, '1' submitted, '2' approved, '3' rejected; '' = all. */
export type AuditStatus = '' | '0' | '1' | '2' | '3';

/** The list's filter: a status and part of the project's name. */
export interface AuditFilter {
  status: AuditStatus;
  name: string;
}

export const fetchAuditList = (filter: AuditFilter, page: number, limit: number) =>
  post('/admin/audit/v1/Project/list', { page, limit, status: filter.status, name: filter.name.trim() || undefined });

export const fetchAuditDetail = (id: number) => get('/admin/audit/v1/Project/detail', { id });

export const approveProject = (id: number) => post('/admin/audit/v1/Project/approve', { id });

export const rejectProject = (id: number, auditremark: string) => post('/admin/audit/v1/Project/reject', { id, auditremark });

export function createAccount(form: CreateAccountForm) {
  const trimmed: CreateAccountForm = {};
  for (const [key, value] of Object.entries(form) as [keyof CreateAccountForm, string | null | undefined][]) {
    if (value != null && value.trim() !== '') trimmed[key] = value.trim();
  }
  return post('/admin/audit/v1/Project/create_account', trimmed);
}

/**
 * The owner's labour-cost transfer (人工费拨付) into an approved project's special account: the special area's
 * endpoint (server/src/special), asked from the audit list.
 */
export const recordTransfer = (form: FormOf<'/admin/special/v1/Account/transfer'>) => post('/admin/special/v1/Account/transfer', form);
