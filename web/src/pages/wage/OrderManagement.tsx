import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Input, Popconfirm, Select, Space, type TableColumnsType, message } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { useCanWrite } from '@/store/session';
import { useSpansProjects } from '@/store/useProjectId';
import { ApiError } from '@/api/client';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { ORDER_STATUSES, OrderStatusTag } from '@/components/wageOrder/StatusTag';
import { groupYuan } from '@/utils/money';
import { fetchOrders, withdrawOrder, type WageOrder } from './service';

const LIMIT = 20;

interface Filter {
  month: string;
  status: string;
  orderNo: string;
}

/** 工资单管理: every wage order of the project with its status; a 待审核 order may be withdrawn. */
export default function OrderManagement() {
  const canWrite = useCanWrite();
  // The regulator without a project in view reads every project's orders: each row names its project.
  const spansProjects = useSpansProjects();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const orders = usePagedList({
    queryKey: ['wage', 'orders'],
    fetchPage: (filter: Filter, page, limit) => fetchOrders({ ...filter, page, limit }),
    initialFilter: { month: '', status: '', orderNo: '' },
    limit: LIMIT,
  });
  const { filter } = orders;
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
    ...(spansProjects ? [{ title: '项目', dataIndex: 'projectName', width: 200, ellipsis: true }] : []),
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
          {canWrite && row.status === 'pending' && (
            <Popconfirm title="确定撤回该工资单？" onConfirm={() => withdraw(row.id)} okText="撤回" cancelText="取消">
              <Button type="link" size="small" danger>撤回</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Card
      title={spansProjects ? '工资单管理（全部项目）' : '工资单管理'}
      extra={canWrite && <Button type="primary" onClick={() => navigate('/project/issue')}>发起工资发放</Button>}
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker picker="month" value={filter.month ? dayjs(`${filter.month}-01`) : null}
          onChange={(value) => orders.search({ ...filter, month: value?.format('YYYY-MM') ?? '' })} placeholder="全部月份" />
        <Select style={{ width: 140 }} value={filter.status} onChange={(status) => orders.search({ ...filter, status })} options={[{ value: '', label: '全部状态' }, ...ORDER_STATUSES]} />
        <Input.Search allowClear placeholder="工资单号" onSearch={(value) => orders.search({ ...filter, orderNo: value.trim() })} style={{ width: 220 }} />
      </Space>
      <ServerTable<Filter, WageOrder> list={orders} rowKey="id" size="large" columns={columns} />
    </Card>
  );
}
