import { compact } from './compact';

describe('compact', () => {
  it('trims text and leaves out empty and missing values', () => {
    expect(compact({ keyword: ' 王 ', unitId: '', page: 1, source: undefined, teamId: null })).toEqual({ keyword: '王', page: 1 });
  });
});
