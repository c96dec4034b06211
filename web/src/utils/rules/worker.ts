/**
 * The worker forms' own rules, as server/src/worker/rules.rs checks them: the wage standard in yuan (exact
 * fen, never floating point), the ID validity end and the training hours (the wage card: ./wageCard.ts).
 */
import type { FormRule } from 'antd';
import { ruleFrom } from './antd';

export const MSG_WAGE_REQUIRED = '请填写工资标准';
export const MSG_WAGE = '工资标准应为不超过99999.99元的金额，最多2位小数';
export const MSG_WAGE_ZERO = '工资标准应大于0';
export const MSG_VALID_TO = '身份证有效期截止日期应为日期或“长期”';
export const MSG_HOURS = '培训学时应为0.5-24之间的数字，最多1位小数';
export const LONG_TERM = '长期';

/** Yuan with up to 2 decimals as integer fen, or the message. */
export function wageFen(input: string): number | string {
  const text = input.trim();
  if (text === '') return MSG_WAGE_REQUIRED;
  if (!/^(0|[1-9][0-9]{0,4})(\.[0-9]{1,2})?$/.test(text)) return MSG_WAGE;
  const [integer, fraction = ''] = text.split('.');
  const fen = Number(integer) * 100 + Number(fraction.padEnd(2, '0'));
  return fen === 0 ? MSG_WAGE_ZERO : fen;
}

export const checkWage = (input: string): string | undefined => {
  const fen = wageFen(input);
  return typeof fen === 'string' ? fen : undefined;
};

/** Training hours 0.5–24 with one decimal at most. */
export function checkHours(input: string): string | undefined {
  const text = input.trim();
  if (!/^[0-9]{1,2}(\.[0-9])?$/.test(text)) return MSG_HOURS;
  const tenths = Math.round(Number(text) * 10);
  return tenths >= 5 && tenths <= 240 ? undefined : MSG_HOURS;
}

export const wageRule = (): FormRule => ruleFrom(checkWage);
export const hoursRule = (): FormRule => ruleFrom(checkHours);
