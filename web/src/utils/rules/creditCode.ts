/**
 * Unified social credit codes (GB 32100-2015), as server/src/domain/credit_code.rs checks them: 18 chars
 * from 0-9 A-H J-N P-R T-U W-Y, characters 3–8 digits, check character last; trimmed and upper-cased.
 * '/' (no code) where the spec allows it.
 */
import { type Parsed, fail, messageOf, ok } from './result';

export const MSG_CREDIT_CODE_REQUIRED = '请填写统一社会信用代码';
export const MSG_CREDIT_CODE = '请填写正确的统一社会信用代码';

const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

export function creditCheckChar(first17: string): string | undefined {
  if (first17.length !== 17) return undefined;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CHARSET.indexOf(first17[i]);
    if (value < 0) return undefined;
    sum += value * WEIGHTS[i];
  }
  return CHARSET[(31 - (sum % 31)) % 31];
}

/** For the form's `normalize`: codes are upper-cased as they are typed. */
export const normalizeCreditCode = (value: string | undefined): string => (value ?? '').toUpperCase();

export function parseCreditCode(input: string, allowNone = false): Parsed<string> {
  const code = input.trim().toUpperCase();
  if (allowNone && code === '/') return ok('/');
  if (code === '') return fail(MSG_CREDIT_CODE_REQUIRED);
  if (code.length !== 18 || !/^[0-9A-Z]{2}[0-9]{6}[0-9A-Z]{10}$/.test(code)) return fail(MSG_CREDIT_CODE);
  return creditCheckChar(code.slice(0, 17)) === code[17] ? ok(code) : fail(MSG_CREDIT_CODE);
}

export const checkCreditCode = (input: string, allowNone = false): string | undefined =>
  messageOf(parseCreditCode(input, allowNone));

/** Spec §4: a code of exactly 18 characters triggers the company look-up. */
export const triggersLookup = (input: string): boolean => [...input.trim()].length === 18;
