/** Step 4's pure parts: server form ↔ form values, what the bank is asked, and the save's form. */
import dayjs, { type Dayjs } from 'dayjs';
import { parseDate } from '@/utils/rules';
import type { AccountForm, AccountSaveForm, BankOption, VerifyBankForm } from './service';

/** Opening status: '1' opened (已开户), '2' not opened (未开户). */
export type OpenStatus = '1' | '2';

/** What the antd form holds: dates as dayjs, cascaders and uploads as arrays, flags as booleans. */
export interface AccountValues {
  banktype: OpenStatus;
  BankAccount: string;
  AccountName: string;
  bankSelected: string[];
  OpenTime: Dayjs | null;
  OpenCompanyType?: string;
  OpenCompanyName: string;
  SocialCreditCode: string;
  Recurl: string[];
  Agreementurl: string[];
  isvirtual: boolean;
  notopenbankSelected: string[];
  AdminName: string;
  AdminPhone: string;
  AppointMent: Dayjs | null;
}

const DAY = 'YYYY-MM-DD';

function toDay(text: string): Dayjs | null {
  const parsed = parseDate(text);
  return parsed.ok && parsed.value !== null ? dayjs(parsed.value, DAY) : null;
}

const dayText = (value: Dayjs | null | undefined): string => (value ? value.format(DAY) : '');

export function toAccountValues(form: AccountForm): AccountValues {
  return {
    banktype: form.banktype === '2' ? '2' : '1',
    BankAccount: form.BankAccount,
    AccountName: form.AccountName,
    bankSelected: form.bankSelected,
    OpenTime: toDay(form.OpenTime),
    OpenCompanyType: form.OpenCompanyType || undefined,
    OpenCompanyName: form.OpenCompanyName,
    SocialCreditCode: form.SocialCreditCode,
    Recurl: form.Recurl,
    Agreementurl: form.Agreementurl,
    isvirtual: form.isvirtual === '1',
    notopenbankSelected: form.notopenbankSelected,
    AdminName: form.AdminName,
    AdminPhone: form.AdminPhone,
    AppointMent: toDay(form.AppointMent),
  };
}

/** The fields the bank verifies: number, name and the opening branch (`bank,branch`). */
export function toVerifyForm(values: Pick<AccountValues, 'BankAccount' | 'AccountName' | 'bankSelected'>): VerifyBankForm {
  return {
    BankAccount: values.BankAccount.trim(),
    AccountName: values.AccountName.trim(),
    bankSelected: values.bankSelected.join(','),
  };
}

/** The save's form; only the chosen variant's fields are sent. `confirmed` answers the bank's 301. */
export function toSaveForm(id: string, values: AccountValues, confirmed: boolean): AccountSaveForm {
  if (values.banktype === '2') {
    return {
      Id: id,
      banktype: '2',
      notopenbankSelected: values.notopenbankSelected.join(','),
      AdminName: values.AdminName.trim(),
      AdminPhone: values.AdminPhone.trim(),
      AppointMent: dayText(values.AppointMent),
    };
  }
  return {
    Id: id,
    banktype: '1',
    ...toVerifyForm(values),
    OpenTime: dayText(values.OpenTime),
    OpenCompanyType: values.OpenCompanyType ?? '',
    OpenCompanyName: values.OpenCompanyName.trim(),
    SocialCreditCode: values.SocialCreditCode.trim(),
    Recurl: values.Recurl.join(','),
    Agreementurl: values.Agreementurl.join(','),
    isvirtual: values.isvirtual ? '1' : '0',
    ...(confirmed ? { confirmed: '1' } : {}),
  };
}

/** `bank / branch` names of a cascader path, for the confirm dialog. */
export function bankPathLabel(banks: BankOption[], path: string[]): string {
  const bank = banks.find((option) => option.value === path[0]);
  if (!bank) return '';
  const branch = bank.children.find((option) => option.value === path[1]);
  return branch ? `${bank.label} / ${branch.label}` : bank.label;
}

/** Whether the path names a branch (the verification and the save need one). */
export const hasBranch = (banks: BankOption[], path: string[] | undefined): boolean =>
  Boolean(path && path.length === 2 && banks.find((bank) => bank.value === path[0])?.children.some((b) => b.value === path[1]));
