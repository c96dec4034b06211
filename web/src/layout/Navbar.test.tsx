import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useNavigate } from 'react-router';
import type { UserInfo } from '@/api/types';
import { renderPage } from '@/test/renderPage';
import { useSession } from '@/store/session';
import Navbar from './Navbar';


const COUNT = '/builder/message/v1/Message/ajaxmessagecount';

function Elsewhere() {
  const navigate = useNavigate();
  return (
    <button type="button" data-testid="go-elsewhere" onClick={() => navigate('/user/list')}>
      go
    </button>
  );
}

describe('Navbar bell', () => {
  it('shows the unread count with a dot, asks again on every navigation and opens the inbox', async () => {
    const { called } = renderPage(
      <>
        <Navbar />
        <Elsewhere />
      </>,
      { [COUNT]: { code: 201, data: { count: 3 } }, '/builder/message/v1/Message/Get_message': { code: 201, data: [] } },
    );
    act(() => useSession.setState({ userInfo: { account: 'demo', status: '2', auditStatus: false, roles: ['builder'] } as UserInfo }));
    expect(await screen.findByText('3', { selector: '[data-testid="header-message-count"]' })).toBeTruthy();
    expect(document.querySelector('.navbar-bell .ant-badge-dot')).toBeTruthy();
    const asked = called(COUNT).length;

    fireEvent.click(screen.getByTestId('go-elsewhere'));
    await waitFor(() => expect(called(COUNT).length).toBeGreaterThan(asked));

    fireEvent.click(screen.getByTestId('header-messages'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/message/system'));
  });

  it('shows no dot without unread messages', async () => {
    renderPage(<Navbar />, { [COUNT]: { code: 201, data: { count: 0 } }, '/builder/message/v1/Message/Get_message': { code: 201, data: [] } });
    expect(await screen.findByText('0', { selector: '[data-testid="header-message-count"]' })).toBeTruthy();
    expect(document.querySelector('.navbar-bell .ant-badge-dot')).toBeNull();
  });
});
