/** What a parse answers: the value, or the message shown to the user. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const fail = <T>(message: string): Parsed<T> => ({ ok: false, message });

/** The message of a parse, or undefined when the value is acceptable. */
export const messageOf = <T>(parsed: Parsed<T>): string | undefined => (parsed.ok ? undefined : parsed.message);

/** Length in Unicode code points, as the server counts. */
export const charCount = (text: string): number => [...text].length;

export const allDigits = (text: string): boolean => /^[0-9]+$/.test(text);
