import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { useCanWrite } from '@/store/session';
import RevealNumber from '@/components/RevealNumber';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { groupYuan } from '@/utils/money';
import CardDialog, { type CardTarget } from './CardDialog';
import { fetchCheck, fetchOptions, type WageAnomaly } from './service';

const LIMIT = 20;
/** Anomalies about days: the worker's month in 考勤表 shows them (days outside the employment greyed). */
const ATTENDANCE_KINDS = new Set(['unlisted', 'no_attendance', 'outside_employment', 'below_minimum']);
/** Anomalies fixed on a wage sheet (修改 / 移出 a line; a confirmed sheet is unconfirmed first) or by building one. */
const LINE_KINDS = new Set(['unlisted', 'no_attendance', 'outside_employment', 'below_minimum', 'over_limit', 'over_year_limit', 'below_rate']);
/** What 工资核算 does about a kind, when not 修改工资表: the days paid below the standard in force get a 补充工资表. */
const ACCOUNTING_ACTIONS: Record<string, string> = { unlisted: '编制工资表', below_rate: '编制补充工资表' };

interface Filter {
  month: string;
  kind: string;
}

/** 工资核查: every anomaly of a month before money moves, filtered by kind; wage cards corrected here. */
export default function SalaryCheck() {
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const options = useQuery({ queryKey: ['wage', 'options'], queryFn: fetchOptions });
  const defaultMonth = options.data?.defaultMonth ?? '';
  const [card, setCard] = useState<CardTarget | null>(null);
  // `month` '' is the month the server proposes; the list waits for it.
  const check = usePagedList({
    queryKey: ['wage', 'check', defaultMonth],
    fetchPage: ({ month, kind }: Filter, page, limit) => fetchCheck({ month: month || defaultMonth, kind, page, limit }),
    initialFilter: { month: '', kind: '' },
    limit: LIMIT,
    enabled: defaultMonth !== '',
  });
  const { filter } = check;
  const month = filter.month || defaultMonth;
  const columns: TableColumnsType<WageAnomaly> = [
    { title: '异常类型', dataIndex: 'kindLabel', width: 170, render: (label: string) => <Tag color="warning">{label}</Tag> },
    { title: '姓名', dataIndex: 'name', width: 90 },
    { title: '身份证号', dataIndex: 'idNumber', width: 190, render: (value: string, row) => <RevealNumber value={value} record="worker" id={row.workerId} /> },
    { title: '工资表', width: 200, render: (_: unknown, row) => (row.unitName ? `${row.unitName}${row.teamName ? ` · ${row.teamName}` : ''}` : '—') },
    {
      title: '出勤天数', dataIndex: 'days', width: 130,
      render: (days: number, row) => (row.excessDays > 0 ? <span style={{ whiteSpace: 'nowrap' }}>{days}<Typography.Text type="danger">（多计{row.excessDays}）</Typography.Text></span> : days),
    },
    { title: '实发（元）', dataIndex: 'net', align: 'right', width: 120, render: (net: string, row) => (row.lineId === 0 ? '—' : groupYuan(net)) },
    { title: '说明', dataIndex: 'detail' },
    {
      title: '操作', width: 150,
      render: (_: unknown, row) => (
        <Space size={0} wrap>
          {canWrite && row.kind === 'card' && (
            <Button type="link" size="small" onClick={() => setCard({ workerId: row.workerId, name: row.name, card: '', bank: '' })}>修改工资卡</Button>
          )}
          {ATTENDANCE_KINDS.has(row.kind) && (
            <Button type="link" size="small" data-testid={`check-sheet-${row.kind}-${row.workerId}`}
              onClick={() => navigate(`/project/sheets?${new URLSearchParams({ month: row.month, keyword: row.idNumber }).toString()}`)}>考勤表</Button>
          )}
          {canWrite && LINE_KINDS.has(row.kind) && (
            <Button type="link" size="small" data-testid={`check-accounting-${row.kind}-${row.workerId}`}
              onClick={() => navigate('/project/accounting')}>{ACCOUNTING_ACTIONS[row.kind] ?? '修改工资表'}</Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Card
      title="工资核查"
      extra={
        <Space>
          <Button onClick={() => navigate('/project/accounting')}>工资核算</Button>
          {canWrite && <Button onClick={() => navigate('/project/issue')}>工资发放</Button>}
        </Space>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          <span>工资月份</span>
          <DatePicker picker="month" value={month ? dayjs(`${month}-01`) : null} allowClear={false} onChange={(value) => check.search({ ...filter, month: value?.format('YYYY-MM') ?? '' })} />
          <Select
            style={{ width: 220 }}
            value={filter.kind}
            onChange={(kind) => check.search({ ...filter, kind })}
            options={[{ value: '', label: '全部异常' }, ...(options.data?.checkKinds ?? [])]}
            data-testid="check-kind"
          />
        </Space>
        <Alert type="info" showIcon title="发放前请逐项核实：有考勤未列入工资表、列入工资表但无考勤、工资表计发了进场前或退场后的出勤、实发低于当地最低工资标准（按计薪天数折算）、已计发的日期低于现行工资标准（调高工资标准后待补差）、单月超过5万元、工资卡缺失或无效。" />
        <ServerTable<Filter, WageAnomaly>
          list={check}
          rowKey={(row) => `${row.kind}-${row.workerId}-${row.lineId}`}
          size="large"
          columns={columns}
          locale={{ emptyText: '本项目本月未发现异常' }}
          totalText={(total) => `共 ${total} 条异常`}
        />
      </Space>
      <CardDialog target={card} onClose={() => setCard(null)} onSaved={() => { setCard(null); void queryClient.invalidateQueries({ queryKey: ['wage'] }); }} />
    </Card>
  );
}
