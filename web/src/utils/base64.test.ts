import { toBase64Utf8 } from './base64';

describe('toBase64Utf8', () => {
  it.each([
    ['', ''],
    ['a', 'YQ=='],
    ['ab', 'YWI='],
    ['abc', 'YWJj'],
    ['Demo@12345', 'RGVtb0AxMjM0NQ=='],
    ['密码', '5a+G56CB'],
    ['13800138000', 'MTM4MDAxMzgwMDA='],
    ['😀', '8J+YgA=='],
  ])('encodes %j as %j', (text, expected) => {
    expect(toBase64Utf8(text)).toBe(expected);
  });

  it('round-trips through the UTF-8 bytes', () => {
    const text = '工资 Wage ¥100';
    const bytes = Uint8Array.from(atob(toBase64Utf8(text)), (c) => c.charCodeAt(0));
    expect(new TextDecoder().decode(bytes)).toBe(text);
  });
});
