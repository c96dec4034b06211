import { fenToYuan, groupYuan, netYuan, sumYuan, yuanToFen } from './money';

describe('yuan and fen', () => {
  it('converts exactly', () => {
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen('12345.67')).toBe(1234567);
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen('1.005')).toBeUndefined();
    expect(yuanToFen('-1')).toBeUndefined();
    expect(yuanToFen('')).toBeUndefined();
    expect(fenToYuan(1234567)).toBe('12345.67');
    expect(fenToYuan(-5)).toBe('-0.05');
  });

  it('adds cents without floating-point drift', () => {
    expect(sumYuan(['0.10', '0.20'])).toBe('0.30');
    expect(sumYuan(Array(10).fill('0.10'))).toBe('1.00');
    expect(netYuan('8000.10', '200.05')).toBe('7800.05');
    expect(netYuan('100', '')).toBe('100.00');
    expect(netYuan('100', '100.01')).toBe('-0.01');
    expect(netYuan('x', '1')).toBeUndefined();
  });

  it('groups thousands', () => {
    expect(groupYuan('2000000.00')).toBe('2,000,000.00');
    expect(groupYuan('999.5')).toBe('999.50');
    expect(groupYuan('-12345.67')).toBe('-12,345.67');
  });
});
