import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { useTags, type VisitedTag } from '@/store/tagsView';
import TagsView from './TagsView';


const tag = (index: number): VisitedTag => ({ path: `/p${index}`, fullPath: `/p${index}`, title: `页面${index}`, affix: index === 0, noCache: false });

function Where() {
  return <span data-testid="location">{useLocation().pathname}</span>;
}

describe('the tab bar', () => {
  it('lists every open tab, hidden or not, and goes to the one picked', async () => {
    useTags.setState({ visited: Array.from({ length: 20 }, (_, index) => tag(index)), versions: {} });
    const router = createMemoryRouter([{ path: '*', element: <><TagsView /><Where /></> }], { initialEntries: ['/p19'] });
    render(<RouterProvider router={router} />);
    expect(screen.getAllByTestId('tags-view-item')).toHaveLength(20);
    fireEvent.click(screen.getByTestId('tags-view-all'));
    const listed = await screen.findAllByTestId('tags-all-item');
    expect(listed.map((item) => item.textContent)).toEqual(Array.from({ length: 20 }, (_, index) => `页面${index}`));
    await act(async () => fireEvent.click(listed[3]));
    expect(screen.getByTestId('location').textContent).toBe('/p3');
  });
});
