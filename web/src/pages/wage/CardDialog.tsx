import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { isMasked } from '@/utils/mask';
import { fetchOptions as fetchWorkerOptions } from '@/pages/worker/service';
import { requiredRule } from '@/utils/rules';
import { MSG_WAGE_CARD, wageCardRule } from '@/utils/rules/wageCard';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { saveCard } from './service';

export interface CardTarget {
  workerId: number;
  name: string;
  card: string;
  bank: string;
}

/** Corrects a worker's wage card; a UnionPay number failing its check digit asks to confirm (301). */
export default function CardDialog({ target, onClose, onSaved }: { target: CardTarget | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<{ card: string; bank: string }>();
  const { saving, submit } = useFormSubmit(form);
  const banks = useQuery({ queryKey: ['worker', 'options', ''], queryFn: () => fetchWorkerOptions(), enabled: target !== null });
  useEffect(() => {
    // A list answers the card masked: the new card is typed in full, never started from the mask.
    if (target) form.setFieldsValue({ card: isMasked(target.card) ? '' : target.card, bank: target.bank || undefined });
  }, [target, form]);

  const save = async (confirmed: boolean): Promise<void> => {
    if (!target) return;
    await submit(
      async (values) => {
        await saveCard(target.workerId, values.card, values.bank, confirmed);
        onSaved();
      },
      {
        success: '修改成功',
        confirm: (question) => Modal.confirm({ title: '请确认', content: question, okText: '确认保存', cancelText: '取消', onOk: () => save(true) }),
      },
    );
  };

  return (
    <Modal
      title={target ? `修改工资卡 · ${target.name}` : '修改工资卡'}
      open={target !== null}
      onCancel={onClose}
      onOk={() => void save(false)}
      confirmLoading={saving}
      okText="保存"
      cancelText="取消"
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="card" label="工资卡号" rules={[requiredRule(MSG_WAGE_CARD), wageCardRule()]}>
          <Input maxLength={30} placeholder="12-30位数字" data-testid="card-input" />
        </Form.Item>
        <Form.Item name="bank" label="开户银行" rules={[{ required: true, message: '请选择工资卡开户银行' }]}>
          <Select options={banks.data?.banks ?? []} placeholder="请选择" showSearch optionFilterProp="label" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
