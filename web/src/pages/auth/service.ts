/**
 * The auth area's client for the regulator accounts (监管账号, /admin/auth/v1/Regulator/…): a 管理员 creates
 * them with a district and a role, edits, disables / enables them and resets their password. The session's own
 * calls live in api/session.ts. Paths, parameters and replies are the generated document's.
 */
import { post, type FormOf } from '@/api/client';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type RegulatorLine = Schemas['RegulatorLine'];
export type RegulatorPassword = Schemas['RegulatorPassword'];

/** The dialog's fields (text); `district` is '' for the whole area. */
export type RegulatorForm = Record<
  keyof Pick<FormOf<'/admin/auth/v1/Regulator/save'>, 'username' | 'name' | 'phone' | 'district' | 'role'>,
  string
>;

export const ROLE_OPTIONS = [
  { value: 'auditor', label: '审核' },
  { value: 'inspector', label: '监察' },
  { value: 'manager', label: '管理员' },
];

export const fetchRegulators = (keyword: string, page: number, limit: number) =>
  post('/admin/auth/v1/Regulator/ajax_list', { keyword: keyword.trim() || undefined, page, limit });

export const createRegulator = (form: RegulatorForm) =>
  post('/admin/auth/v1/Regulator/save', {
    username: form.username.trim(),
    name: form.name.trim(),
    phone: form.phone.trim(),
    district: form.district,
    role: form.role,
  });

export const editRegulator = (id: number, form: Omit<RegulatorForm, 'username'>) =>
  post('/admin/auth/v1/Regulator/edit', {
    id,
    name: form.name.trim(),
    phone: form.phone.trim(),
    district: form.district,
    role: form.role,
  });

export const setRegulatorEnabled = (id: number, enabled: boolean) =>
  post(enabled ? '/admin/auth/v1/Regulator/enable' : '/admin/auth/v1/Regulator/disable', { id });

export const resetRegulatorPassword = (id: number) => post('/admin/auth/v1/Regulator/reset_password', { id });
