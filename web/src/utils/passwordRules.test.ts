import vectors from '../../../vectors/password.json';
import { MSG_NORMAL_RULE, MSG_STRONG_RULE, PASSWORD_RULES, checkNewPassword } from './passwordRules';

describe('password rules', () => {
  it.each(vectors)('shared vector $password (strong: $strong)', ({ password, strong, message }) => {
    expect(checkNewPassword(password, strong)).toBe(message);
  });

  it.each([
    ['12345', MSG_NORMAL_RULE],
    ['123456', null],
    ['1234567890123456', null],
    ['12345678901234567', MSG_NORMAL_RULE],
    ['abc\t123', MSG_NORMAL_RULE],
    ['abc\u3000123', MSG_NORMAL_RULE],
    ['', MSG_NORMAL_RULE],
    ['!@#$%^', null],
  ])('normal mode: %j → %j', (password, message) => {
    expect(checkNewPassword(password, false)).toBe(message);
  });

  it.each([
    ['Aa1!aaa', MSG_STRONG_RULE],
    ['Aa1!aaaa', null],
    ['Aa1!aaaaaaaaaaaa', null],
    ['Aa1!aaaaaaaaaaaaa', MSG_STRONG_RULE],
    ['Aa1密aaaa', null],
    ['aa1!aaaa', MSG_STRONG_RULE],
    ['AA1!AAAA', MSG_STRONG_RULE],
    ['Aab!aaaa', MSG_STRONG_RULE],
    ['Aa1aaaaa', MSG_STRONG_RULE],
    ['Aa1! aaaa', MSG_STRONG_RULE],
  ])('strong mode: %j → %j', (password, message) => {
    expect(checkNewPassword(password, true)).toBe(message);
  });

  it('counts code points, not UTF-16 units', () => {
    expect(checkNewPassword('😀😀😀😀😀😀', false)).toBeNull();
    expect(checkNewPassword('😀'.repeat(16), false)).toBeNull();
    expect(checkNewPassword('😀'.repeat(17), false)).toBe(MSG_NORMAL_RULE);
  });

  it('exports the rule table with the spec limits and messages', () => {
    expect(PASSWORD_RULES.normal).toMatchObject({ min: 6, max: 16, message: '请输入6-16位非空格字符的密码' });
    expect(PASSWORD_RULES.strong).toMatchObject({
      min: 8,
      max: 16,
      message: '请输入8-16位包含大小写字母+数字+特殊字符组成的密码',
    });
  });
});
