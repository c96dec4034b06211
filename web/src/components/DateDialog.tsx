import { DatePicker, Form, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { requiredDateRule } from '@/utils/rules';
import { useFormSubmit } from '@/utils/useFormSubmit';

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
  const { saving, submit } = useFormSubmit(form);
  const save = () => submit(({ date }) => onOk(date ? date.format('YYYY-MM-DD') : ''));
  return (
    <Modal title={title} open onCancel={onClose} onOk={() => void save()} confirmLoading={saving} destroyOnHidden okButtonProps={{ 'data-testid': 'date-dialog-ok' }}>
      <Form form={form} layout="vertical">
        <Form.Item label={label} name="date" rules={[requiredDateRule(required)]}>
          <DatePicker style={{ width: '100%' }} data-testid="date-dialog-date" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
