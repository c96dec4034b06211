import { isMasked } from './mask';

describe('isMasked', () => {
  it('tells a masked number from a full one', () => {
    expect(isMasked('4101**********123X')).toBe(true);
    expect(isMasked('41010519491231123X')).toBe(false);
    expect(isMasked('')).toBe(false);
    expect(isMasked(undefined)).toBe(false);
  });
});
