import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Input, Select, Space, Table, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { groupYuan } from '@/pages/wage/money';
import { OrderStatusTag } from '@/pages/wage/StatusTag';
import { fetchFinanceHistory, ORDER_STATUSES, type WageOrder } from '@/pages/wage/service';

const LIMIT = 20;
const DECIDED = ORDER_STATUSES.filter((status) => ['rejected', 'paying', 'paid', 'partial'].includes(status.value));

/** 审批历史: the project's decided orders. */
export default function HistoryIndex() {
  const navigate = useNavigate();
  const [month, setMonth] = useState<Dayjs | null>(null);
  const [status, setStatus] = useState('');
  const [orderNo, setOrderNo] = useState('');
  const [paging, setPaging] = useState({ page: 1, limit: LIMIT });
  const monthText = month?.format('YYYY-MM') ?? '';
  const orders = useQuery({
    queryKey: ['finance', 'history', monthText, status, orderNo, paging],
    queryFn: () => fetchFinanceHistory({ month: monthText, status, orderNo, page: paging.page, limit: paging.limit }),
    placeholderData: keepPreviousData,
  });
  const reset = () => setPaging({ page: 1, limit: paging.limit });
  const columns: TableColumnsType<WageOrder> = [
    { title: '工资单号', dataIndex: 'orderNo', width: 200 },
    { title: '工资月份', dataIndex: 'month', width: 90 },
    { title: '合计（元）', dataIndex: 'total', align: 'right', width: 140, render: groupYuan },
    { title: '状态', width: 100, render: (_: unknown, row) => <OrderStatusTag status={row.status} label={row.statusLabel} /> },
    { title: '审核人', dataIndex: 'decidedBy', width: 100 },
    { title: '审核时间', dataIndex: 'decidedAt', width: 170 },
    { title: '审核意见', dataIndex: 'decisionRemark', ellipsis: true },
    { title: '操作', width: 80, render: (_: unknown, row) => <Button type="link" size="small" onClick={() => navigate(`/history/detail?id=${row.id}`)}>查看</Button> },
  ];
  return (
    <Card title="审批历史">
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker picker="month" value={month} onChange={(value) => { setMonth(value); reset(); }} placeholder="全部月份" />
        <Select style={{ width: 140 }} value={status} onChange={(value) => { setStatus(value); reset(); }} options={[{ value: '', label: '全部状态' }, ...DECIDED]} />
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
