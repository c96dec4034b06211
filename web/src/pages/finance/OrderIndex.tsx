import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Input, Row, Space, Statistic, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { groupYuan } from '@/utils/money';
import { fetchFinanceSummary } from '@/pages/workbench/service';
import { fetchFinanceIndex, fetchFinanceOrders, type WageOrder } from './service';

const LIMIT = 20;

/** 审批工单, the approver's home: its workbench figures, the dashboard counts and the orders waiting for it. */
export default function OrderIndex() {
  const navigate = useNavigate();
  const counts = useQuery({ queryKey: ['finance', 'index'], queryFn: fetchFinanceIndex });
  const summary = useQuery({ queryKey: ['workbench', 'finance'], queryFn: fetchFinanceSummary });
  const orders = usePagedList({
    queryKey: ['finance', 'orders'],
    // The first page is asked early on a hard load (router/firstCalls.ts): the same fields in the same order.
    fetchPage: (filter: { month: string; orderNo: string }, page, limit) => fetchFinanceOrders({ ...filter, page, limit }),
    initialFilter: { month: '', orderNo: '' },
    limit: LIMIT,
  });
  const columns: TableColumnsType<WageOrder> = [
    { title: '工资单号', dataIndex: 'orderNo', width: 200 },
    { title: '项目', dataIndex: 'projectName', ellipsis: true },
    { title: '工资月份', dataIndex: 'month', width: 90 },
    { title: '人数', dataIndex: 'lineCount', width: 70 },
    { title: '合计（元）', dataIndex: 'total', align: 'right', width: 140, render: groupYuan },
    { title: '类型', width: 90, render: (_: unknown, row) => (row.reissueOf ? '重新发放' : '工资发放') },
    { title: '提交时间', dataIndex: 'createdAt', width: 170 },
    { title: '操作', width: 90, render: (_: unknown, row) => <Button type="link" size="small" onClick={() => navigate(`/order/detail?id=${row.id}`)}>审核</Button> },
  ];
  const { filter } = orders;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Row gutter={16}>
        <Col span={6}><Card><Statistic title="待审核工资单" value={counts.data?.pending ?? 0} /></Card></Col>
        <Col span={6}><Card><Statistic title="待审核金额（元）" value={groupYuan(counts.data?.pendingTotal ?? '0.00')} /></Card></Col>
        <Col span={6}>
          <Card hoverable onClick={() => navigate('/history/index')} data-testid="workbench-approved">
            <Statistic
              title="本月已审批（单 / 元）"
              value={summary.data ? `${summary.data.approvedThisMonth} / ${groupYuan(summary.data.approvedTotal)}` : '—'}
            />
          </Card>
        </Col>
        <Col span={6}><Card><Statistic title="专户余额（元）" value={counts.data ? (counts.data.balance ? groupYuan(counts.data.balance) : '未开立') : '—'} /></Card></Col>
      </Row>
      <Card title="待审核工资单">
        <Space wrap style={{ marginBottom: 16 }}>
          <DatePicker picker="month" value={filter.month ? dayjs(`${filter.month}-01`) : null}
            onChange={(value) => orders.search({ ...filter, month: value?.format('YYYY-MM') ?? '' })} placeholder="全部月份" />
          <Input.Search allowClear placeholder="工资单号" onSearch={(value) => orders.search({ ...filter, orderNo: value.trim() })} style={{ width: 220 }} />
        </Space>
        <ServerTable<{ month: string; orderNo: string }, WageOrder>
          list={orders}
          rowKey="id"
          size="large"
          columns={columns}
          locale={{ emptyText: '暂无待审核工资单' }}
        />
      </Card>
    </Space>
  );
}
