import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import CardDialog, { type CardTarget } from '@/pages/wage/CardDialog';
import { groupYuan } from '@/pages/wage/money';
import { fetchCheck, fetchOptions, type WageAnomaly } from '@/pages/wage/service';
import RevealNumber from '@/components/RevealNumber';

const LIMIT = 20;
/** Anomalies about days: the worker's month in 考勤表 shows them (days outside the employment greyed). */
const ATTENDANCE_KINDS = new Set(['unlisted', 'no_attendance', 'outside_employment', 'below_minimum']);
/** Anomalies fixed on a wage sheet (修改 / 移出 a line; a confirmed sheet is unconfirmed first) or by building one. */
const LINE_KINDS = new Set(['unlisted', 'no_attendance', 'outside_employment', 'below_minimum', 'over_limit', 'over_year_limit']);

/** 工资核查: every anomaly of a month before money moves, filtered by kind; wage cards corrected here. */
export default function SalaryCheck() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const options = useQuery({ queryKey: ['wage', 'options'], queryFn: fetchOptions });
  const [picked, setPicked] = useState<Dayjs | null>(null);
  const month = picked ?? (options.data ? dayjs(`${options.data.defaultMonth}-01`) : null);
  const monthText = month?.format('YYYY-MM') ?? '';
  const [kind, setKind] = useState('');
  const [paging, setPaging] = useState({ page: 1, limit: LIMIT });
  const [card, setCard] = useState<CardTarget | null>(null);
  const check = useQuery({
    queryKey: ['wage', 'check', monthText, kind, paging],
    queryFn: () => fetchCheck({ month: monthText, kind, page: paging.page, limit: paging.limit }),
    enabled: monthText !== '',
    placeholderData: keepPreviousData,
  });
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
          {row.kind === 'card' && (
            <Button type="link" size="small" onClick={() => setCard({ workerId: row.workerId, name: row.name, card: '', bank: '' })}>修改工资卡</Button>
          )}
          {ATTENDANCE_KINDS.has(row.kind) && (
            <Button type="link" size="small" data-testid={`check-sheet-${row.kind}-${row.workerId}`}
              onClick={() => navigate(`/project/sheets?${new URLSearchParams({ month: row.month, keyword: row.idNumber }).toString()}`)}>考勤表</Button>
          )}
          {LINE_KINDS.has(row.kind) && (
            <Button type="link" size="small" data-testid={`check-accounting-${row.kind}-${row.workerId}`}
              onClick={() => navigate('/project/accounting')}>{row.kind === 'unlisted' ? '编制工资表' : '修改工资表'}</Button>
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
          <Button onClick={() => navigate('/project/issue')}>工资发放</Button>
        </Space>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          <span>工资月份</span>
          <DatePicker picker="month" value={month} allowClear={false} onChange={(value) => { setPicked(value); setPaging({ page: 1, limit: paging.limit }); }} />
          <Select
            style={{ width: 220 }}
            value={kind}
            onChange={(value) => { setKind(value); setPaging({ page: 1, limit: paging.limit }); }}
            options={[{ value: '', label: '全部异常' }, ...(options.data?.checkKinds ?? [])]}
            data-testid="check-kind"
          />
        </Space>
        <Alert type="info" showIcon title="发放前请逐项核实：有考勤未列入工资表、列入工资表但无考勤、工资表计发了进场前或退场后的出勤、实发低于当地最低工资标准（按出勤天数折算）、单月超过5万元、工资卡缺失或无效。" />
        <Table<WageAnomaly>
          rowKey={(row) => `${row.kind}-${row.workerId}-${row.lineId}`}
          columns={columns}
          dataSource={check.data?.list ?? []}
          loading={check.isFetching}
          locale={{ emptyText: '本月未发现异常' }}
          pagination={{ current: paging.page, pageSize: paging.limit, total: check.data?.total ?? 0, showTotal: (t) => `共 ${t} 条异常`, onChange: (page, limit) => setPaging({ page, limit }) }}
        />
      </Space>
      <CardDialog target={card} onClose={() => setCard(null)} onSaved={() => { setCard(null); void queryClient.invalidateQueries({ queryKey: ['wage'] }); }} />
    </Card>
  );
}
