import { useState } from 'react';
import { DatePicker, Form, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { showApiError } from '@/api/client';
import { requiredDateRule } from '@/utils/rules';

/** Asks for a date, then runs `onOk` with it (exit: 退场日期, re-entry: 进场日期). */
export default function DateDialog({
  title,
  label,
  required,
  onOk,
  onClose,
}: {
  title: string;
  label: string;
  required: string;
  onOk: (date: string) => Promise<void>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ date: Dayjs | null }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    let values: { date: Dayjs | null };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await onOk(values.date ? values.date.format('YYYY-MM-DD') : '');
    } catch (error) {
      showApiError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title={title} open onCancel={onClose} onOk={submit} confirmLoading={saving} destroyOnHidden okButtonProps={{ 'data-testid': 'date-dialog-ok' }}>
      <Form form={form} layout="vertical">
        <Form.Item label={label} name="date" rules={[requiredDateRule(required)]}>
          <DatePicker style={{ width: '100%' }} data-testid="date-dialog-date" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
