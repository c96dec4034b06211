import { screen, waitFor } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import EditBuilds, { MSG_PICK_UNIT } from './EditBuilds';


describe('EditBuilds', () => {
  it('opened without an id goes back to 参建单位 and says why', async () => {
    renderPage(<EditBuilds />, {}, { path: '/project/editBuilds' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/project/contractorInfo'));
    expect(await screen.findByText(MSG_PICK_UNIT)).toBeTruthy();
  });
});
