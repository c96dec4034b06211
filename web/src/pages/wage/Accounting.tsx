import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Drawer, Form, Input, Modal, Popconfirm, Popover, Select, Space, Tag, Tooltip, type TableColumnsType, message } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import { useCanWrite } from '@/store/session';
import { useSpansProjects } from '@/store/useProjectId';
import { MSG_UNKNOWN, showApiError } from '@/api/client';
import ServerTable, { linesPage, usePagedList } from '@/components/ServerTable';
import { DownloadOutlined } from '@ant-design/icons';
import { groupYuan, netYuan } from '@/utils/money';
import { saveBlob } from '@/api/files';
import { PaidDatesCell, PaidDatesDetail, toggled } from '@/components/wageOrder/PaidDates';
import { WorkerConfirmation, awaitsAnswer } from '@/components/wageOrder/WorkerConfirmation';
import { askToPay } from './PayConfirm';
import {
  createSheet, exportSheet, fetchOptions, fetchPreview, fetchSheet, fetchSheets, refreshSheet, removeLine, saveLine, sheetAction, type WageAdjustment,
  type WageLine, type WageSheet, type WageSheetDetail,
} from './service';
import RevealNumber from '@/components/RevealNumber';
import AnswerDialog from './AnswerDialog';
import PayrollRuleDialog from './PayrollRuleDialog';
import { useFormSubmit } from '@/utils/useFormSubmit';

const LIMIT = 20;
/** Sheet status colours: a sheet whose failed line waits for re-issue is not done (部分发放). */
const SHEET_COLORS: Record<string, string> = { draft: 'default', confirmed: 'processing', partial: 'warning', paid: 'success' };

/** 工资核算: the wage sheets per unit or team and month, prefilled from attendance, edited, confirmed. */
export default function Accounting() {
  const canWrite = useCanWrite();
  // The regulator without a project in view reads every project's sheets: each row names its project.
  const spansProjects = useSpansProjects();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const options = useQuery({ queryKey: ['wage', 'options'], queryFn: fetchOptions });
  const [creating, setCreating] = useState(false);
  // `?sheet=<id>` opens that sheet (the attendance sheet's link from a paid day), also when the cached page is open.
  const [searchParams] = useSearchParams();
  const asked = Number(searchParams.get('sheet')) || null;
  const [viewing, setViewing] = useState<number | null>(asked);
  const [lastAsked, setLastAsked] = useState(asked);
  if (asked !== lastAsked) {
    setLastAsked(asked);
    if (asked !== null) setViewing(asked);
  }
  const [ruling, setRuling] = useState(false);
  const [modal, modalHolder] = Modal.useModal();
  const sheets = usePagedList({
    queryKey: ['wage', 'sheets'],
    fetchPage: (month: string, page, limit) => fetchSheets({ month, page, limit }),
    initialFilter: '',
    limit: LIMIT,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['wage'] });

  const act = async (action: 'confirm' | 'unconfirm' | 'deleteSheet', id: number) => {
    try {
      await sheetAction(action, id);
      void message.success('操作成功!');
      refresh();
    } catch (error) {
      showApiError(error);
    }
  };

  /** Confirming locks the sheet for payment: show what it will pay first. */
  const confirmSheet = async (sheet: WageSheet) => {
    try {
      const preview = await fetchPreview([sheet.id]);
      const title = `确认工资表 · ${sheet.month} ${sheet.unitName}${sheet.teamName ? ` · ${sheet.teamName}` : ''}`;
      if (!(await askToPay(modal, title, '确认', '确认后工资表不能再修改，可在工资发放中提交审核。', preview))) return;
    } catch (error) {
      showApiError(error);
      return;
    }
    await act('confirm', sheet.id);
  };

  const columns: TableColumnsType<WageSheet> = [
    ...(spansProjects ? [{ title: '项目', dataIndex: 'projectName', width: 200, ellipsis: true }] : []),
    { title: '工资月份', dataIndex: 'month', width: 100 },
    { title: '类型', dataIndex: 'kindLabel', width: 150, render: (label: string, row) => (row.seq > 1 ? <Tag color="orange">{label}</Tag> : label) },
    { title: '参建单位', dataIndex: 'unitName', ellipsis: true },
    { title: '班组', dataIndex: 'teamName', width: 110, render: (value: string) => value || '全部' },
    { title: '人数', dataIndex: 'lineCount', width: 70 },
    { title: '应发（元）', dataIndex: 'payable', align: 'right', width: 130, render: groupYuan },
    { title: '扣款（元）', dataIndex: 'deduction', align: 'right', width: 110, render: groupYuan },
    { title: '实发（元）', dataIndex: 'net', align: 'right', width: 130, render: groupYuan },
    {
      title: '状态', dataIndex: 'statusLabel', width: 90,
      render: (label: string, row) => <Tag color={SHEET_COLORS[row.status] ?? 'processing'}>{row.orderId && row.status === 'confirmed' ? '已提交' : label}</Tag>,
    },
    {
      title: '操作', width: 210,
      render: (_: unknown, row) => (
        <Space size="small">
          <Button type="link" size="small" onClick={() => setViewing(row.id)}>查看</Button>
          {canWrite && row.status === 'draft' && <Button type="link" size="small" onClick={() => void confirmSheet(row)}>确认</Button>}
          {canWrite && row.status === 'confirmed' && !row.orderId && <Button type="link" size="small" onClick={() => void act('unconfirm', row.id)}>取消确认</Button>}
          {canWrite && row.status === 'draft' && (
            <Popconfirm title="确定删除该工资表？" onConfirm={() => act('deleteSheet', row.id)} okText="删除" cancelText="取消">
              <Button type="link" size="small" danger>删除</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={spansProjects ? '工资核算（全部项目）' : '工资核算'}
      extra={
        <Space>
          <Button onClick={() => navigate('/user/salaryCheck')}>工资核查</Button>
          {canWrite && <Button onClick={() => navigate('/project/issue')}>工资发放</Button>}
          {canWrite && <Button onClick={() => setRuling(true)}>计薪规则</Button>}
          {canWrite && <Button type="primary" onClick={() => setCreating(true)}>新建工资表</Button>}
        </Space>
      }
    >
      <Space style={{ marginBottom: 16 }}>
        <span>工资月份</span>
        <DatePicker picker="month" value={sheets.filter ? dayjs(`${sheets.filter}-01`) : null} onChange={(value) => sheets.search(value?.format('YYYY-MM') ?? '')} allowClear placeholder="全部月份" />
      </Space>
      <ServerTable<string, WageSheet> list={sheets} rowKey="id" size="large" columns={columns} />
      <CreateSheetDialog
        open={creating}
        defaultMonth={options.data?.defaultMonth}
        units={options.data?.units ?? []}
        teams={options.data?.teams ?? []}
        onClose={() => setCreating(false)}
        onCreated={(id) => { setCreating(false); refresh(); setViewing(id); }}
      />
      <PayrollRuleDialog open={ruling} onClose={() => setRuling(false)} onSaved={() => { setRuling(false); refresh(); }} />
      {modalHolder}
      <SheetDrawer id={viewing} onClose={() => setViewing(null)} onChanged={refresh} onConfirm={(sheet) => void confirmSheet(sheet)} />
    </Card>
  );
}

function CreateSheetDialog({ open, defaultMonth, units, teams, onClose, onCreated }: {
  open: boolean; defaultMonth?: string; units: { id: number; name: string }[]; teams: { id: number; unitId: number; name: string }[];
  onClose: () => void; onCreated: (id: number) => void;
}) {
  const [form] = Form.useForm<{ month: Dayjs; unitId: number; teamId?: number }>();
  const unitId = Form.useWatch('unitId', form);
  const { saving, submit } = useFormSubmit(form);
  const create = () =>
    submit(async (values) => {
      const id = await createSheet(values.month.format('YYYY-MM'), values.unitId, values.teamId);
      // The server decides whether this is the month's first sheet or a 补充工资表 of the days not yet paid.
      const created = await fetchSheet(id, 1, 1).then((detail) => detail.sheet.kindLabel, () => '工资表');
      void message.success(`${created}已生成`);
      form.resetFields();
      onCreated(id);
    });
  return (
    <Modal title="新建工资表" open={open} onCancel={onClose} onOk={() => void create()} confirmLoading={saving} okText="生成" cancelText="取消" destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ month: defaultMonth ? dayjs(`${defaultMonth}-01`) : undefined }}>
        <Form.Item name="month" label="工资月份" rules={[{ required: true, message: '请选择月份' }]}>
          <DatePicker picker="month" style={{ width: '100%' }} data-testid="sheet-month" />
        </Form.Item>
        <Form.Item name="unitId" label="参建单位" rules={[{ required: true, message: '请选择参建单位' }]}>
          <Select options={units.map((unit) => ({ value: unit.id, label: unit.name }))} placeholder="请选择" data-testid="sheet-unit" />
        </Form.Item>
        <Form.Item name="teamId" label="班组" extra="不选班组则为该单位全部人员（已在本月其他工资表中的人员除外）">
          <Select allowClear placeholder="全部班组" options={teams.filter((team) => team.unitId === unitId).map((team) => ({ value: team.id, label: team.name }))} />
        </Form.Item>
        <p style={{ color: '#888' }}>
          工资表按考勤自动生成：日薪按出勤天数 × 日工资标准；月薪按项目的计薪规则折算，出勤满当月工作日按全月计发。
          该单位（班组）本月已有确认的工资表时，生成补充工资表，只含尚未计发的出勤日。
        </p>
      </Form>
    </Modal>
  );
}

function SheetDrawer({ id, onClose, onChanged, onConfirm }: {
  id: number | null; onClose: () => void; onChanged: () => void; onConfirm: (sheet: WageSheet) => void;
}) {
  const [editing, setEditing] = useState<WageLine | null>(null);
  const [removing, setRemoving] = useState<WageLine | null>(null);
  const [answering, setAnswering] = useState<WageLine | null>(null);
  const [opened, setOpened] = useState<number[]>([]);
  const [exporting, setExporting] = useState(false);
  const lines = usePagedList({
    queryKey: ['wage', 'sheet', id],
    fetchPage: (_filter: null, page, limit) => fetchSheet(id ?? 0, page, limit).then(linesPage),
    initialFilter: null,
    limit: LIMIT,
    enabled: id !== null,
  });
  const detail = lines.query.data?.reply;
  const [modal, modalHolder] = Modal.useModal();
  const sheet = detail?.sheet;
  const canWrite = useCanWrite();
  const editable = canWrite && sheet?.status === 'draft';
  const adjustments = detail?.adjustments ?? [];
  const columns: TableColumnsType<WageLine> = [
    { title: '姓名', dataIndex: 'name', width: 80 },
    { title: '身份证号', dataIndex: 'idNumber', width: 190, render: (value: string, row) => <RevealNumber value={value} record="wage_line" id={row.id} /> },
    { title: '出勤天数', dataIndex: 'days', width: 72 },
    { title: '法定节假日', dataIndex: 'holidayDays', width: 96 },
    { title: '加班天数', dataIndex: 'overtimeDays', width: 72 },
    { title: '工资标准', width: 100, render: (_: unknown, row) => `${groupYuan(row.wage)}/${row.wageKind === 'day' ? '日' : '月'}` },
    { title: '应发（元）', dataIndex: 'payable', align: 'right', width: 110, render: (payable: string, row) => <PayableCell line={row} payable={payable} /> },
    { title: '扣款（元）', dataIndex: 'deduction', align: 'right', width: 90, render: groupYuan },
    {
      title: '扣回（元）', dataIndex: 'adjustment', align: 'right', width: 90,
      render: (amount: string, row) => <AdjustmentCell amount={amount} adjustments={adjustments.filter((adjustment) => adjustment.lineId === row.id)} />,
    },
    { title: '实发（元）', dataIndex: 'net', align: 'right', width: 110, render: groupYuan },
    { title: '原因', dataIndex: 'reason', ellipsis: true },
    {
      title: '工资卡', dataIndex: 'cardNumber', width: 220,
      render: (card: string, row) => (
        <div>
          <div style={{ whiteSpace: 'nowrap' }}>{card ? <RevealNumber value={card} record="wage_line" id={row.id} field="card" /> : '—'}</div>
          <div style={{ color: '#888', fontSize: 12 }}>{row.cardBankName}</div>
          {row.cardProblem && <Tag color="error">{row.cardProblem}</Tag>}
        </div>
      ),
    },
    {
      title: '计发日期', width: 220,
      render: (_: unknown, row) => (
        <PaidDatesCell paid={row.paid} open={opened.includes(row.id)} onToggle={() => setOpened((keys) => toggled(keys, row.id))} testId={`paid-${row.id}`} />
      ),
    },
    {
      title: '工人确认', width: 200,
      render: (_: unknown, row) => (
        <WorkerConfirmation
          confirmation={row.workerConfirmation}
          action={canWrite && awaitsAnswer(row.workerConfirmation) && (
            <Button size="small" type="link" style={{ padding: 0 }} onClick={() => setAnswering(row)} data-testid={`answer-dispute-${row.id}`}>答复异议</Button>
          )}
        />
      ),
    },
    ...(editable
      ? [{
          title: '操作', width: 110, fixed: 'right' as const,
          render: (_: unknown, row: WageLine) => (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => setEditing(row)}>修改</Button>
              <Button type="link" size="small" danger onClick={() => setRemoving(row)}>移出</Button>
            </Space>
          ),
        }]
      : []),
  ];
  const changed = () => { void lines.query.refetch(); onChanged(); };
  const download = async (target: WageSheet) => {
    setExporting(true);
    try {
      const place = target.teamName ? `${target.unitName} ${target.teamName}` : target.unitName;
      saveBlob(await exportSheet(target.id), `${target.month} ${target.kindLabel} ${place}.xlsx`);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : MSG_UNKNOWN);
    } finally {
      setExporting(false);
    }
  };
  const refreshDays = async (target: WageSheet) => {
    const ok = await modal.confirm({
      title: '刷新考勤',
      content: '按现在的考勤重新取工资表的出勤天数和应发工资；已修改的应发、扣款和原因保留。',
      okText: '刷新',
      cancelText: '取消',
    });
    if (!ok) return;
    try {
      await refreshSheet(target.id);
      void message.success('已按考勤刷新');
      changed();
    } catch (error) {
      showApiError(error);
    }
  };
  return (
    <Drawer
      title={sheet ? `${sheet.month} ${sheet.kindLabel} · ${sheet.unitName}${sheet.teamName ? ` · ${sheet.teamName}` : ''}` : '工资表'}
      open={id !== null}
      onClose={onClose}
      width="min(1200px, 96vw)"
      destroyOnHidden
    >
      {sheet && editable && detail && detail.differenceCount > 0 && (
        <StaleBanner detail={detail} onRefresh={() => void refreshDays(sheet)} />
      )}
      {sheet && (
        <div style={{ marginBottom: 8, color: '#595959' }} data-testid="sheet-rule">
          计薪规则：{sheet.prorationLabel} · 当月工作日 {sheet.workingDays} 天{sheet.refreshedAt ? ` · 考勤取数于 ${sheet.refreshedAt}` : ''}
        </div>
      )}
      {sheet && (
        <Space style={{ marginBottom: 12 }}>
          <span data-testid="sheet-totals">
            {sheet.statusLabel} · {sheet.lineCount} 人 · 应发 {groupYuan(sheet.payable)} 元 · 扣款 {groupYuan(sheet.deduction)} 元 · 实发 <b>{groupYuan(sheet.net)}</b> 元
          </span>
          {editable && <Button type="primary" size="small" onClick={() => onConfirm(sheet)}>确认工资表</Button>}
          <Button size="small" icon={<DownloadOutlined />} loading={exporting} onClick={() => void download(sheet)} data-testid="sheet-export">导出</Button>
        </Space>
      )}
      <ServerTable
        rowKey="id"
        size="small"
        columns={columns}
        list={lines}
        scroll={{ x: 1520 }}
        expandable={{
          showExpandColumn: false,
          expandedRowKeys: opened,
          expandedRowRender: (line) => <PaidDatesDetail paid={line.paid} testId={`paid-detail-${line.id}`} />,
        }}
        totalText={(total) => `共 ${total} 人`}
      />
      {modalHolder}
      <LineDialog line={editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); changed(); }} />
      <RemoveDialog line={removing} onClose={() => setRemoving(null)} onSaved={() => { setRemoving(null); changed(); }} />
      <AnswerDialog
        target={answering && { lineId: answering.id, name: answering.name, confirmation: answering.workerConfirmation }}
        onClose={() => setAnswering(null)}
        onSaved={() => { setAnswering(null); changed(); }}
      />
    </Drawer>
  );
}

/** A draft whose days no longer match attendance: who differs, and the way to take the days again. */
function StaleBanner({ detail, onRefresh }: { detail: WageSheetDetail; onRefresh: () => void }) {
  const more = detail.differenceCount - detail.differences.length;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="stale-banner"
      title={`${detail.differenceCount} 名工人的出勤与工资表不一致`}
      description={
        <>
          {detail.differences.map((difference) => (
            <div key={difference.workerId}>
              {difference.name}：{difference.standardChanged ? '工资标准已调整，需按现行标准重算' : `表中${difference.daysOnSheet}天 → 现在${difference.daysNow}天`}
            </div>
          ))}
          {more > 0 && <div>另有 {more} 人</div>}
          <div>确认前请先刷新考勤。</div>
        </>
      }
      action={<Button size="small" type="primary" onClick={onRefresh} data-testid="refresh-days">刷新考勤</Button>}
    />
  );
}

/** 应发, with how the prefill was reached (and the prefill itself when the clerk changed the amount). */
function PayableCell({ line, payable }: { line: WageLine; payable: string }) {
  const content = (
    <div style={{ maxWidth: 420 }} data-testid={`basis-${line.id}`}>
      <div>{line.basis || '无计薪天数'}</div>
      {line.payable !== line.prefill && <div style={{ marginTop: 4 }}>按考勤应发 {groupYuan(line.prefill)} 元，已修改为 {groupYuan(line.payable)} 元</div>}
    </div>
  );
  return (
    <Popover title="计算依据" content={content} trigger={['hover', 'click']}>
      <span style={{ borderBottom: '1px dashed #8c8c8c', cursor: 'help' }} data-testid={`payable-${line.id}`}>{groupYuan(payable)}</span>
    </Popover>
  );
}

/** 扣回: pay of days paid before and corrected to absent since, with each day and reason on hover. */
function AdjustmentCell({ amount, adjustments }: { amount: string; adjustments: WageAdjustment[] }) {
  if (adjustments.length === 0) return groupYuan(amount);
  const title = adjustments.map((adjustment) => `${adjustment.day} 扣回 ${groupYuan(adjustment.amount)} 元：${adjustment.reason}`).join('\n');
  return (
    <Tooltip title={<div style={{ whiteSpace: 'pre-line' }}>{title}</div>}>
      <span style={{ color: '#cf1322', borderBottom: '1px dashed #cf1322', cursor: 'help' }}>{groupYuan(amount)}</span>
    </Tooltip>
  );
}

function LineDialog({ line, onClose, onSaved }: { line: WageLine | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<{ payable: string; deduction: string; reason: string }>();
  const payable = Form.useWatch('payable', form) ?? '';
  const deduction = Form.useWatch('deduction', form) ?? '';
  const net = netYuan(payable, deduction);
  const { saving, submit } = useFormSubmit(form);
  const save = async () => {
    if (!line) return;
    await submit(
      async (values) => {
        await saveLine(line.id, values.payable, values.deduction ?? '', values.reason ?? '');
        onSaved();
      },
      { success: '修改成功' },
    );
  };
  return (
    <Modal title={line ? `修改工资 · ${line.name}` : ''} open={line !== null} onCancel={onClose} onOk={() => void save()} confirmLoading={saving} okText="保存" cancelText="取消" destroyOnHidden>
      {line && (
        <Form form={form} layout="vertical" initialValues={{ payable: line.payable, deduction: line.deduction === '0.00' ? '' : line.deduction, reason: line.reason }}>
          <p>出勤 {line.days} 天{line.topupDays > 0 ? `，补差 ${line.topupDays} 天（${groupYuan(line.topup)} 元）` : ''}，按考勤应发 {groupYuan(line.prefill)} 元</p>
          <Form.Item name="payable" label="应发工资（元）" rules={[{ required: true, pattern: /^\d{1,7}(\.\d{1,2})?$/, message: '请输入正确的金额，最多2位小数' }]}>
            <Input />
          </Form.Item>
          <Form.Item name="deduction" label="扣款（元）" rules={[{ pattern: /^\d{1,7}(\.\d{1,2})?$/, message: '请输入正确的金额，最多2位小数' }]}>
            <Input placeholder="0.00" />
          </Form.Item>
          <Form.Item name="reason" label="原因" extra="修改应发工资或有扣款时必填">
            <Input.TextArea maxLength={200} rows={2} />
          </Form.Item>
          <p>实发：{net === undefined ? '—' : net.startsWith('-') ? <span style={{ color: '#cf1322' }}>实发不能为负数</span> : `${groupYuan(net)} 元`}</p>
        </Form>
      )}
    </Modal>
  );
}

function RemoveDialog({ line, onClose, onSaved }: { line: WageLine | null; onClose: () => void; onSaved: () => void }) {
  const [reason, setReason] = useState('');
  const { saving, run } = useFormSubmit();
  const save = async () => {
    if (!line) return;
    await run(
      async () => {
        await removeLine(line.id, reason);
        setReason('');
        onSaved();
      },
      { success: '已移出' },
    );
  };
  return (
    <Modal title={line ? `移出工资表 · ${line.name}` : ''} open={line !== null} onCancel={onClose} onOk={() => void save()} confirmLoading={saving} okText="移出" cancelText="取消" destroyOnHidden>
      <Input.TextArea value={reason} onChange={(event) => setReason(event.target.value)} maxLength={200} rows={3} placeholder="请填写移出原因" />
    </Modal>
  );
}
