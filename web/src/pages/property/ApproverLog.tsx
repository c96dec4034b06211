/**
 * 配置记录: who created, renamed, disabled, enabled or reset each approver, the approver's own ID number and
 * phone, and the bureau's corrections — when and from which address. The clerk and the regulator with the
 * project in view read the same list (issue 28: an approver set up by the clerk who prepares the wages is seen).
 */
import { Card, type TableColumnsType } from 'antd';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { fetchApproverLog, type ApproverLogLine } from './service';

const columns: TableColumnsType<ApproverLogLine> = [
  { title: '时间', dataIndex: 'time', key: 'time', width: 170 },
  { title: '审批人', dataIndex: 'approver', key: 'approver', width: 170 },
  { title: '操作', dataIndex: 'action', key: 'action', width: 160 },
  { title: '内容', dataIndex: 'detail', key: 'detail' },
  { title: '操作账号', dataIndex: 'actor', key: 'actor', width: 120 },
  { title: '来源地址', dataIndex: 'ip', key: 'ip', width: 140 },
];

export default function ApproverLog() {
  const list = usePagedList({ queryKey: ['property', 'log'], fetchPage: fetchApproverLog, initialFilter: '' });
  return (
    <Card type="inner" title="配置记录" style={{ marginTop: 16 }} data-testid="approver-log">
      <ServerTable<string, ApproverLogLine> list={list} rowKey="id" columns={columns} scroll={{ x: 1000 }} totalText={(total) => `共 ${total} 条`} />
    </Card>
  );
}
