/** Shell state: the sidebar and the device kind (spec §2 "Shell layout"). */
import { create } from 'zustand';
import type { Device } from '@/utils/sidebar';
import { getSidebarOpened, setSidebarOpened } from '@/utils/storage';

interface AppState {
  sidebarOpened: boolean;
  device: Device;
  /** The user's choice, remembered in the sidebarStatus cookie. */
  toggleSidebar: () => void;
  /** Closing forced by the screen size or by navigating on a phone; not remembered. */
  closeSidebar: () => void;
  setDevice: (device: Device) => void;
}

export const useAppStore = create<AppState>()((set, get) => ({
  sidebarOpened: getSidebarOpened(),
  device: 'desktop',
  toggleSidebar: () => {
    const opened = !get().sidebarOpened;
    setSidebarOpened(opened);
    set({ sidebarOpened: opened });
  },
  closeSidebar: () => set({ sidebarOpened: false }),
  setDevice: (device) => set({ device }),
}));
