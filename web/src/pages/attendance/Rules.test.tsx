import { fireEvent, screen, waitFor } from '@testing-library/react';
import Rules from './Rules';
import { formErrors, renderPage } from '@/test/renderPage';


const RULES = { minHours: '8.0', dedupSeconds: 60, directions: 'both', offlineMinutes: 10, maxShiftHours: 16 };
const SAVED = { code: 201, data: { from: '2026-10-01', to: '2026-11-24', workerDays: 42 } };

describe('Rules', () => {
  it('loads the shift length and sends it with the rules', async () => {
    const { called } = renderPage(<Rules />, { '/builder/attendance/v1/Rule/get': { code: 201, data: RULES }, '/builder/attendance/v1/Rule/save': SAVED });
    const field = (await screen.findByTestId('rule-maxShiftHours')) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('16'));
    fireEvent.change(field, { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(called('/builder/attendance/v1/Rule/save')).toHaveLength(1));
    const body = called('/builder/attendance/v1/Rule/save')[0].body;
    expect(body.get('maxShiftHours')).toBe('12');
    expect(body.get('minHours')).toBe('8.0');
    expect(await screen.findByTestId('rule-recounted')).toBeTruthy();
  });

  it('refuses a shift length outside 1–24 whole hours', async () => {
    const { called } = renderPage(<Rules />, { '/builder/attendance/v1/Rule/get': { code: 201, data: RULES }, '/builder/attendance/v1/Rule/save': SAVED });
    const field = (await screen.findByTestId('rule-maxShiftHours')) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('16'));
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(formErrors()).toContain('班次最长时长应为1-24小时的整数'));
    expect(called('/builder/attendance/v1/Rule/save')).toHaveLength(0);
  });
});
