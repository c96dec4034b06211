/**
 * The regulator's registration audit (decisions "Step 4, submit and audit"): admin accounts only. Types come
 * from the generated schema only.
 */
import { get, post } from '@/api/client';
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

const base = '/admin/audit/v1/Project';

export const AUDIT_LIST_URL = `${base}/list`;
export const AUDIT_DETAIL_URL = `${base}/detail`;
export const AUDIT_APPROVE_URL = `${base}/approve`;
export const AUDIT_REJECT_URL = `${base}/reject`;
export const AUDIT_CREATE_ACCOUNT_URL = `${base}/create_account`;

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

export interface AuditListQuery {
  page: number;
  limit: number;
  status: AuditStatus;
  name: string;
}

export const fetchAuditList = (query: AuditListQuery) =>
  post<AuditListData>(AUDIT_LIST_URL, {
    page: query.page,
    limit: query.limit,
    status: query.status,
    name: query.name.trim() || undefined,
  });

export const fetchAuditDetail = (id: number) => get<AuditDetail>(AUDIT_DETAIL_URL, { id });

export const approveProject = (id: number) => post<string | null>(AUDIT_APPROVE_URL, { id });

export const rejectProject = (id: number, auditremark: string) =>
  post<string | null>(AUDIT_REJECT_URL, { id, auditremark });

export function createAccount(form: CreateAccountForm) {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (value != null && value.trim() !== '') params[key] = value.trim();
  }
  return post<CreatedAccount>(AUDIT_CREATE_ACCOUNT_URL, params);
}
