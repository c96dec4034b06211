/**
 * newBulid / editBuilds: a subcontractor's or labour subcontractor's form. A new unit picks its company by
 * credit code (looked up and locked when registered) or by name search; an edit shows the company read-only.
 * Then 分包类型, the project leader, labour leader and site manager, up to 9 contract images, the entry date.
 */
import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Cascader, Col, DatePicker, Descriptions, Form, Input, List, Modal, Row, Select, Space, message } from 'antd';
import type { FormRule } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { showApiError } from '@/api/client';
import UploadField from '@/components/upload/UploadField';
import {
  addressRule,
  creditCodeRule,
  idNumberRule,
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
import { cascaderOptions } from '@/pages/wizard/cascader';
import { fetchRegisterPlaces } from '@/pages/wizard/service';
import { companyValues } from '@/pages/wizard/unitForm';
import {
  createParticipant,
  fetchConstructionTypes,
  lookupCompany,
  MSG_ENTRY_REQUIRED,
  MSG_TYPE_REQUIRED,
  searchCompanies,
  updateParticipant,
  type CompanyInfo,
  type ParticipantDetail,
} from './companyService';
import { fromDetail, toParticipantForm, typeOptions, type ParticipantValues } from './participantForm';

const COMPANY_TYPES = [
  { value: '3', label: '专业分包' },
  { value: '4', label: '劳务分包' },
  { value: '1', label: '建设单位' },
  { value: '2', label: '施工总承包' },
  { value: '5', label: '监理单位' },
];

function CompanySearch({ open, onCancel, onPick }: { open: boolean; onCancel: () => void; onPick: (company: CompanyInfo) => void }) {
  const [hits, setHits] = useState<CompanyInfo[] | null>(null);
  const [loading, setLoading] = useState(false);
  const search = async (value: string) => {
    if (!value.trim()) return;
    setLoading(true);
    try {
      setHits(await searchCompanies(value.trim()));
    } catch (error) {
      showApiError(error);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Modal title="查询单位" open={open} onCancel={onCancel} footer={null} width={640} destroyOnHidden>
      <Input.Search maxLength={50} onSearch={(value) => void search(value)} placeholder="请输入单位名称" enterButton="查询" loading={loading} />
      {hits !== null && (
        <List
          style={{ marginTop: 16 }}
          dataSource={hits}
          locale={{ emptyText: '未找到该单位，请直接填写单位信息' }}
          renderItem={(company) => (
            <List.Item actions={[<Button key="pick" type="link" onClick={() => onPick(company)}>选择</Button>]}>
              <List.Item.Meta title={company.Name} description={company.SocialCreditCode} />
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}

const PEOPLE = [
  ['projectLeader', 'projectLeaderPhone', 'projectLeaderIdNumber', '项目负责人'],
  ['laborLeader', 'laborLeaderPhone', 'laborLeaderIdNumber', '劳资专管员'],
  ['sitemanager', 'sitemanagerphone', 'sitemanagerIdNumber', '现场负责人'],
] as const;

const EMPTY: ParticipantValues = {
  projectLeader: '',
  projectLeaderPhone: '',
  projectLeaderIdNumber: '',
  laborLeader: '',
  laborLeaderPhone: '',
  laborLeaderIdNumber: '',
  sitemanager: '',
  sitemanagerphone: '',
  sitemanagerIdNumber: '',
  ContractAttachment: [],
  entry_date: null,
};

export default function ParticipantEditor({ detail }: { detail?: ParticipantDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ParticipantValues>();
  const [locked, setLocked] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const lookupSeq = useRef(0);
  const editing = detail !== undefined;
  const types = useQuery({ queryKey: ['company', 'types'], queryFn: fetchConstructionTypes, staleTime: Infinity });
  const places = useQuery({ queryKey: ['area', 'registerplace'], queryFn: fetchRegisterPlaces, staleTime: Infinity, enabled: !editing });
  const companyRules = (rules: FormRule[]): FormRule[] => (locked ? [] : rules);

  const fill = (company: CompanyInfo) => {
    form.setFieldsValue(companyValues(company) as Partial<ParticipantValues>);
    setLocked(true);
  };

  const onCodeChange = async (code: string) => {
    const seq = ++lookupSeq.current;
    if (!triggersLookup(code)) {
      setLocked(false);
      return;
    }
    try {
      const [company] = await lookupCompany(code.trim());
      if (seq !== lookupSeq.current) return;
      if (company) fill(company);
      else setLocked(false);
    } catch (error) {
      showApiError(error);
    }
  };

  const save = async () => {
    let values: ParticipantValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = toParticipantForm(values, detail?.id);
      await (editing ? updateParticipant(body) : createParticipant(body));
      message.success('操作成功!');
      await queryClient.invalidateQueries({ queryKey: ['company'] });
      void navigate('/project/contractorInfo');
    } catch (error) {
      showApiError(error);
    } finally {
      setSaving(false);
    }
  };

  const companyDisabled = locked;
  return (
    <Card title={editing ? '编辑参建单位' : '新增参建单位'} variant="borderless" data-testid="participant-editor">
      <Form<ParticipantValues>
        form={form}
        initialValues={detail ? fromDetail(detail) : EMPTY}
        onValuesChange={(changed: Partial<ParticipantValues>) => {
          if ('SocialCreditCode' in changed) void onCodeChange(changed.SocialCreditCode ?? '');
        }}
        labelCol={{ flex: '150px' }}
        labelWrap
        wrapperCol={{ flex: 'auto' }}
        scrollToFirstError
      >
        {editing ? (
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 24 }} data-testid="participant-company">
            <Descriptions.Item label="单位名称">{detail.company.Name}</Descriptions.Item>
            <Descriptions.Item label="统一社会信用代码">{detail.company.SocialCreditCode}</Descriptions.Item>
            <Descriptions.Item label="法定代表人">{detail.company.LegalPerson}</Descriptions.Item>
            <Descriptions.Item label="进退场">
              {detail.status_label}
              {detail.exit_date ? `（${detail.exit_date}退场）` : ''}
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Row gutter={24}>
            <Col xs={24} lg={12}>
              <Form.Item
                label="统一社会信用代码"
                name="SocialCreditCode"
                normalize={normalizeCreditCode}
                rules={[creditCodeRule(true)]}
                extra="填写18位代码后自动查询已登记的单位；没有代码的填写“/”"
              >
                <Input maxLength={18} placeholder="请填写统一社会信用代码" data-testid="participant-code" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item label="单位名称" name="Name" rules={companyRules([unitNameRule()])}>
                <Input
                  maxLength={50}
                  disabled={companyDisabled}
                  placeholder="请填写单位名称"
                  suffix={<SearchOutlined aria-label="查询单位" onClick={() => setSearchOpen(true)} />}
                  data-testid="participant-name"
                />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item label="注册地区" name="RegisteredArea" rules={companyRules([requiredRule(MSG_REGISTERED_AREA_REQUIRED)])}>
                <Cascader options={cascaderOptions(places.data)} placeholder="请选择注册地区" disabled={companyDisabled} data-testid="participant-area" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item label="注册日期" name="RegisterDate" rules={companyRules([requiredDateRule(MSG_REGISTER_DATE_REQUIRED)])}>
                <DatePicker style={{ width: '100%' }} disabled={companyDisabled} data-testid="participant-register-date" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item label="注册地址" name="RegisteredAddress" rules={companyRules([addressRule()])}>
                <Input maxLength={100} disabled={companyDisabled} data-testid="participant-registered-address" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item label="办公地址" name="OfficeAddress" rules={companyRules([addressRule()])}>
                <Input maxLength={100} disabled={companyDisabled} data-testid="participant-office-address" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={8}>
              <Form.Item label="法定代表人" name="LegalPerson" rules={companyRules([personNameRule()])}>
                <Input maxLength={50} disabled={companyDisabled} data-testid="participant-legal-person" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={8}>
              <Form.Item label="法定代表人电话" name="LegalPersonPhone" rules={companyRules([phoneRule()])}>
                <Input maxLength={20} disabled={companyDisabled} data-testid="participant-legal-phone" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={8}>
              <Form.Item label="法定代表人身份证号" name="LegalPersonIdNumber" rules={companyRules([idNumberRule()])}>
                <Input maxLength={18} disabled={companyDisabled} data-testid="participant-legal-id" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item label="单位类型" name="ProvinceCompanyType" rules={companyRules([requiredRule(MSG_UNIT_TYPE_REQUIRED)])}>
                <Select options={COMPANY_TYPES} disabled={companyDisabled} placeholder="请选择单位类型" data-testid="participant-company-type" />
              </Form.Item>
            </Col>
          </Row>
        )}
        {locked && <Alert type="info" showIcon title="该单位已登记，单位信息不可修改" style={{ marginBottom: 16 }} />}
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <Form.Item label="分包类型" name="construction_type" rules={[requiredRule(MSG_TYPE_REQUIRED)]}>
              <Select options={typeOptions(types.data)} placeholder="请选择分包类型" showSearch optionFilterProp="label" data-testid="participant-type" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label="进场日期" name="entry_date" rules={[requiredDateRule(MSG_ENTRY_REQUIRED)]}>
              <DatePicker style={{ width: '100%' }} data-testid="participant-entry-date" />
            </Form.Item>
          </Col>
          {PEOPLE.map(([name, phone, idNumber, label]) => (
            <Col xs={24} key={name}>
              <Row gutter={24}>
                <Col xs={24} lg={8}>
                  <Form.Item label={label} name={name} rules={[personNameRule()]}>
                    <Input maxLength={50} data-testid={`participant-${name}`} />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={8}>
                  <Form.Item label={`${label}电话`} name={phone} rules={[phoneRule()]}>
                    <Input maxLength={20} data-testid={`participant-${phone}`} />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={8}>
                  <Form.Item label={`${label}身份证号`} name={idNumber} rules={[idNumberRule()]}>
                    <Input maxLength={18} data-testid={`participant-${idNumber}`} />
                  </Form.Item>
                </Col>
              </Row>
            </Col>
          ))}
          <Col xs={24}>
            <Form.Item label="合同附件" name="ContractAttachment" extra="png或jpg图片，最多9张，每张不超过5MB">
              <UploadField kind="contract" data-testid="participant-attachments" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Space style={{ display: 'flex', justifyContent: 'center' }}>
        <Button onClick={() => void navigate('/project/contractorInfo')}>返回</Button>
        <Button type="primary" loading={saving} onClick={save} data-testid="participant-save">
          保存
        </Button>
      </Space>
      <CompanySearch
        open={searchOpen}
        onCancel={() => setSearchOpen(false)}
        onPick={(company) => {
          setSearchOpen(false);
          fill(company);
        }}
      />
    </Card>
  );
}

