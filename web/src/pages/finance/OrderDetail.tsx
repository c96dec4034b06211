import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal, Space, message } from 'antd';
import { useSearchParams } from 'react-router';
import OrderView from '@/components/wageOrder/OrderView';
import { groupYuan } from '@/utils/money';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { auditOrder, fetchFinanceAttendance, fetchFinanceBasis, fetchFinanceOrder, type WageOrder } from './service';
import VerifyDialog from './VerifyDialog';

/** What became of the decided order: a partly failed payout is a warning, not a success. */
function announce(order: WageOrder) {
  const no = order.orderNo;
  switch (order.status) {
    case 'paid':
      void message.success(`审核通过，已全部支付 ${groupYuan(order.paid)} 元：${no}`);
      break;
    case 'partial':
      void message.warning(`审核通过，已支付 ${groupYuan(order.paid)} 元；${groupYuan(order.failed)} 元支付失败，已转项目工资发放异常处理：${no}`, 6);
      break;
    case 'paying':
      // A special account paying by file waits for the project's batch file to reach the bank.
      if (order.channel === 'file') void message.info(`审核通过，待银行发放：请项目下载代发文件提交银行：${no}`, 6);
      else void message.info(`审核通过，银行处理中，系统将自动继续发放：${no}`, 6);
      break;
    case 'rejected':
      void message.success(`已驳回：${no}`);
      break;
    default:
      void message.success(`${order.statusLabel}：${no}`);
  }
}

/** 工单详情: every line of the order with its basis and anomalies (a line opens the worker's month); approve
 * after verifying who you are, or reject with a reason. */
export default function OrderDetail() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const queryClient = useQueryClient();
  const [verifying, setVerifying] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  // One flag for 驳回 and 审核通过: either decision in flight keeps both busy.
  const { saving: busy, run } = useFormSubmit();
  const decide = (status: 1 | 2, remark: string) =>
    run(async () => {
      announce(await auditOrder(id, status, remark));
      void queryClient.invalidateQueries({ queryKey: ['finance'] });
    });
  return (
    <>
      <OrderView
        queryKey={['finance', 'order', id]}
        load={(page, limit) => fetchFinanceOrder(id, page, limit)}
        basis={{
          load: (page, limit, anomalous) => fetchFinanceBasis(id, page, limit, anomalous),
          attendance: (workerId) => fetchFinanceAttendance(id, workerId),
        }}
        actions={(detail) =>
          detail.order.status === 'pending' ? (
            <Space>
              <Button danger onClick={() => setRejecting(true)} loading={busy}>驳回</Button>
              <Button type="primary" onClick={() => setVerifying(true)} loading={busy}>审核通过</Button>
            </Space>
          ) : null
        }
      />
      <VerifyDialog
        orderId={id}
        open={verifying}
        onClose={() => setVerifying(false)}
        onVerified={() => {
          setVerifying(false);
          void decide(1, '');
        }}
      />
      <Modal
        title="驳回工资单"
        open={rejecting}
        onCancel={() => setRejecting(false)}
        okText="驳回"
        cancelText="取消"
        okButtonProps={{ danger: true, disabled: reason.trim() === '' }}
        onOk={() => {
          setRejecting(false);
          void decide(2, reason.trim());
          setReason('');
        }}
      >
        <Input.TextArea value={reason} onChange={(event) => setReason(event.target.value)} rows={3} maxLength={200} placeholder="请填写驳回原因" />
      </Modal>
    </>
  );
}
