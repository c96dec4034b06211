import { chinaNow } from '@/utils/chinaTime';
import { DatePicker, Form, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { requiredDateRule } from '@/utils/rules';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { exitWorker, reenterWorker, type RosterLine } from '../service';

export type Move = { kind: 'exit' | 'reenter'; line: RosterLine };

const MSG_EXIT_BEFORE_ENTRY = '退场日期不能早于进场日期';
const MSG_REENTRY_BEFORE_EXIT = '重新进场日期不能早于上次退场日期';

/** Exit (a date not before the entry) or re-entry (a new line from a date not before the exit). */
export default function MoveDialog({ move, onClose, onMoved }: { move: Move | null; onClose: () => void; onMoved: () => void }) {
  const [form] = Form.useForm<{ date: Dayjs | null }>();
  const { saving, run } = useFormSubmit();
  const exit = move?.kind === 'exit';
  const earliest = move ? (exit ? move.line.entryDate : move.line.exitDate) : '';

  const send = async (date: string, confirmed: boolean): Promise<void> => {
    if (!move) return;
    await run(
      async () => {
        if (exit) await exitWorker(move.line.id, date);
        else await reenterWorker(move.line.id, date, confirmed);
        onMoved();
      },
      {
        success: exit ? '已退场' : '已重新进场',
        confirm: (question) => Modal.confirm({ title: '人员已在其他项目在场', content: question, onOk: () => send(date, true) }),
      },
    );
  };

  return (
    <Modal
      open={move !== null}
      title={exit ? `退场：${move?.line.name ?? ''}` : `重新进场：${move?.line.name ?? ''}`}
      okText={exit ? '确认退场' : '确认进场'}
      okButtonProps={{ 'data-testid': 'move-submit' } as Record<string, string>}
      confirmLoading={saving}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ date: chinaNow() }}
        onFinish={(values) => void send(values.date ? values.date.format('YYYY-MM-DD') : '', false)}
      >
        <Form.Item
          name="date"
          label={exit ? '退场日期' : '重新进场日期'}
          extra={exit ? `进场日期 ${earliest}` : `上次退场日期 ${earliest}`}
          rules={[
            requiredDateRule(exit ? '请选择退场日期' : '请选择进场日期'),
            {
              validator: (_rule, value: Dayjs | null) =>
                value && earliest && value.format('YYYY-MM-DD') < earliest
                  ? Promise.reject(new Error(exit ? MSG_EXIT_BEFORE_ENTRY : MSG_REENTRY_BEFORE_EXIT))
                  : Promise.resolve(),
            },
          ]}
        >
          <DatePicker style={{ width: '100%' }} data-testid="move-date" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
