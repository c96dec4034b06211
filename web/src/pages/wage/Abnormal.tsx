import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Modal, Space, Tag, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { useCanWrite } from '@/store/session';
import RevealNumber from '@/components/RevealNumber';
import ServerTable, { usePagedList } from '@/components/ServerTable';
import { fenToYuan, groupYuan, sumYuan, yuanToFen } from '@/utils/money';
import { useFormSubmit } from '@/utils/useFormSubmit';
import AnswerDialog, { type AnswerTarget } from './AnswerDialog';
import CardDialog, { type CardTarget } from './CardDialog';
import { askToPay } from './PayConfirm';
import { fetchAbnormal, fetchOptions, reissue, type WagePayout } from './service';

const LIMIT = 20;

/** 工资发放异常处理: failed lines with the bank's reason; correct the card, re-issue as a new order. Paid lines a
 * worker says never reached him are listed too, to be answered after checking with the bank. */
export default function Abnormal() {
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<WagePayout[]>([]);
  const [card, setCard] = useState<CardTarget | null>(null);
  const [answering, setAnswering] = useState<AnswerTarget | null>(null);
  const { saving: sending, run } = useFormSubmit();
  const [modal, modalHolder] = Modal.useModal();
  const failed = usePagedList({
    queryKey: ['wage', 'abnormal'],
    fetchPage: (_filter: null, page, limit) => fetchAbnormal({ page, limit }),
    initialFilter: null,
    limit: LIMIT,
  });
  const options = useQuery({ queryKey: ['wage', 'options'], queryFn: fetchOptions });
  // The picked lines as last loaded: a corrected card shows in the confirmation.
  const selected = picked.map((row) => failed.query.data?.list.find((line) => line.id === row.id) ?? row);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['wage'] });
  const send = async () => {
    const total = sumYuan(selected.map((row) => row.amount));
    const balance = options.data?.balance ?? '';
    const problems = selected.filter((row) => row.currentCardProblem);
    const asked = await askToPay(modal, '重新发放', '重新发放', '所选明细将作为新的工资单提交财务审核，审核通过后发放到工人当前的工资卡。', {
      workers: selected.length,
      total,
      balance,
      balanceAfter: balance === '' ? '' : fenToYuan((yuanToFen(balance) ?? 0) - (yuanToFen(total) ?? 0)),
      cardProblemCount: problems.length,
      cardProblems: problems.map((row) => ({ name: row.name, cardNumber: row.currentCard, cardBankName: '', problem: row.currentCardProblem })),
    });
    if (!asked) return;
    await run(
      async () => {
        const id = await reissue(selected.map((payout) => payout.id));
        setPicked([]);
        refresh();
        navigate(`/special/orderDetail?id=${id}`);
      },
      { success: '已重新提交审核' },
    );
  };
  const columns: TableColumnsType<WagePayout> = [
    { title: '工资单号', dataIndex: 'orderNo', width: 190 },
    { title: '工资月份', dataIndex: 'month', width: 90 },
    { title: '姓名', dataIndex: 'name', width: 80 },
    { title: '金额（元）', dataIndex: 'amount', align: 'right', width: 110, render: groupYuan },
    { title: '原卡号', dataIndex: 'cardNumber', width: 200, render: (card: string, row) => <RevealNumber value={card} record="payout" id={row.id} field="card" /> },
    {
      title: '失败原因',
      dataIndex: 'failureReason',
      render: (value: string, row) =>
        row.notReceived ? <Tag color="orange" data-testid={`not-received-${row.id}`}>已支付，工人反映未收到</Tag> : <Tag color="error">{value}</Tag>,
    },
    {
      title: '当前工资卡', width: 220,
      render: (_: unknown, row) => (row.currentCardProblem ? <Tag color="warning">{row.currentCardProblem}</Tag> : <RevealNumber value={row.currentCard} record="payout" id={row.id} field="current_card" />),
    },
    {
      title: '操作', width: 110,
      render: (_: unknown, row) => canWrite && (row.notReceived ? (
        <Button type="link" size="small" onClick={() => setAnswering({ lineId: row.lineId, name: row.name })} data-testid={`answer-not-received-${row.id}`}>答复工人</Button>
      ) : (
        <Button type="link" size="small" onClick={() => setCard({ workerId: row.workerId, name: row.name, card: row.currentCard, bank: row.currentBank })}>修改工资卡</Button>
      )),
    },
  ];
  return (
    <Card title="工资发放异常处理">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="warning" showIcon title="以下明细银行支付失败，资金未划出专户。请核对并修改工人本人工资卡后，勾选同一工资单的明细重新发放；重新发放的工资单需财务再次审核。工人反映未收到的已支付明细，请向银行核实后答复工人。" />
        <ServerTable<null, WagePayout>
          list={failed}
          rowKey="id"
          size="large"
          columns={columns}
          locale={{ emptyText: '没有待处理的支付失败明细' }}
          rowSelection={{
            selectedRowKeys: selected.map((row) => row.id),
            onChange: (_, rows) => setPicked(rows),
            getCheckboxProps: (row) => ({ disabled: row.notReceived }),
          }}
        />
        <Space>
          <span>已选 {selected.length} 条，合计 {groupYuan(sumYuan(selected.map((row) => row.amount)))} 元</span>
          {canWrite && <Button type="primary" disabled={selected.length === 0} loading={sending} onClick={() => void send()}>重新发放</Button>}
        </Space>
      </Space>
      {modalHolder}
      <AnswerDialog target={answering} onClose={() => setAnswering(null)} onSaved={() => { setAnswering(null); refresh(); }} />
      <CardDialog target={card} onClose={() => setCard(null)} onSaved={() => { setCard(null); refresh(); }} />
    </Card>
  );
}
