import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import Collection from './Collection';
import { RULE_GET_URL, RULE_SAVE_URL } from '@/pages/attendance/service';
import { errors, renderPage } from '@/pages/user/testSetup';

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const RULES = { minHours: '8.0', dedupSeconds: 60, directions: 'both', offlineMinutes: 10, maxShiftHours: 16 };
const SAVED = { code: 201, data: { from: '2026-10-01', to: '2026-11-24', workerDays: 42 } };

describe('Collection', () => {
  it('loads the shift length and sends it with the rules', async () => {
    const { called } = renderPage(<Collection />, { [RULE_GET_URL]: { code: 201, data: RULES }, [RULE_SAVE_URL]: SAVED });
    const field = (await screen.findByTestId('rule-maxShiftHours')) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('16'));
    fireEvent.change(field, { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(called(RULE_SAVE_URL)).toHaveLength(1));
    const body = called(RULE_SAVE_URL)[0].body;
    expect(body.get('maxShiftHours')).toBe('12');
    expect(body.get('minHours')).toBe('8.0');
    expect(await screen.findByTestId('rule-recounted')).toBeTruthy();
  });

  it('refuses a shift length outside 1–24 whole hours', async () => {
    const { called } = renderPage(<Collection />, { [RULE_GET_URL]: { code: 201, data: RULES }, [RULE_SAVE_URL]: SAVED });
    const field = (await screen.findByTestId('rule-maxShiftHours')) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('16'));
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(errors()).toContain('班次最长时长应为1-24小时的整数'));
    expect(called(RULE_SAVE_URL)).toHaveLength(0);
  });
});
