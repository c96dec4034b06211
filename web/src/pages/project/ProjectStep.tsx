/** Wizard step 1, 项目信息 (spec §3 Project, §5 Project rules): load → edit → ajaxProjectEdit → step 2. */
import { chinaNow } from '@/utils/chinaTime';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Cascader, Col, DatePicker, Form, Input, Modal, Row, Select, Space, message } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import type { FormRule } from 'antd';
import MapDialog from '@/components/map/MapDialog';
import StepActions from '@/components/wizard/StepActions';
import StepForm from '@/components/wizard/StepForm';
import { useCanWrite, useSession } from '@/store/session';
import { useFormSubmit } from '@/utils/useFormSubmit';
import {
  addressRule,
  checkProjectDates,
  contractPriceRule,
  durationRule,
  latlngRule,
  MSG_AREA_REQUIRED,
  MSG_COMPLETION_NOT_AFTER_START,
  MSG_COMPLETION_REQUIRED,
  MSG_DISTRICT_REQUIRED,
  MSG_INDUSTRY_REQUIRED,
  MSG_MONEY_SOURCE_REQUIRED,
  MSG_PROGRESS_REQUIRED,
  MSG_PROJECT_TYPE_REQUIRED,
  MSG_START_REQUIRED,
  optionalDateRule,
  pastDateSelectable,
  projectDescRule,
  projectNameRule,
  requiredDateRule,
  requiredRule,
  startDateSelectable,
} from '@/utils/rules';
import {
  computeEndTime,
  MSG_PRICE_CONFIRM,
  MSG_PRICE_WARNING,
  priceFlags,
  priceHint,
  toProjectForm,
  toValues,
  type LockableField,
  type ProjectValues,
} from './projectForm';
import { cascaderOptions } from '@/utils/cascader';
import { fetchProjectAreas, fetchSupervisingDistricts } from '@/pages/area/service';
import { saveProject, type ProjectEditData, type ProjectForm } from './service';

const DAY = 'YYYY-MM-DD';
const today = () => chinaNow().format(DAY);

/** Completion: required, and after the start date (the picker's message of spec §5). */
const completionRule: FormRule = ({ getFieldValue }) => ({
  validator: (_rule, value: Dayjs | null) => {
    const start = getFieldValue('StartTime') as Dayjs | null | undefined;
    if (value && start && value.format(DAY) <= start.format(DAY)) {
      return Promise.reject(new Error(MSG_COMPLETION_NOT_AFTER_START));
    }
    return Promise.resolve();
  },
});

function confirmPrice(): Promise<boolean> {
  return new Promise((resolve) => {
    Modal.confirm({
      title: '提示',
      content: MSG_PRICE_CONFIRM,
      okText: '确认无误',
      cancelText: '返回修改',
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/** What the form shows: the wizard's step 1 or the approved project's information (项目信息). */
export type ProjectStepData = Pick<
  ProjectEditData,
  'stepForm' | 'editable' | 'readonly' | 'project_type' | 'money_source_list' | 'industry_department_list' | 'gcprocess_arr'
>;

export interface ProjectStepProps {
  data: ProjectStepData;
  onSaved: () => void;
  /** Where the form goes: the wizard's ajaxProjectEdit unless told otherwise. */
  submit?: (form: ProjectForm) => Promise<unknown>;
  submitText?: string;
  testId?: string;
}

export default function ProjectStep({
  data,
  onSaved,
  submit = saveProject,
  submitText = '保存并下一步',
  testId = 'wizard-step-project',
}: ProjectStepProps) {
  const [form] = Form.useForm<ProjectValues>();
  const { saving, validated, run } = useFormSubmit(form);
  const [mapOpen, setMapOpen] = useState(false);
  const siteConfig = useSession((state) => state.siteConfig);
  const districts = useQuery({ queryKey: ['area', 'guanxia_list'], queryFn: fetchSupervisingDistricts, staleTime: Infinity });
  const areas = useQuery({ queryKey: ['area', 'jmarea'], queryFn: fetchProjectAreas, staleTime: Infinity });
  const price = Form.useWatch('ContractPrice', form) ?? data.stepForm.ContractPrice;
  const latlng = Form.useWatch('Latlng', form) ?? data.stepForm.Latlng;

  const editable = data.editable;
  const canWrite = useCanWrite();
  const locked = (field: LockableField) => !editable || data.readonly.includes(field);
  const disabled = !editable;

  const onValuesChange = (changed: Partial<ProjectValues>, all: ProjectValues) => {
    if (('StartTime' in changed || 'completiondate' in changed) && !data.readonly.includes('EndTime')) {
      form.setFieldValue('EndTime', computeEndTime(all.StartTime, all.completiondate));
      if (computeEndTime(all.StartTime, all.completiondate)) void form.validateFields(['EndTime']).catch(() => undefined);
    }
  };

  const save = async () => {
    const values = await validated();
    if (!values) return;
    const body = toProjectForm(data.stepForm.Id, values);
    const order = checkProjectDates({
      tender: body.tendertime,
      award: body.winningtime,
      start: body.StartTime ?? '',
      completion: body.completiondate ?? '',
    });
    if (order) {
      message.error(order);
      return;
    }
    // A price the regulator fixed is not the builder's to confirm.
    const priceLocked = data.readonly.includes('ContractPrice');
    if (!priceLocked && priceFlags(body.ContractPrice ?? '').confirm && !(await confirmPrice())) return;
    await run(async () => {
      await submit(body);
      message.success('操作成功!');
      onSaved();
    });
  };

  const flags = priceFlags(price ?? '');
  const hint = priceHint(price ?? '');

  return (
    <div data-testid={testId}>
      <StepForm<ProjectValues>
        form={form}
        initialValues={toValues(data.stepForm)}
        onValuesChange={onValuesChange}
        disabled={disabled}
        labelWidth={128}
      >
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <Form.Item label="项目名称" name="Name" rules={[projectNameRule()]}>
              <Input maxLength={255} placeholder="请填写项目名称" disabled={locked('Name')} data-testid="project-name" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="项目类型" name="ProjectType" rules={[requiredRule(MSG_PROJECT_TYPE_REQUIRED)]}>
              <Select options={data.project_type} placeholder="请选择项目类型" data-testid="project-type" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="资金来源" name="MoneySource" rules={[requiredRule(MSG_MONEY_SOURCE_REQUIRED)]}>
              <Select options={data.money_source_list} placeholder="请选择资金来源" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="行业主管部门" name="DepartmentIndustryId" rules={[requiredRule(MSG_INDUSTRY_REQUIRED)]}>
              <Select
                options={data.industry_department_list}
                placeholder="请选择行业主管部门"
                disabled={locked('DepartmentIndustryId')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="管辖划分" name="DistrictCode" rules={[requiredRule(MSG_DISTRICT_REQUIRED)]}>
              <Cascader
                options={cascaderOptions(districts.data)}
                changeOnSelect
                loading={districts.isLoading}
                placeholder="请选择管辖划分"
                disabled={locked('DistrictCode')}
                data-testid="project-district"
              />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="所属区域" name="selectedOptions" rules={[requiredRule(MSG_AREA_REQUIRED)]}>
              <Cascader
                options={cascaderOptions(areas.data)}
                changeOnSelect
                loading={areas.isLoading}
                placeholder="请选择所属区域"
                data-testid="project-area"
              />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="项目地址" name="Address" rules={[addressRule()]}>
              <Input maxLength={100} placeholder="请输入3-100个字的项目地址" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="项目坐标" required>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="Latlng" rules={[latlngRule()]} noStyle>
                  <Input readOnly placeholder="请选择坐标" data-testid="project-latlng" onClick={() => setMapOpen(true)} />
                </Form.Item>
                <Button icon={<EnvironmentOutlined />} onClick={() => setMapOpen(true)} data-testid="open-map">
                  选择坐标
                </Button>
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item
              label="中标合同价格"
              name="ContractPrice"
              rules={[contractPriceRule()]}
              extra={
                hint && (
                  <span data-testid="price-hint" className={flags.warning ? 'price-hint-warning' : undefined}>
                    合计：{hint}
                    {flags.warning ? `（${MSG_PRICE_WARNING}）` : ''}
                  </span>
                )
              }
            >
              <Input maxLength={18} suffix="万元" placeholder="单位：万元" disabled={locked('ContractPrice')} data-testid="project-price" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="工程进度" name="GcProcess" rules={[requiredRule(MSG_PROGRESS_REQUIRED)]}>
              <Select options={data.gcprocess_arr} placeholder="请选择工程进度" disabled={locked('GcProcess')} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="招标日期" name="tendertime" rules={[optionalDateRule()]}>
              <DatePicker
                style={{ width: '100%' }}
                placeholder="请选择招标日期"
                disabledDate={(date) => !pastDateSelectable(date.format(DAY), today())}
              />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="中标日期" name="winningtime" rules={[optionalDateRule()]}>
              <DatePicker
                style={{ width: '100%' }}
                placeholder="请选择中标日期"
                disabledDate={(date) => !pastDateSelectable(date.format(DAY), today())}
              />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="合同开工日期" name="StartTime" rules={[requiredDateRule(MSG_START_REQUIRED)]}>
              <DatePicker
                style={{ width: '100%' }}
                placeholder="请选择合同开工日期"
                disabledDate={(date) => !startDateSelectable(date.format(DAY), today())}
                data-testid="project-start"
              />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item
              label="合同竣工日期"
              name="completiondate"
              dependencies={['StartTime']}
              rules={[requiredDateRule(MSG_COMPLETION_REQUIRED), completionRule]}
            >
              <DatePicker style={{ width: '100%' }} placeholder="请选择合同竣工日期" data-testid="project-completion" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item
              label="合同工期"
              name="EndTime"
              rules={[durationRule()]}
              extra="选择开工、竣工日期后自动计算（相差天数加1）"
            >
              <Input readOnly suffix="天" placeholder="自动计算" disabled={locked('EndTime')} data-testid="project-endtime" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="区域" name="region" rules={[{ max: 50, message: '区域不能超过50个字' }]}>
              <Input maxLength={50} placeholder="选填" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label="项目描述" name="ProjectDesc" rules={[projectDescRule()]}>
              <Input.TextArea maxLength={1000} showCount rows={4} placeholder="选填，最多1000字" />
            </Form.Item>
          </Col>
        </Row>
      </StepForm>
      {/* The regulator only reads a project: nothing to save, nothing to tell him about the clerk's edits. */}
      {canWrite && (
        <StepActions editable={editable} onSubmit={() => void save()} saving={saving} submitText={submitText} submitTestId="project-save" />
      )}
      <MapDialog
        open={mapOpen}
        value={latlng}
        centre={siteConfig?.centerlatlng}
        tiles={siteConfig?.maptiles}
        geocoder={siteConfig?.geocoder}
        onCancel={() => setMapOpen(false)}
        onConfirm={(value) => {
          form.setFieldValue('Latlng', value);
          void form.validateFields(['Latlng']).catch(() => undefined);
          setMapOpen(false);
        }}
      />
    </div>
  );
}
