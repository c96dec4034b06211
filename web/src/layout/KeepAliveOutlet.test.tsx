import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { useTags, type VisitedTag } from '@/store/tagsView';
import KeepAliveOutlet from './KeepAliveOutlet';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>{`${name}:${count}`}</button>;
}

function Harness() {
  const { pathname } = useLocation();
  const replacement = pathname === '/b' && blocked ? <p>请先在项目目录中选择要查看的项目</p> : undefined;
  return <KeepAliveOutlet noCache={pathname === '/c'} replacement={replacement} />;
}

/** Whether page /b needs a project in view that nobody picked (the regulator's notice replaces it). */
let blocked = false;

const tag = (path: string): VisitedTag => ({ path, fullPath: path, title: path, affix: false, noCache: path === '/c' });

function setup() {
  useTags.setState({ visited: [tag('/a'), tag('/b'), tag('/c')], versions: {} });
  const router = createMemoryRouter(
    [
      {
        element: <Harness />,
        children: ['a', 'b', 'c'].map((name) => ({ path: `/${name}`, element: <Counter name={name} /> })),
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  const go = (path: string) => act(() => router.navigate(path));
  return { go };
}

const click = (name: RegExp) => fireEvent.click(screen.getByRole('button', { name, hidden: true }));
const pane = (path: string) => document.querySelector<HTMLElement>(`[data-testid="page-pane"][data-path="${path}"]`);

describe('keep-alive outlet', () => {
  afterEach(() => {
    blocked = false;
  });

  it('shows a replacement in the page pane without keeping it', async () => {
    blocked = true;
    const { go } = setup();
    await go('/b');
    expect(pane('/b')?.textContent).toBe('请先在项目目录中选择要查看的项目');
    blocked = false;
    await go('/a');
    await go('/b');
    expect(pane('/b')?.textContent).toBe('b:0');
  });

  it('keeps a visited page mounted and its state across tab switches', async () => {
    const { go } = setup();
    click(/^a:/);
    click(/^a:/);
    await go('/b');
    expect(pane('/a')?.hidden).toBe(true);
    expect(pane('/b')?.hidden).toBe(false);
    await go('/a');
    expect(screen.getByRole('button', { name: 'a:2' })).toBeTruthy();
  });

  it('unmounts a page whose tab was closed', async () => {
    const { go } = setup();
    click(/^a:/);
    await go('/b');
    act(() => useTags.getState().dispatch({ type: 'close', path: '/a' }));
    expect(pane('/a')).toBeNull();
    await go('/a');
    expect(screen.getByRole('button', { name: 'a:0' })).toBeTruthy();
  });

  it('starts a noCache page afresh on every visit', async () => {
    const { go } = setup();
    await go('/c');
    click(/^c:/);
    expect(screen.getByRole('button', { name: 'c:1' })).toBeTruthy();
    await go('/a');
    expect(pane('/c')).toBeNull();
    await go('/c');
    expect(screen.getByRole('button', { name: 'c:0' })).toBeTruthy();
  });

  it('remounts a page on 刷新', async () => {
    setup();
    click(/^a:/);
    act(() => useTags.getState().dispatch({ type: 'refresh', path: '/a' }));
    expect(screen.getByRole('button', { name: 'a:0' })).toBeTruthy();
  });
});
