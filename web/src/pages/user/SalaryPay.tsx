import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Input, Select, Space, Table, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { groupYuan } from '@/pages/wage/money';
import { PayoutStatusTag } from '@/pages/wage/StatusTag';
import { fetchPayLines, PAYOUT_STATUSES, type WagePayout } from '@/pages/wage/service';
import RevealNumber from '@/components/RevealNumber';

const LIMIT = 20;

/** 工资支付: every worker's line of every wage order with its pay status. */
export default function SalaryPay() {
  const [month, setMonth] = useState<Dayjs | null>(null);
  const [status, setStatus] = useState('');
  const [name, setName] = useState('');
  const [paging, setPaging] = useState({ page: 1, limit: LIMIT });
  const monthText = month?.format('YYYY-MM') ?? '';
  const lines = useQuery({
    queryKey: ['wage', 'payLines', monthText, status, name, paging],
    queryFn: () => fetchPayLines({ month: monthText, status, name, page: paging.page, limit: paging.limit }),
    placeholderData: keepPreviousData,
  });
  const reset = () => setPaging({ page: 1, limit: paging.limit });
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
        <DatePicker picker="month" value={month} onChange={(value) => { setMonth(value); reset(); }} placeholder="全部月份" />
        <Select style={{ width: 140 }} value={status} onChange={(value) => { setStatus(value); reset(); }} options={[{ value: '', label: '全部状态' }, ...PAYOUT_STATUSES]} />
        <Input.Search allowClear placeholder="姓名" onSearch={(value) => { setName(value.trim()); reset(); }} style={{ width: 200 }} />
      </Space>
      <Table<WagePayout>
        rowKey="id"
        columns={columns}
        dataSource={lines.data?.list ?? []}
        loading={lines.isFetching}
        pagination={{ current: paging.page, pageSize: paging.limit, total: lines.data?.total ?? 0, showTotal: (t) => `共 ${t} 条`, onChange: (page, limit) => setPaging({ page, limit }) }}
      />
    </Card>
  );
}
