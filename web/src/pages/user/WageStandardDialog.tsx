import { useState } from 'react';
import { DatePicker, Form, Input, Modal, Radio, message } from 'antd';
import type { Dayjs } from 'dayjs';
import { showApiError } from '@/api/client';
import { chinaNow } from '@/utils/chinaTime';
import { requiredDateRule } from '@/utils/rules';
import { wageRule } from '@/utils/rules/worker';
import { changeWageStandard, type WorkerDetail } from './service';

interface WageValues {
  wageKind: 'day' | 'month';
  wage: string;
  month: Dayjs | null;
}

/**
 * 调整工资标准: a new day or month rate from the first day of a month. Wage sheets of earlier months keep
 * the old rate; the history lists every standard.
 */
export default function WageStandardDialog({ worker, onClose, onSaved }: { worker: WorkerDetail | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<WageValues>();
  const [saving, setSaving] = useState(false);
  const entryMonth = worker?.entryDate.slice(0, 7) ?? '';

  const send = async (values: WageValues) => {
    if (!worker) return;
    setSaving(true);
    try {
      await changeWageStandard({
        id: String(worker.id),
        wageKind: values.wageKind,
        wage: values.wage.trim(),
        effectiveMonth: values.month ? values.month.format('YYYY-MM') : '',
      });
      void message.success('工资标准已调整');
      onSaved();
    } catch (error) {
      showApiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={worker !== null}
      title={`调整工资标准：${worker?.name ?? ''}`}
      okText="保存"
      okButtonProps={{ 'data-testid': 'wage-submit' } as Record<string, string>}
      confirmLoading={saving}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form<WageValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ wageKind: worker?.wageKind === 'month' ? 'month' : 'day', wage: '', month: chinaNow().startOf('month') }}
        onFinish={(values) => void send(values)}
      >
        <p data-testid="wage-current">
          现行标准：{worker?.wage} 元/{worker?.wageKind === 'month' ? '月' : '日'}
        </p>
        <Form.Item name="wageKind" label="工资标准类型">
          <Radio.Group options={[{ value: 'day', label: '日薪' }, { value: 'month', label: '月薪' }]} />
        </Form.Item>
        <Form.Item name="wage" label="新的工资标准（元）" rules={[wageRule()]}>
          <Input data-testid="wage-amount" />
        </Form.Item>
        <Form.Item
          name="month"
          label="生效月份"
          extra="自该月1日起执行（进场当月自进场日起）；已生成的之前月份工资表不变"
          rules={[
            requiredDateRule('请选择生效月份'),
            {
              validator: (_rule, value: Dayjs | null) =>
                value && value.format('YYYY-MM') < entryMonth ? Promise.reject(new Error('生效月份不能早于进场月份')) : Promise.resolve(),
            },
          ]}
        >
          <DatePicker picker="month" style={{ width: '100%' }} data-testid="wage-month" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
