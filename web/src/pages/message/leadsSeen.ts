/**
 * Which lead messages the popup has shown in this session: kept in sessionStorage (it outlives a reload of the
 * tab, not the tab) under a fingerprint of the session's token, so that a new login in the same tab starts
 * afresh. The token itself is not copied there.
 */
import { session } from '@/utils/storage';

interface Seen {
  session: string;
  ids: number[];
}

/** FNV-1a of the token: tells two sessions apart, reveals nothing of the token. */
function fingerprint(token: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < token.length; index += 1) {
    hash ^= token.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16);
}

function read(): Seen | null {
  try {
    const seen = JSON.parse(session.get('leadPopupSeen') ?? 'null') as Seen | null;
    return seen && typeof seen.session === 'string' && Array.isArray(seen.ids) ? seen : null;
  } catch {
    return null;
  }
}

/** The ids of the lead messages already shown to this session. */
export function seenLeads(token: string | undefined): number[] {
  const seen = read();
  return token && seen?.session === fingerprint(token) ? seen.ids : [];
}

export function markLeadsSeen(token: string | undefined, ids: number[]) {
  if (!token) return;
  const all = [...new Set([...seenLeads(token), ...ids])];
  session.set('leadPopupSeen', JSON.stringify({ session: fingerprint(token), ids: all } satisfies Seen));
}
