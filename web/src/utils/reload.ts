import { message } from 'antd';
import { session } from './storage';

/** A message to show once the reloaded page is up. */
export interface Notice {
  type: 'success' | 'error' | 'info';
  text: string;
}

const NOTICE_KEY = 'noticeAfterReload';

/**
 * Reloads the page, dropping every in-memory state; the guard then starts from the stored session.
 * A notice is kept in sessionStorage, since a message drawn before the reload would vanish with the page.
 */
export function reloadPage(notice?: Notice) {
  if (notice) session.set(NOTICE_KEY, JSON.stringify(notice));
  window.location.reload();
}

/** Shows (once) the notice the previous page left before reloading. */
export function showNoticeFromReload() {
  const stored = session.get(NOTICE_KEY);
  if (!stored) return;
  session.remove(NOTICE_KEY);
  try {
    const notice = JSON.parse(stored) as Notice;
    message[notice.type](notice.text);
  } catch {
    // A hand-edited value is not worth a crash.
  }
}
