import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserInfo } from '@/api/types';
import { renderPage } from '@/test/renderPage';
import { useSession } from '@/store/session';
import LeadPopup from './LeadPopup';
import type { LeadMessage } from './service';


const LEADS = '/builder/message/v1/Message/Get_message';
const READ = '/builder/message/v1/Message/read';

const leads: LeadMessage[] = [
  { id: 11, title: '欠薪线索', content: '钢筋班工人反映十月工资未发', back_id: 31, created_time: '2026-11-24 09:30:00' },
  { id: 12, title: '欠薪线索', content: '木工班工人反映九月工资少发', back_id: 32, created_time: '2026-11-23 15:00:00' },
];

const approved = (status: string) => ({ status, auditStatus: status === '0' || status === '3' }) as UserInfo;

function signIn(status: string) {
  act(() => useSession.setState({ userInfo: approved(status) }));
}

describe('LeadPopup', () => {
  it('lists the unread leads for a clerk of an approved project; a click opens the lead and marks it read', async () => {
    const { called } = renderPage(<LeadPopup />, { [LEADS]: { code: 201, data: leads }, [READ]: { code: 201 } });
    signIn('2');
    expect(await screen.findByText('钢筋班工人反映十月工资未发')).toBeTruthy();
    expect(screen.getByText('木工班工人反映九月工资少发')).toBeTruthy();
    fireEvent.click(screen.getByTestId('lead-popup-item-12'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/remunerationClues/feedbackDetail?id=32'));
    await waitFor(() => expect(called(READ)).toHaveLength(1));
    expect(new URL(called(READ)[0].url, 'http://x').searchParams.get('id')).toBe('12');
  });

  it('opens once per session: not again on a reload, again after a new login', async () => {
    renderPage(<LeadPopup />, { [LEADS]: { code: 201, data: leads } });
    signIn('2');
    expect(await screen.findByText('钢筋班工人反映十月工资未发')).toBeTruthy();
    const kept = { ...sessionStorage };
    cleanup();

    // A reload: the same session, sessionStorage kept.
    const reloaded = renderPage(<LeadPopup />, { [LEADS]: { code: 201, data: leads } });
    for (const [key, value] of Object.entries(kept)) sessionStorage.setItem(key, value);
    signIn('2');
    await waitFor(() => expect(reloaded.called(LEADS)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('钢筋班工人反映十月工资未发')).toBeNull();
    cleanup();

    // Logged in again in the same tab: a new session.
    renderPage(<LeadPopup />, { [LEADS]: { code: 201, data: leads } });
    for (const [key, value] of Object.entries(kept)) sessionStorage.setItem(key, value);
    act(() => useSession.setState({ token: 'tok-2' }));
    signIn('2');
    expect(await screen.findByText('钢筋班工人反映十月工资未发')).toBeTruthy();
  });

  it('opens again in the session for a lead it has not shown', async () => {
    renderPage(<LeadPopup />, { [LEADS]: { code: 201, data: [leads[0]] } });
    signIn('2');
    expect(await screen.findByText('钢筋班工人反映十月工资未发')).toBeTruthy();
    const kept = { ...sessionStorage };
    cleanup();
    renderPage(<LeadPopup />, { [LEADS]: { code: 201, data: leads } });
    for (const [key, value] of Object.entries(kept)) sessionStorage.setItem(key, value);
    signIn('2');
    expect(await screen.findByText('木工班工人反映九月工资少发')).toBeTruthy();
  });

  it('opens the lead with 查看 too', async () => {
    renderPage(<LeadPopup />, { [LEADS]: { code: 201, data: leads }, [READ]: { code: 201 } });
    signIn('2');
    fireEvent.click(await screen.findByTestId('lead-popup-view-11'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/remunerationClues/feedbackDetail?id=31'));
  });

  it('asks nothing for a project not yet approved, nor for a regulator', async () => {
    const first = renderPage(<LeadPopup />, { [LEADS]: { code: 201, data: leads } });
    signIn('1');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(first.called(LEADS)).toHaveLength(0);
    const second = renderPage(<LeadPopup />, { [LEADS]: { code: 201, data: leads } }, { roles: ['admin'] });
    signIn('2');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(second.called(LEADS)).toHaveLength(0);
    expect(screen.queryByTestId('lead-popup')).toBeNull();
  });

  it('shows nothing when no lead waits', async () => {
    const { called } = renderPage(<LeadPopup />, { [LEADS]: { code: 201, data: [] } });
    signIn('2');
    await waitFor(() => expect(called(LEADS)).toHaveLength(1));
    expect(screen.queryByTestId('lead-popup')).toBeNull();
  });
});
