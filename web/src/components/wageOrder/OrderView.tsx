import type { ReactNode } from 'react';
import { Alert, Card, Descriptions, Space, Tag, type TableColumnsType } from 'antd';
import { BasisBanner, BasisTable, useOrderBasis, type BasisSource } from './OrderBasis';
import { OrderStatusTag, PayoutStatusTag } from './StatusTag';
import type { components } from '@/api/schema';
import RevealNumber from '@/components/RevealNumber';
import ServerTable, { linesPage, usePagedList } from '@/components/ServerTable';
import { groupYuan } from '@/utils/money';

type WageOrderDetail = components['schemas']['WageOrderDetail'];
type WagePayout = components['schemas']['WagePayout'];

const LIMIT = 20;

/** One wage order: the anomaly banner, its header, its sheets, what the page adds below them (`sections`),
 * each line's basis (`basis`) and a page of its lines with their pay results. */
export default function OrderView({
  queryKey,
  load,
  actions,
  sections,
  basis,
}: {
  queryKey: unknown[];
  load: (page: number, limit: number) => Promise<WageOrderDetail>;
  actions?: (detail: WageOrderDetail) => ReactNode;
  sections?: (detail: WageOrderDetail) => ReactNode;
  basis?: BasisSource;
}) {
  const basisState = useOrderBasis(queryKey, basis);
  const payouts = usePagedList({
    queryKey,
    fetchPage: (_filter: null, page, limit) => load(page, limit).then(linesPage),
    initialFilter: null,
    limit: LIMIT,
  });
  const { error } = payouts.query;
  if (error) return <Alert type="error" showIcon title={error.message} />;
  const data = payouts.query.data?.reply;
  const order = data?.order;
  const columns: TableColumnsType<WagePayout> = [
    { title: '姓名', dataIndex: 'name', width: 90 },
    { title: '身份证号', dataIndex: 'idNumber', width: 190, render: (value: string, row) => <RevealNumber value={value} record="payout" id={row.id} /> },
    {
      title: '工资卡号', dataIndex: 'cardNumber', width: 190,
      render: (card: string, row) => (row.status === 'queued' && row.cardProblem
        ? <Space size={4} direction="vertical"><RevealNumber value={card} record="payout" id={row.id} field="card" /><Tag color="warning">{row.cardProblem}</Tag></Space>
        : <RevealNumber value={card} record="payout" id={row.id} field="card" />),
    },
    { title: '实发金额（元）', dataIndex: 'amount', align: 'right', width: 130, render: (value: string) => groupYuan(value) },
    { title: '状态', dataIndex: 'statusLabel', width: 100, render: (_: string, row) => <PayoutStatusTag status={row.status} label={row.statusLabel} /> },
    { title: '银行流水号 / 失败原因', render: (_: unknown, row) => row.failureReason || row.bankRef },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {basis && <BasisBanner state={basisState} />}
      <Card
        title={order ? `工资单 ${order.orderNo}` : '工资单'}
        loading={!data}
        extra={data && actions ? actions(data) : null}
      >
        {order && (
          <Descriptions column={3} size="small" bordered>
            <Descriptions.Item label="项目">{order.projectName}</Descriptions.Item>
            <Descriptions.Item label="工资月份">{order.month}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <OrderStatusTag status={order.status} label={order.statusLabel} />
            </Descriptions.Item>
            <Descriptions.Item label="发放人数">{order.lineCount}</Descriptions.Item>
            <Descriptions.Item label="合计金额（元）">
              <span data-testid="order-total">{groupYuan(order.total)}</span>
            </Descriptions.Item>
            <Descriptions.Item label="已支付 / 失败（元）">
              {groupYuan(order.paid)} / {groupYuan(order.failed)}
            </Descriptions.Item>
            <Descriptions.Item label="提交人">{order.createdBy}</Descriptions.Item>
            <Descriptions.Item label="提交时间">{order.createdAt}</Descriptions.Item>
            <Descriptions.Item label="重新发放自">{order.reissueOfNo || '—'}</Descriptions.Item>
            <Descriptions.Item label="审核人">{order.decidedBy || '—'}</Descriptions.Item>
            <Descriptions.Item label="审核时间">{order.decidedBy ? order.decidedAt : '—'}</Descriptions.Item>
            <Descriptions.Item label="审核意见">{order.decisionRemark || '—'}</Descriptions.Item>
            <Descriptions.Item label="备注" span={3}>{order.remark || '—'}</Descriptions.Item>
            {data.sheets.length > 0 && (
              <Descriptions.Item label="工资表" span={3}>
                {data.sheets.map((sheet) => `${sheet.unitName}${sheet.teamName ? ` · ${sheet.teamName}` : ''}（${sheet.lineCount}人，${groupYuan(sheet.net)}元）`).join('；')}
              </Descriptions.Item>
            )}
          </Descriptions>
        )}
      </Card>
      {data && sections?.(data)}
      {basis && <BasisTable state={basisState} source={basis} />}
      <Card title="发放明细" data-testid="order-payouts">
        {data && data.invalidCards > 0 && (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} data-testid="order-invalid-cards"
            title={`有 ${data.invalidCards} 笔明细的工资卡无效，审核通过后这些明细将支付失败，转入项目的工资发放异常处理`} />
        )}
        <ServerTable list={payouts} rowKey="id" columns={columns} />
      </Card>
    </Space>
  );
}
