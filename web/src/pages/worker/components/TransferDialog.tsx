import { useMemo } from 'react';
import { DatePicker, Form, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { chinaNow } from '@/utils/chinaTime';
import { requiredDateRule, requiredRule } from '@/utils/rules';
import { transferWorker, type WorkerDetail, type WorkerOptions } from '../service';

interface TransferValues {
  date: Dayjs | null;
  unitId: number;
  teamId?: number;
  workType: string;
}

/**
 * 调动: to another unit, team or work type of the project from a date. The current line ends the day
 * before and a new line starts on the date, keeping the contract and the wage standard.
 */
export default function TransferDialog({
  worker,
  options,
  onClose,
  onMoved,
}: {
  worker: WorkerDetail | null;
  options: WorkerOptions | undefined;
  onClose: () => void;
  onMoved: (newLine: number) => void;
}) {
  const [form] = Form.useForm<TransferValues>();
  const { saving, run } = useFormSubmit();
  const unitId = Form.useWatch('unitId', form);
  const teams = useMemo(() => (options?.teams ?? []).filter((team) => team.unitId === unitId), [options, unitId]);

  const send = async (values: TransferValues) => {
    if (!worker) return;
    await run(
      async () => {
        const done = await transferWorker({
          id: String(worker.id),
          date: values.date ? values.date.format('YYYY-MM-DD') : '',
          unitId: String(values.unitId),
          teamId: values.teamId === undefined ? '' : String(values.teamId),
          workType: values.workType,
        });
        onMoved(done.id);
      },
      { success: '已调动' },
    );
  };

  return (
    <Modal
      open={worker !== null}
      title={`调动：${worker?.name ?? ''}`}
      okText="确认调动"
      okButtonProps={{ 'data-testid': 'transfer-submit' } as Record<string, string>}
      confirmLoading={saving}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <p>
        现在：{worker?.unitName} / {worker?.teamName || '无班组'} / {worker?.workTypeLabel}，{worker?.entryDate} 进场
      </p>
      <Form<TransferValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ date: chinaNow(), unitId: worker?.unitId, teamId: worker?.teamId ?? undefined, workType: worker?.workType }}
        onFinish={(values) => void send(values)}
      >
        <Form.Item
          name="date"
          label="调动日期"
          extra="原记录于前一天退场，新记录自该日进场，劳动合同和工资标准沿用"
          rules={[
            requiredDateRule('请选择调动日期'),
            {
              validator: (_rule, value: Dayjs | null) =>
                value && worker && value.format('YYYY-MM-DD') <= worker.entryDate
                  ? Promise.reject(new Error('调动日期应晚于本次进场日期'))
                  : Promise.resolve(),
            },
          ]}
        >
          <DatePicker style={{ width: '100%' }} data-testid="transfer-date" disabledDate={(day) => day.isAfter(chinaNow(), 'day')} />
        </Form.Item>
        <Form.Item name="unitId" label="所属单位" rules={[requiredRule('请选择所属单位')]}>
          <Select
            data-testid="transfer-unit"
            options={options?.units}
            onChange={() => form.setFieldsValue({ teamId: undefined })}
          />
        </Form.Item>
        <Form.Item name="teamId" label="班组">
          <Select
            data-testid="transfer-team"
            allowClear
            options={teams}
            onChange={(value: number | undefined) => {
              const team = teams.find((candidate) => candidate.value === value);
              if (team?.workType) form.setFieldsValue({ workType: team.workType });
            }}
          />
        </Form.Item>
        <Form.Item name="workType" label="工种" rules={[requiredRule('请选择工种')]}>
          <Select data-testid="transfer-workType" showSearch optionFilterProp="label" options={options?.workTypes} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
