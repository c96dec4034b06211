/** Login, session and header calls of docs/api.md, for either side. */
import type { Side } from '@/store/session';
import { toBase64Utf8 } from '@/utils/base64';
import { get, post } from './client';
import type { CaptchaData, LoginData, MessageCount, PasswordStatus, SiteConfig, SmsStatus, UserInfo } from './types';

const common = (side: Side) => `/${side}/common/v1`;

export interface PasswordLoginForm {
  username: string;
  password: string;
  captcha: string;
  captcha_id: string;
  input_sms?: string;
}

export const fetchCaptcha = (side: Side) => post<CaptchaData>(`${common(side)}/Public/captcha?refresh=1`);

export const fetchSiteConfig = () => post<SiteConfig>('/builder/common/v1/public/Message');

export const fetchSmsStatus = (side: Side) => post<SmsStatus>(`${common(side)}/Public/getsmsstatus`);

export const fetchPasswordStatus = (side: Side) => post<PasswordStatus>(`${common(side)}/Public/passwordverification`);

export function passwordLogin(side: Side, form: PasswordLoginForm) {
  const path = side === 'finance' ? 'Financelogin' : 'login';
  return post<LoginData>(`${common(side)}/Public/${path}`, {
    username: form.username,
    password: toBase64Utf8(form.password),
    captcha: form.captcha,
    captcha_id: form.captcha_id,
    input_sms: form.input_sms ?? '',
  });
}

/** Sends an SMS code: to the account's phone (password login) or to a phone number (SMS login). */
export function sendSmsCode(side: Side, to: { username: string } | { phone: string }) {
  const params = 'phone' in to ? { phone: toBase64Utf8(to.phone) } : { username: to.username };
  return post<unknown>(`${common(side)}/Public/getvcode`, params);
}

export const smsLogin = (side: Side, phone: string, code: string) =>
  post<LoginData>(`${common(side)}/Public/smslogin`, { phone: toBase64Utf8(phone), code });

export const fetchUserInfo = (side: Side, id: string | undefined) =>
  get<UserInfo>(`${common(side)}/Public/get`, { id });

export const logout = (side: Side) => post<unknown>(`${common(side)}/Public/Logout`);

export function changePassword(side: Side, oldPassword: string, newPassword: string) {
  const url = side === 'finance' ? '/finance/project/v1/project/Ajax_pwd' : '/builder/common/v1/Site/ajax_pwd';
  return post<unknown>(url, { old_pwd: toBase64Utf8(oldPassword), new_pwd: toBase64Utf8(newPassword) });
}

export const fetchMessageCount = () => post<MessageCount>('/builder/message/v1/Message/ajaxmessagecount');
