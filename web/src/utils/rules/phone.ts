/**
 * Contact phones, as server/src/domain/phone.rs checks them: mobile 1[3-9] + 9 digits, or a landline
 * 0 + 2–3 digits, a dash, a 6–9 digit local number starting 2–9 (e.g. 0371-65888888).
 */
export const MSG_PHONE_REQUIRED = '请填写联系电话';
export const MSG_PHONE = '请填写正确的联系电话';

export const MOBILE = /^1[3-9][0-9]{9}$/;
export const LANDLINE = /^0[0-9]{2,3}-[2-9][0-9]{5,8}$/;

export function checkPhone(input: string): string | undefined {
  const text = input.trim();
  if (text === '') return MSG_PHONE_REQUIRED;
  return MOBILE.test(text) || LANDLINE.test(text) ? undefined : MSG_PHONE;
}

/** The bank account's contact phone: optional, but patterned. */
export const checkOptionalPhone = (input: string): string | undefined =>
  input.trim() === '' ? undefined : checkPhone(input);
