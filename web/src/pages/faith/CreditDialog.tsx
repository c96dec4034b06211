/**
 * Adds or corrects a credit record: a worker (name + ID number) or, for awards and punishments, a unit of the
 * project. A correction starts from the record's detail (the list masks the ID number). The regulator names the
 * project a bureau record is for and attaches nothing (the decision's number goes in the reason).
 */
import { chinaNow } from '@/utils/chinaTime';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { fetchAuditList } from '@/pages/audit/service';
import { useSession } from '@/store/session';
import UploadField from '@/components/upload/UploadField';
import { idNumberRule, personNameRule, requiredDateRule, requiredRule } from '@/utils/rules';
import { useFormSubmit } from '@/utils/useFormSubmit';
import {
  fetchCreditUnits,
  ISSUER_MAX,
  KIND_TEXT,
  MSG_DATE_REQUIRED,
  MSG_ID_NUMBER_REQUIRED,
  MSG_ISSUER_REQUIRED,
  MSG_ISSUER_TOO_LONG,
  MSG_PROJECT_REQUIRED,
  MSG_NAME_REQUIRED,
  MSG_REASON_REQUIRED,
  MSG_REASON_TOO_LONG,
  MSG_UNIT_REQUIRED,
  REASON_MAX,
  saveCredit,
  updateCredit,
  type Credit,
  type CreditForm,
  type CreditKind,
} from './service';

const DAY = 'YYYY-MM-DD';

export interface CreditValues {
  /** The regulator's new record: the project it is for. */
  project_id?: number;
  subject_type: 'worker' | 'unit';
  name?: string;
  id_number?: string;
  unit_id?: number;
  record_date: Dayjs | null;
  reason: string;
  issuer: string;
  attachments: string[];
}

export function toCreditForm(kind: CreditKind, values: CreditValues): CreditForm {
  // A bad-behaviour form has no subject choice (workers only), so the field is not among the validated values.
  const worker = kind === 'bad' || values.subject_type !== 'unit';
  return {
    kind,
    project_id: values.project_id !== undefined ? String(values.project_id) : '',
    subject_type: worker ? 'worker' : 'unit',
    name: worker ? (values.name ?? '') : '',
    id_number: worker ? (values.id_number ?? '') : '',
    unit_id: !worker && values.unit_id !== undefined ? String(values.unit_id) : '',
    record_date: values.record_date ? values.record_date.format(DAY) : '',
    reason: values.reason ?? '',
    issuer: values.issuer ?? '',
    attachments: (values.attachments ?? []).join(','),
  };
}

const bounded = (max: number, required: string, tooLong: string) => [
  requiredRule(required),
  { max, message: tooLong },
];

/** The form's values of a record being corrected. */
const valuesOf = (record: Credit): CreditValues => ({
  subject_type: record.subjectType === 'unit' ? 'unit' : 'worker',
  name: record.subjectType === 'worker' ? record.subjectName : undefined,
  id_number: record.subjectType === 'worker' ? record.idNumber : undefined,
  unit_id: record.unitId ?? undefined,
  record_date: dayjs(record.recordDate, DAY),
  reason: record.reason,
  issuer: record.issuer,
  attachments: record.attachments,
});

export default function CreditDialog({
  kind,
  open,
  editing = null,
  onClose,
  onSaved,
}: {
  kind: CreditKind;
  open: boolean;
  /** The record corrected (its detail, with the full ID number); null to add one. */
  editing?: Credit | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const text = KIND_TEXT[kind];
  const isAdmin = useSession((state) => state.roles.includes('admin'));
  const [form] = Form.useForm<CreditValues>();
  const { saving, submit } = useFormSubmit(form);
  const subjectType = Form.useWatch('subject_type', form) ?? 'worker';
  const chosenProject = Form.useWatch('project_id', form);
  const projectId = editing ? editing.projectId : isAdmin ? chosenProject : undefined;
  const projects = useQuery({
    queryKey: ['credit', 'projects'],
    queryFn: () => fetchAuditList({ status: '2', name: '' }, 1, 100),
    enabled: open && isAdmin && !editing,
  });
  const units = useQuery({
    queryKey: ['credit', 'units', projectId ?? ''],
    queryFn: () => fetchCreditUnits(projectId),
    enabled: open && kind !== 'bad' && (!isAdmin || projectId !== undefined),
  });

  const save = () =>
    submit(
      async (values) => {
        if (editing) await updateCredit(editing.id, toCreditForm(kind, values));
        else await saveCredit(toCreditForm(kind, values));
        onSaved();
      },
      { success: '保存成功' },
    );

  return (
    <Modal
      title={`${editing ? '修改' : '新增'}${text.noun}记录`}
      open={open}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okText="保存"
      cancelText="取消"
      width={640}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'credit-save' } as Record<string, string>}
    >
      <Form<CreditValues>
        form={form}
        preserve={false}
        labelCol={{ flex: '110px' }}
        wrapperCol={{ flex: 'auto' }}
        initialValues={editing ? valuesOf(editing) : { subject_type: 'worker', record_date: null, reason: '', issuer: '', attachments: [] }}
      >
        {isAdmin && !editing && (
          <Form.Item label="项目" name="project_id" rules={[requiredRule(MSG_PROJECT_REQUIRED)]}>
            <Select
              showSearch
              optionFilterProp="label"
              options={(projects.data?.list ?? []).map((project) => ({ value: project.id, label: project.name }))}
              loading={projects.isLoading}
              placeholder="人社局记录所属的项目"
              data-testid="credit-project"
            />
          </Form.Item>
        )}
        {kind !== 'bad' && (
          <Form.Item label="对象类型" name="subject_type">
            <Radio.Group
              data-testid="credit-subject-type"
              options={[
                { value: 'worker', label: '工人' },
                { value: 'unit', label: '参建单位' },
              ]}
            />
          </Form.Item>
        )}
        {subjectType === 'worker' ? (
          <>
            <Form.Item label="姓名" name="name" validateFirst rules={[requiredRule(MSG_NAME_REQUIRED), personNameRule()]}>
              <Input maxLength={50} placeholder="工人姓名" data-testid="credit-name" />
            </Form.Item>
            <Form.Item
              label="身份证号码"
              name="id_number"
              validateFirst
              rules={[requiredRule(MSG_ID_NUMBER_REQUIRED), idNumberRule()]}
              extra="已实名登记的工人按身份证号码关联，姓名须与登记一致"
            >
              <Input maxLength={18} placeholder="18位身份证号码" data-testid="credit-id-number" />
            </Form.Item>
          </>
        ) : (
          <Form.Item label="单位" name="unit_id" rules={[requiredRule(MSG_UNIT_REQUIRED)]}>
            <Select options={units.data} loading={units.isLoading} placeholder="请选择本项目的参建单位" data-testid="credit-unit" />
          </Form.Item>
        )}
        <Form.Item label="日期" name="record_date" rules={[requiredDateRule(MSG_DATE_REQUIRED)]}>
          <DatePicker
            style={{ width: '100%' }}
            placeholder="请选择日期"
            disabledDate={(date) => date.isAfter(chinaNow(), 'day')}
            data-testid="credit-date"
          />
        </Form.Item>
        <Form.Item label={text.reason} name="reason" rules={bounded(REASON_MAX, MSG_REASON_REQUIRED, MSG_REASON_TOO_LONG)}>
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount placeholder="请填写事由" data-testid="credit-reason" />
        </Form.Item>
        <Form.Item label="发布单位" name="issuer" rules={bounded(ISSUER_MAX, MSG_ISSUER_REQUIRED, MSG_ISSUER_TOO_LONG)}>
          <Input maxLength={ISSUER_MAX} placeholder="作出决定或发布记录的单位" data-testid="credit-issuer" />
        </Form.Item>
        {isAdmin ? (
          <Form.Item label="附件">人社局录入的记录不上传附件，请在事由中注明文书编号</Form.Item>
        ) : (
          <Form.Item label="附件" name="attachments" extra="jpg、png、gif、pdf，最多5个，每个不超过5MB">
            <UploadField kind="attachment" data-testid="credit-attachments" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
