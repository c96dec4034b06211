/**
 * newBulid / editBuilds: a subcontractor's or labour subcontractor's form. A new unit picks its company by
 * credit code (looked up and locked when registered) or by name search; an edit shows the company read-only.
 * Then 分包类型, the project leader, labour leader and site manager, up to 9 contract images, the entry date.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Col, DatePicker, Descriptions, Form, Row, Select, Space, message } from 'antd';
import UploadField from '@/components/upload/UploadField';
import { requiredDateRule, requiredRule } from '@/utils/rules';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { LEADERS, LeaderCols } from './unitFields';
import {
  createParticipant,
  fetchConstructionTypes,
  lookupCompany,
  MSG_ENTRY_REQUIRED,
  MSG_TYPE_REQUIRED,
  searchCompanies,
  updateParticipant,
  type ParticipantDetail,
} from '../service';
import { fromDetail, toParticipantForm, typeOptions, type ParticipantValues } from './participantForm';
import CompanyBlock, { MSG_COMPANY_LOCKED, useCompanyLock, type CompanySource } from './CompanyBlock';

const COMPANY_TYPES = [
  { value: '3', label: '专业分包' },
  { value: '4', label: '劳务分包' },
  { value: '1', label: '建设单位' },
  { value: '2', label: '施工总承包' },
  { value: '5', label: '监理单位' },
];

const REGISTERED: CompanySource = { lookup: lookupCompany, search: searchCompanies };

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
  const lock = useCompanyLock(form, REGISTERED);
  const { saving, submit } = useFormSubmit(form);
  const editing = detail !== undefined;
  const types = useQuery({ queryKey: ['company', 'types'], queryFn: fetchConstructionTypes, staleTime: Infinity });

  const save = () =>
    submit(async (values) => {
      const body = toParticipantForm(values, detail?.id);
      await (editing ? updateParticipant(body) : createParticipant(body));
      message.success('操作成功!');
      await queryClient.invalidateQueries({ queryKey: ['company'] });
      void navigate('/project/contractorInfo');
    });

  return (
    <Card title={editing ? '编辑参建单位' : '新增参建单位'} variant="borderless" data-testid="participant-editor">
      <Form<ParticipantValues>
        form={form}
        initialValues={detail ? fromDetail(detail) : EMPTY}
        onValuesChange={(changed: Partial<ParticipantValues>) => {
          if ('SocialCreditCode' in changed) void lock.onCodeChange(changed.SocialCreditCode ?? '');
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
            <CompanyBlock lock={lock} prefix="participant" companyTypes={COMPANY_TYPES} />
          </Row>
        )}
        {lock.locked && <Alert type="info" showIcon title={MSG_COMPANY_LOCKED} style={{ marginBottom: 16 }} />}
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
          {LEADERS.map((leader) => (
            <Col xs={24} key={leader.name}>
              <Row gutter={24}>
                <LeaderCols leader={leader} testId={(field) => `participant-${field}`} />
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
        <Button type="primary" loading={saving} onClick={() => void save()} data-testid="participant-save">
          保存
        </Button>
      </Space>
    </Card>
  );
}

