import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_COOKIE, TOKEN_DAYS, USER_ID_COOKIE, setSessionCookies } from './storage';

describe('session cookies', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keep the token for 15 days, same-site only, secure on an https console', () => {
    const set = vi.spyOn(Cookies, 'set');
    setSessionCookies('token-1', 7);
    expect(set).toHaveBeenCalledWith(TOKEN_COOKIE, 'token-1', { expires: TOKEN_DAYS, sameSite: 'strict', secure: false });
    expect(set).toHaveBeenCalledWith(USER_ID_COOKIE, '7', { expires: TOKEN_DAYS, sameSite: 'strict', secure: false });

    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, protocol: 'https:' });
    setSessionCookies('token-2', 7);
    expect(set).toHaveBeenLastCalledWith(USER_ID_COOKIE, '7', { expires: TOKEN_DAYS, sameSite: 'strict', secure: true });
  });
});
