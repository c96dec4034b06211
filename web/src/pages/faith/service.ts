/**
 * Credit records (诚信记录, decisions "Project info, staff and credit (issue 4)") under /builder/faith/v1/Credit:
 * the generated client's paths and types only.
 */
import { get, post, type FormOf } from '@/api/client';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type Credit = Schemas['Credit'];
export type CreditForm = Schemas['CreditForm'];
export type CreditSaved = Schemas['CreditSaved'];
export type UnitOption = Schemas['UnitOption'];

export type CreditKind = 'bad' | 'award' | 'punishment';

/** Each screen's names: the route titles of spec §2 and the words its form uses. */
export const KIND_TEXT: Record<CreditKind, { title: string; noun: string; reason: string }> = {
  bad: { title: '不良行为记录', noun: '不良行为', reason: '不良行为事实' },
  award: { title: '奖励记录', noun: '奖励', reason: '奖励事由' },
  punishment: { title: '处罚记录', noun: '处罚', reason: '处罚事由' },
};

/** The server's messages (server/src/faith/service.rs). */
export const MSG_NAME_REQUIRED = '请填写姓名';
export const MSG_ID_NUMBER_REQUIRED = '请填写身份证号码';
export const MSG_UNIT_REQUIRED = '请选择单位';
export const MSG_DATE_REQUIRED = '请选择日期';
export const MSG_REASON_REQUIRED = '请填写事由';
export const MSG_REASON_TOO_LONG = '事由不能超过500个字';
export const MSG_ISSUER_REQUIRED = '请填写发布单位';
export const MSG_ISSUER_TOO_LONG = '发布单位不能超过100个字';
export const MSG_REVOKE_REASON_REQUIRED = '请填写撤销原因';
export const MSG_REVOKE_REASON_TOO_LONG = '撤销原因不能超过200个字';
export const MSG_PROJECT_REQUIRED = '请选择项目';
export const REASON_MAX = 500;
export const REVOKE_REASON_MAX = 200;

/** Who issued a record: the bureau's are entered and corrected by the regulator only. */
export const AUTHORITY_TEXT: Record<string, string> = { bureau: '人社局', project: '项目' };
export const ISSUER_MAX = 100;

/** The list's filters: subject ('' both, 'worker', 'unit'), keyword, date range. */
export type CreditFilter = Pick<FormOf<'/builder/faith/v1/Credit/list'>, 'subject_type' | 'keyword' | 'date_from' | 'date_to'>;

export const EMPTY_CREDIT_FILTER: CreditFilter = { subject_type: '', keyword: '', date_from: '', date_to: '' };

export const fetchCredits = (kind: CreditKind, filter: CreditFilter, page: number, limit: number) =>
  post('/builder/faith/v1/Credit/list', {
    kind,
    page,
    limit,
    subject_type: filter.subject_type || undefined,
    keyword: String(filter.keyword ?? '').trim() || undefined,
    date_from: filter.date_from || undefined,
    date_to: filter.date_to || undefined,
  });

export const fetchCredit = (id: number) => get('/builder/faith/v1/Credit/detail', { id });

/** The units of the builder's project, or of the project the regulator enters a record for. */
export const fetchCreditUnits = (projectId?: number) => get('/builder/faith/v1/Credit/units', { projectId });

/** The form with empty fields left out and the others trimmed. */
function formParams(form: CreditForm): CreditForm {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (value != null && value !== '') params[key] = value.trim();
  }
  return params;
}

export const saveCredit = (form: CreditForm) => post('/builder/faith/v1/Credit/save', formParams(form));

export const updateCredit = (id: number, form: CreditForm) =>
  post('/builder/faith/v1/Credit/update', { ...formParams(form), id: String(id) });

/** The old delete path: now a revocation with a reason (nothing is deleted). */
export const revokeCredit = (id: number, reason: string) => post('/builder/faith/v1/Credit/delete', { id, reason: reason.trim() });
