import { cardCheckDigitFails, checkWageCard, MSG_WAGE_CARD } from './wageCard';
import { checkHours, MSG_HOURS, MSG_WAGE, MSG_WAGE_REQUIRED, MSG_WAGE_ZERO, wageFen } from './worker';

describe('worker rules (server/src/worker/rules.rs)', () => {
  it('checks wage cards as 12-30 digits, spaces ignored', () => {
    expect(checkWageCard('6222 0212 3456 7894')).toBeUndefined();
    expect(cardCheckDigitFails('6222 0212 3456 7890')).toBe(true);
    expect(cardCheckDigitFails('6222021234567890128')).toBe(false);
    expect(cardCheckDigitFails('123456789012')).toBe(false);
    expect(checkWageCard('')).toBeUndefined();
    expect(checkWageCard('62220212345')).toBe(MSG_WAGE_CARD);
    expect(checkWageCard('6'.repeat(31))).toBe(MSG_WAGE_CARD);
    expect(checkWageCard('62220212345X')).toBe(MSG_WAGE_CARD);
  });

  it('turns yuan into exact fen', () => {
    expect(wageFen('350')).toBe(35_000);
    expect(wageFen(' 350.5 ')).toBe(35_050);
    expect(wageFen('0.01')).toBe(1);
    expect(wageFen('99999.99')).toBe(9_999_999);
    expect(wageFen('')).toBe(MSG_WAGE_REQUIRED);
    expect(wageFen('0')).toBe(MSG_WAGE_ZERO);
    for (const bad of ['100000', '1.234', '01', '-5', '1e3', '3.', '.5', 'abc']) expect(wageFen(bad)).toBe(MSG_WAGE);
  });

  it('checks training hours', () => {
    expect(checkHours('1.5')).toBeUndefined();
    expect(checkHours('24')).toBeUndefined();
    for (const bad of ['0.4', '24.5', '1.25', '', 'x', '100']) expect(checkHours(bad)).toBe(MSG_HOURS);
  });
});
