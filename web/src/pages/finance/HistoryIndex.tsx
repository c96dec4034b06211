import { Button, Card, DatePicker, Input, Select, Space, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { ORDER_STATUSES, OrderStatusTag } from '@/components/wageOrder/StatusTag';
import { groupYuan } from '@/utils/money';
import { fetchFinanceHistory, type WageOrder } from './service';

const LIMIT = 20;
const DECIDED = ORDER_STATUSES.filter((status) => ['rejected', 'paying', 'paid', 'partial'].includes(status.value));

interface Filter {
  month: string;
  status: string;
  orderNo: string;
}

/** 审批历史: the project's decided orders. */
export default function HistoryIndex() {
  const navigate = useNavigate();
  const orders = usePagedList({
    queryKey: ['finance', 'history'],
    fetchPage: (filter: Filter, page, limit) => fetchFinanceHistory({ ...filter, page, limit }),
    initialFilter: { month: '', status: '', orderNo: '' },
    limit: LIMIT,
  });
  const { filter } = orders;
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
        <DatePicker picker="month" value={filter.month ? dayjs(`${filter.month}-01`) : null}
          onChange={(value) => orders.search({ ...filter, month: value?.format('YYYY-MM') ?? '' })} placeholder="全部月份" />
        <Select style={{ width: 140 }} value={filter.status} onChange={(status) => orders.search({ ...filter, status })} options={[{ value: '', label: '全部状态' }, ...DECIDED]} />
        <Input.Search allowClear placeholder="工资单号" onSearch={(value) => orders.search({ ...filter, orderNo: value.trim() })} style={{ width: 220 }} />
      </Space>
      <ServerTable<Filter, WageOrder> list={orders} rowKey="id" size="large" columns={columns} />
    </Card>
  );
}
