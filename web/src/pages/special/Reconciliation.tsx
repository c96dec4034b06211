/**
 * 专项账户 → 专户对账 (special/reconciliation): the bank's statement of the special account against its flows
 * here — the state (一致 / 不一致 / 未上传对账单), the statement's period and counts, the bank's and our balance;
 * the lines only at the bank (a debit not paid by this system in red), only here, or matched, paged on the
 * server; each statement day's closing balance, the bank's and ours, a difference highlighted. The clerk
 * uploads the bank's statement; the regulator reads the project in view.
 */
import { Alert, Card, DatePicker, Radio, Space, Statistic, Tag, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import ServerTable, { linesPage, usePagedList } from '@/components/ServerTable';
import { useCanWrite } from '@/store/session';
import { groupYuan } from '@/utils/money';
import { reconciliationState } from './labels';
import { Counterparty, directionColumn, SignedAmount } from './columns';
import StatementUpload from './StatementUpload';
import { EMPTY_RECON_FILTER, fetchReconciliation, type ReconDay, type ReconFilter, type ReconLine } from './service';

const DEFAULT_LIMIT = 20;
const RED = '#cf1322';

/** The days of the statement to reconcile ('' = all of them). */
type DayRange = Pick<ReconFilter, 'start' | 'end'>;

/** A line with a key of its own: the reply's lines have no id (one may be a bank line, a flow, or both). */
type KeyedLine = ReconLine & { key: string };

const VIEWS: { value: string; label: string; count: 'onlyBank' | 'onlyHere' | 'matched'; empty: string }[] = [
  { value: 'onlyBank', label: '仅银行有', count: 'onlyBank', empty: '银行对账单的交易都已在本系统找到' },
  { value: 'onlyHere', label: '仅本系统有', count: 'onlyHere', empty: '本系统的交易都已在银行对账单找到' },
  { value: 'matched', label: '已匹配', count: 'matched', empty: '没有已匹配的交易' },
];

const lineColumns = (view: string): TableColumnsType<KeyedLine> => [
  { title: '交易日期', dataIndex: 'date', key: 'date', width: 110 },
  directionColumn,
  {
    title: '金额(元)',
    key: 'amount',
    width: 150,
    align: 'right',
    render: (_, row) => <SignedAmount row={row} color={row.foreignDebit ? RED : undefined} bold={row.foreignDebit} />,
  },
  {
    title: '对方户名 / 账号',
    key: 'counterparty',
    render: (_, row) => <Counterparty name={row.counterpartyName} detail={row.counterpartyAccount} />,
  },
  { title: '银行流水号', dataIndex: 'bankRef', key: 'bankRef', width: 190, render: (value: string) => value || '—' },
  {
    title: '摘要',
    key: 'summary',
    ellipsis: true,
    render: (_, row) => (
      <Space size={4} wrap>
        {row.foreignDebit && <Tag color="red" data-testid="recon-foreign-debit">不是本系统发放的支出</Tag>}
        <span>{row.summary}</span>
      </Space>
    ),
  },
  ...(view === 'matched' ? [] : [{ title: '未达天数', key: 'ageDays', width: 90, render: (_: unknown, row: KeyedLine) => `${row.ageDays} 天` }]),
];

const dayColumns: TableColumnsType<ReconDay> = [
  { title: '日期', dataIndex: 'date', key: 'date', width: 120 },
  { title: '日终余额：银行(元)', dataIndex: 'bankBalance', key: 'bankBalance', align: 'right', render: groupYuan },
  { title: '本系统(元)', dataIndex: 'ourBalance', key: 'ourBalance', align: 'right', render: groupYuan },
  {
    title: '差额(元)',
    key: 'difference',
    align: 'right',
    render: (_, row) => <span style={{ color: row.differs ? RED : undefined }}>{groupYuan(row.difference)}</span>,
  },
  { title: '核对', key: 'differs', width: 90, render: (_, row) => (row.differs ? <Tag color="error">不一致</Tag> : <Tag color="success">一致</Tag>) },
];

export default function Reconciliation() {
  const canWrite = useCanWrite();
  const lines = usePagedList({
    queryKey: ['special', 'reconciliation', 'lines'],
    fetchPage: async (filter: ReconFilter, page, limit) => {
      const found = linesPage(await fetchReconciliation(filter, page, limit));
      return { ...found, list: found.list.map((line, index): KeyedLine => ({ ...line, key: `${page}-${index}` })) };
    },
    initialFilter: EMPTY_RECON_FILTER,
    limit: DEFAULT_LIMIT,
  });
  const days = usePagedList({
    queryKey: ['special', 'reconciliation', 'days'],
    fetchPage: (range: DayRange, page, limit) => fetchReconciliation({ ...EMPTY_RECON_FILTER, ...range }, 1, limit, page).then((reply) => reply.days),
    initialFilter: { start: '', end: '' },
    limit: DEFAULT_LIMIT,
  });
  const { filter } = lines;
  const data = lines.query.data?.reply;
  const state = reconciliationState(data?.state ?? 'none');
  const view = VIEWS.find((option) => option.value === filter.view) ?? VIEWS[0];

  const changeRange = (range: DayRange) => {
    lines.search({ ...filter, ...range });
    days.search(range);
  };

  return (
    <div className="stack" data-testid="reconciliation-page">
      <Card title="专户对账" variant="borderless" extra={canWrite && <StatementUpload />}>
        <Space size={16} wrap style={{ marginBottom: 16 }}>
          <span>
            对账状态：
            {data ? (
              <Tag color={state.color} data-testid="recon-state">
                {data.stateLabel || state.label}
              </Tag>
            ) : (
              '—'
            )}
          </span>
          <span data-testid="recon-period">对账期间：{data?.firstDay ? `${data.firstDay} 至 ${data.lastDay}` : '—'}</span>
          {data && data.statementLines > 0 && (
            <span data-testid="recon-source">
              对账单 {data.statementLines} 笔：银行推送 {data.pushedLines} 笔，项目上传 {data.statementLines - data.pushedLines} 笔
            </span>
          )}
          <DatePicker.RangePicker
            data-testid="recon-dates"
            onChange={(range: [Dayjs | null, Dayjs | null] | null) =>
              changeRange({ start: range?.[0]?.format('YYYY-MM-DD') ?? '', end: range?.[1]?.format('YYYY-MM-DD') ?? '' })
            }
          />
        </Space>
        {data?.state === 'none' && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title="尚未上传银行对账单：请从网上银行导出专户的账户明细后上传，系统将逐笔核对交易和每日日终余额。" />
        )}
        {data && data.foreignDebits > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="recon-foreign-debits"
            title={`有 ${data.foreignDebits} 笔支出不是本系统发放的：资金在本系统之外离开了专户，请立即向开户银行核实。`}
          />
        )}
        <Space size={48} wrap>
          <Statistic title="银行余额(元)" value={data?.statementLines ? groupYuan(data.bankBalance) : '—'} data-testid="recon-bank-balance" />
          <Statistic title="本系统余额(元)" value={data?.statementLines ? groupYuan(data.ourBalance) : '—'} data-testid="recon-our-balance" />
          <Statistic title="已匹配" value={data?.matched ?? '—'} />
          <Statistic title="仅银行有" value={data?.onlyBank ?? '—'} styles={{ content: { color: data?.onlyBank ? RED : undefined } }} />
          <Statistic title="仅本系统有" value={data?.onlyHere ?? '—'} styles={{ content: { color: data?.onlyHere ? RED : undefined } }} />
          <Statistic title="日终余额不一致天数" value={data?.differingDays ?? '—'} styles={{ content: { color: data?.differingDays ? RED : undefined } }} />
        </Space>
      </Card>
      <Card title="交易核对" variant="borderless">
        <Radio.Group
          style={{ marginBottom: 16 }}
          optionType="button"
          buttonStyle="solid"
          value={view.value}
          onChange={(event) => lines.search({ ...filter, view: event.target.value as string })}
          options={VIEWS.map((option) => ({ value: option.value, label: `${option.label}${data ? `（${data[option.count]}）` : ''}` }))}
          data-testid="recon-view"
        />
        <ServerTable
          data-testid="recon-lines"
          list={lines}
          rowKey="key"
          columns={lineColumns(view.value)}
          scroll={{ x: 1100 }}
          locale={{ emptyText: data?.state === 'none' ? '尚未上传银行对账单' : view.empty }}
          totalText={(total) => `共 ${total} 笔`}
        />
      </Card>
      <Card title="日终余额核对" variant="borderless">
        <ServerTable
          data-testid="recon-days"
          list={days}
          rowKey="date"
          columns={dayColumns}
          rowClassName={(row) => (row.differs ? 'recon-differs' : '')}
          locale={{ emptyText: '尚未上传银行对账单' }}
          totalText={(total) => `共 ${total} 天`}
        />
      </Card>
    </div>
  );
}
