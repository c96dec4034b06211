/**
 * Chinese resident identity numbers (GB 11643-1999), as server/src/domain/id_number.rs checks them: the
 * 18-digit form with its check character (a lower-case x is upper-cased) and the legacy 15-digit form
 * (birth year 19YY). Gender, birth date, age and province come from the number.
 */
import { type Parsed, allDigits, fail, messageOf, ok } from './result';

export const MSG_ID_NUMBER = '请填写正确的身份证号码';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** Province-level codes (first two digits), plus 83 for Taiwan residents' residence permits. */
export const PROVINCES: Record<string, string> = {
  '11': '北京市', '12': '天津市', '13': '河北省', '14': '山西省', '15': '内蒙古自治区',
  '21': '辽宁省', '22': '吉林省', '23': '黑龙江省',
  '31': '上海市', '32': '江苏省', '33': '浙江省', '34': '安徽省', '35': '福建省', '36': '江西省', '37': '山东省',
  '41': '河南省', '42': '湖北省', '43': '湖南省', '44': '广东省', '45': '广西壮族自治区', '46': '海南省',
  '50': '重庆市', '51': '四川省', '52': '贵州省', '53': '云南省', '54': '西藏自治区',
  '61': '陕西省', '62': '甘肃省', '63': '青海省', '64': '宁夏回族自治区', '65': '新疆维吾尔自治区',
  '71': '台湾省', '81': '香港特别行政区', '82': '澳门特别行政区', '83': '台湾省',
};

export type Gender = '男' | '女';

export interface IdNumber {
  /** As written, trimmed, upper-case X. */
  number: string;
  /** YYYY-MM-DD. */
  birth: string;
  gender: Gender;
  province: string;
}

/** The check character of the first 17 digits, or undefined when they are not 17 digits. */
export function idCheckChar(first17: string): string | undefined {
  if (first17.length !== 17 || !allDigits(first17)) return undefined;
  const sum = [...first17].reduce((total, digit, i) => total + Number(digit) * WEIGHTS[i], 0);
  return CHECK_CHARS[sum % 11];
}

/** A real calendar day as YYYY-MM-DD, or undefined. */
export function calendarDate(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1) return undefined;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (day > days) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function parseIdNumber(input: string): Parsed<IdNumber> {
  const number = input.trim().toUpperCase();
  let birth: string | undefined;
  let genderDigit: string;
  if (number.length === 18 && /^[0-9]{17}[0-9X]$/.test(number)) {
    if (idCheckChar(number.slice(0, 17)) !== number[17] || !['18', '19', '20'].includes(number.slice(6, 8))) {
      return fail(MSG_ID_NUMBER);
    }
    birth = calendarDate(Number(number.slice(6, 10)), Number(number.slice(10, 12)), Number(number.slice(12, 14)));
    genderDigit = number[16];
  } else if (number.length === 15 && allDigits(number)) {
    birth = calendarDate(1900 + Number(number.slice(6, 8)), Number(number.slice(8, 10)), Number(number.slice(10, 12)));
    genderDigit = number[14];
  } else {
    return fail(MSG_ID_NUMBER);
  }
  const province = PROVINCES[number.slice(0, 2)];
  if (!birth || !province) return fail(MSG_ID_NUMBER);
  return ok({ number, birth, province, gender: Number(genderDigit) % 2 === 1 ? '男' : '女' });
}

export const checkIdNumber = (input: string): string | undefined => messageOf(parseIdNumber(input));

/** Full years of age on `today` (YYYY-MM-DD); undefined when today is before the birth date. */
export function ageOn(birth: string, today: string): number | undefined {
  if (today < birth) return undefined;
  const age = Number(today.slice(0, 4)) - Number(birth.slice(0, 4));
  return today.slice(5) < birth.slice(5) ? age - 1 : age;
}
