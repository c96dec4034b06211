/**
 * Yuan as the API writes them ("12345.67") read and written exactly through integer fen: no floating point
 * ever touches an amount.
 */

/** "12345.67" → 1234567; undefined for anything that is not a non-negative amount with ≤ 2 decimals. */
export function yuanToFen(text: string): number | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 1234567 → "12345.67". */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "1234567.5" → "1,234,567.50": thousands separators for display. */
export function groupYuan(text: string): string {
  const fen = yuanToFen(text.replace(/^-/, ''));
  if (fen === undefined) return text;
  const [whole, cents] = fenToYuan(fen).split('.');
  return `${text.startsWith('-') ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** Payable minus deductions, exactly; undefined when either is not an amount. */
export function netYuan(payable: string, deduction: string): string | undefined {
  const p = yuanToFen(payable);
  const d = deduction.trim() === '' ? 0 : yuanToFen(deduction);
  if (p === undefined || d === undefined) return undefined;
  return fenToYuan(p - d);
}

/** The sum of amounts, exactly. */
export function sumYuan(amounts: string[]): string {
  return fenToYuan(amounts.reduce((total, amount) => total + (yuanToFen(amount) ?? 0), 0));
}

/** "1234.5" → "¥1,234.50": an amount as the worker's pages show it. */
export const rmb = (text: string): string => (text.startsWith('-') ? `-¥${groupYuan(text.slice(1))}` : `¥${groupYuan(text)}`);
