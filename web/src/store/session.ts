import { create } from 'zustand';
import type { LoginData, SiteConfig, UserInfo } from '@/api/types';
import { getToken, local, removeSessionCookies, session, setSessionCookies } from '@/utils/storage';
import { useProjectInView } from './projectInView';

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

/** A regulator account's scope and role (user info `district`, `districtName`, `regulatorRole`). */
export interface RegulatorScope {
  /** The district code; '' for the whole area. */
  district: string;
  districtName: string;
  /** auditor (审核), inspector (监察) or manager (管理员). */
  regulatorRole: string;
}

/** The regulator's scope from the user info; null for project and finance accounts. */
export function regulatorScope(info: UserInfo | null): RegulatorScope | null {
  if (!info?.roles.includes('admin')) return null;
  return {
    district: info.district ?? '',
    districtName: info.districtName ?? '',
    regulatorRole: info.regulatorRole ?? '',
  };
}

interface SessionState {
  token: string | undefined;
  side: Side;
  /** Empty until the user info is loaded; the guard loads it then. */
  roles: Role[];
  userInfo: UserInfo | null;
  /** Set for regulator accounts once the user info is loaded. */
  regulator: RegulatorScope | null;
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
  regulator: null,
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
    set({ token: data.phpsessid, roles: [], userInfo: null, regulator: null });
  },
  setUserInfo: (info) => {
    session.set('projectname', info.projectname);
    session.set('message', JSON.stringify(info.messageJson));
    set({
      userInfo: info,
      regulator: regulatorScope(info),
      roles: info.roles.filter(isRole),
      siteConfig: info.messageJson,
    });
  },
  setSiteConfig: (config) => {
    session.set('message', JSON.stringify(config));
    set({ siteConfig: config });
  },
  clear: () => {
    removeSessionCookies();
    useProjectInView.getState().clear();
    set({ token: undefined, roles: [], userInfo: null, regulator: null });
  },
}));

/** The change-password dialog must block the shell until the initial password is replaced (spec §4). */
export function mustChangePassword(side: Side, info: UserInfo | null): boolean {
  if (!info) return false;
  if (side === 'finance') return info.isupdate !== 1;
  return local.get('passKey') !== null || info.isupdate !== 1;
}

/** Whether the account may change project data: a clerk (builder) only; the regulator and finance read. */
export const canWrite = (roles: readonly Role[]) => roles.includes('builder') && !roles.includes('admin');

/** `canWrite` of the signed-in account: every clerk write button on the enterprise pages hides when false. */
export const useCanWrite = () => useSession((state) => canWrite(state.roles));

/** The regulator's console (admin): the project directory, a project in view, read-only pages. */
export const useIsRegulator = () => useSession((state) => state.roles.includes('admin'));

/**
 * The regulator's actions beyond reading, by role (the server's `scope::require_role`, decisions.md "regulator
 * accounts and scope"): 审核 audits and provisions, 监察 records the bureau's credit and labour-cost inflows,
 * 管理员 does both; the holiday calendar is kept by a 管理员 of the whole area.
 */
export type RegulatorAction = 'audit' | 'inspect' | 'calendar';

export function regulatorMay(scope: RegulatorScope | null, action: RegulatorAction): boolean {
  if (!scope) return false;
  const manager = scope.regulatorRole === 'manager';
  switch (action) {
    case 'audit':
      return manager || scope.regulatorRole === 'auditor';
    case 'inspect':
      return manager || scope.regulatorRole === 'inspector';
    case 'calendar':
      return manager && scope.district === '';
  }
}

/** Whether the signed-in regulator's role allows `action`; false for other accounts. */
export const useRegulatorMay = (action: RegulatorAction) => useSession((state) => regulatorMay(state.regulator, action));
