/**
 * Wizard steps 2 and 3, 建设单位信息 / 施工单位信息 (spec §3 "Builder unit", "Construction unit", §4, §5
 * "Builder and construction units"): the company (looked up by credit code or searched by name, then
 * locked), the leaders, the wage guarantee; save → ajaxBuilderEdit / ajaxContructorEdit → the next step.
 */
import { Alert, Col, DatePicker, Form, Input, Row, Select, message } from 'antd';
import UploadField from '@/components/upload/UploadField';
import StepActions from '@/components/wizard/StepActions';
import StepForm from '@/components/wizard/StepForm';
import { useFormSubmit } from '@/utils/useFormSubmit';
import {
  lookupRegisteringCompany,
  searchRegisteringCompanies,
  saveBuilder,
  saveContractor,
  type BuilderEditData,
  type ContractorEditData,
} from '../service';
import { depositAboveCeiling, depositHint, toUnitForm, toUnitValues, type UnitValues } from './unitForm';
import { guaranteeRules, LeaderCols, leadersOf } from './unitFields';
import CompanyBlock, { MSG_COMPANY_LOCKED, useCompanyLock, type CompanySource } from './CompanyBlock';

export const MSG_DEPOSIT_ABOVE_CEILING = '保证金金额超过上限';

type UnitData =
  | { role: 'builder'; data: BuilderEditData }
  | { role: 'contractor'; data: ContractorEditData };

export type UnitStepProps = UnitData & { onBack: () => void; onSaved: () => void };

const REGISTERING: CompanySource = { lookup: lookupRegisteringCompany, search: searchRegisteringCompanies };

export default function UnitStep(props: UnitStepProps) {
  const { role, data, onBack, onSaved } = props;
  const unitForm = props.role === 'builder' ? props.data.builderForm : props.data.contructorForm;
  const contractor = role === 'contractor';
  const prefix = contractor ? 'contractor' : 'builder';
  const [form] = Form.useForm<UnitValues>();
  const lock = useCompanyLock(form, REGISTERING, data.locked);
  const { saving, submit } = useFormSubmit(form);
  const desposit = Form.useWatch('desposit', form) ?? unitForm.desposit;
  const disabled = !data.editable;

  const save = () =>
    submit(async (values) => {
      const body = toUnitForm(role, unitForm.id, values);
      const reply = await (contractor ? saveContractor(body) : saveBuilder(body));
      if (reply?.depositWarning) message.warning(`${MSG_DEPOSIT_ABOVE_CEILING}（${data.desposittop_display}）`);
      message.success('操作成功!');
      onSaved();
    });

  const guarantee = guaranteeRules(role);
  const hint = depositHint(desposit ?? '');
  const above = depositAboveCeiling(desposit ?? '', data.desposittop);

  return (
    <div data-testid={`wizard-step-${contractor ? 3 : 2}`}>
      <StepForm<UnitValues>
        form={form}
        initialValues={toUnitValues(unitForm)}
        onValuesChange={(changed: Partial<UnitValues>) => {
          if ('SocialCreditCode' in changed) void lock.onCodeChange(changed.SocialCreditCode ?? '');
        }}
        disabled={disabled}
        labelWidth={140}
      >
        <Row gutter={24}>
          <CompanyBlock
            lock={lock}
            prefix={prefix}
            companyTypes={data.company_type}
            disabled={disabled}
            nameFromSearch
          />
          {leadersOf(role).map((leader) => (
            <LeaderCols key={leader.name} leader={leader} placeholders />
          ))}
          <Col xs={24} lg={12}>
            <Form.Item label="缴纳方式" name="paytype" rules={guarantee.paytype}>
              <Select options={data.depositmethod} placeholder="请选择缴纳方式" data-testid={`${prefix}-paytype`} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item
              label="保证金金额"
              name="desposit"
              rules={guarantee.desposit}
              extra={
                <span data-testid={`${prefix}-deposit-hint`} className={above ? 'price-hint-warning' : undefined}>
                  {hint ? `合计：${hint}；` : ''}
                  {above ? `${MSG_DEPOSIT_ABOVE_CEILING}（上限${data.desposittop_display}）` : `上限${data.desposittop_display}`}
                </span>
              }
            >
              <Input maxLength={11} suffix="万元" placeholder="单位：万元" data-testid={`${prefix}-deposit`} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item
              label="保函有效期"
              name="dateArr"
              rules={guarantee.dateArr}
            >
              <DatePicker.RangePicker style={{ width: '100%' }} placeholder={['开始日期', '结束日期']} data-testid={`${prefix}-dates`} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item
              label="保函文件"
              name="guaranteepath"
              rules={guarantee.guaranteepath}
              extra="jpg、jpeg、png、gif或pdf，1个文件，不超过5MB"
            >
              <UploadField kind="guarantee" disabled={disabled} data-testid={`${prefix}-guarantee`} />
            </Form.Item>
          </Col>
          {contractor && (
            <Col xs={24}>
              <Form.Item label="合同附件" name="ContractAttachment" extra="png或jpg图片，最多9张，每张不超过5MB">
                <UploadField kind="contract" disabled={disabled} data-testid="contractor-attachments" />
              </Form.Item>
            </Col>
          )}
        </Row>
      </StepForm>
      {lock.locked && <Alert type="info" showIcon title={MSG_COMPANY_LOCKED} className="wizard-alert" />}
      <StepActions editable={data.editable} onBack={onBack} onSubmit={() => void save()} saving={saving} submitText="保存并下一步" submitTestId={`${prefix}-save`} />
    </div>
  );
}
