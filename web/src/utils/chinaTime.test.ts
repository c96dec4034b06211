import { chinaNow } from './chinaTime';

describe('chinaNow', () => {
  it('is already the next day in China at 23:30 UTC', () => {
    expect(chinaNow(Date.UTC(2026, 10, 23, 23, 30)).format('YYYY-MM-DD HH:mm')).toBe('2026-11-24 07:30');
  });

  it('turns the month and the year with the China clock', () => {
    expect(chinaNow(Date.UTC(2026, 11, 31, 16, 0)).format('YYYY-MM-DD')).toBe('2027-01-01');
    expect(chinaNow(Date.UTC(2026, 11, 31, 15, 59)).format('YYYY-MM-DD')).toBe('2026-12-31');
  });
});
