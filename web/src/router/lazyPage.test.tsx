import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { lazyPage } from './lazyPage';

const Screen = () => <p>页面</p>;

describe('lazyPage', () => {
  it('loads its chunk once, however often it is preloaded', async () => {
    const load = vi.fn(async () => ({ default: Screen }));
    const page = lazyPage(load);
    expect(page.loaded()).toBe(false);
    await Promise.all([page.preload(), page.preload()]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(page.loaded()).toBe(true);
  });

  it('renders at once, without a fallback, once its chunk is in', async () => {
    const Page = lazyPage(async () => ({ default: Screen }));
    await Page.preload();
    render(
      <Suspense fallback={<p>加载中</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('页面')).toBeTruthy();
  });

  it('suspends like React.lazy while its chunk is on the way', async () => {
    const Page = lazyPage(async () => ({ default: Screen }));
    render(
      <Suspense fallback={<p>加载中</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('加载中')).toBeTruthy();
    expect(await screen.findByText('页面')).toBeTruthy();
  });
});
