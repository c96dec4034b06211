/**
 * A filter or form as the server should see it: text trimmed, empty text and missing values left out, numbers
 * and flags as they are. The type stays the caller's (a generated query or form type).
 */
export function compact<T extends object>(params: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') {
      if (value.trim() !== '') out[key] = value.trim();
    } else {
      out[key] = value;
    }
  }
  return out as T;
}
