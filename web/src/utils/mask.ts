/**
 * The masking rule for ID and wage-card numbers (decisions "Privacy: one masking rule"): lists answer
 * `4101**********123X` — first 4, last 4, an asterisk for each character between. The server masks; the
 * console only recognises a masked value, to offer the logged reveal for it.
 */
export function isMasked(value: string | null | undefined): boolean {
  return !!value && value.includes('*');
}
