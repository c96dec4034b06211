import {
  COLLAPSE_WIDTH,
  MOBILE_WIDTH,
  SCROLL_STEP,
  WIDTH_RATIO,
  deviceFor,
  nextScrollTop,
  sidebarOnResize,
} from './sidebar';

describe('sidebar breakpoints', () => {
  it('uses the spec numbers', () => {
    expect([MOBILE_WIDTH, WIDTH_RATIO, COLLAPSE_WIDTH, SCROLL_STEP]).toEqual([1024, 3, 1440, 80]);
  });

  it.each([
    [320, 'mobile'],
    [1026, 'mobile'],
    [1027, 'desktop'],
    [1920, 'desktop'],
  ])('width %d is %s (width - 3 < 1024 is mobile)', (width, device) => {
    expect(deviceFor(width)).toBe(device);
  });

  it.each([
    [800, { device: 'mobile', close: true }],
    [1026, { device: 'mobile', close: true }],
    [1027, { device: 'desktop', close: true }],
    [1440, { device: 'desktop', close: true }],
    [1441, { device: 'desktop', close: false }],
    [1920, { device: 'desktop', close: false }],
  ])('resize to %d', (width, decision) => {
    expect(sidebarOnResize(width)).toEqual(decision);
  });
});

describe('sidebar wheel scrolling', () => {
  it('moves one 80 px step per wheel event, whatever the delta', () => {
    expect(nextScrollTop(0, 3, 1000)).toBe(80);
    expect(nextScrollTop(0, 240, 1000)).toBe(80);
    expect(nextScrollTop(160, -1, 1000)).toBe(80);
    expect(nextScrollTop(160, 0, 1000)).toBe(160);
  });

  it('stays within the scrollable range', () => {
    expect(nextScrollTop(40, -100, 1000)).toBe(0);
    expect(nextScrollTop(950, 100, 1000)).toBe(1000);
    expect(nextScrollTop(0, 100, 0)).toBe(0);
    expect(nextScrollTop(0, 100, -5)).toBe(0);
  });
});
