/**
 * Wage card numbers, as server/src/domain/wage_card.rs checks them (both run vectors/wage_card.json): 12–30
 * digits, spaces ignored. UnionPay's 16–19-digit numbers beginning with 62 carry a Luhn check digit; one
 * failing it is most likely mistyped, but a few older cards do not follow it, so the forms ask for
 * confirmation (the server answers 301) instead of refusing.
 */
import type { FormRule } from 'antd';
import { ruleFrom } from './antd';
import { allDigits } from './result';

export const MSG_WAGE_CARD = '工资卡号应为12-30位数字';
export const PROBLEM_CHECK_DIGIT = '卡号校验位错误';

export function luhnOk(digits: string): boolean {
  let sum = 0;
  for (let position = 0; position < digits.length; position += 1) {
    let digit = Number(digits[digits.length - 1 - position]);
    if (position % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const isUnionPay = (digits: string) => digits.startsWith('62') && digits.length >= 16 && digits.length <= 19;

/** A card number: its digits and whether UnionPay's check digit fails, or the message. */
export function parseWageCard(input: string): { digits: string; checkDigitFails: boolean } | string {
  const digits = input.replace(/\s+/g, '');
  if (digits.length < 12 || digits.length > 30 || !allDigits(digits)) return MSG_WAGE_CARD;
  return { digits, checkDigitFails: isUnionPay(digits) && !luhnOk(digits) };
}

/** An optional card: empty is fine. */
export function checkWageCard(input: string): string | undefined {
  if (input.replace(/\s+/g, '') === '') return undefined;
  const parsed = parseWageCard(input);
  return typeof parsed === 'string' ? parsed : undefined;
}

/** Whether a (well-formed) number fails UnionPay's check digit: the console warns before the server asks. */
export function cardCheckDigitFails(input: string): boolean {
  const parsed = parseWageCard(input);
  return typeof parsed !== 'string' && parsed.checkDigitFails;
}

export const wageCardRule = (): FormRule => ruleFrom(checkWageCard, false);
