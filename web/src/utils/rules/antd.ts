/** antd Form rules built on the pure checks, so a form shows exactly the server's messages. */
import type { FormRule } from 'antd';
import { checkCreditCode } from './creditCode';
import { checkDate, checkRequiredDate } from './dates';
import { checkIdNumber } from './idNumber';
import { checkLatitude, checkLatlng, checkLongitude } from './latlng';
import { checkContractPrice, checkDeposit, checkOptionalDeposit } from './money';
import { checkPersonName } from './personName';
import { checkOptionalPhone, checkPhone } from './phone';
import {
  checkAccountName,
  checkAddress,
  checkBankAccount,
  checkDurationDays,
  checkProjectDesc,
  checkProjectName,
  checkRequired,
  checkUnitName,
} from './text';

type Check = (value: string) => string | undefined;

/** Form values may be numbers, arrays (cascaders) or dayjs objects; checks read text. */
function asText(value: unknown): string {
  if (value == null) return '';
  if (Array.isArray(value)) return value.length === 0 ? '' : value.join(',');
  if (typeof value === 'object' && 'format' in value && typeof value.format === 'function') {
    return String(value.format('YYYY-MM-DD'));
  }
  return String(value);
}

/** A rule from a check; `required` only draws the asterisk, the check answers the message. */
export function ruleFrom(check: Check, required = true): FormRule {
  return {
    required,
    validator: (_rule, value: unknown) => {
      const message = check(asText(value));
      return message === undefined ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
}

export const requiredRule = (message: string): FormRule => ruleFrom((value) => checkRequired(value, message));
export const requiredDateRule = (message: string): FormRule => ruleFrom((value) => checkRequiredDate(value, message));
export const optionalDateRule = (): FormRule => ruleFrom(checkDate, false);
export const idNumberRule = (): FormRule => ruleFrom(checkIdNumber);
export const creditCodeRule = (allowNone = false): FormRule => ruleFrom((value) => checkCreditCode(value, allowNone));
export const phoneRule = (): FormRule => ruleFrom(checkPhone);
export const optionalPhoneRule = (): FormRule => ruleFrom(checkOptionalPhone, false);
export const personNameRule = (): FormRule => ruleFrom(checkPersonName);
export const projectNameRule = (): FormRule => ruleFrom(checkProjectName);
export const unitNameRule = (): FormRule => ruleFrom(checkUnitName);
export const addressRule = (): FormRule => ruleFrom(checkAddress);
export const projectDescRule = (): FormRule => ruleFrom(checkProjectDesc, false);
export const accountNameRule = (): FormRule => ruleFrom(checkAccountName);
export const bankAccountRule = (): FormRule => ruleFrom(checkBankAccount);
export const durationRule = (): FormRule => ruleFrom(checkDurationDays);
export const contractPriceRule = (): FormRule => ruleFrom(checkContractPrice);
/** Required for the construction unit, optional for the builder. */
export const depositRule = (required: boolean): FormRule => ruleFrom(required ? checkDeposit : checkOptionalDeposit, required);
export const longitudeRule = (): FormRule => ruleFrom(checkLongitude);
export const latitudeRule = (): FormRule => ruleFrom(checkLatitude);
export const latlngRule = (): FormRule => ruleFrom(checkLatlng);
