import { Card, type TableColumnsType } from 'antd';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { fetchFinanceRecords, type FinanceRecord } from './service';

const LIMIT = 20;

/** 操作记录: what this approver did (verifications, decisions, payouts), newest first. */
export default function RecordIndex() {
  const records = usePagedList({
    queryKey: ['finance', 'records'],
    fetchPage: (_filter: null, page, limit) => fetchFinanceRecords(page, limit),
    initialFilter: null,
    limit: LIMIT,
  });
  const columns: TableColumnsType<FinanceRecord> = [
    { title: '时间', dataIndex: 'createdAt', width: 170 },
    { title: '操作', dataIndex: 'action', width: 160 },
    { title: '内容', dataIndex: 'detail' },
    { title: 'IP', dataIndex: 'ip', width: 140 },
  ];
  return (
    <Card title="操作记录">
      <ServerTable<null, FinanceRecord> list={records} rowKey="id" size="large" columns={columns} />
    </Card>
  );
}
