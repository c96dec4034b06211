import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useAppStore } from '@/store/app';
import { sidebarOnResize } from '@/utils/sidebar';

/**
 * Follows the body width: phone or desktop, and closes the sidebar when the screen becomes narrow.
 * Only crossing a breakpoint closes it, so a user who reopens it on a narrow screen keeps it open.
 */
export function useResponsiveSidebar() {
  const { pathname } = useLocation();
  const lastDecision = useRef('');

  useEffect(() => {
    const check = () => {
      if (document.hidden) return;
      const { device, close } = sidebarOnResize(document.body.getBoundingClientRect().width);
      const decision = `${device}:${close}`;
      if (decision === lastDecision.current) return;
      lastDecision.current = decision;
      const app = useAppStore.getState();
      app.setDevice(device);
      if (close) app.closeSidebar();
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, []);

  // On a phone the sidebar is a drawer over the page: navigating closes it.
  useEffect(() => {
    const app = useAppStore.getState();
    if (app.device === 'mobile' && app.sidebarOpened) app.closeSidebar();
  }, [pathname]);
}
