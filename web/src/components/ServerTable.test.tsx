import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Button } from 'antd';
import { ApiError } from '@/api/client';
import ServerTable, { usePagedList, type PageOf } from './ServerTable';

interface Row {
  id: number;
  name: string;
}

function List({ fetchPage }: { fetchPage: (filter: string, page: number, limit: number) => Promise<PageOf<Row>> }) {
  const list = usePagedList({ queryKey: ['test'], fetchPage, initialFilter: '' });
  return (
    <>
      <Button onClick={() => list.search('张')}>查询</Button>
      <ServerTable list={list} rowKey="id" columns={[{ title: '姓名', dataIndex: 'name' }]} totalText={(total) => `共 ${total} 人`} />
    </>
  );
}

function renderList(fetchPage: (filter: string, page: number, limit: number) => Promise<PageOf<Row>>) {
  if (typeof globalThis.ResizeObserver === 'undefined') {
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <List fetchPage={fetchPage} />
    </QueryClientProvider>,
  );
}

describe('ServerTable', () => {
  it('shows the page the server answers with its total, and asks again on 查询 with an unchanged filter', async () => {
    const fetchPage = vi.fn(async (_filter: string, page: number, limit: number) => ({
      list: [{ id: page, name: `张三${page}` }],
      total: 25,
      page,
      limit,
    }));
    renderList(fetchPage);
    expect(await screen.findByText('张三1')).toBeTruthy();
    expect(screen.getByText('共 25 人')).toBeTruthy();
    expect(fetchPage).toHaveBeenLastCalledWith('', 1, 10);

    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('张三2')).toBeTruthy();
    expect(fetchPage).toHaveBeenLastCalledWith('', 2, 10);

    fireEvent.click(screen.getByRole('button', { name: '查 询' }));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith('张', 1, 10));
    const asked = fetchPage.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: '查 询' }));
    await waitFor(() => expect(fetchPage.mock.calls.length).toBe(asked + 1));
    expect(fetchPage).toHaveBeenLastCalledWith('张', 1, 10);
  });

  it("shows the server's refusal above the table and asks again on 重试", async () => {
    const fetchPage = vi
      .fn<(filter: string, page: number, limit: number) => Promise<PageOf<Row>>>()
      .mockRejectedValueOnce(new ApiError(403, '无权查看该项目'))
      .mockResolvedValue({ list: [{ id: 1, name: '李四' }], total: 1 });
    renderList(fetchPage);
    expect(await screen.findByText('无权查看该项目')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重 试' }));
    expect(await screen.findByText('李四')).toBeTruthy();
    expect(screen.queryByText('无权查看该项目')).toBeNull();
  });
});
