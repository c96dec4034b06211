import { useCanWrite } from '@/store/session';
import { chinaNow } from '@/utils/chinaTime';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Modal, Radio, Select, Space, Spin, Tag, Typography, type TableColumnsType, message } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import ServerTable, { usePagedList, type PageOf } from '@/components/ServerTable';
import { fetchOptions } from '@/pages/worker/service';
import {
  cellMark,
  cellTip,
  cellsByDay,
  correctDay,
  dayOf,
  downloadSheet,
  fetchSheet,
  fetchShiftPunches,
  onSiteDays,
  paidByDay,
  paidTip,
  reasonError,
  type AttendanceSheet,
  type PaidDay,
  type SheetCell,
  type SheetFilter,
  type SheetRow,
} from './service';
import { fetchCalendarMonth } from '@/pages/calendar/service';
import { headMark } from '@/components/calendar/grid';

const DEFAULT_LIMIT = 20;

const MARK_STYLE: Record<string, React.CSSProperties> = {
  '√': { color: '#389e0d', fontWeight: 600 },
  '×': { color: '#8c8c8c' },
  补: { color: '#d46b08', fontWeight: 600 },
  缺: { color: '#cf1322', fontWeight: 600 },
};

interface Correcting {
  row: SheetRow;
  day: string;
  cell: SheetCell | undefined;
  paid: PaidDay | undefined;
}

/** Paid days on a light green, days set absent after they were paid on a light orange (the legend says so). */
const PAID_BACKGROUND = '#f6ffed';
const TAKEN_BACK_BACKGROUND = '#fff7e6';

/** The wage sheet that holds the day, with a link to it, and the take-back of a day set absent after it was paid. */
function PaidLine({ paid }: { paid: PaidDay }) {
  const navigate = useNavigate();
  return (
    <Typography.Paragraph data-testid="correct-paid">
      <Typography.Text type={paid.takenBack ? 'warning' : 'secondary'}>{paidTip(paid)}</Typography.Text>{' '}
      <Typography.Link onClick={() => navigate(`/project/accounting?sheet=${paid.sheetId}`)}>查看工资表</Typography.Link>
      {paid.takenBack && paid.takenBack.sheetId > 0 && (
        <>
          {' '}
          <Typography.Link onClick={() => navigate(`/project/accounting?sheet=${paid.takenBack?.sheetId}`)}>查看扣回的工资表</Typography.Link>
        </>
      )}
    </Typography.Paragraph>
  );
}

/** The punches that made the day: each shift's punches by time, the unpaired ones tagged. */
function ShiftPunches({ workerId, day }: { workerId: number; day: string }) {
  const punches = useQuery({ queryKey: ['attendance', 'shift', workerId, day], queryFn: () => fetchShiftPunches(workerId, day) });
  if (punches.isLoading) return <Spin size="small" />;
  const list = (punches.data?.list ?? []).filter((record) => record.source !== 'manual').sort((a, b) => a.time.localeCompare(b.time));
  if (list.length === 0) return <Typography.Text type="secondary">这一天开始的班次没有打卡记录</Typography.Text>;
  return (
    <Space size={[8, 4]} wrap data-testid="shift-punches">
      {list.map((record) => (
        <Space key={`${record.source}-${record.id}`} size={2}>
          <span>{record.time.slice(record.time.startsWith(day) ? 11 : 5)}</span>
          <Tag>{record.directionLabel}</Tag>
          {record.unpaired && <Tag color="warning" data-testid={`shift-unpaired-${record.id}`}>未配对，不计工时</Tag>}
        </Space>
      ))}
    </Space>
  );
}

function CorrectionDialog({ correcting, onClose, onSaved }: { correcting: Correcting | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<{ attended: boolean; reason: string }>();
  const { saving: busy, run } = useFormSubmit();
  const submit = async (values: { attended: boolean; reason: string }, confirmed = false): Promise<void> => {
    if (!correcting) return;
    await run(
      async () => {
        await correctDay(correcting.row.workerId, correcting.day, values.attended, values.reason, confirmed);
        onSaved();
      },
      {
        success: confirmed ? '已改为缺勤，该日工资将在该工人的下一张工资表中扣回' : '考勤已修正',
        // A day already on a confirmed sheet: the server says what happens to its pay and asks first.
        confirm: (question) =>
          Modal.confirm({ title: '该日工资已计发', content: question, okText: '确认扣回', cancelText: '取消', onOk: () => submit(values, true) }),
      },
    );
  };
  const cell = correcting?.cell;
  const current = !cell ? '无考勤记录' : cell.attended ? '出勤' : cell.manual ? '缺勤' : '有打卡，未达出勤规则';
  return (
    <Modal open={correcting !== null} title="修正考勤" destroyOnHidden onCancel={onClose} okText="确认修正" confirmLoading={busy}
      onOk={() => form.submit()} okButtonProps={{ 'data-testid': 'correct-save' } as Record<string, string>}>
      {correcting && (
        <Form form={form} layout="vertical" preserve={false} initialValues={{ attended: !(correcting.cell?.attended ?? false), reason: '' }}
          onFinish={(values) => void submit(values)} data-testid="correct-form">
          <Typography.Paragraph>
            {correcting.row.name}（{correcting.row.teamName || correcting.row.unitName}） {correcting.day}，当前：{current}
            {correcting.cell?.manual ? '（已手工修正）' : ''}
          </Typography.Paragraph>
          {correcting.paid && <PaidLine paid={correcting.paid} />}
          <Typography.Paragraph>
            <Typography.Text type="secondary">当天开始的班次打卡（跨零点的计入开始当天）：</Typography.Text>
            <ShiftPunches workerId={correcting.row.workerId} day={correcting.day} />
          </Typography.Paragraph>
          <Form.Item name="attended" label="修正为">
            <Radio.Group options={[{ value: true, label: '出勤' }, { value: false, label: '缺勤' }]} data-testid="correct-attended" />
          </Form.Item>
          <Form.Item name="reason" label="修正原因" required
            rules={[{ validator: (_, value: string | undefined) => {
              const error = reasonError(value ?? '');
              return error ? Promise.reject(new Error(error)) : Promise.resolve();
            } }]}>
            <Input.TextArea rows={3} maxLength={100} showCount placeholder="如：忘带身份证，班组长确认当天出勤" data-testid="correct-reason" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** Column widths: fixed, so the virtual grid can place the day columns without measuring them. */
const NAME_WIDTH = 80;
const TEAM_WIDTH = 80;
const DAY_WIDTH = 34;
const DAYS_WIDTH = 76;
const HOURS_WIDTH = 84;
/** The grid's body height: at 1440×900 the filters, the head and the pager stay in view. */
const BODY_HEIGHT = 440;
const OFF_SITE_STYLE: React.CSSProperties = { background: '#f0f0f0', color: '#bfbfbf', cursor: 'not-allowed' };

/** A sheet row with its cells, paid days and on-site days laid out by day once, not per cell render. */
type GridRow = SheetRow & { byDay: (SheetCell | undefined)[]; paid: (PaidDay | undefined)[]; onSite: boolean[] };

/** One page of the sheet with its rows laid out for the grid. */
type GridPage = Omit<AttendanceSheet, 'list'> & PageOf<GridRow>;

async function fetchGrid(filter: SheetFilter, page: number, limit: number): Promise<GridPage> {
  const sheet = await fetchSheet(filter, page, limit);
  const days = sheet.daysInMonth;
  return {
    ...sheet,
    list: sheet.list.map((row) => ({
      ...row, byDay: cellsByDay(row, days), paid: paidByDay(sheet.paidDays, row.workerId, days), onSite: onSiteDays(row, days),
    })),
  };
}

/** 项目管理 → 考勤表: the monthly sheet, one row per worker and one column per day; a day is corrected by hand with a reason.
 * Name and team stay fixed while the days scroll; only the rows and columns in view are rendered (antd's virtual table). */
export default function Sheets() {
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ month: Dayjs; unitId?: number; teamId?: number; keyword?: string }>();
  // 工资核查 links here with ?month=YYYY-MM&keyword=<ID number> to show one worker's month.
  const [search] = useSearchParams();
  const linkedMonth = /^\d{4}-\d{2}$/.test(search.get('month') ?? '') ? dayjs(`${search.get('month')}-01`) : chinaNow();
  const linkedKeyword = search.get('keyword') ?? '';
  const [correcting, setCorrecting] = useState<Correcting | null>(null);
  const [exporting, setExporting] = useState(false);
  const options = useQuery({ queryKey: ['worker', 'options', ''], queryFn: () => fetchOptions() });
  const unitId = Form.useWatch('unitId', form);
  const teams = useMemo(
    () => (options.data?.teams ?? []).filter((team) => unitId === undefined || team.unitId === unitId),
    [options.data, unitId],
  );
  const sheet = usePagedList<SheetFilter, GridRow>({
    queryKey: ['attendance', 'sheet'],
    fetchPage: fetchGrid,
    initialFilter: { month: linkedMonth.format('YYYY-MM'), unitId: '', teamId: '', keyword: linkedKeyword },
    limit: DEFAULT_LIMIT,
  });
  const { filter } = sheet;
  const grid = sheet.query.data as GridPage | undefined;
  const days = grid?.daysInMonth ?? 0;
  const month = grid?.month ?? filter.month;
  // The working calendar marks the day heads; without it the heads fall back to Sundays in red.
  const calendar = useQuery({ queryKey: ['calendar', 'month', month], queryFn: () => fetchCalendarMonth(month), staleTime: 60_000 });
  const today = chinaNow().format('YYYY-MM-DD');

  const columns = useMemo<TableColumnsType<GridRow>>(() => [
    { title: '姓名', dataIndex: 'name', width: NAME_WIDTH, fixed: 'left', ellipsis: true },
    { title: '班组', dataIndex: 'teamName', width: TEAM_WIDTH, fixed: 'left', ellipsis: true, render: (text: string) => text || '—' },
    ...Array.from({ length: days }, (_, index) => {
      const day = index + 1;
      const date = dayOf(month, day);
      const sunday = dayjs(date).day() === 0;
      const future = date > today;
      const head = headMark(calendar.data?.days.find((entry) => entry.day === date));
      return {
        title: calendar.data ? (
          <span data-testid={`sheet-head-${day}`} title={head.title} style={{ color: head.color, lineHeight: 1.2, display: 'inline-block' }}>
            {day}
            <br />
            <small>{head.mark || '\u00a0'}</small>
          </span>
        ) : (
          <span style={{ color: sunday ? '#cf1322' : undefined }}>{day}</span>
        ),
        key: `d${day}`,
        width: DAY_WIDTH,
        align: 'center' as const,
        onHeaderCell: () => ({ style: head.background ? { background: head.background } : {} }),
        onCell: (row: GridRow) => {
          if (!row.onSite[index] && !future) return { style: OFF_SITE_STYLE };
          const paid = row.paid[index];
          return paid ? { style: { background: paid.takenBack ? TAKEN_BACK_BACKGROUND : PAID_BACKGROUND } } : {};
        },
        render: (_: unknown, row: GridRow) => {
          const cell = row.byDay[index];
          const mark = cellMark(cell);
          if (!row.onSite[index] && !future) {
            // Outside every employment line: shown for what it is, never counted, not correctable to 补. The
            // span has a height even when empty, so that hovering the grey cell shows why.
            return (
              <span data-testid={`cell-${row.workerId}-${day}`} data-off-site="1"
                style={{ display: 'inline-block', minWidth: 18, minHeight: 18 }}
                title={`${date} 不在在场期间（${row.staysText || '无在场记录'}），不计出勤，不能补记`}>
                {mark}
              </span>
            );
          }
          const paid = row.paid[index];
          const tip = [cellTip(date, cell), paidTip(paid)].filter(Boolean).join('；');
          return (
            <span role={future ? undefined : 'button'} data-testid={`cell-${row.workerId}-${day}`}
              data-paid-by={paid?.sheetId} data-taken-back={paid?.takenBack ? '1' : undefined}
              title={future ? undefined : canWrite ? `${tip}，点击修正` : tip}
              style={{ cursor: future ? 'default' : 'pointer', display: 'inline-block', minWidth: 18, ...(MARK_STYLE[mark] ?? {}) }}
              onClick={() => { if (!future && canWrite) setCorrecting({ row, day: date, cell, paid }); }}>
              {mark || (future ? '' : '·')}
            </span>
          );
        },
      };
    }),
    { title: '出勤天数', dataIndex: 'attendedDays', width: DAYS_WIDTH, fixed: 'right', align: 'center' },
    { title: '工时(小时)', dataIndex: 'hours', width: HOURS_WIDTH, fixed: 'right', align: 'center' },
  ], [days, month, today, calendar.data, canWrite]);
  const gridWidth = NAME_WIDTH + TEAM_WIDTH + days * DAY_WIDTH + DAYS_WIDTH + HOURS_WIDTH;

  const exportSheet = async () => {
    setExporting(true);
    try {
      await downloadSheet(filter);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : '导出失败');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card data-testid="sheets-page" title={`${month} 月度考勤表`} variant="borderless"
      extra={
        <Space>
          <Button onClick={() => navigate('/project/accounting')} data-testid="sheet-accounting">工资核算</Button>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportSheet()} data-testid="sheet-export">导出Excel</Button>
        </Space>
      }>
      <Form form={form} layout="inline" style={{ marginBottom: 16, rowGap: 12 }} initialValues={{ month: linkedMonth, keyword: linkedKeyword || undefined }}
        onFinish={(values) =>
          // 查询 with the same filters asks again: punches keep arriving from the terminals.
          sheet.search({
            month: (values.month ?? chinaNow()).format('YYYY-MM'),
            unitId: values.unitId === undefined ? '' : String(values.unitId),
            teamId: values.teamId === undefined ? '' : String(values.teamId),
            keyword: values.keyword ?? '',
          })
        }>
        <Form.Item name="month">
          <DatePicker picker="month" allowClear={false} data-testid="sheet-month" />
        </Form.Item>
        <Form.Item name="unitId">
          <Select placeholder="所属单位" allowClear style={{ width: 200 }} options={options.data?.units ?? []}
            onChange={() => form.setFieldsValue({ teamId: undefined })} />
        </Form.Item>
        <Form.Item name="teamId">
          <Select placeholder="班组" allowClear style={{ width: 120 }} options={teams} data-testid="sheet-team" />
        </Form.Item>
        <Form.Item name="keyword">
          <Input placeholder="姓名或身份证号" allowClear style={{ width: 180 }} data-testid="sheet-keyword" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" data-testid="sheet-search">查询</Button>
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary">
        √ 出勤　× 有打卡但未达出勤规则　补 手工补记出勤　缺 手工改为缺勤　· 无记录　<span style={{ ...OFF_SITE_STYLE, padding: '0 6px' }}>灰底</span> 不在场期间（进场前、退场后），不计出勤、不能补记。
        <span style={{ background: PAID_BACKGROUND, padding: '0 6px' }}>绿底</span> 已计入工资表，
        <span style={{ background: TAKEN_BACK_BACKGROUND, padding: '0 6px' }}>橙底</span> 已计发后改为缺勤、工资扣回（鼠标悬停可见是哪张工资表）。
        点击某一天可修正考勤（须填写原因，记入操作日志）。
        {calendar.data && ` 表头：节 法定节假日　班 调休上班　休 休息日；本月工作日 ${calendar.data.workingDays} 天，法定节假日 ${calendar.data.statutoryDays} 天。`}
      </Typography.Paragraph>
      <ServerTable<SheetFilter, GridRow>
        list={sheet}
        data-testid="sheet-table"
        rowKey="workerId"
        size="small"
        bordered
        virtual
        tableLayout="fixed"
        scroll={{ x: gridWidth, y: BODY_HEIGHT }}
        columns={columns}
        totalText={(total) => `共 ${total} 人`}
      />
      <CorrectionDialog correcting={correcting} onClose={() => setCorrecting(null)}
        onSaved={() => {
          setCorrecting(null);
          void queryClient.invalidateQueries({ queryKey: ['attendance'] });
        }} />
    </Card>
  );
}
