/**
 * The filters above a server-paged list: its fields inline, then 查询 (the list's first page under the values)
 * and, where the list offers it, 重置 (the fields emptied, the list without filters). One component, so that
 * every list's filters look and behave alike.
 */
import type { ReactNode } from 'react';
import { Button, Form, Space, type FormInstance, type FormProps } from 'antd';

export interface FilterFormProps<V> {
  /** The page's own form, when the page sets a field (a unit chosen empties the team); else the filter's own. */
  form?: FormInstance<V>;
  /** The fields' values at first and after 重置 (the project in view). */
  initialValues?: FormProps<V>['initialValues'];
  /** 查询 with the fields' values; usually the list's `search`. */
  onSearch: (values: V) => void;
  /** 重置, shown when given: called once the fields are emptied; usually the list's `reset`. */
  onReset?: () => void;
  /** The data-testid of 查询. */
  searchTestId?: string;
  /** Buttons after 查询 and 重置 (新增模板). */
  actions?: ReactNode;
  'data-testid'?: string;
  children: ReactNode;
}

export default function FilterForm<V>({
  form,
  initialValues,
  onSearch,
  onReset,
  searchTestId,
  actions,
  children,
  'data-testid': testId,
}: FilterFormProps<V>) {
  const [filters] = Form.useForm<V>(form);
  return (
    <Form<V> form={filters} layout="inline" style={{ marginBottom: 16, rowGap: 12 }} initialValues={initialValues} onFinish={onSearch} data-testid={testId}>
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid={searchTestId}>
            查询
          </Button>
          {onReset && (
            <Button
              onClick={() => {
                filters.resetFields();
                onReset();
              }}
            >
              重置
            </Button>
          )}
          {actions}
        </Space>
      </Form.Item>
    </Form>
  );
}
