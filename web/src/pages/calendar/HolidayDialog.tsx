import { useEffect } from 'react';
import { DatePicker, Form, Input, Modal, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ruleFrom } from '@/utils/rules/antd';
import { KIND_LABELS, KINDS, NAME_MAX, type SpecialKind, checkKindOnDay, parseDay, parseKind, parseName } from '@/utils/rules/calendar';
import { messageOf } from '@/utils/rules/result';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { MSG_SAVED, saveSpecialDay } from './service';

const DAY = 'YYYY-MM-DD';

/** What the dialog opens on: a new day (perhaps picked on the grid) or a special day to change. */
export interface Editing {
  day: string;
  kind?: SpecialKind;
  name?: string;
  /** Changing an existing special day: the day is its key and stays. */
  existing: boolean;
}

interface Values {
  day: Dayjs | null;
  kind: SpecialKind | undefined;
  name: string;
}

interface Props {
  editing: Editing | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增 / 修改节假日: day, kind and name, checked with the server's rules and messages. */
export default function HolidayDialog({ editing, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { saving, submit } = useFormSubmit(form);

  useEffect(() => {
    if (!editing) return;
    form.setFieldsValue({ day: editing.day ? dayjs(editing.day, DAY) : null, kind: editing.kind, name: editing.name ?? '' });
  }, [editing, form]);

  const save = () =>
    submit(
      async (values) => {
        await saveSpecialDay({ day: values.day!.format(DAY), kind: values.kind!, name: values.name });
        onSaved();
      },
      { success: MSG_SAVED },
    );

  return (
    <Modal
      open={editing !== null}
      title={editing?.existing ? `修改节假日：${editing.day}` : '新增节假日'}
      okText="保存"
      okButtonProps={{ 'data-testid': 'holiday-submit' }}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="day" label="日期" required rules={[ruleFrom((text) => messageOf(parseDay(text)))]}>
          <DatePicker data-testid="holiday-day" format={DAY} disabled={editing?.existing} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="kind"
          label="类型"
          required
          dependencies={['day']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, kind: string | undefined) => {
                const parsed = parseKind(kind);
                if (!parsed.ok) return Promise.reject(new Error(parsed.message));
                const day = getFieldValue('day') as Dayjs | null;
                const wrong = day ? checkKindOnDay(day.format(DAY), parsed.value) : undefined;
                return wrong ? Promise.reject(new Error(wrong)) : Promise.resolve();
              },
            }),
          ]}
          extra="法定节假日：周一至周五的节日，照发工资；调休放假：假期中的周末与调休的休息日；调休上班：补班的周六或周日。"
        >
          <Radio.Group data-testid="holiday-kind" options={KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))} />
        </Form.Item>
        <Form.Item name="name" label="名称" required rules={[ruleFrom((text) => messageOf(parseName(text)))]}>
          <Input data-testid="holiday-name" placeholder={`如：元旦、春节（不超过${NAME_MAX}个字）`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
