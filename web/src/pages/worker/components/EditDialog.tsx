import { Form, Input, Modal, Select } from 'antd';
import { phoneRule } from '@/utils/rules';
import { cardCheckDigitFails, wageCardRule } from '@/utils/rules/wageCard';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { editWorker, type WorkerDetail, type WorkerOptions } from '../service';

interface EditValues {
  phone: string;
  wageCardNumber?: string;
  wageCardBank?: string;
}

/**
 * 修改: the worker's phone and wage card with the registration's rules. A card failing UnionPay's check
 * digit is saved only after the user confirms it (the server's 301), and the confirmation is recorded.
 */
export default function EditDialog({
  worker,
  banks,
  onClose,
  onSaved,
}: {
  worker: WorkerDetail | null;
  banks: WorkerOptions['banks'];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<EditValues>();
  const { saving, run } = useFormSubmit();
  const card = Form.useWatch('wageCardNumber', form) ?? '';

  const send = async (values: EditValues, cardConfirmed: boolean): Promise<void> => {
    if (!worker) return;
    await run(
      async () => {
        await editWorker({
          id: String(worker.id),
          phone: values.phone.trim(),
          wageCardNumber: (values.wageCardNumber ?? '').trim(),
          wageCardBank: values.wageCardNumber?.trim() ? (values.wageCardBank ?? '') : '',
          cardConfirmed: cardConfirmed ? '1' : undefined,
        });
        onSaved();
      },
      {
        success: '已保存',
        confirm: (question) =>
          Modal.confirm({
            title: '工资卡号校验未通过',
            content: question,
            okText: '卡号无误，保存',
            cancelText: '返回修改',
            okButtonProps: { 'data-testid': 'edit-card-confirm' } as Record<string, string>,
            onOk: () => send(values, true),
          }),
      },
    );
  };

  return (
    <Modal
      open={worker !== null}
      title={`修改：${worker?.name ?? ''}`}
      okText="保存"
      okButtonProps={{ 'data-testid': 'edit-submit' } as Record<string, string>}
      confirmLoading={saving}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form<EditValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ phone: worker?.phone, wageCardNumber: worker?.wageCardNumber, wageCardBank: worker?.wageCardBank || undefined }}
        onFinish={(values) => void send(values, false)}
        data-testid="edit-form"
      >
        <Form.Item name="phone" label="手机号码" rules={[phoneRule()]}>
          <Input data-testid="edit-phone" />
        </Form.Item>
        <Form.Item
          name="wageCardNumber"
          label="工资卡号"
          rules={[wageCardRule()]}
          extra={cardCheckDigitFails(card) ? '该银联卡号末位校验不通过，请核对；确认无误仍可保存' : '银联卡（62开头16-19位）会核对末位校验位'}
        >
          <Input data-testid="edit-wageCardNumber" />
        </Form.Item>
        <Form.Item
          name="wageCardBank"
          label="开户银行"
          dependencies={['wageCardNumber']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                String(getFieldValue('wageCardNumber') ?? '').trim() !== '' && !value
                  ? Promise.reject(new Error('请选择工资卡开户银行'))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Select data-testid="edit-wageCardBank" allowClear showSearch optionFilterProp="label" options={banks} placeholder="请选择" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
