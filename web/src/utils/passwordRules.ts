/**
 * Password rules of spec §5 "Password change". The server checks the same rules with the same messages
 * (server/src/auth/password.rs); both sides run the shared vectors in vectors/password.json.
 */

export const MSG_NORMAL_RULE = '请输入6-16位非空格字符的密码';
export const MSG_STRONG_RULE = '请输入8-16位包含大小写字母+数字+特殊字符组成的密码';
export const MSG_MISMATCH = '两次输入的密码不一致';
export const MAX_PASSWORD_LENGTH = 16;

export interface PasswordRule {
  min: number;
  max: number;
  message: string;
  /** Character classes a password must each contain at least once. */
  requires: RegExp[];
}

export const PASSWORD_RULES: { normal: PasswordRule; strong: PasswordRule } = {
  normal: { min: 6, max: 16, message: MSG_NORMAL_RULE, requires: [] },
  strong: { min: 8, max: 16, message: MSG_STRONG_RULE, requires: [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/] },
};

/** Lengths count Unicode code points, as the server does. No rule admits whitespace. */
export function meetsRule(password: string, rule: PasswordRule): boolean {
  const length = [...password].length;
  return (
    length >= rule.min &&
    length <= rule.max &&
    !/\s/u.test(password) &&
    rule.requires.every((pattern) => pattern.test(password))
  );
}

/** The message for a new password that breaks the rule in force, or null when it is acceptable. */
export function checkNewPassword(password: string, strong: boolean): string | null {
  const rule = strong ? PASSWORD_RULES.strong : PASSWORD_RULES.normal;
  return meetsRule(password, rule) ? null : rule.message;
}
