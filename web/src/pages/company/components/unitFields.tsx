/**
 * The unit fields the registration steps (UnitStep) and the editors after registration (UnitInfo's dialogs,
 * ParticipantEditor) share: the leaders with their rules, and the wage guarantee's rules. One definition, so
 * that a unit is checked alike wherever it is entered.
 */
import { Col, Form, Input, type FormRule } from 'antd';
import { depositRule, idNumberRule, MSG_GUARANTEE_DATES_REQUIRED, MSG_PAY_TYPE_REQUIRED, personNameRule, phoneRule, requiredRule } from '@/utils/rules';

export const MSG_GUARANTEE_FILE_REQUIRED = '请上传保函文件';

/** A leader's three fields. */
export interface Leader {
  name: 'projectLeader' | 'laborLeader' | 'sitemanager';
  phone: 'projectLeaderPhone' | 'laborLeaderPhone' | 'sitemanagerphone';
  idNumber: 'projectLeaderIdNumber' | 'laborLeaderIdNumber' | 'sitemanagerIdNumber';
  label: string;
}

export const LEADERS: readonly Leader[] = [
  { name: 'projectLeader', phone: 'projectLeaderPhone', idNumber: 'projectLeaderIdNumber', label: '项目负责人' },
  { name: 'laborLeader', phone: 'laborLeaderPhone', idNumber: 'laborLeaderIdNumber', label: '劳资专管员' },
  { name: 'sitemanager', phone: 'sitemanagerphone', idNumber: 'sitemanagerIdNumber', label: '现场负责人' },
];

/** The builder names its project leader; the general contractor also its labour clerk and site manager. */
export const leadersOf = (role: string) => (role === 'contractor' ? LEADERS : LEADERS.slice(0, 1));

export const leaderRules = {
  name: (): FormRule[] => [personNameRule()],
  phone: (): FormRule[] => [phoneRule()],
  idNumber: (): FormRule[] => [idNumberRule()],
};

/** One leader's row of a form: name, 电话 and 身份证号 side by side. */
export function LeaderCols({ leader, placeholders, testId }: { leader: Leader; placeholders?: boolean; testId?: (field: string) => string }) {
  const { name, phone, idNumber, label } = leader;
  return (
    <>
      <Col xs={24} lg={8}>
        <Form.Item label={label} name={name} rules={leaderRules.name()}>
          <Input maxLength={50} placeholder={placeholders ? `请填写${label}姓名` : undefined} data-testid={testId?.(name)} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={8}>
        <Form.Item label={`${label}电话`} name={phone} rules={leaderRules.phone()}>
          <Input maxLength={20} placeholder={placeholders ? '请填写联系电话' : undefined} data-testid={testId?.(phone)} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={8}>
        <Form.Item label={`${label}身份证号`} name={idNumber} rules={leaderRules.idNumber()}>
          <Input maxLength={18} placeholder={placeholders ? '请填写身份证号码' : undefined} data-testid={testId?.(idNumber)} />
        </Form.Item>
      </Col>
    </>
  );
}

const dateRangeRule: FormRule = {
  required: true,
  validator: (_rule, value: unknown) =>
    Array.isArray(value) && value[0] && value[1] ? Promise.resolve() : Promise.reject(new Error(MSG_GUARANTEE_DATES_REQUIRED)),
};

const guaranteeFileRule: FormRule = {
  required: true,
  validator: (_rule, value: string[] | undefined) =>
    value && value.length > 0 ? Promise.resolve() : Promise.reject(new Error(MSG_GUARANTEE_FILE_REQUIRED)),
};

/** The wage guarantee's rules: the builder's guarantee needs its dates, the contractor's its file. */
export function guaranteeRules(role: string): Record<'paytype' | 'desposit' | 'dateArr' | 'guaranteepath', FormRule[]> {
  const contractor = role === 'contractor';
  return {
    paytype: [requiredRule(MSG_PAY_TYPE_REQUIRED)],
    desposit: [depositRule(contractor)],
    dateArr: contractor ? [] : [dateRangeRule],
    guaranteepath: contractor ? [guaranteeFileRule] : [],
  };
}
