/**
 * 专项账户 → 专户流水 (special/water): every movement of the special wage account — labour-cost transfers in,
 * wage payouts out — with the balance after each, date and direction filters, server paging and .xlsx export.
 */
import { useState } from 'react';
import { Button, Card, DatePicker, Radio, Space, Statistic, message, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { MSG_UNKNOWN } from '@/api/client';
import { saveBlob } from '@/api/files';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { groupYuan } from '@/utils/money';
import { Counterparty, directionColumn, SignedAmount } from './columns';
import { EMPTY_FLOW_FILTER, exportFlows, fetchFlows, type FlowFilter, type FlowLine } from './service';

const DEFAULT_LIMIT = 20;

export default function Water() {
  const [exporting, setExporting] = useState(false);
  const flows = usePagedList({
    queryKey: ['special', 'flows'],
    fetchPage: fetchFlows,
    initialFilter: EMPTY_FLOW_FILTER,
    limit: DEFAULT_LIMIT,
  });
  const { filter } = flows;

  const changeFilter = (next: Partial<FlowFilter>) => flows.search({ ...filter, ...next });

  const download = async () => {
    setExporting(true);
    try {
      saveBlob(await exportFlows(filter), '专户流水.xlsx');
    } catch (error) {
      void message.error(error instanceof Error ? error.message : MSG_UNKNOWN);
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<FlowLine> = [
    { title: '交易时间', dataIndex: 'occurredAt', key: 'occurredAt', width: 170 },
    directionColumn,
    {
      title: '金额(元)',
      key: 'amount',
      width: 150,
      align: 'right',
      render: (_, row) => <SignedAmount row={row} color={row.direction === 'in' ? '#389e0d' : '#d4380d'} />,
    },
    { title: '交易后余额(元)', dataIndex: 'balanceAfter', key: 'balanceAfter', width: 150, align: 'right', render: groupYuan },
    {
      title: '对方户名 / 账号',
      key: 'counterparty',
      render: (_, row) => (
        <Counterparty name={row.counterpartyName} detail={[row.counterpartyAccount, row.counterpartyBank].filter(Boolean).join(' · ')} />
      ),
    },
    { title: '摘要', dataIndex: 'summary', key: 'summary', ellipsis: true },
    { title: '来源', dataIndex: 'sourceLabel', key: 'sourceLabel', width: 100 },
  ];

  const data = flows.query.data;
  return (
    <Card data-testid="water-page" title="专户流水" variant="borderless">
      <Space size={48} style={{ marginBottom: 16 }} wrap>
        <Statistic title="当前余额(元)" value={data?.balance ?? '—'} data-testid="water-balance" />
        <Statistic title="筛选范围内收入(元)" value={data?.sumIn ?? '—'} styles={{ content: { color: '#389e0d' } }} />
        <Statistic title="筛选范围内支出(元)" value={data?.sumOut ?? '—'} styles={{ content: { color: '#d4380d' } }} />
      </Space>
      <Space wrap size={16} style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap size={16}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            value={filter.direction}
            onChange={(event) => changeFilter({ direction: event.target.value as FlowFilter['direction'] })}
            options={[
              { value: '', label: '全部' },
              { value: 'in', label: '收入' },
              { value: 'out', label: '支出' },
            ]}
            data-testid="water-direction"
          />
          <DatePicker.RangePicker
            data-testid="water-dates"
            onChange={(range: [Dayjs | null, Dayjs | null] | null) =>
              changeFilter({ start: range?.[0]?.format('YYYY-MM-DD') ?? '', end: range?.[1]?.format('YYYY-MM-DD') ?? '' })
            }
          />
        </Space>
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void download()} data-testid="water-export">
          导出Excel
        </Button>
      </Space>
      <ServerTable<FlowFilter, FlowLine>
        data-testid="water-table"
        list={flows}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1000 }}
        totalText={(total) => `共 ${total} 笔`}
      />
    </Card>
  );
}
