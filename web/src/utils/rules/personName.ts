/**
 * Person names, as server/src/domain/person_name.rs checks them: 2–20 Chinese characters with '·' between
 * the parts of a minority name, or 1–50 Latin letters with single spaces or dots between words.
 */
import { charCount } from './result';

export const MSG_PERSON_NAME = '请填写规范的姓名';

const CHINESE = /^[\u3400-\u4DBF\u4E00-\u9FFF\u{20000}-\u{323AF}]+$/u;
const LATIN = /^[A-Za-z]+(?:(?:\. ?| )[A-Za-z]+)*\.?$/;

export function checkPersonName(input: string): string | undefined {
  const name = input.trim();
  const count = charCount(name);
  const chinese = count >= 2 && count <= 20 && name.split('·').every((part) => CHINESE.test(part));
  const latin = count >= 1 && count <= 50 && LATIN.test(name);
  return chinese || latin ? undefined : MSG_PERSON_NAME;
}
