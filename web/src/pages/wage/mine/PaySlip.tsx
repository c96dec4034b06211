/**
 * `/w/wages/:id`: the worker's pay slip (国令724 Art. 15) — the line's days, standard, payable, deductions with
 * their reason, net, each date it pays at its rate, and once paid the order and the bank's reference;
 * printable (打印, print CSS). His answer to the month: 确认无误, or 有异议 with a reason from the list and a
 * text (未收到工资 only on a paid line, the other reasons only before payment); the clerk's answer shows here.
 */
import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Alert, Button, Form, Input, Modal, Radio, Skeleton, Tag, message } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useWorkerSession } from '@/store/workerSession';
import { rmb } from '@/utils/money';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { DISPUTE_REASONS, disputeReasonLabel, isPaid, lineState } from './labels';
import { confirmMyWage, disputeMyWage, fetchMyWage, type DisputeReason, type MyConfirmation, type MyPaySlip } from './service';
import './paySlip.css';

const MAX_TEXT = 200;

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="w-row">
      <span>{label}</span>
      <span data-testid={testId}>{children}</span>
    </div>
  );
}

export default function PaySlip() {
  const id = Number(useParams().id);
  const name = useWorkerSession((state) => state.name);
  const queryClient = useQueryClient();
  const slip = useQuery({ queryKey: ['mine', 'wage', id], queryFn: () => fetchMyWage(id), enabled: Number.isInteger(id) && id > 0 });
  const [disputing, setDisputing] = useState(false);
  const [modal, modalHolder] = Modal.useModal();
  const confirming = useFormSubmit();
  const changed = () => {
    setDisputing(false);
    void queryClient.invalidateQueries({ queryKey: ['mine'] });
  };

  if (!Number.isInteger(id) || id <= 0) return <Alert type="error" showIcon title="没有这条工资记录" />;
  if (slip.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (slip.isError)
    return <Alert type="error" showIcon title={slip.error.message} action={<Button onClick={() => void slip.refetch()}>重试</Button>} />;

  const data = slip.data;
  const { line, confirmation } = data;
  const state = lineState(line.state);
  const paid = isPaid(line.state);
  const mayConfirm = confirmation.status === 'pending';
  const mayDispute = confirmation.status !== 'disputed' && (paid || confirmation.status === 'pending');

  const confirm = async () => {
    const ok = await modal.confirm({
      title: '确认工资无误',
      content: `${line.month} ${line.projectName}：出勤 ${line.days} 天，实发 ${rmb(line.net)}。确认后不能撤回。`,
      okText: '确认无误',
      cancelText: '取消',
    });
    if (ok) await confirming.run(() => confirmMyWage(line.id).then(changed), { success: '已确认，谢谢' });
  };

  return (
    <div className="pay-slip" data-testid="pay-slip">
      <div className="w-print-only pay-slip-heading">
        工资条 · {name} · {line.month}
      </div>
      <section className="w-card">
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
          <h2 className="w-card-title" style={{ margin: 0 }}>
            {line.month} 工资
          </h2>
          <Tag color={state.color} style={{ marginInlineEnd: 0, fontSize: 14 }} data-testid="pay-slip-state">
            {state.label}
          </Tag>
        </div>
        <div className="w-muted">{line.projectName}</div>
        <div className="pay-slip-net">
          <span className="w-muted">实发工资</span>
          <b className="w-money" data-testid="pay-slip-net">
            {rmb(line.net)}
          </b>
        </div>
        <Row label="单位">{data.unitName}</Row>
        <Row label="班组">{data.teamName || '—'}</Row>
        <Row label="工资标准">
          {rmb(data.wage)}/{data.wageKind === 'month' ? '月' : '日'}
        </Row>
        <Row label="出勤天数" testId="pay-slip-days">
          {line.days} 天
        </Row>
        <Row label="应发">{rmb(line.payable)}</Row>
        <Row label="扣款">{rmb(line.deduction)}</Row>
        {data.adjustment && data.adjustment !== '0.00' && <Row label="扣回（已发放日改为缺勤）">{rmb(data.adjustment)}</Row>}
        {data.adjustments.map((item) => (
          <div key={`${item.lineId}-${item.day}`} className="w-muted">
            {item.day} 扣回 {rmb(item.amount)}：{item.reason}
          </div>
        ))}
        {data.reason && <Row label="扣款 / 调整原因">{data.reason}</Row>}
        {data.basis && <div className="w-muted" style={{ paddingTop: 4 }}>计算依据：{data.basis}</div>}
      </section>

      <section className="w-card" data-testid="pay-slip-payment">
        <h3 className="w-card-title">发放</h3>
        <Row label="状态">{state.label}</Row>
        {line.paidAt && <Row label="发放时间">{line.paidAt}</Row>}
        <Row label="收款银行">{line.bankName || '—'}</Row>
        <Row label="工资卡">{line.cardNumber || '—'}</Row>
        {line.state === 'failed' && data.failureReason && <Row label="失败原因">{data.failureReason}</Row>}
        {data.bankRef && (
          <Row label="银行流水号" testId="pay-slip-bank-ref">
            {data.bankRef}
          </Row>
        )}
      </section>

      <ConfirmationCard confirmation={confirmation} />

      {(mayConfirm || mayDispute) && !disputing && (
        <div className="pay-slip-actions w-no-print">
          {mayConfirm && (
            <Button type="primary" size="large" block onClick={() => void confirm()} loading={confirming.saving} data-testid="pay-slip-confirm">
              确认无误
            </Button>
          )}
          {mayDispute && (
            <Button danger size="large" block onClick={() => setDisputing(true)} data-testid="pay-slip-dispute">
              {paid && !mayConfirm ? '未收到工资' : '有异议'}
            </Button>
          )}
        </div>
      )}
      {disputing && <DisputeForm slip={data} onCancel={() => setDisputing(false)} onDone={changed} />}

      <section className="w-card">
        <h3 className="w-card-title">计发日期（{data.paid.days.length} 天）</h3>
        {data.paid.days.length === 0 ? (
          <div className="w-muted">无</div>
        ) : (
          <table className="pay-slip-dates" data-testid="pay-slip-dates">
            <thead>
              <tr>
                <th>日期</th>
                <th>类别</th>
                <th>工资</th>
              </tr>
            </thead>
            <tbody>
              {data.paid.days.map((date) => (
                <tr key={`${date.day}-${date.topupFrom}`}>
                  <td>{date.day}</td>
                  <td>{date.topupFrom ? '补差' : date.attended ? '出勤' : '法定节假日'}</td>
                  <td className="w-money">
                    {date.topupFrom ? `${rmb(date.topupFrom)}→` : ''}
                    {rmb(date.wage)}/{date.wageKind === 'month' ? '月' : '日'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <Button block size="large" icon={<PrinterOutlined />} className="w-no-print" onClick={() => window.print()} data-testid="pay-slip-print">
        打印
      </Button>
      {modalHolder}
    </div>
  );
}

function ConfirmationCard({ confirmation }: { confirmation: MyConfirmation }) {
  if (confirmation.status === 'none') return null;
  return (
    <section className="w-card" data-testid="pay-slip-confirmation">
      <h3 className="w-card-title">本人确认</h3>
      {confirmation.status === 'pending' && <Alert type="warning" showIcon title="请核对后确认本月工资，有疑问可提出异议" />}
      {confirmation.status === 'confirmed' && <Row label="已确认">{confirmation.decidedAt}</Row>}
      {confirmation.status === 'disputed' && (
        <>
          <Row label="有异议" testId="pay-slip-dispute-reason">
            {disputeReasonLabel(confirmation.disputeReason)}
          </Row>
          {confirmation.decidedAt && <Row label="提出时间">{confirmation.decidedAt}</Row>}
          {confirmation.disputeText && <div style={{ padding: '4px 0', whiteSpace: 'pre-wrap' }}>{confirmation.disputeText}</div>}
          {confirmation.answer ? (
            <Alert
              type="info"
              showIcon
              title={`劳资专管员答复（${confirmation.answeredAt}）`}
              description={<span style={{ whiteSpace: 'pre-wrap' }}>{confirmation.answer}</span>}
              data-testid="pay-slip-answer"
            />
          ) : (
            <div className="w-muted">等待项目劳资专管员答复；3个工作日内未答复的，将转劳动保障监察部门处理。</div>
          )}
        </>
      )}
    </section>
  );
}

function DisputeForm({ slip, onCancel, onDone }: { slip: MyPaySlip; onCancel: () => void; onDone: () => void }) {
  const [form] = Form.useForm<{ reason: DisputeReason; text: string }>();
  const { saving, submit } = useFormSubmit(form);
  const paid = isPaid(slip.line.state);
  const reasons: DisputeReason[] = paid ? ['not_received'] : ['days', 'rate', 'deduction'];
  const send = () =>
    submit(
      async (values) => {
        await disputeMyWage(slip.line.id, values.reason, (values.text ?? '').trim());
        void message.success('异议已提交，等待劳资专管员答复');
        onDone();
      },
    );
  return (
    <section className="w-card w-no-print" data-testid="dispute-form">
      <h3 className="w-card-title">提出异议</h3>
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ reason: paid ? 'not_received' : undefined }}>
        <Form.Item name="reason" label="异议原因" rules={[{ required: true, message: '请选择异议原因' }]}>
          <Radio.Group className="dispute-reasons">
            {reasons.map((reason) => (
              <Radio key={reason} value={reason} data-testid={`dispute-reason-${reason}`}>
                {DISPUTE_REASONS[reason]}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="text" label="说明" rules={[{ max: MAX_TEXT, message: `说明最多${MAX_TEXT}字` }]}>
          <Input.TextArea rows={4} maxLength={MAX_TEXT} showCount placeholder="例如：10月12日、13日出勤未计入" data-testid="dispute-text" />
        </Form.Item>
        <div className="pay-slip-actions">
          <Button type="primary" danger size="large" block loading={saving} onClick={() => void send()} data-testid="dispute-submit">
            提交异议
          </Button>
          <Button size="large" block onClick={onCancel}>
            取消
          </Button>
        </div>
      </Form>
    </section>
  );
}
