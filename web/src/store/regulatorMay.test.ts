import { regulatorMay, type RegulatorScope } from './session';

const scope = (regulatorRole: string, district = ''): RegulatorScope => ({ district, districtName: '', regulatorRole });

describe('regulatorMay', () => {
  it('gives each role its own actions and the manager both', () => {
    expect(regulatorMay(scope('auditor'), 'audit')).toBe(true);
    expect(regulatorMay(scope('auditor'), 'inspect')).toBe(false);
    expect(regulatorMay(scope('inspector'), 'audit')).toBe(false);
    expect(regulatorMay(scope('inspector'), 'inspect')).toBe(true);
    expect(regulatorMay(scope('manager', '410105'), 'audit')).toBe(true);
    expect(regulatorMay(scope('manager', '410105'), 'inspect')).toBe(true);
  });

  it('keeps the calendar for a manager of the whole area, and nothing for other accounts', () => {
    expect(regulatorMay(scope('manager'), 'calendar')).toBe(true);
    expect(regulatorMay(scope('manager', '410105'), 'calendar')).toBe(false);
    expect(regulatorMay(scope('inspector'), 'calendar')).toBe(false);
    expect(regulatorMay(null, 'audit')).toBe(false);
  });
});
