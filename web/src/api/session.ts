/** Login, session and header calls of docs/api.md, for either side. */
import type { Side } from '@/store/session';
import { toBase64Utf8 } from '@/utils/base64';
import { get, post, postTold } from './client';

export interface PasswordLoginForm {
  username: string;
  password: string;
  captcha: string;
  captcha_id: string;
  input_sms?: string;
}

const onSide = (side: Side) => ({ path: { side } });

export const fetchCaptcha = (side: Side) =>
  post('/{side}/common/v1/Public/captcha', undefined, { ...onSide(side), query: { refresh: 1 } });

export const fetchSiteConfig = () => post('/{side}/common/v1/public/Message', undefined, onSide('builder'));

export const fetchSmsStatus = (side: Side) => post('/{side}/common/v1/Public/getsmsstatus', undefined, onSide(side));

export const fetchPasswordStatus = (side: Side) =>
  post('/{side}/common/v1/Public/passwordverification', undefined, onSide(side));

export function passwordLogin(side: Side, form: PasswordLoginForm) {
  const fields = {
    username: form.username,
    password: toBase64Utf8(form.password),
    captcha: form.captcha,
    captcha_id: form.captcha_id,
    input_sms: form.input_sms ?? '',
  };
  return side === 'finance'
    ? post('/finance/common/v1/Public/Financelogin', fields)
    : post('/builder/common/v1/Public/login', fields);
}

/** Sends an SMS code: to the account's phone (password login) or to a phone number (SMS login). */
export function sendSmsCode(side: Side, to: { username: string } | { phone: string }) {
  const fields = 'phone' in to ? { phone: toBase64Utf8(to.phone) } : { username: to.username };
  return post('/{side}/common/v1/Public/getvcode', fields, onSide(side));
}

export const smsLogin = (side: Side, phone: string, code: string) =>
  post('/{side}/common/v1/Public/smslogin', { phone: toBase64Utf8(phone), code }, onSide(side));

export const fetchUserInfo = (side: Side, id: string | undefined) =>
  get('/{side}/common/v1/Public/get', { id }, onSide(side));

export const logout = (side: Side) => post('/{side}/common/v1/Public/Logout', undefined, onSide(side));

export function changePassword(side: Side, oldPassword: string, newPassword: string) {
  const fields = { old_pwd: toBase64Utf8(oldPassword), new_pwd: toBase64Utf8(newPassword) };
  return side === 'finance'
    ? post('/finance/project/v1/project/Ajax_pwd', fields)
    : post('/builder/common/v1/Site/ajax_pwd', fields);
}


/**
 * The worker side (pages under `/w`): a code by SMS to the phone on the roster for an ID number; the server
 * answers the same message for an ID number on no roster, shown as it is.
 */
export const sendWorkerCode = (idNumber: string) => postTold('/worker/common/v1/Public/getvcode', { idNumber });

export const workerSmsLogin = (idNumber: string, code: string) => post('/worker/common/v1/Public/smslogin', { idNumber, code });

export const workerLogout = () => post('/worker/common/v1/Public/Logout');
