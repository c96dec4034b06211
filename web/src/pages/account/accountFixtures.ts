/** Step 4 as the server answers it, for the wizard's tests. */
import type { AccountEditData, AccountForm, VerifiedAccount } from './service';

export const BANKS: AccountEditData['banklist'] = [
  {
    value: '105',
    label: '中国建设银行',
    children: [
      { value: '105491000011', label: '中国建设银行郑州金水支行' },
      { value: '105491000021', label: '中国建设银行郑州二七支行' },
    ],
  },
  { value: '102', label: '中国工商银行', children: [{ value: '102491000011', label: '中国工商银行郑州金水支行' }] },
];

export const SUGGESTED_NAME = '河南建工集团有限公司幸福里安置房项目农民工工资专用账户';

export const emptyAccountForm: AccountForm = {
  Id: '',
  banktype: '',
  BankAccount: '',
  AccountName: '',
  BankType: '',
  BankPoint: '',
  OpenTime: '',
  bankSelected: [],
  OpenCompanyType: '',
  OpenCompanyName: '',
  SocialCreditCode: '',
  Recurl: [],
  Agreementurl: [],
  isvirtual: '0',
  notopenbankSelected: [],
  AdminName: '',
  AdminPhone: '',
  AppointMent: '',
  AccountStatus: '0',
};

/** An opened account with everything filled but not yet verified. */
export const filledAccountForm: AccountForm = {
  ...emptyAccountForm,
  banktype: '1',
  BankAccount: '6217000010001234560',
  AccountName: SUGGESTED_NAME,
  BankType: '105',
  BankPoint: '105491000011',
  bankSelected: ['105', '105491000011'],
  OpenCompanyType: '2',
  OpenCompanyName: '河南建工集团有限公司',
  SocialCreditCode: '91410105MA9FKQ2E1Y',
  Recurl: ['/uploads/0123456789abcdef0123456789abcdef.pdf'],
  Agreementurl: ['/uploads/fedcba9876543210fedcba9876543210.pdf'],
};

export function accountEdit(form: Partial<AccountForm> = {}, overrides: Partial<AccountEditData> = {}): AccountEditData {
  return {
    accountForm: { ...emptyAccountForm, ...form },
    banklist: BANKS,
    companytype: [
      { value: '1', label: '建设单位' },
      { value: '2', label: '施工总包' },
      { value: '3', label: '施工分包' },
    ],
    agreementfour: '根据《保障农民工工资支付条例》第二十六条，施工总承包单位应当开设农民工工资专用账户。',
    auditstatus: '0',
    auditremark: '',
    editable: true,
    wizard_step: 4,
    suggested_account_name: SUGGESTED_NAME,
    ...overrides,
  };
}

export const verified: VerifiedAccount = { opentime: '2019-06-18', bank: '中国建设银行', branch: '中国建设银行郑州金水支行' };
