import { useState } from 'react';
import { Button, Form, Input, Modal, Segmented, Space, message } from 'antd';
import { ApiError } from '@/api/client';
import { useCountdown } from '@/utils/useCountdown';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { checkApprovalCode, checkApprovalId, sendApprovalCode } from './service';

type Method = 'sms' | 'id';

/**
 * The approver proves who they are before approving order `orderId` (SMS code to their own phone naming the
 * order and its amount, or their ID number); the verification is for this order only.
 */
export default function VerifyDialog({
  orderId,
  open,
  onClose,
  onVerified,
}: {
  orderId: number;
  open: boolean;
  onClose: () => void;
  onVerified: () => void;
}) {
  const [method, setMethod] = useState<Method>('sms');
  const [value, setValue] = useState('');
  const { saving: checking, run } = useFormSubmit();
  const [left, setLeft] = useCountdown();
  const send = async () => {
    try {
      const phone = await sendApprovalCode(orderId);
      void message.success(`验证码已发送至 ${phone}`);
      setLeft(60);
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
    }
  };
  const check = () =>
    run(async () => {
      await (method === 'sms' ? checkApprovalCode(orderId, value) : checkApprovalId(orderId, value));
      setValue('');
      onVerified();
    });
  return (
    <Modal title="身份验证" open={open} onCancel={onClose} onOk={() => void check()} okText="验证" cancelText="取消" confirmLoading={checking} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Segmented<Method>
          value={method}
          onChange={(next) => { setMethod(next); setValue(''); }}
          options={[{ value: 'sms', label: '短信验证码' }, { value: 'id', label: '身份证号码' }]}
        />
        <Form layout="vertical">
          {method === 'sms' ? (
            <Form.Item label="短信验证码（发送至本账号登记的手机）">
              <Space.Compact style={{ width: '100%' }}>
                <Input value={value} onChange={(event) => setValue(event.target.value)} maxLength={6} placeholder="6位验证码" data-testid="verify-code" />
                <Button onClick={() => void send()} disabled={left > 0}>
                  {left > 0 ? `${left}秒后重发` : '获取验证码'}
                </Button>
              </Space.Compact>
            </Form.Item>
          ) : (
            <Form.Item label="本人身份证号码">
              <Input value={value} onChange={(event) => setValue(event.target.value)} maxLength={18} placeholder="18位身份证号码" data-testid="verify-id" />
            </Form.Item>
          )}
        </Form>
        <span style={{ color: '#888' }}>验证只对本工资单有效，通过后10分钟内可审核通过。</span>
      </Space>
    </Modal>
  );
}
