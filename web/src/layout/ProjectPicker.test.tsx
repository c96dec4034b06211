import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '@/test/renderPage';
import { withProjectInView } from '@/api/projectScope';
import { useProjectInView } from '@/store/projectInView';
import { useSession } from '@/store/session';
import ProjectPicker from './ProjectPicker';


describe('ProjectPicker', () => {
  beforeEach(() => useProjectInView.getState().clear());

  it('shows the project in view, clears it and leads back to the directory', async () => {
    renderPage(<ProjectPicker />, {}, { roles: ['admin'] });
    expect(screen.getByTestId('project-in-view').textContent).toBe('未选择');
    useProjectInView.getState().view({ id: 7, name: '幸福里小区二期' });
    expect(await screen.findByText('幸福里小区二期')).toBeTruthy();
    fireEvent.click(screen.getByTestId('project-in-view').querySelector('.ant-tag-close-icon')!);
    await waitFor(() => expect(screen.getByTestId('project-in-view').textContent).toBe('未选择'));
    expect(sessionStorage.getItem('projectInView')).toBeNull();
    fireEvent.click(screen.getByTestId('project-picker-directory'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/regulator/projects'));
  });

  it('sends the project in view with the regulator’s enterprise calls only', () => {
    renderPage(<ProjectPicker />, {}, { roles: ['admin'] });
    useProjectInView.getState().view({ id: 7, name: '幸福里小区二期' });
    expect(withProjectInView('/builder/user/v1/Worker/list', { page: 1 })).toEqual({ page: 1, projectId: 7 });
    expect(withProjectInView('/builder/user/v1/Worker/list', { projectId: 3 })).toEqual({ projectId: 3 });
    expect(withProjectInView('/admin/regulator/v1/Project/ajax_list', { page: 1 })).toEqual({ page: 1 });
    useSession.setState({ roles: ['builder'] });
    expect(withProjectInView('/builder/user/v1/Worker/list', { page: 1 })).toEqual({ page: 1 });
  });
});
