import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Input, Popconfirm, Select, Space, Table, type TableColumnsType, message } from 'antd';
import type { Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { ApiError } from '@/api/client';
import { groupYuan } from '@/pages/wage/money';
import { OrderStatusTag } from '@/pages/wage/StatusTag';
import { fetchOrders, ORDER_STATUSES, withdrawOrder, type WageOrder } from '@/pages/wage/service';

const LIMIT = 20;

/** 工资单管理: every wage order of the project with its status; a 待审核 order may be withdrawn. */
export default function OrderManagement() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [month, setMonth] = useState<Dayjs | null>(null);
  const [status, setStatus] = useState('');
  const [orderNo, setOrderNo] = useState('');
  const [paging, setPaging] = useState({ page: 1, limit: LIMIT });
  const monthText = month?.format('YYYY-MM') ?? '';
  const orders = useQuery({
    queryKey: ['wage', 'orders', monthText, status, orderNo, paging],
    queryFn: () => fetchOrders({ month: monthText, status, orderNo, page: paging.page, limit: paging.limit }),
    placeholderData: keepPreviousData,
  });
  const reset = () => setPaging({ page: 1, limit: paging.limit });
  const withdraw = async (id: number) => {
    try {
      await withdrawOrder(id);
      void message.success('已撤回');
      void queryClient.invalidateQueries({ queryKey: ['wage'] });
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
    }
  };
  const columns: TableColumnsType<WageOrder> = [
    { title: '工资单号', dataIndex: 'orderNo', width: 200 },
    { title: '工资月份', dataIndex: 'month', width: 90 },
    { title: '人数', dataIndex: 'lineCount', width: 70 },
    { title: '合计（元）', dataIndex: 'total', align: 'right', width: 140, render: groupYuan },
    { title: '状态', width: 100, render: (_: unknown, row) => <OrderStatusTag status={row.status} label={row.statusLabel} /> },
    { title: '重新发放自', dataIndex: 'reissueOfNo', width: 200, render: (value: string) => value || '—' },
    { title: '提交时间', dataIndex: 'createdAt', width: 170 },
    {
      title: '操作', width: 140,
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`/special/orderDetail?id=${row.id}`)}>查看</Button>
          {row.status === 'pending' && (
            <Popconfirm title="确定撤回该工资单？" onConfirm={() => withdraw(row.id)} okText="撤回" cancelText="取消">
              <Button type="link" size="small" danger>撤回</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Card title="工资单管理" extra={<Button type="primary" onClick={() => navigate('/project/issue')}>发起工资发放</Button>}>
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker picker="month" value={month} onChange={(value) => { setMonth(value); reset(); }} placeholder="全部月份" />
        <Select style={{ width: 140 }} value={status} onChange={(value) => { setStatus(value); reset(); }} options={[{ value: '', label: '全部状态' }, ...ORDER_STATUSES]} />
        <Input.Search allowClear placeholder="工资单号" onSearch={(value) => { setOrderNo(value.trim()); reset(); }} style={{ width: 220 }} />
      </Space>
      <Table<WageOrder>
        rowKey="id"
        columns={columns}
        dataSource={orders.data?.list ?? []}
        loading={orders.isFetching}
        pagination={{ current: paging.page, pageSize: paging.limit, total: orders.data?.total ?? 0, showTotal: (t) => `共 ${t} 条`, onChange: (page, limit) => setPaging({ page, limit }) }}
      />
    </Card>
  );
}
