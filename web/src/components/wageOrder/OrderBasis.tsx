import { useState } from 'react';
import { Alert, Card, Space, Switch, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import AttendanceDrawer from './AttendanceMonth';
import type { components } from '@/api/schema';
import ServerTable, { linesPage, usePagedList } from '@/components/ServerTable';
import { groupYuan } from '@/utils/money';
import { PayoutStatusTag } from './StatusTag';
import { PaidDatesCell, PaidDatesDetail, toggled } from './PaidDates';
import { WorkerConfirmation } from './WorkerConfirmation';

type Schemas = components['schemas'];
type AttendanceWorkerMonth = Schemas['AttendanceWorkerMonth'];
type WageOrderBasis = Schemas['WageOrderBasis'];
type WageLineBasis = WageOrderBasis['lines']['list'][number];

const LIMIT = 20;

/** Where an order's basis comes from: the clerk's or the approver's call; `attendance` opens a line's month. */
export interface BasisSource {
  load: (page: number, limit: number, anomalous: boolean) => Promise<WageOrderBasis>;
  attendance?: (workerId: number) => Promise<AttendanceWorkerMonth>;
}

/** The basis list, its filter the 只看异常 switch, shared by the banner and the table. */
export function useOrderBasis(queryKey: unknown[], source: BasisSource | undefined) {
  return usePagedList({
    queryKey: [...queryKey, 'basis'],
    fetchPage: (anomalous: boolean, page, limit) =>
      source ? source.load(page, limit, anomalous).then(linesPage) : Promise.reject(new Error('no basis')),
    initialFilter: false,
    limit: LIMIT,
    enabled: source !== undefined,
  });
}

export type OrderBasisState = ReturnType<typeof useOrderBasis>;

/** 「N 条明细存在异常」 above everything else, so nobody approves without seeing it. */
export function BasisBanner({ state }: { state: OrderBasisState }) {
  const data = state.query.data?.reply;
  if (!data) return null;
  return data.anomalyLines > 0 ? (
    <Alert type="error" showIcon data-testid="basis-banner"
      title={`${data.anomalyLines} 条明细存在异常`}
      description={`工资单共 ${data.lineCount} 人，合计 ${groupYuan(data.total)} 元；异常明细排在发放依据最前，红色标签悬停可见详情。`} />
  ) : (
    <Alert type="success" showIcon data-testid="basis-banner" title={`工资核查未发现异常：共 ${data.lineCount} 人，合计 ${groupYuan(data.total)} 元`} />
  );
}

const wageText = (line: WageLineBasis) => `${line.wageKindLabel} ${groupYuan(line.wage)} 元/${line.wageKind === 'month' ? '月' : '日'}`;

/** Each line's anomalies (next to the name, where the eye starts), days, rate, prefill, payable, deduction and
 * reason, net, card, and the dates it pays (each day at its standard, and the sheets that paid the worker's other
 * days, opened under the row). */
export function BasisTable({ state, source }: { state: OrderBasisState; source: BasisSource }) {
  const [opened, setOpened] = useState<WageLineBasis | null>(null);
  const [expanded, setExpanded] = useState<number[]>([]);
  const data = state.query.data?.reply;
  const columns: TableColumnsType<WageLineBasis> = [
    { title: '姓名', dataIndex: 'name', width: 90, fixed: 'left' },
    {
      title: '异常', width: 200,
      render: (_: unknown, line) =>
        line.anomalies.length === 0 ? '—' : (
          <Space size={4} wrap>
            {line.anomalies.map((anomaly) => (
              <Tooltip key={anomaly.kind} title={anomaly.detail}>
                <Tag color="red" data-testid="basis-anomaly">{anomaly.label}</Tag>
              </Tooltip>
            ))}
          </Space>
        ),
    },
    { title: '工人确认', width: 180, render: (_: unknown, line) => <WorkerConfirmation confirmation={line.workerConfirmation} /> },
    { title: '出勤天数', dataIndex: 'days', width: 80, align: 'right' },
    { title: '法定节假日', dataIndex: 'holidayDays', width: 90, align: 'right' },
    { title: '加班天数', dataIndex: 'overtimeDays', width: 80, align: 'right' },
    { title: '工资标准', width: 140, render: (_: unknown, line) => wageText(line) },
    {
      title: '考勤应发（元）', dataIndex: 'prefill', width: 120, align: 'right',
      render: (value: string, line) => <Tooltip title={line.basis || undefined}><span data-testid="basis-prefill">{groupYuan(value)}</span></Tooltip>,
    },
    {
      title: '应发（元）', dataIndex: 'payable', width: 120, align: 'right',
      render: (value: string, line) => <span style={value !== line.prefill ? { color: '#cf1322', fontWeight: 600 } : undefined}>{groupYuan(value)}</span>,
    },
    { title: '扣款（元）', dataIndex: 'deduction', width: 100, align: 'right', render: (value: string) => groupYuan(value) },
    {
      title: '扣回（元）', dataIndex: 'adjustment', width: 100, align: 'right',
      render: (value: string, line) => line.adjustments.length === 0 ? groupYuan(value) : (
        <Tooltip title={line.adjustments.map((item) => `${item.day} 已计发后改为缺勤，扣回 ${item.amount} 元：${item.reason}`).join('；')}>
          <Typography.Text type="warning" data-testid="basis-adjustment">{groupYuan(value)}</Typography.Text>
        </Tooltip>
      ),
    },
    { title: '调整 / 扣款原因', dataIndex: 'reason', width: 160, render: (value: string) => value || '—' },
    { title: '实发（元）', dataIndex: 'net', width: 120, align: 'right', render: (value: string) => <b>{groupYuan(value)}</b> },
    {
      title: '工资卡', width: 200,
      render: (_: unknown, line) => (
        <Space size={2} direction="vertical">
          <span>{line.cardNumber || '—'}</span>
          <span style={{ color: '#8c8c8c' }}>{line.cardBankName}</span>
          {line.cardProblem && <Tag color="warning">{line.cardProblem}</Tag>}
        </Space>
      ),
    },
    { title: '单位 / 班组', width: 160, render: (_: unknown, line) => `${line.unitName}${line.teamName ? ` · ${line.teamName}` : ''}` },
    { title: '发放状态', width: 100, render: (_: unknown, line) => <PayoutStatusTag status={line.status} label={line.statusLabel} /> },
    {
      title: '计发日期', width: 240,
      render: (_: unknown, line) => (
        <PaidDatesCell paid={line.paid} open={expanded.includes(line.payoutId)}
          onToggle={() => setExpanded((keys) => toggled(keys, line.payoutId))} testId={`basis-paid-${line.payoutId}`} />
      ),
    },
  ];
  return (
    <Card
      title="发放依据"
      data-testid="order-basis"
      extra={
        <Space>
          <span>只看异常</span>
          <Switch size="small" checked={state.filter} aria-label="只看异常" onChange={(checked) => state.search(checked)} />
        </Space>
      }
    >
      {data && <ConfirmationCounts basis={data} />}
      <ServerTable
        list={state}
        rowKey="payoutId"
        scroll={{ x: 2020 }}
        expandable={{
          showExpandColumn: false,
          expandedRowKeys: expanded,
          expandedRowRender: (line) => <PaidDatesDetail paid={line.paid} testId={`basis-paid-detail-${line.payoutId}`} />,
        }}
        columns={columns}
        onRow={(line) => (source.attendance ? { onClick: () => setOpened(line), style: { cursor: 'pointer' }, title: '查看该工人本月考勤' } : {})}
      />
      {source.attendance && (
        <AttendanceDrawer
          open={opened !== null}
          title={opened ? `${opened.name} 考勤` : ''}
          queryKey={['order-basis', 'attendance', data?.orderId ?? 0, opened?.workerId ?? 0]}
          load={() => (source.attendance && opened ? source.attendance(opened.workerId) : Promise.reject(new Error('no line')))}
          onClose={() => setOpened(null)}
        />
      )}
    </Card>
  );
}

/** The workers' answers to the order's lines (issue 31): how many have not confirmed, how many disputed. */
function ConfirmationCounts({ basis }: { basis: WageOrderBasis }) {
  const settled = basis.unconfirmed === 0 && basis.disputed === 0;
  return (
    <Alert
      type={basis.unanswered > 0 ? 'error' : basis.disputed > 0 ? 'warning' : settled ? 'success' : 'info'}
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="basis-confirmations"
      title={
        settled
          ? `工人确认：${basis.lineCount} 人全部确认，无异议`
          : `工人确认：未确认 ${basis.unconfirmed} 人 · 有异议 ${basis.disputed} 人${basis.disputed > 0 ? `（未答复 ${basis.unanswered} 人）` : ''} · 共 ${basis.lineCount} 人`
      }
    />
  );
}
