/** Responsive sidebar decisions (spec §2 "Shell layout", §9). */

export const MOBILE_WIDTH = 1024;
/** Subtracted from the body width before comparing, as the original console did. */
export const WIDTH_RATIO = 3;
export const COLLAPSE_WIDTH = 1440;
/** Pixels the sidebar scrolls per wheel step. */
export const SCROLL_STEP = 80;

export type Device = 'desktop' | 'mobile';

export function deviceFor(bodyWidth: number): Device {
  return bodyWidth - WIDTH_RATIO < MOBILE_WIDTH ? 'mobile' : 'desktop';
}

/**
 * What a resize means for the sidebar: the device kind, and whether the sidebar must close (collapse on a
 * desktop, hide the drawer on a phone). Wider screens keep whatever the user chose.
 */
export function sidebarOnResize(bodyWidth: number): { device: Device; close: boolean } {
  const device = deviceFor(bodyWidth);
  return { device, close: device === 'mobile' || bodyWidth <= COLLAPSE_WIDTH };
}

/** The new scrollTop after one wheel event: one fixed step in the wheel's direction, kept in range. */
export function nextScrollTop(scrollTop: number, deltaY: number, maxScrollTop: number): number {
  const next = scrollTop + Math.sign(deltaY) * SCROLL_STEP;
  return Math.min(Math.max(next, 0), Math.max(maxScrollTop, 0));
}
