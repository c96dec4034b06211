import { Card, DatePicker, Input, Select, Space, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import RevealNumber from '@/components/RevealNumber';
import { PAYOUT_STATUSES, PayoutStatusTag } from '@/components/wageOrder/StatusTag';
import { groupYuan } from '@/utils/money';
import { fetchPayLines, type WagePayout } from './service';

const LIMIT = 20;

interface Filter {
  month: string;
  status: string;
  name: string;
}

/** 工资支付: every worker's line of every wage order with its pay status. */
export default function SalaryPay() {
  const lines = usePagedList({
    queryKey: ['wage', 'payLines'],
    fetchPage: (filter: Filter, page, limit) => fetchPayLines({ ...filter, page, limit }),
    initialFilter: { month: '', status: '', name: '' },
    limit: LIMIT,
  });
  const { filter } = lines;
  const columns: TableColumnsType<WagePayout> = [
    { title: '工资月份', dataIndex: 'month', width: 90 },
    { title: '工资单号', dataIndex: 'orderNo', width: 200 },
    { title: '姓名', dataIndex: 'name', width: 90 },
    { title: '身份证号', dataIndex: 'idNumber', width: 190, render: (value: string, row) => <RevealNumber value={value} record="payout" id={row.id} /> },
    { title: '工资卡号', dataIndex: 'cardNumber', width: 200, render: (card: string, row) => <RevealNumber value={card} record="payout" id={row.id} field="card" /> },
    { title: '金额（元）', dataIndex: 'amount', align: 'right', width: 120, render: groupYuan },
    { title: '状态', width: 100, render: (_: unknown, row) => <PayoutStatusTag status={row.status} label={row.statusLabel} /> },
    { title: '银行流水号 / 失败原因', render: (_: unknown, row) => row.failureReason || row.bankRef || '—' },
    { title: '到账时间', dataIndex: 'settledAt', width: 170, render: (value: string, row) => (row.status === 'paid' ? value : '—') },
  ];
  return (
    <Card title="工资支付">
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker picker="month" value={filter.month ? dayjs(`${filter.month}-01`) : null}
          onChange={(value) => lines.search({ ...filter, month: value?.format('YYYY-MM') ?? '' })} placeholder="全部月份" />
        <Select style={{ width: 140 }} value={filter.status} onChange={(status) => lines.search({ ...filter, status })} options={[{ value: '', label: '全部状态' }, ...PAYOUT_STATUSES]} />
        <Input.Search allowClear placeholder="姓名" onSearch={(value) => lines.search({ ...filter, name: value.trim() })} style={{ width: 200 }} />
      </Space>
      <ServerTable<Filter, WagePayout> list={lines} rowKey="id" size="large" columns={columns} />
    </Card>
  );
}
