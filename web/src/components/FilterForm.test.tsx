import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import FilterForm from './FilterForm';

describe('FilterForm', () => {
  it('searches with the fields, and 重置 empties them before the list resets', async () => {
    const onSearch = vi.fn();
    const onReset = vi.fn();
    render(
      <FilterForm<{ name?: string }> onSearch={onSearch} onReset={onReset} searchTestId="demo-search" data-testid="demo-filters">
        <Form.Item name="name">
          <Input placeholder="姓名" />
        </Form.Item>
      </FilterForm>,
    );
    fireEvent.change(screen.getByPlaceholderText('姓名'), { target: { value: '张三' } });
    fireEvent.click(screen.getByTestId('demo-search'));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ name: '张三' }));
    fireEvent.click(screen.getByRole('button', { name: '重 置' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect((screen.getByPlaceholderText('姓名') as HTMLInputElement).value).toBe('');
  });

  it('has no 重置 where the list offers none', () => {
    render(
      <FilterForm onSearch={() => undefined}>
        <Form.Item name="name">
          <Input />
        </Form.Item>
      </FilterForm>,
    );
    expect(screen.getByRole('button', { name: '查 询' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重 置' })).toBeNull();
  });
});
