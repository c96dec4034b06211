import { chinaNow } from '@/utils/chinaTime';
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Divider,
  Form,
  Input,
  Modal,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  message,
} from 'antd';
import { IdcardOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import UploadField from '@/components/upload/UploadField';
import { uploadFiles } from '@/components/upload/service';
import { useSession } from '@/store/session';
import {
  ageOn,
  checkAddress,
  idNumberRule,
  parseIdNumber,
  personNameRule,
  phoneRule,
  requiredDateRule,
  requiredRule,
  ruleFrom,
} from '@/utils/rules';
import { cardCheckDigitFails, wageCardRule } from '@/utils/rules/wageCard';
import { LONG_TERM, MSG_VALID_TO, wageRule } from '@/utils/rules/worker';
import { useFormSubmit } from '@/utils/useFormSubmit';
import { type Confirmations, fetchOptions, photoFile, readCard, registerWorker, type RegisterForm } from './service';

const DAY = 'YYYY-MM-DD';

/** What the antd form holds: dates as dayjs, uploads as URL arrays, the rest text. */
export interface RegisterValues {
  name: string;
  idNumber: string;
  ethnicity?: string;
  address?: string;
  issuingAuthority?: string;
  validFrom?: Dayjs | null;
  validTo?: string;
  photo?: string[];
  phone: string;
  wageCardNumber?: string;
  wageCardBank?: string;
  unitId?: number;
  teamId?: number;
  workType?: string;
  wageKind: 'day' | 'month';
  wage: string;
  contractSigned: boolean;
  contractStart?: Dayjs | null;
  contractEnd?: Dayjs | null;
  contractFile?: string[];
  entryDate?: Dayjs | null;
}

const day = (value: Dayjs | null | undefined) => (value ? value.format(DAY) : '');

/** The form's values as the server's form. */
export function toRegisterForm(values: RegisterValues): RegisterForm {
  return {
    name: values.name,
    idNumber: values.idNumber,
    ethnicity: values.ethnicity ?? '',
    address: values.address ?? '',
    issuingAuthority: values.issuingAuthority ?? '',
    validFrom: day(values.validFrom),
    validTo: values.validTo ?? '',
    photo: values.photo?.[0] ?? '',
    phone: values.phone,
    wageCardNumber: values.wageCardNumber ?? '',
    wageCardBank: values.wageCardBank ?? '',
    unitId: values.unitId === undefined ? '' : String(values.unitId),
    teamId: values.teamId === undefined ? '' : String(values.teamId),
    workType: values.workType ?? '',
    wageKind: values.wageKind,
    wage: values.wage,
    contractSigned: values.contractSigned ? '1' : '0',
    contractStart: values.contractSigned ? day(values.contractStart) : '',
    contractEnd: values.contractSigned ? day(values.contractEnd) : '',
    contractFile: values.contractSigned ? (values.contractFile?.[0] ?? '') : '',
    entryDate: day(values.entryDate),
  };
}

/** The ID validity end: empty, a date or 长期. */
const checkValidTo = (value: string) => {
  const text = value.trim();
  return text === '' || text === LONG_TERM || (/^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text, DAY, true).isValid())
    ? undefined
    : MSG_VALID_TO;
};

/** What the ID number tells: shown as it is typed. */
function Derived({ idNumber }: { idNumber: string }) {
  const parsed = parseIdNumber(idNumber ?? '');
  if (!parsed.ok) return null;
  const age = ageOn(parsed.value.birth, chinaNow().format(DAY));
  return (
    <Descriptions size="small" column={4} data-testid="register-derived" style={{ marginBottom: 16 }}>
      <Descriptions.Item label="性别">{parsed.value.gender}</Descriptions.Item>
      <Descriptions.Item label="出生日期">{parsed.value.birth}</Descriptions.Item>
      <Descriptions.Item label="年龄">{age ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="籍贯">{parsed.value.province}</Descriptions.Item>
    </Descriptions>
  );
}

/** 人员管理 → 进场登记: a worker's ID card, wage card, place on the roster, wage and contract. */
export default function Register() {
  const [form] = Form.useForm<RegisterValues>();
  const { saving, run } = useFormSubmit();
  const [reading, setReading] = useState(false);
  const [registered, setRegistered] = useState<{ id: number; name: string } | null>(null);
  const readerUrl = useSession((state) => state.siteConfig?.idreader ?? '');
  const options = useQuery({ queryKey: ['worker', 'options', ''], queryFn: () => fetchOptions() });
  const idNumber = Form.useWatch('idNumber', form) ?? '';
  const unitId = Form.useWatch('unitId', form);
  const signed = Form.useWatch('contractSigned', form) ?? false;

  const teams = useMemo(
    () => (options.data?.teams ?? []).filter((team) => team.unitId === unitId),
    [options.data, unitId],
  );

  const initialValues: Partial<RegisterValues> = { wageKind: 'day', contractSigned: false, entryDate: chinaNow() };

  const save = (values: RegisterValues, confirmations: Confirmations): Promise<void> => {
    // The server asks about the card first, then about another project.
    const card = !confirmations.cardConfirmed && cardCheckDigitFails(values.wageCardNumber ?? '');
    return run(
      async () => {
        const done = await registerWorker(toRegisterForm(values), confirmations);
        setRegistered({ id: done.id, name: values.name });
        // The form is long: back to its top, where the notice links to the new worker.
        window.scrollTo({ top: 0 });
        document.querySelector('main')?.scrollTo?.({ top: 0 });
        // The next worker usually joins the same unit, team and day.
        form.resetFields([
          'name', 'idNumber', 'ethnicity', 'address', 'issuingAuthority', 'validFrom', 'validTo', 'photo', 'phone',
          'wageCardNumber', 'wageCardBank',
        ]);
      },
      {
        success: '登记成功',
        confirm: (question) =>
          Modal.confirm({
            title: card ? '工资卡号校验未通过' : '人员已在其他项目在场',
            content: question,
            okText: card ? '卡号无误，继续登记' : '确认登记',
            cancelText: card ? '返回修改' : '取消',
            okButtonProps: { 'data-testid': card ? 'register-card-confirm' : 'register-confirm' } as Record<string, string>,
            onOk: () => save(values, card ? { ...confirmations, cardConfirmed: true } : { ...confirmations, confirmed: true }),
          }),
      },
    );
  };

  const read = async () => {
    setReading(true);
    try {
      const card = await readCard(readerUrl);
      form.setFieldsValue({
        name: card.name,
        idNumber: card.idNumber,
        ethnicity: card.ethnicity ?? '',
        address: card.address ?? '',
        issuingAuthority: card.issuingAuthority ?? '',
        validFrom: card.validFrom ? dayjs(card.validFrom, DAY) : null,
        validTo: card.validTo ?? '',
      });
      if (card.photo) {
        const [url] = await uploadFiles('avatar', [photoFile(card.photo)]);
        form.setFieldsValue({ photo: [url] });
      }
      void message.success('读卡成功');
    } catch (error) {
      void message.error(error instanceof Error ? error.message : '读卡失败');
    } finally {
      setReading(false);
    }
  };

  return (
    <Card data-testid="register-page" title="进场登记" variant="borderless"
      extra={
        readerUrl ? (
          <Button icon={<IdcardOutlined />} loading={reading} onClick={() => void read()} data-testid="register-read-card">
            读卡
          </Button>
        ) : null
      }
    >
      {options.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} title="选项加载失败，请刷新重试" />}
      {registered && (
        <Alert
          type="success"
          showIcon
          closable
          onClose={() => setRegistered(null)}
          style={{ marginBottom: 16 }}
          data-testid="register-done"
          title={
            <span>
              {registered.name} 登记成功。<Link to={`/user/list?worker=${registered.id}`} data-testid="register-done-link">在花名册中查看</Link>
              ，或继续登记下一位（所属单位、班组、进场日期已保留）。
            </span>
          }
        />
      )}
      <Form<RegisterValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => void save(values, {})}
        data-testid="register-form"
      >
        <Divider titlePlacement="start">身份证信息</Divider>
        <Row gutter={16}>
          <Col span={6}>
            <Form.Item name="name" label="姓名" rules={[personNameRule()]}>
              <Input data-testid="register-name" maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="idNumber" label="身份证号" rules={[idNumberRule()]}>
              <Input data-testid="register-idNumber" maxLength={18} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="ethnicity" label="民族" rules={[{ max: 10, message: '民族不能超过10个字' }]}>
              <Input data-testid="register-ethnicity" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="address" label="住址" rules={[ruleFrom((value) => (value.trim() === '' ? undefined : checkAddress(value)), false)]}>
              <Input data-testid="register-address" maxLength={100} />
            </Form.Item>
          </Col>
        </Row>
        <Derived idNumber={idNumber} />
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="issuingAuthority" label="签发机关" rules={[{ max: 50, message: '签发机关不能超过50个字' }]}>
              <Input data-testid="register-issuingAuthority" />
            </Form.Item>
          </Col>
          <Col span={5}>
            <Form.Item name="validFrom" label="有效期开始">
              <DatePicker style={{ width: '100%' }} data-testid="register-validFrom" />
            </Form.Item>
          </Col>
          <Col span={5}>
            <Form.Item name="validTo" label="有效期截止" rules={[ruleFrom(checkValidTo, false)]}>
              <Input placeholder="YYYY-MM-DD 或 长期" data-testid="register-validTo" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="photo" label="身份证照片">
              <UploadField kind="avatar" label="上传照片" data-testid="register-photo" />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">联系方式与工资卡</Divider>
        <Row gutter={16}>
          <Col span={6}>
            <Form.Item name="phone" label="手机号码" rules={[phoneRule()]}>
              <Input data-testid="register-phone" />
            </Form.Item>
          </Col>
          <Col span={9}>
            <Form.Item name="wageCardNumber" label="工资卡号" rules={[wageCardRule()]}>
              <Input data-testid="register-wageCardNumber" />
            </Form.Item>
          </Col>
          <Col span={9}>
            <Form.Item
              name="wageCardBank"
              label="开户银行"
              dependencies={['wageCardNumber']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_rule, value: string | undefined) =>
                    String(getFieldValue('wageCardNumber') ?? '').trim() !== '' && !value
                      ? Promise.reject(new Error('请选择工资卡开户银行'))
                      : Promise.resolve(),
                }),
              ]}
            >
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={options.data?.banks ?? []}
                data-testid="register-wageCardBank"
              />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">进场信息</Divider>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="unitId" label="所属单位" rules={[requiredRule('请选择所属单位')]}>
              <Select
                options={options.data?.units ?? []}
                onChange={() => form.setFieldsValue({ teamId: undefined })}
                data-testid="register-unitId"
              />
            </Form.Item>
          </Col>
          <Col span={5}>
            <Form.Item name="teamId" label="班组">
              <Select
                allowClear
                options={teams}
                onChange={(value: number | undefined) => {
                  const team = teams.find((item) => item.value === value);
                  if (team?.workType) form.setFieldsValue({ workType: team.workType });
                }}
                data-testid="register-teamId"
              />
            </Form.Item>
          </Col>
          <Col span={5}>
            <Form.Item name="workType" label="工种" rules={[requiredRule('请选择工种')]}>
              <Select showSearch={{ optionFilterProp: 'label' }} options={options.data?.workTypes ?? []} data-testid="register-workType" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="entryDate" label="进场日期" rules={[requiredDateRule('请选择进场日期')]}>
              <DatePicker style={{ width: '100%' }} data-testid="register-entryDate" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="wageKind" label="工资标准">
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'day', label: '日薪' },
                  { value: 'month', label: '月薪' },
                ]}
                data-testid="register-wageKind"
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="wage" label="金额（元）" rules={[wageRule()]}>
              <Input suffix="元" placeholder="如 350.00" data-testid="register-wage" />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">劳动合同</Divider>
        <Row gutter={16}>
          <Col span={4}>
            <Form.Item name="contractSigned" label="已签订合同" valuePropName="checked">
              <Switch data-testid="register-contractSigned" />
            </Form.Item>
          </Col>
          {signed && (
            <>
              <Col span={5}>
                <Form.Item name="contractStart" label="合同开始日期" rules={[requiredDateRule('请选择劳动合同起止日期')]}>
                  <DatePicker style={{ width: '100%' }} data-testid="register-contractStart" />
                </Form.Item>
              </Col>
              <Col span={5}>
                <Form.Item
                  name="contractEnd"
                  label="合同结束日期"
                  dependencies={['contractStart']}
                  rules={[
                    requiredDateRule('请选择劳动合同起止日期'),
                    ({ getFieldValue }) => ({
                      validator: (_rule, value: Dayjs | null) => {
                        const start = getFieldValue('contractStart') as Dayjs | null;
                        return start && value && start.isAfter(value)
                          ? Promise.reject(new Error('劳动合同开始日期不能晚于结束日期'))
                          : Promise.resolve();
                      },
                    }),
                  ]}
                >
                  <DatePicker style={{ width: '100%' }} data-testid="register-contractEnd" />
                </Form.Item>
              </Col>
              <Col span={10}>
                <Form.Item name="contractFile" label="合同文件">
                  <UploadField kind="attachment" maxCount={1} data-testid="register-contractFile" />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="register-submit">
            提交登记
          </Button>
          <Button onClick={() => form.resetFields()}>重置</Button>
        </Space>
      </Form>
    </Card>
  );
}
