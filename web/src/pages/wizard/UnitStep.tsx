/**
 * Wizard steps 2 and 3, 建设单位信息 / 施工单位信息 (spec §3 "Builder unit", "Construction unit", §4, §5
 * "Builder and construction units"): the company (looked up by credit code or searched by name, then
 * locked), the leaders, the wage guarantee; save → ajaxBuilderEdit / ajaxContructorEdit → the next step.
 */
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Cascader, Col, DatePicker, Form, Input, List, Modal, Row, Select, message } from 'antd';
import type { FormRule } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { showApiError } from '@/api/client';
import UploadField from '@/components/upload/UploadField';
import {
  addressRule,
  creditCodeRule,
  depositRule,
  idNumberRule,
  MSG_GUARANTEE_DATES_REQUIRED,
  MSG_PAY_TYPE_REQUIRED,
  MSG_REGISTER_DATE_REQUIRED,
  MSG_REGISTERED_AREA_REQUIRED,
  MSG_UNIT_TYPE_REQUIRED,
  normalizeCreditCode,
  personNameRule,
  phoneRule,
  requiredDateRule,
  requiredRule,
  triggersLookup,
  unitNameRule,
} from '@/utils/rules';
import { cascaderOptions } from './cascader';
import {
  lookupCompany,
  searchCompanies,
  fetchRegisterPlaces,
  saveBuilder,
  saveContractor,
  type BuilderEditData,
  type CompanyInfo,
  type ContractorEditData,
} from './service';
import {
  companyValues,
  depositAboveCeiling,
  depositHint,
  toUnitForm,
  toUnitValues,
  type UnitValues,
} from './unitForm';

export const MSG_GUARANTEE_FILE_REQUIRED = '请上传保函文件';
export const MSG_DEPOSIT_ABOVE_CEILING = '保证金金额超过上限';

const guaranteeFileRule: FormRule = {
  required: true,
  validator: (_rule, value: string[] | undefined) =>
    value && value.length > 0 ? Promise.resolve() : Promise.reject(new Error(MSG_GUARANTEE_FILE_REQUIRED)),
};

const dateRangeRule: FormRule = {
  required: true,
  validator: (_rule, value: unknown) =>
    Array.isArray(value) && value[0] && value[1] ? Promise.resolve() : Promise.reject(new Error(MSG_GUARANTEE_DATES_REQUIRED)),
};

type UnitData =
  | { role: 'builder'; data: BuilderEditData }
  | { role: 'contractor'; data: ContractorEditData };

export type UnitStepProps = UnitData & { onBack: () => void; onSaved: () => void };

/** The company search dialog (by name, up to 20); a typed name may also be used as a new company. */
function CompanySearch({
  open,
  onCancel,
  onPick,
  onUseName,
}: {
  open: boolean;
  onCancel: () => void;
  onPick: (company: CompanyInfo) => void;
  onUseName: (name: string) => void;
}) {
  const [name, setName] = useState('');
  const [hits, setHits] = useState<CompanyInfo[] | null>(null);
  const [loading, setLoading] = useState(false);
  const search = async (value: string) => {
    const query = value.trim();
    if (!query) return;
    setLoading(true);
    try {
      setHits(await searchCompanies(query));
    } catch (error) {
      showApiError(error);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Modal title="查询单位" open={open} onCancel={onCancel} footer={null} width={640} destroyOnHidden>
      <Input.Search
        value={name}
        maxLength={50}
        onChange={(event) => setName(event.target.value)}
        onSearch={(value) => void search(value)}
        placeholder="请输入单位名称"
        enterButton="查询"
        loading={loading}
        data-testid="company-search-input"
      />
      {hits !== null && (
        <List
          style={{ marginTop: 16 }}
          dataSource={hits}
          locale={{ emptyText: '未找到该单位' }}
          renderItem={(company) => (
            <List.Item
              actions={[
                <Button key="pick" type="link" onClick={() => onPick(company)} data-testid="company-pick">
                  选择
                </Button>,
              ]}
            >
              <List.Item.Meta title={company.Name} description={company.SocialCreditCode} />
            </List.Item>
          )}
        />
      )}
      {hits !== null && hits.length === 0 && name.trim() !== '' && (
        <div className="wizard-actions">
          <Button onClick={() => onUseName(name.trim())} data-testid="company-use-name">
            使用“{name.trim()}”作为新单位
          </Button>
        </div>
      )}
    </Modal>
  );
}

export default function UnitStep(props: UnitStepProps) {
  const { role, data, onBack, onSaved } = props;
  const unitForm = props.role === 'builder' ? props.data.builderForm : props.data.contructorForm;
  const contractor = role === 'contractor';
  const prefix = contractor ? 'contractor' : 'builder';
  const [form] = Form.useForm<UnitValues>();
  const [locked, setLocked] = useState(data.locked);
  const [saving, setSaving] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const lookupSeq = useRef(0);
  const places = useQuery({ queryKey: ['area', 'registerplace'], queryFn: fetchRegisterPlaces, staleTime: Infinity });
  const desposit = Form.useWatch('desposit', form) ?? unitForm.desposit;

  const disabled = !data.editable;
  const companyDisabled = disabled || locked;
  // A locked company keeps its stored values on save: its (masked) fields are not validated.
  const companyRules = (rules: FormRule[]): FormRule[] => (locked ? [] : rules);

  const fill = (company: CompanyInfo) => {
    form.setFieldsValue(companyValues(company));
    setLocked(true);
    void form.validateFields(['Name', 'SocialCreditCode']).catch(() => undefined);
  };

  const unlock = () => {
    if (!locked) return;
    setLocked(false);
    // The look-up answers the legal person's phone and ID number masked: they must be typed again.
    for (const field of ['LegalPersonPhone', 'LegalPersonIdNumber'] as const) {
      if ((form.getFieldValue(field) as string | undefined)?.includes('*')) form.setFieldValue(field, '');
    }
  };

  const onCodeChange = async (code: string) => {
    const seq = ++lookupSeq.current;
    if (!triggersLookup(code)) {
      unlock();
      return;
    }
    try {
      const [company] = await lookupCompany(code.trim());
      if (seq !== lookupSeq.current) return;
      if (company) fill(company);
      else unlock();
    } catch (error) {
      if (seq === lookupSeq.current) unlock();
      showApiError(error);
    }
  };

  const save = async () => {
    let values: UnitValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = toUnitForm(role, unitForm.id, values);
      const reply = await (contractor ? saveContractor(body) : saveBuilder(body));
      if (reply?.depositWarning) message.warning(`${MSG_DEPOSIT_ABOVE_CEILING}（${data.desposittop_display}）`);
      message.success('操作成功!');
      onSaved();
    } catch (error) {
      showApiError(error);
    } finally {
      setSaving(false);
    }
  };

  const hint = depositHint(desposit ?? '');
  const above = depositAboveCeiling(desposit ?? '', data.desposittop);

  return (
    <div data-testid={`wizard-step-${contractor ? 3 : 2}`}>
      <Form<UnitValues>
        form={form}
        initialValues={toUnitValues(unitForm)}
        onValuesChange={(changed: Partial<UnitValues>) => {
          if ('SocialCreditCode' in changed) void onCodeChange(changed.SocialCreditCode ?? '');
        }}
        labelCol={{ flex: '140px' }}
        labelWrap
        wrapperCol={{ flex: 'auto' }}
        disabled={disabled}
        scrollToFirstError
        className="wizard-form"
      >
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <Form.Item
              label="统一社会信用代码"
              name="SocialCreditCode"
              normalize={normalizeCreditCode}
              rules={[creditCodeRule(true)]}
              extra="填写18位代码后自动查询已登记的单位；没有代码的填写“/”"
            >
              <Input maxLength={18} placeholder="请填写统一社会信用代码" data-testid={`${prefix}-code`} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="单位名称" name="Name" rules={companyRules([unitNameRule()])}>
              <Input
                readOnly
                placeholder="点击查询单位名称"
                disabled={companyDisabled}
                onClick={() => !companyDisabled && setSearchOpen(true)}
                suffix={
                  <SearchOutlined
                    aria-label="查询单位"
                    onClick={() => !companyDisabled && setSearchOpen(true)}
                    data-testid={`${prefix}-search`}
                  />
                }
                data-testid={`${prefix}-name`}
              />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="注册地区" name="RegisteredArea" rules={companyRules([requiredRule(MSG_REGISTERED_AREA_REQUIRED)])}>
              <Cascader
                options={cascaderOptions(places.data)}
                loading={places.isLoading}
                placeholder="请选择注册地区"
                disabled={companyDisabled}
                data-testid={`${prefix}-area`}
              />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="注册日期" name="RegisterDate" rules={companyRules([requiredDateRule(MSG_REGISTER_DATE_REQUIRED)])}>
              <DatePicker style={{ width: '100%' }} placeholder="请选择注册日期" disabled={companyDisabled} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="注册地址" name="RegisteredAddress" rules={companyRules([addressRule()])}>
              <Input maxLength={100} placeholder="请输入3-100个字的注册地址" disabled={companyDisabled} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="办公地址" name="OfficeAddress" rules={companyRules([addressRule()])}>
              <Input maxLength={100} placeholder="请输入3-100个字的办公地址" disabled={companyDisabled} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="法定代表人" name="LegalPerson" rules={companyRules([personNameRule()])}>
              <Input maxLength={50} placeholder="请填写法定代表人姓名" disabled={companyDisabled} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="法定代表人电话" name="LegalPersonPhone" rules={companyRules([phoneRule()])}>
              <Input maxLength={20} placeholder="请填写联系电话" disabled={companyDisabled} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="法定代表人身份证号" name="LegalPersonIdNumber" rules={companyRules([idNumberRule()])}>
              <Input maxLength={18} placeholder="请填写身份证号码" disabled={companyDisabled} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="单位类型" name="ProvinceCompanyType" rules={companyRules([requiredRule(MSG_UNIT_TYPE_REQUIRED)])}>
              <Select options={data.company_type} placeholder="请选择单位类型" disabled={companyDisabled} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={8}>
            <Form.Item label="项目负责人" name="projectLeader" rules={[personNameRule()]}>
              <Input maxLength={50} placeholder="请填写项目负责人姓名" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={8}>
            <Form.Item label="项目负责人电话" name="projectLeaderPhone" rules={[phoneRule()]}>
              <Input maxLength={20} placeholder="请填写联系电话" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={8}>
            <Form.Item label="项目负责人身份证号" name="projectLeaderIdNumber" rules={[idNumberRule()]}>
              <Input maxLength={18} placeholder="请填写身份证号码" />
            </Form.Item>
          </Col>
          {contractor && (
            <>
              <Col xs={24} lg={8}>
                <Form.Item label="劳资专管员" name="laborLeader" rules={[personNameRule()]}>
                  <Input maxLength={50} placeholder="请填写劳资专管员姓名" />
                </Form.Item>
              </Col>
              <Col xs={24} lg={8}>
                <Form.Item label="劳资专管员电话" name="laborLeaderPhone" rules={[phoneRule()]}>
                  <Input maxLength={20} placeholder="请填写联系电话" />
                </Form.Item>
              </Col>
              <Col xs={24} lg={8}>
                <Form.Item label="劳资专管员身份证号" name="laborLeaderIdNumber" rules={[idNumberRule()]}>
                  <Input maxLength={18} placeholder="请填写身份证号码" />
                </Form.Item>
              </Col>
              <Col xs={24} lg={8}>
                <Form.Item label="现场负责人" name="sitemanager" rules={[personNameRule()]}>
                  <Input maxLength={50} placeholder="请填写现场负责人姓名" />
                </Form.Item>
              </Col>
              <Col xs={24} lg={8}>
                <Form.Item label="现场负责人电话" name="sitemanagerphone" rules={[phoneRule()]}>
                  <Input maxLength={20} placeholder="请填写联系电话" />
                </Form.Item>
              </Col>
              <Col xs={24} lg={8}>
                <Form.Item label="现场负责人身份证号" name="sitemanagerIdNumber" rules={[idNumberRule()]}>
                  <Input maxLength={18} placeholder="请填写身份证号码" />
                </Form.Item>
              </Col>
            </>
          )}
          <Col xs={24} lg={12}>
            <Form.Item label="缴纳方式" name="paytype" rules={[requiredRule(MSG_PAY_TYPE_REQUIRED)]}>
              <Select options={data.depositmethod} placeholder="请选择缴纳方式" data-testid={`${prefix}-paytype`} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item
              label="保证金金额"
              name="desposit"
              rules={[depositRule(contractor)]}
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
              rules={contractor ? [] : [dateRangeRule]}
            >
              <DatePicker.RangePicker style={{ width: '100%' }} placeholder={['开始日期', '结束日期']} data-testid={`${prefix}-dates`} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item
              label="保函文件"
              name="guaranteepath"
              rules={contractor ? [guaranteeFileRule] : []}
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
      </Form>
      {locked && <Alert type="info" showIcon title="该单位信息已登记，单位信息不可修改" className="wizard-alert" />}
      {!data.editable && <Alert type="info" showIcon title="项目当前不可修改" className="wizard-alert" />}
      <div className="wizard-actions">
        <Button onClick={onBack} data-testid="wizard-back">
          上一步
        </Button>
        <Button type="primary" onClick={save} loading={saving} disabled={!data.editable} data-testid={`${prefix}-save`}>
          保存并下一步
        </Button>
      </div>
      <CompanySearch
        open={searchOpen}
        onCancel={() => setSearchOpen(false)}
        onPick={(company) => {
          setSearchOpen(false);
          fill(company);
        }}
        onUseName={(name) => {
          setSearchOpen(false);
          unlock();
          form.setFieldValue('Name', name);
          void form.validateFields(['Name']).catch(() => undefined);
        }}
      />
    </div>
  );
}
