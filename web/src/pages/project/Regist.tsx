/**
 * 添加关键岗位人员 (hidden route /project/regist, `?id=` to edit): one management or key staff member with the
 * domain rules of the server (name, phone, ID number, dates).
 */
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, DatePicker, Form, Input, Result, Row, Select, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { FormRule } from 'antd';
import { ApiError, MSG_UNKNOWN } from '@/api/client';
import { idNumberRule, optionalDateRule, personNameRule, phoneRule, requiredDateRule, requiredRule } from '@/utils/rules';
import { useFormSubmit } from '@/utils/useFormSubmit';
import {
  CERTIFICATE_MAX,
  fetchStaffDetail,
  fetchStaffOptions,
  keyPostsWarning,
  MSG_CERTIFICATE_TOO_LONG,
  MSG_ENTRY_REQUIRED,
  MSG_EXIT_BEFORE_ENTRY,
  MSG_ID_NUMBER_REQUIRED,
  MSG_NAME_REQUIRED,
  MSG_POST_REQUIRED,
  MSG_UNIT_REQUIRED,
  saveStaff,
  type Staff,
  type StaffForm,
} from './service';

const DAY = 'YYYY-MM-DD';

export interface StaffValues {
  unit_id?: number;
  post?: string;
  name: string;
  phone: string;
  id_number: string;
  certificate_number: string;
  entry_date: Dayjs | null;
  exit_date: Dayjs | null;
}

export function toValues(staff: Staff | undefined): StaffValues {
  return {
    unit_id: staff?.unitId,
    post: staff?.post,
    name: staff?.name ?? '',
    phone: staff?.phone ?? '',
    id_number: staff?.idNumber ?? '',
    certificate_number: staff?.certificateNumber ?? '',
    entry_date: staff?.entryDate ? dayjs(staff.entryDate, DAY) : null,
    exit_date: staff?.exitDate ? dayjs(staff.exitDate, DAY) : null,
  };
}

export function toStaffForm(id: number | undefined, values: StaffValues): StaffForm {
  return {
    id: id === undefined ? undefined : String(id),
    unit_id: values.unit_id === undefined ? '' : String(values.unit_id),
    post: values.post ?? '',
    name: values.name ?? '',
    phone: values.phone ?? '',
    id_number: values.id_number ?? '',
    certificate_number: values.certificate_number ?? '',
    entry_date: values.entry_date ? values.entry_date.format(DAY) : '',
    exit_date: values.exit_date ? values.exit_date.format(DAY) : '',
  };
}

const exitRule: FormRule = ({ getFieldValue }) => ({
  validator: (_rule, value: Dayjs | null) => {
    const entry = getFieldValue('entry_date') as Dayjs | null | undefined;
    return value && entry && value.format(DAY) < entry.format(DAY) ? Promise.reject(new Error(MSG_EXIT_BEFORE_ENTRY)) : Promise.resolve();
  },
});

export default function Regist() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const idText = search.get('id');
  const id = idText ? Number(idText) : undefined;
  const [form] = Form.useForm<StaffValues>();
  const { saving, submit } = useFormSubmit(form);
  const options = useQuery({ queryKey: ['staff', 'options', ''], queryFn: () => fetchStaffOptions() });
  const detail = useQuery({ queryKey: ['staff', 'detail', id], queryFn: () => fetchStaffDetail(id ?? 0), enabled: id !== undefined });

  if (options.isLoading || detail.isLoading) return <Spin description="加载中…" size="large" style={{ display: 'block', margin: 48 }} />;
  const failure = options.error ?? detail.error;
  if (failure) {
    return <Result status="error" title="加载失败" subTitle={failure instanceof ApiError ? failure.message : MSG_UNKNOWN} />;
  }

  const back = () => navigate('/project/projectManagement');
  const save = () =>
    submit(
      async (values) => {
        await saveStaff(toStaffForm(id, values));
        await queryClient.invalidateQueries({ queryKey: ['staff'] });
        back();
      },
      { success: '保存成功' },
    );

  const warning = keyPostsWarning(options.data?.keyPostsMissing ?? []);
  return (
    <Card data-testid="staff-form-page" title={id ? '编辑管理人员' : '添加关键岗位人员'} variant="borderless">
      {warning && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={warning} />}
      <Form<StaffValues> form={form} initialValues={toValues(detail.data)} labelCol={{ flex: '110px' }} wrapperCol={{ flex: 'auto' }}>
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <Form.Item label="所属单位" name="unit_id" rules={[requiredRule(MSG_UNIT_REQUIRED)]}>
              <Select options={options.data?.units} placeholder="请选择所属单位" data-testid="staff-unit" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="岗位" name="post" rules={[requiredRule(MSG_POST_REQUIRED)]}>
              <Select
                placeholder="请选择岗位"
                data-testid="staff-post"
                options={options.data?.posts.map((post) => ({ value: post.value, label: post.key ? `${post.label}（关键岗位）` : post.label }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="姓名" name="name" validateFirst rules={[requiredRule(MSG_NAME_REQUIRED), personNameRule()]}>
              <Input maxLength={50} placeholder="请填写姓名" data-testid="staff-name" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="联系电话" name="phone" rules={[phoneRule()]}>
              <Input maxLength={20} placeholder="手机号码或固定电话（0371-12345678）" data-testid="staff-phone" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="身份证号码" name="id_number" validateFirst rules={[requiredRule(MSG_ID_NUMBER_REQUIRED), idNumberRule()]}>
              <Input maxLength={18} placeholder="18位身份证号码" data-testid="staff-id-number" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="证书编号" name="certificate_number" rules={[{ max: CERTIFICATE_MAX, message: MSG_CERTIFICATE_TOO_LONG }]}>
              <Input maxLength={CERTIFICATE_MAX} placeholder="选填，岗位证书或执业资格证书编号" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="进场日期" name="entry_date" rules={[requiredDateRule(MSG_ENTRY_REQUIRED)]}>
              <DatePicker style={{ width: '100%' }} placeholder="请选择进场日期" data-testid="staff-entry" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="离场日期" name="exit_date" dependencies={['entry_date']} rules={[optionalDateRule(), exitRule]}>
              <DatePicker style={{ width: '100%' }} placeholder="选填，在岗不填" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Space>
        <Button type="primary" loading={saving} onClick={() => void save()} data-testid="staff-save">
          保存
        </Button>
        <Button onClick={back}>返回</Button>
      </Space>
    </Card>
  );
}
