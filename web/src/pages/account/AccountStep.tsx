/**
 * Wizard step 4, 专户信息 (spec §2 "Registration wizard", §3 "Special bank account", §4 "Account verification
 * responses", §5 "Bank account"): the special wage account, opened or not; an opened account is verified
 * with the bank in the 600 px dialog before the save; then the project is submitted for audit (step 5).
 */
import { chinaNow } from '@/utils/chinaTime';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Cascader, Checkbox, Col, DatePicker, Descriptions, Form, Input, Modal, Radio, Row, Select, Tag, message } from 'antd';
import type { FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ApiError, NEEDS_CONFIRMATION } from '@/api/client';
import UploadField from '@/components/upload/UploadField';
import { useSession } from '@/store/session';
import {
  accountNameRule,
  bankAccountRule,
  checkPersonName,
  checkUnitName,
  creditCodeRule,
  MSG_BANK_BRANCH_REQUIRED,
  MSG_OPEN_COMPANY_NAME_REQUIRED,
  MSG_OPEN_COMPANY_TYPE_REQUIRED,
  normalizeCreditCode,
  optionalPhoneRule,
  requiredRule,
  ruleFrom,
} from '@/utils/rules';
import { bankPathLabel, hasBranch, toAccountValues, toSaveForm, toVerifyForm, type AccountValues } from './accountForm';
import { LoadedStep } from '@/components/wizard/StepLoad';
import StepActions from '@/components/wizard/StepActions';
import StepForm from '@/components/wizard/StepForm';
import { useFormSubmit } from '@/utils/useFormSubmit';
import {
  fetchAccountEdit,
  saveAccount,
  submitForAudit,
  verifyBank,
  type AccountEditData,
  type BankOption,
  type VerifiedAccount,
} from './service';

export const ACCOUNT_EDIT_KEY = ['wizard', 'accountEdit'] as const;

// The server's messages (server/src/account/special.rs, verify.rs).
export const MSG_RECURL_REQUIRED = '请上传专户开户凭证';
export const MSG_AGREEMENT_REQUIRED = '请上传三方监管协议';
export const MSG_NOT_OPENED_BANK = '请选择拟开户银行';
export const MSG_APPOINTMENT_REQUIRED = '请选择预约开户日期';
export const MSG_VERIFIED = '专户验证成功!';
export const MSG_SUBMITTED = '成功提交审核';

const filesRule = (message: string): FormRule => ({
  required: true,
  validator: (_rule, value: string[] | undefined) =>
    value && value.length > 0 ? Promise.resolve() : Promise.reject(new Error(message)),
});

/** The tripartite agreement, unless the account is a virtual sub-account (decisions "Step 4"). */
const agreementRule: FormRule = ({ getFieldValue }) => ({
  required: !getFieldValue('isvirtual'),
  validator: (_rule, value: string[] | undefined) =>
    getFieldValue('isvirtual') || (value && value.length > 0) ? Promise.resolve() : Promise.reject(new Error(MSG_AGREEMENT_REQUIRED)),
});

const branchRule = (banks: BankOption[]): FormRule => ({
  required: true,
  validator: (_rule, value: string[] | undefined) =>
    hasBranch(banks, value) ? Promise.resolve() : Promise.reject(new Error(MSG_BANK_BRANCH_REQUIRED)),
});

const openCompanyNameRule = ruleFrom((value) => (value.trim() === '' ? MSG_OPEN_COMPANY_NAME_REQUIRED : checkUnitName(value)));
/** The contact is optional; when given it follows the person-name rule (as the server checks it). */
const adminNameRule = ruleFrom((value) => (value.trim() === '' ? undefined : checkPersonName(value)), false);

const afterToday = (day: Dayjs) => day.isAfter(chinaNow(), 'day');
const beforeToday = (day: Dayjs) => day.isBefore(chinaNow(), 'day');

/** Asks a yes/no question; resolves true on OK. */
const ask = (title: string, content: React.ReactNode, okText: string): Promise<boolean> =>
  new Promise((resolve) => {
    Modal.confirm({ title, content, okText, cancelText: '取消', width: 480, onOk: () => resolve(true), onCancel: () => resolve(false) });
  });

type Outcome = { kind: 'verified'; account: VerifiedAccount } | { kind: 'refused'; text: string };

/** The 600 px verification dialog: the bank is asked about the number, the name and the branch. */
function VerifyDialog({
  open,
  values,
  banks,
  onCancel,
  onProceed,
}: {
  open: boolean;
  values: AccountValues;
  banks: BankOption[];
  onCancel: () => void;
  onProceed: (branch: string[], verified: VerifiedAccount | null) => void;
}) {
  const [branch, setBranch] = useState<string[]>(values.bankSelected);
  const [branchError, setBranchError] = useState(false);
  const { saving: verifying, run } = useFormSubmit();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const verify = async () => {
    if (!hasBranch(banks, branch)) {
      setBranchError(true);
      return;
    }
    await run(
      async () => {
        const account = await verifyBank(toVerifyForm({ ...values, bankSelected: branch }));
        setOutcome({ kind: 'verified', account });
      },
      {
        success: MSG_VERIFIED,
        // The bank doubts the account (not refuses it): the user may go on without its answer.
        confirm: async (question) => {
          if (await ask('专户验证提示', question, '继续提交')) onProceed(branch, null);
        },
        // The bank's refusal shows in the dialog, beside the account it is about.
        onError: (error) => {
          if (error instanceof ApiError) setOutcome({ kind: 'refused', text: error.message });
        },
      },
    );
  };

  const verified = outcome?.kind === 'verified' ? outcome.account : null;
  return (
    <Modal
      title="专户验证"
      open={open}
      width={600}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel} data-testid="verify-cancel">
          取消
        </Button>,
        verified ? (
          <Button key="submit" type="primary" onClick={() => onProceed(branch, verified)} data-testid="verify-submit">
            提交审核
          </Button>
        ) : (
          <Button key="verify" type="primary" loading={verifying} onClick={() => void verify()} data-testid="verify-run">
            验证
          </Button>
        ),
      ]}
    >
      <div data-testid="verify-dialog">
        <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }} styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}>
          <Descriptions.Item label="专户账号">{values.BankAccount}</Descriptions.Item>
          <Descriptions.Item label="账户名称">{values.AccountName}</Descriptions.Item>
        </Descriptions>
        <Form layout="vertical">
          <Form.Item
            label="开户网点"
            required
            validateStatus={branchError ? 'error' : undefined}
            help={branchError ? MSG_BANK_BRANCH_REQUIRED : undefined}
          >
            <Cascader
              options={banks}
              value={branch}
              disabled={verified !== null}
              onChange={(value) => {
                setBranch((value as string[] | undefined) ?? []);
                setBranchError(false);
                setOutcome(null);
              }}
              placeholder="请选择开户银行及网点"
              showSearch
              data-testid="verify-branch"
            />
          </Form.Item>
        </Form>
        {verified && (
          <Alert
            type="success"
            showIcon
            data-testid="verify-result"
            title={MSG_VERIFIED}
            description={`开户日期：${verified.opentime}；开户银行：${verified.bank}；开户网点：${verified.branch}`}
          />
        )}
        {outcome?.kind === 'refused' && <Alert type="error" showIcon data-testid="verify-result" title={outcome.text} />}
      </div>
    </Modal>
  );
}

function AccountForm({ data, onBack, onSubmitted }: { data: AccountEditData; onBack: () => void; onSubmitted: () => void }) {
  const { siteConfig } = useSession();
  const [form] = Form.useForm<AccountValues>();
  const { saving, validated, run } = useFormSubmit(form);
  const [verifying, setVerifying] = useState<AccountValues | null>(null);
  const banktype = Form.useWatch('banktype', form) ?? toAccountValues(data.accountForm).banktype;
  const accountName = Form.useWatch('AccountName', form) ?? '';
  const disabled = !data.editable;
  const banks = data.banklist;
  const suggestion = data.suggested_account_name;

  /** Saves the account (asking again when the bank's 301 must be confirmed), then submits for audit. */
  const saveAndSubmit = (values: AccountValues, confirmed: boolean) =>
    run(async () => {
      try {
        await saveAccount(toSaveForm(data.accountForm.Id, values, confirmed));
      } catch (error) {
        if (!(error instanceof ApiError && error.code === NEEDS_CONFIRMATION)) throw error;
        if (!(await ask('专户验证提示', error.message, '继续提交'))) return;
        await saveAccount(toSaveForm(data.accountForm.Id, values, true));
      }
      await submitForAudit();
      message.success(MSG_SUBMITTED);
      onSubmitted();
    });

  /** After the bank answered: with the finance flag set, the user confirms the bank and the opening time. */
  const proceed = async (values: AccountValues, branch: string[], verified: VerifiedAccount | null) => {
    setVerifying(null);
    const openTime = verified ? dayjs(verified.opentime, 'YYYY-MM-DD') : values.OpenTime;
    const next: AccountValues = { ...values, bankSelected: branch, OpenTime: openTime };
    form.setFieldsValue({ bankSelected: branch, OpenTime: openTime });
    if (siteConfig?.finance) {
      // The branch as the user chose it in the bank tree; the opening time as the bank reported it.
      const bank = bankPathLabel(banks, branch);
      const content = (
        <Descriptions column={1} size="small" data-testid="confirm-bank">
          <Descriptions.Item label="开户银行">{bank}</Descriptions.Item>
          <Descriptions.Item label="开户时间">{openTime ? openTime.format('YYYY-MM-DD') : '未知'}</Descriptions.Item>
        </Descriptions>
      );
      if (!(await ask('请确认专户信息', content, '确认提交'))) return;
    }
    await saveAndSubmit(next, verified === null);
  };

  const submit = async () => {
    const values = await validated();
    if (!values) return;
    if (values.banktype === '2') await saveAndSubmit(values, false);
    else setVerifying(values);
  };

  return (
    <div data-testid="wizard-step-4">
      <Alert type="info" showIcon className="wizard-alert" title="农民工工资专用账户" description={data.agreementfour} />
      <StepForm<AccountValues>
        form={form}
        initialValues={toAccountValues(data.accountForm)}
        disabled={disabled}
        labelWidth={140}
      >
        <Form.Item label="开户状态" name="banktype" rules={[requiredRule('请选择专户开户状态')]}>
          <Radio.Group data-testid="account-banktype">
            <Radio value="1">已开户</Radio>
            <Radio value="2">未开户</Radio>
          </Radio.Group>
        </Form.Item>
        {banktype === '1' ? (
          <Row gutter={24}>
            <Col xs={24} lg={12}>
              <Form.Item label="专户账号" name="BankAccount" rules={[bankAccountRule()]}>
                <Input
                  maxLength={50}
                  placeholder="请填写专户账号"
                  data-testid="account-number"
                  suffix={data.accountForm.AccountStatus === '1' ? <Tag color="success">已验证</Tag> : undefined}
                />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item label="开户银行" name="bankSelected" rules={[branchRule(banks)]}>
                <Cascader options={banks} placeholder="请选择开户银行及网点" showSearch data-testid="account-bank" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                label="账户名称"
                name="AccountName"
                rules={[accountNameRule()]}
                extra={
                  suggestion && suggestion !== accountName ? (
                    <Button type="link" size="small" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }} onClick={() => form.setFieldValue('AccountName', suggestion)} data-testid="account-name-suggest">
                      使用规范名称：{suggestion}
                    </Button>
                  ) : undefined
                }
              >
                <Input maxLength={160} placeholder="总包单位名称+项目名称+农民工工资专用账户" data-testid="account-name" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item label="开户时间" name="OpenTime" extra="验证成功后以银行返回的开户日期为准">
                <DatePicker style={{ width: '100%' }} disabledDate={afterToday} placeholder="请选择开户时间" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item label="开户主体类型" name="OpenCompanyType" rules={[requiredRule(MSG_OPEN_COMPANY_TYPE_REQUIRED)]}>
                <Select options={data.companytype} placeholder="请选择开户主体类型" data-testid="account-holder-type" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item label="开户主体名称" name="OpenCompanyName" rules={[openCompanyNameRule]}>
                <Input maxLength={50} placeholder="请填写开户主体名称" data-testid="account-holder-name" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item label="统一社会信用代码" name="SocialCreditCode" normalize={normalizeCreditCode} rules={[creditCodeRule()]}>
                <Input maxLength={50} placeholder="请填写开户主体的统一社会信用代码" data-testid="account-holder-code" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item label="虚拟子账户" name="isvirtual" valuePropName="checked" extra="虚拟子账户无需上传三方监管协议">
                <Checkbox data-testid="account-virtual">是</Checkbox>
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item label="专户开户凭证" name="Recurl" rules={[filesRule(MSG_RECURL_REQUIRED)]} extra="jpg、jpeg、png、gif或pdf，最多5个文件，每个不超过5MB">
                <UploadField kind="attachment" disabled={disabled} data-testid="account-recurl" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item
                label="三方监管协议"
                name="Agreementurl"
                dependencies={['isvirtual']}
                rules={[agreementRule]}
                extra="jpg、jpeg、png、gif或pdf，最多5个文件，每个不超过5MB"
              >
                <UploadField kind="attachment" disabled={disabled} data-testid="account-agreement" />
              </Form.Item>
            </Col>
          </Row>
        ) : (
          <Row gutter={24}>
            <Col xs={24} lg={12}>
              <Form.Item label="拟开户银行" name="notopenbankSelected" rules={[requiredRule(MSG_NOT_OPENED_BANK)]}>
                <Cascader options={banks} changeOnSelect placeholder="请选择拟开户银行" data-testid="account-planned-bank" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item label="预约开户日期" name="AppointMent" rules={[requiredRule(MSG_APPOINTMENT_REQUIRED)]}>
                <DatePicker style={{ width: '100%' }} disabledDate={beforeToday} placeholder="请选择预约开户日期" data-testid="account-appointment" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item label="联系人" name="AdminName" rules={[adminNameRule]}>
                <Input maxLength={50} placeholder="请填写联系人姓名" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item label="联系电话" name="AdminPhone" rules={[optionalPhoneRule()]}>
                <Input maxLength={20} placeholder="请填写联系电话" />
              </Form.Item>
            </Col>
          </Row>
        )}
      </StepForm>
      <StepActions editable={data.editable} onBack={onBack} onSubmit={() => void submit()} saving={saving} submitText="提交审核" submitTestId="account-submit" />
      {verifying && (
        <VerifyDialog
          open
          values={verifying}
          banks={banks}
          onCancel={() => setVerifying(null)}
          onProceed={(branch, verified) => void proceed(verifying, branch, verified)}
        />
      )}
    </div>
  );
}

/** Loads `Site/AccountEdit` and shows the account form. */
export default function AccountStep({ onBack, onSubmitted }: { onBack: () => void; onSubmitted: () => void }) {
  const query = useQuery({ queryKey: ACCOUNT_EDIT_KEY, queryFn: fetchAccountEdit });
  return (
    <LoadedStep query={query} failedTitle="专户信息加载失败" onBack={onBack}>
      {(data) => <AccountForm data={data} onBack={onBack} onSubmitted={onSubmitted} />}
    </LoadedStep>
  );
}
