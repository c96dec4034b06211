/**
 * Amounts written in 万元, held exactly as integer fen (BigInt; 1 万元 = 1,000,000 fen), as
 * server/src/domain/money.rs does. Never floating point.
 */
import { type Parsed, allDigits, charCount, fail, messageOf, ok } from './result';

export const FEN_PER_WAN = 1_000_000n;
export const HUNDRED_MILLION_YUAN_FEN = 10_000_000_000n;

export const MSG_PRICE_REQUIRED = '请填写中标合同价格';
export const MSG_PRICE = '请填写正确的中标合同价格';
export const MSG_PRICE_DECIMALS = '中标合同价格最多6位小数';
export const MSG_PRICE_INTEGER = '中标合同价格最多9位整数';
export const MSG_DEPOSIT_REQUIRED = '请填写保证金金额';
export const MSG_DEPOSIT = '请填写正确的保证金金额';
export const MSG_DEPOSIT_DECIMALS = '保证金金额最多6位小数';
export const MSG_DEPOSIT_INTEGER = '保证金金额最多4位整数';

interface Messages {
  required: string;
  invalid: string;
  decimals: string;
  integer: string;
}

const PRICE: Messages = { required: MSG_PRICE_REQUIRED, invalid: MSG_PRICE, decimals: MSG_PRICE_DECIMALS, integer: MSG_PRICE_INTEGER };
const DEPOSIT: Messages = {
  required: MSG_DEPOSIT_REQUIRED,
  invalid: MSG_DEPOSIT,
  decimals: MSG_DEPOSIT_DECIMALS,
  integer: MSG_DEPOSIT_INTEGER,
};

/** Checked in order: empty, shape, more than 6 decimals, too many integer digits. */
function wanToFen(input: string, maxIntegerDigits: number, messages: Messages): Parsed<bigint> {
  const text = input.trim();
  if (text === '') return fail(messages.required);
  const dot = text.indexOf('.');
  const integer = dot < 0 ? text : text.slice(0, dot);
  const fraction = dot < 0 ? '' : text.slice(dot + 1);
  if (!allDigits(integer) || (dot >= 0 && !allDigits(fraction)) || (integer.length > 1 && integer.startsWith('0'))) {
    return fail(messages.invalid);
  }
  if (fraction.length > 6) return fail(messages.decimals);
  if (integer.length > maxIntegerDigits) return fail(messages.integer);
  return ok(BigInt(integer) * FEN_PER_WAN + BigInt(fraction.padEnd(6, '0')));
}

/** ContractPrice (万元): required, above zero, at most 9 integer digits and 6 decimals, at most 18 chars. */
export function contractPrice(input: string): Parsed<bigint> {
  if (charCount(input.trim()) > 18) return fail(MSG_PRICE);
  const fen = wanToFen(input, 9, PRICE);
  return fen.ok && fen.value === 0n ? fail(MSG_PRICE) : fen;
}

/** Guarantee deposit (万元): at most 4 integer digits and 6 decimals; zero allowed. */
export const deposit = (input: string): Parsed<bigint> => wanToFen(input, 4, DEPOSIT);

/** The builder's optional deposit. */
export const checkOptionalDeposit = (input: string): string | undefined =>
  input.trim() === '' ? undefined : messageOf(deposit(input));

export const checkContractPrice = (input: string) => messageOf(contractPrice(input));
export const checkDeposit = (input: string) => messageOf(deposit(input));

function scaled(value: bigint, unit: bigint, decimals: number): string {
  const whole = value / unit;
  const fraction = value % unit;
  if (fraction === 0n) return whole.toString();
  return `${whole}.${fraction.toString().padStart(decimals, '0').replace(/0+$/, '')}`;
}

/** Fen as 万元 with no trailing zeros: 1500000n → "1.5". */
export const fenToWan = (fen: bigint): string => scaled(fen, FEN_PER_WAN, 6);

/** Spec §4, read in 万元: 10,000 ≤ price < 1,000,000,000 万元 sets the warning flag. */
export const priceWarning = (fen: bigint): boolean => fen >= 10_000n * FEN_PER_WAN && fen < 1_000_000_000n * FEN_PER_WAN;

/** Spec §4: above 100 million yuan (more than 10,000 万元) the user confirms the price. */
export const priceNeedsConfirmation = (fen: bigint): boolean => fen > HUNDRED_MILLION_YUAN_FEN;

/** Spec §4: a deposit above the ceiling (desposittop) sets the warning flag. */
export const depositOverCeiling = (depositFen: bigint, ceilingFen: bigint): boolean => depositFen > ceilingFen;

/** Spec §4: a deposit above 9999 万 is shown in 亿, otherwise in 万; none shows the default 200万. */
export function depositDisplay(fen: bigint | null | undefined): string {
  if (fen == null) return '200万';
  if (fen > 9999n * FEN_PER_WAN) return `${scaled(fen, 10_000n * FEN_PER_WAN, 10)}亿`;
  return `${fenToWan(fen)}万`;
}
