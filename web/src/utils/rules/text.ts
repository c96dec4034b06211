/**
 * Required fields and length rules of spec §5, as server/src/domain/text.rs checks them. Lengths count
 * code points; "non-space" means no whitespace anywhere.
 */
import { type Parsed, allDigits, charCount, fail, messageOf, ok } from './result';

// Messages the spec gives.
export const MSG_PROJECT_NAME_REQUIRED = '请填写项目名称';
export const MSG_DISTRICT_REQUIRED = '请选择管辖划分';
export const MSG_AREA_REQUIRED = '请选择所属区域';
export const MSG_START_REQUIRED = '请选择合同开工日期';
export const MSG_COMPLETION_REQUIRED = '请选择合同竣工日期';
export const MSG_LATLNG_REQUIRED = '请选择坐标';
export const MSG_ADDRESS = '请输入规范的地址';
export const MSG_DESC_TOO_LONG = '输入的文字超过上限';
export const MSG_DURATION = '请输入9999以内的正整数';
// Messages we chose (docs/decisions.md, "Validation rules").
export const MSG_PROJECT_NAME_TOO_LONG = '项目名称不能超过255个字';
export const MSG_PROJECT_TYPE_REQUIRED = '请选择项目类型';
export const MSG_MONEY_SOURCE_REQUIRED = '请选择资金来源';
export const MSG_INDUSTRY_REQUIRED = '请选择行业主管部门';
export const MSG_PROGRESS_REQUIRED = '请选择工程进度';
export const MSG_UNIT_NAME_REQUIRED = '请填写单位名称';
export const MSG_UNIT_NAME = '请输入1-50位非空格字符的单位名称';
export const MSG_REGISTERED_AREA_REQUIRED = '请选择注册地区';
export const MSG_UNIT_TYPE_REQUIRED = '请选择单位类型';
export const MSG_REGISTER_DATE_REQUIRED = '请选择注册日期';
export const MSG_PAY_TYPE_REQUIRED = '请选择缴纳方式';
export const MSG_GUARANTEE_DATES_REQUIRED = '请选择保函有效期';
export const MSG_ACCOUNT_NAME_REQUIRED = '请填写账户名称';
export const MSG_ACCOUNT_NAME = '请输入3-100位非空格字符的账户名称';
export const MSG_BANK_ACCOUNT_REQUIRED = '请填写专户账号';
export const MSG_BANK_ACCOUNT = '请填写正确的专户账号';
export const MSG_BANK_BRANCH_REQUIRED = '请选择开户网点';
export const MSG_OPEN_COMPANY_TYPE_REQUIRED = '请选择开户主体类型';
export const MSG_OPEN_COMPANY_NAME_REQUIRED = '请填写开户主体名称';

export const PROJECT_NAME_MAX = 255;
export const DESC_MAX = 1000;

const hasWhitespace = (text: string): boolean => /\s/u.test(text);

export function required(input: string, message: string): Parsed<string> {
  const value = input.trim();
  return value === '' ? fail(message) : ok(value);
}

export function projectName(input: string): Parsed<string> {
  const value = required(input, MSG_PROJECT_NAME_REQUIRED);
  if (value.ok && charCount(value.value) > PROJECT_NAME_MAX) return fail(MSG_PROJECT_NAME_TOO_LONG);
  return value;
}

export function unitName(input: string): Parsed<string> {
  const value = required(input, MSG_UNIT_NAME_REQUIRED);
  if (value.ok && (charCount(value.value) > 50 || hasWhitespace(value.value))) return fail(MSG_UNIT_NAME);
  return value;
}

export function address(input: string): Parsed<string> {
  const value = input.trim();
  const count = charCount(value);
  return count >= 3 && count <= 100 ? ok(value) : fail(MSG_ADDRESS);
}

export function projectDesc(input: string): Parsed<string> {
  const value = input.trim();
  return charCount(value) > DESC_MAX ? fail(MSG_DESC_TOO_LONG) : ok(value);
}

export function accountName(input: string): Parsed<string> {
  const value = required(input, MSG_ACCOUNT_NAME_REQUIRED);
  if (!value.ok) return value;
  const count = charCount(value.value);
  return count < 3 || count > 100 || hasWhitespace(value.value) ? fail(MSG_ACCOUNT_NAME) : value;
}

export function bankAccount(input: string): Parsed<string> {
  const value = required(input, MSG_BANK_ACCOUNT_REQUIRED);
  if (value.ok && !/^[1-9][0-9-]{0,49}$/.test(value.value)) return fail(MSG_BANK_ACCOUNT);
  return value;
}

/** EndTime: a positive integer of at most 5 digits (the spec's message says 9999; see decisions.md). */
export function durationDays(input: string): Parsed<number> {
  const value = input.trim();
  return value.length <= 5 && allDigits(value) && !value.startsWith('0') ? ok(Number(value)) : fail(MSG_DURATION);
}

export const checkRequired = (input: string, message: string) => messageOf(required(input, message));
export const checkProjectName = (input: string) => messageOf(projectName(input));
export const checkUnitName = (input: string) => messageOf(unitName(input));
export const checkAddress = (input: string) => messageOf(address(input));
export const checkProjectDesc = (input: string) => messageOf(projectDesc(input));
export const checkAccountName = (input: string) => messageOf(accountName(input));
export const checkBankAccount = (input: string) => messageOf(bankAccount(input));
export const checkDurationDays = (input: string) => messageOf(durationDays(input));
