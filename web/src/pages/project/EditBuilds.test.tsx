import { configure, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { renderPage } from '@/pages/user/testSetup';
import EditBuilds, { MSG_PICK_UNIT } from './EditBuilds';

configure({ asyncUtilTimeout: 4000 });

function Location() {
  const location = useLocation();
  return <span data-testid="location">{location.pathname + location.search}</span>;
}

describe('EditBuilds', () => {
  it('opened without an id goes back to 参建单位 and says why', async () => {
    renderPage(<><EditBuilds /><Location /></>, {}, '', { path: '/project/editBuilds' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/project/contractorInfo'));
    expect(await screen.findByText(MSG_PICK_UNIT)).toBeTruthy();
  });
});
