import { create } from 'zustand';
import type { LoginData, SiteConfig, UserInfo } from '@/api/types';
import { getToken, local, removeSessionCookies, session, setSessionCookies } from '@/utils/storage';

export type Side = 'builder' | 'finance';
export type Role = 'builder' | 'finance' | 'admin';

const ROLES: readonly string[] = ['builder', 'finance', 'admin'] satisfies Role[];
export const isRole = (role: string): role is Role => ROLES.includes(role);

/** Tab index '2' is the finance side; any other value the enterprise side (spec §1). */
const sideOfTabIndex = (tabIndex: string | null): Side => (tabIndex === '2' ? 'finance' : 'builder');

function storedSiteConfig(): SiteConfig | null {
  const stored = session.get('message');
  if (!stored) return null;
  try {
    return JSON.parse(stored) as SiteConfig;
  } catch {
    return null;
  }
}

interface SessionState {
  token: string | undefined;
  side: Side;
  /** Empty until the user info is loaded; the guard loads it then. */
  roles: Role[];
  userInfo: UserInfo | null;
  siteConfig: SiteConfig | null;
  setSide: (side: Side) => void;
  signIn: (data: LoginData) => void;
  setUserInfo: (info: UserInfo) => void;
  setSiteConfig: (config: SiteConfig) => void;
  /** Forgets the token and roles locally (the server session is ended separately, where it still lives). */
  clear: () => void;
}

export const useSession = create<SessionState>()((set) => ({
  token: getToken(),
  side: sideOfTabIndex(local.get('tabIndex')),
  roles: [],
  userInfo: null,
  siteConfig: storedSiteConfig(),
  setSide: (side) => {
    local.set('tabIndex', side === 'finance' ? '2' : '1');
    set({ side });
  },
  signIn: (data) => {
    setSessionCookies(data.phpsessid, data.id);
    local.set('pStartTime', data.starttime);
    local.set('yqfk', data.yqfk);
    local.set('ifMatch', data.ifmatch);
    if (data.isupdate !== 1) local.set('passKey', '1');
    else local.remove('passKey');
    set({ token: data.phpsessid, roles: [], userInfo: null });
  },
  setUserInfo: (info) => {
    session.set('projectname', info.projectname);
    session.set('message', JSON.stringify(info.messageJson));
    set({ userInfo: info, roles: info.roles.filter(isRole), siteConfig: info.messageJson });
  },
  setSiteConfig: (config) => {
    session.set('message', JSON.stringify(config));
    set({ siteConfig: config });
  },
  clear: () => {
    removeSessionCookies();
    set({ token: undefined, roles: [], userInfo: null });
  },
}));

/** The change-password dialog must block the shell until the initial password is replaced (spec §4). */
export function mustChangePassword(side: Side, info: UserInfo | null): boolean {
  if (!info) return false;
  if (side === 'finance') return info.isupdate !== 1;
  return local.get('passKey') !== null || info.isupdate !== 1;
}
