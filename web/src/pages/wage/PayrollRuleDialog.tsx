import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Descriptions, Divider, Input, Modal, Radio, Space, Switch, Tag, Typography, message } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { fetchCalendarMonth } from '@/pages/calendar/service';
import { fetchSettings, saveSettings } from './service';
import { DAY_CLASS_LABELS, type Proration, type SpecialDay, type WageKind, dayClass, monthDays, trial, yuanOf } from '@/utils/rules/payroll';
import { wageFen } from '@/utils/rules/worker';
import { chinaNow } from '@/utils/chinaTime';
import { useFormSubmit } from '@/utils/useFormSubmit';

const CLASS_COLORS = { working: '#1677ff', statutory: '#cf1322', rest: '#8c8c8c' } as const;
const WEEK = ['一', '二', '三', '四', '五', '六', '日'];

/** 计薪规则: the project's proration (saved on the server) and a 试算 reckoned in the console by the same rule. */
export default function PayrollRuleDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const settings = useQuery({ queryKey: ['wage', 'settings'], queryFn: fetchSettings, enabled: open });
  // What the clerk picked since opening; until then the saved rule.
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = picked ?? settings.data?.proration ?? '';
  // Whether workers must confirm their lines before an order is submitted (default: shown, not required).
  const [required, setRequired] = useState<boolean | null>(null);
  const confirmationRequired = required ?? settings.data?.confirmationRequired ?? false;
  const { saving, run } = useFormSubmit();
  const close = () => {
    setPicked(null);
    setRequired(null);
    onClose();
  };

  const save = () =>
    run(async () => {
      const saved = await saveSettings(chosen, confirmationRequired);
      void message.success(`计薪规则已保存：${saved.label}`);
      setPicked(null);
      setRequired(null);
      onSaved();
    });

  return (
    <Modal title="计薪规则" open={open} onCancel={close} onOk={() => void save()} okText="保存" cancelText="关闭" confirmLoading={saving}
      okButtonProps={{ disabled: !chosen, 'data-testid': 'rule-save' }} width={760} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        月薪人员按此规则折算；新生成和刷新的工资表使用新规则，已确认的工资表不变。日薪人员按出勤天数 × 日工资计发。
      </Typography.Paragraph>
      <Radio.Group value={chosen} onChange={(event) => setPicked(event.target.value as string)} data-testid="rule-choices">
        <Space direction="vertical">
          {(settings.data?.choices ?? []).map((choice) => <Radio key={choice.value} value={choice.value}>{choice.label}</Radio>)}
        </Space>
      </Radio.Group>
      <Divider plain>工人确认</Divider>
      <Space align="start">
        <Switch checked={confirmationRequired} onChange={setRequired} disabled={!settings.data} data-testid="confirmation-required"
          aria-label="提交审核前须工人确认工资" />
        <div>
          <div>提交审核前须工人确认工资</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            工资表确认后，工人可在手机上核对本人工资，确认无误或提出异议。默认只展示工人的确认情况，不作为提交条件；开启后，工资表的工人全部确认后才能提交审核。
          </Typography.Text>
        </div>
      </Space>
      <Divider plain>试算</Divider>
      <TrialPanel proration={(chosen || 'statutory') as Proration} />
    </Modal>
  );
}

function TrialPanel({ proration }: { proration: Proration }) {
  const [month, setMonth] = useState<Dayjs>(() => chinaNow().subtract(1, 'month').startOf('month'));
  const [kind, setKind] = useState<WageKind>('month');
  const [rate, setRate] = useState('6000');
  const [entry, setEntry] = useState<Dayjs>(month);
  const monthText = month.format('YYYY-MM');
  // The month's arrangement (holidays, 调休) from China's working calendar, as the sheets use it.
  const calendar = useQuery({ queryKey: ['calendar', 'month', monthText], queryFn: () => fetchCalendarMonth(monthText) });
  const special = useMemo(
    () => new Map<string, SpecialDay>((calendar.data?.days ?? []).filter((day) => day.kind).map((day) => [day.day, day.kind as SpecialDay])),
    [calendar.data],
  );
  const days = useMemo(() => monthDays(monthText), [monthText]);
  const workingDays = useMemo(() => days.filter((day) => dayClass(day, special) === 'working'), [days, special]);
  // The days ticked for one arrangement of the month: a new month or calendar starts again from its working days.
  const [ticked, setTicked] = useState<{ of: string[]; days: Set<string> }>(() => ({ of: workingDays, days: new Set(workingDays) }));
  const attended = ticked.of === workingDays ? ticked.days : new Set(workingDays);
  const setAttended = (days: Set<string>) => setTicked({ of: workingDays, days });
  const entryText = entry.format('YYYY-MM-DD');

  const changeMonth = (value: Dayjs | null) => {
    if (!value) return;
    const first = value.startOf('month');
    setMonth(first);
    setEntry(first);
  };
  const toggle = (day: string) => {
    const next = new Set(attended);
    if (next.has(day)) next.delete(day);
    else next.add(day);
    setAttended(next);
  };
  const rateFen = wageFen(rate);
  const result = typeof rateFen === 'number'
    ? trial({ month: monthText, kind, rateFen, entry: entryText, attended: new Set([...attended].filter((day) => day >= entryText)), proration,
      special })
    : undefined;

  return (
    <div data-testid="trial">
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker picker="month" value={month} onChange={changeMonth} allowClear={false} data-testid="trial-month" />
        <Radio.Group value={kind} onChange={(event) => setKind(event.target.value as WageKind)}
          options={[{ value: 'day', label: '日薪' }, { value: 'month', label: '月薪' }]} optionType="button" />
        <Input value={rate} onChange={(event) => setRate(event.target.value)} addonAfter={kind === 'day' ? '元/日' : '元/月'} style={{ width: 180 }}
          data-testid="trial-rate" status={typeof rateFen === 'string' ? 'error' : undefined} />
        <span>进场日期</span>
        <DatePicker value={entry} onChange={(value) => value && setEntry(value)} allowClear={false} data-testid="trial-entry"
          disabledDate={(value) => value.isAfter(month.endOf('month'))} />
      </Space>
      <Space style={{ marginBottom: 8 }}>
        <span>出勤日（点击切换）</span>
        <Button size="small" onClick={() => setAttended(new Set(workingDays))}>所有工作日</Button>
        <Button size="small" onClick={() => setAttended(new Set())}>清空</Button>
      </Space>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 4, marginBottom: 12 }}>
        {WEEK.map((name) => <div key={name} style={{ textAlign: 'center', color: '#8c8c8c' }}>{name}</div>)}
        {Array.from({ length: (dayjs(days[0]).day() + 6) % 7 }, (_, index) => <div key={`blank-${index}`} />)}
        {days.map((day) => {
          const dayKind = dayClass(day, special);
          const employed = day >= entryText;
          return (
            <Tag.CheckableTag key={day} checked={employed && attended.has(day)} onChange={() => employed && toggle(day)}
              style={{ textAlign: 'center', marginInlineEnd: 0, opacity: employed ? 1 : 0.35, border: '1px solid #d9d9d9', lineHeight: 1.3, padding: '2px 0' }}
              data-testid={`trial-day-${day}`}>
              <div>{dayjs(day).date()}</div>
              <div style={{ fontSize: 11, color: attended.has(day) && employed ? undefined : CLASS_COLORS[dayKind] }}>{DAY_CLASS_LABELS[dayKind]}</div>
            </Tag.CheckableTag>
          );
        })}
      </div>
      {calendar.isError && <Alert type="warning" showIcon style={{ marginBottom: 8 }} title="节假日安排读取失败，试算暂按周六、周日为休息日计算。" />}
      {typeof rateFen === 'string' && <Typography.Text type="danger">{rateFen}</Typography.Text>}
      {result && (
        <Descriptions size="small" column={2} bordered data-testid="trial-result">
          <Descriptions.Item label="应发">
            <b data-testid="trial-amount">{yuanOf(result.fen)}</b> 元
          </Descriptions.Item>
          <Descriptions.Item label="天数">
            出勤 {result.attendedDays} 天 · 法定节假日 {result.holidayDays} 天 · 加班 {result.overtimeDays} 天
          </Descriptions.Item>
          <Descriptions.Item label="计算依据" span={2}>
            <span data-testid="trial-basis">{result.basis || '无计薪天数'}</span>
          </Descriptions.Item>
        </Descriptions>
      )}
    </div>
  );
}
