import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Table, type TableColumnsType } from 'antd';
import { fetchFinanceRecords, type FinanceRecord } from '@/pages/wage/service';

const LIMIT = 20;

/** 操作记录: what this approver did (verifications, decisions, payouts), newest first. */
export default function RecordIndex() {
  const [paging, setPaging] = useState({ page: 1, limit: LIMIT });
  const records = useQuery({
    queryKey: ['finance', 'records', paging],
    queryFn: () => fetchFinanceRecords(paging.page, paging.limit),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<FinanceRecord> = [
    { title: '时间', dataIndex: 'createdAt', width: 170 },
    { title: '操作', dataIndex: 'action', width: 160 },
    { title: '内容', dataIndex: 'detail' },
    { title: 'IP', dataIndex: 'ip', width: 140 },
  ];
  return (
    <Card title="操作记录">
      <Table<FinanceRecord>
        rowKey="id"
        columns={columns}
        dataSource={records.data?.list ?? []}
        loading={records.isFetching}
        pagination={{ current: paging.page, pageSize: paging.limit, total: records.data?.total ?? 0, showTotal: (t) => `共 ${t} 条`, onChange: (page, limit) => setPaging({ page, limit }) }}
      />
    </Card>
  );
}
