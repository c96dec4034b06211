/** Steps 2–3's pure parts: server form ↔ form values, the company fill, the deposit hint and flag. */
import dayjs, { type Dayjs } from 'dayjs';
import { contractPrice, deposit, depositDisplay, depositOverCeiling, parseDate } from '@/utils/rules';
import type { BuilderForm, CompanyInfo, ContructorForm, UnitForm } from '../service';

export type UnitRole = 'builder' | 'contractor';

/** What the antd form holds: dates as dayjs, cascader and uploads as arrays, everything else text. */
export interface UnitValues {
  SocialCreditCode: string;
  Name: string;
  RegisteredArea: string[];
  RegisterDate: Dayjs | null;
  RegisteredAddress: string;
  LegalPerson: string;
  LegalPersonPhone: string;
  LegalPersonIdNumber: string;
  OfficeAddress: string;
  ProvinceCompanyType?: string;
  projectLeader: string;
  projectLeaderPhone: string;
  projectLeaderIdNumber: string;
  paytype?: string;
  desposit: string;
  guaranteepath: string[];
  dateArr: [Dayjs, Dayjs] | null;
  // The construction unit's only.
  laborLeader?: string;
  laborLeaderPhone?: string;
  laborLeaderIdNumber?: string;
  sitemanager?: string;
  sitemanagerphone?: string;
  sitemanagerIdNumber?: string;
  ContractAttachment?: string[];
}

/** The company's fields: filled by the look-up or the search and read-only while locked. */
export const COMPANY_FIELDS = [
  'Name',
  'SocialCreditCode',
  'RegisteredArea',
  'RegisterDate',
  'RegisteredAddress',
  'LegalPerson',
  'LegalPersonPhone',
  'LegalPersonIdNumber',
  'OfficeAddress',
  'ProvinceCompanyType',
] as const;

export const DEFAULT_PAYTYPE = '321';
const DAY = 'YYYY-MM-DD';

function toDay(value: string | null | undefined): Dayjs | null {
  const parsed = parseDate(value ?? '');
  return parsed.ok && parsed.value !== null ? dayjs(parsed.value, DAY) : null;
}

const fromDay = (value: Dayjs | null | undefined): string => (value ? value.format(DAY) : '');
const option = (value: string | null | undefined): string | undefined => (value ? value : undefined);
const isContractor = (form: BuilderForm | ContructorForm): form is ContructorForm => 'ContractAttachment' in form;

export function toUnitValues(form: BuilderForm | ContructorForm): UnitValues {
  const start = toDay(form.startdate);
  const end = toDay(form.enddate);
  const values: UnitValues = {
    SocialCreditCode: form.SocialCreditCode,
    Name: form.Name,
    RegisteredArea: form.RegisteredArea,
    RegisterDate: toDay(form.RegisterDate),
    RegisteredAddress: form.RegisteredAddress,
    LegalPerson: form.LegalPerson,
    LegalPersonPhone: form.LegalPersonPhone,
    LegalPersonIdNumber: form.LegalPersonIdNumber,
    OfficeAddress: form.OfficeAddress,
    ProvinceCompanyType: option(form.ProvinceCompanyType),
    projectLeader: form.projectLeader,
    projectLeaderPhone: form.projectLeaderPhone,
    projectLeaderIdNumber: form.projectLeaderIdNumber,
    paytype: form.paytype || DEFAULT_PAYTYPE,
    desposit: form.desposit,
    guaranteepath: form.guaranteepath ? [form.guaranteepath] : [],
    dateArr: start && end ? [start, end] : null,
  };
  if (isContractor(form)) {
    Object.assign(values, {
      laborLeader: form.laborLeader,
      laborLeaderPhone: form.laborLeaderPhone,
      laborLeaderIdNumber: form.laborLeaderIdNumber,
      sitemanager: form.sitemanager,
      sitemanagerphone: form.sitemanagerphone,
      sitemanagerIdNumber: form.sitemanagerIdNumber,
      ContractAttachment: form.ContractAttachment,
    });
  }
  return values;
}

/** The company fields a look-up or search hit fills. */
export function companyValues(company: CompanyInfo): Partial<UnitValues> {
  return {
    Name: company.Name,
    SocialCreditCode: company.SocialCreditCode,
    RegisteredArea: company.RegisteredArea,
    RegisterDate: toDay(company.RegisterDate),
    RegisteredAddress: company.RegisteredAddress,
    LegalPerson: company.LegalPerson,
    LegalPersonPhone: company.LegalPersonPhone,
    LegalPersonIdNumber: company.LegalPersonIdNumber,
    OfficeAddress: company.OfficeAddress,
    ProvinceCompanyType: option(company.ProvinceCompanyType),
  };
}

const text = (value: string | undefined | null): string => (value ?? '').trim();

/** The POST body of ajaxBuilderEdit / ajaxContructorEdit: arrays comma-joined, the range as startdate/enddate. */
export function toUnitForm(role: UnitRole, id: number | null | undefined, values: UnitValues): UnitForm {
  const [start, end] = values.dateArr ?? [null, null];
  const form: UnitForm = {
    id: id == null ? '' : String(id),
    SocialCreditCode: text(values.SocialCreditCode).toUpperCase(),
    Name: text(values.Name),
    RegisteredArea: (values.RegisteredArea ?? []).join(','),
    RegisterDate: fromDay(values.RegisterDate),
    RegisteredAddress: text(values.RegisteredAddress),
    LegalPerson: text(values.LegalPerson),
    LegalPersonPhone: text(values.LegalPersonPhone),
    LegalPersonIdNumber: text(values.LegalPersonIdNumber).toUpperCase(),
    OfficeAddress: text(values.OfficeAddress),
    ProvinceCompanyType: values.ProvinceCompanyType ?? '',
    projectLeader: text(values.projectLeader),
    projectLeaderPhone: text(values.projectLeaderPhone),
    projectLeaderIdNumber: text(values.projectLeaderIdNumber).toUpperCase(),
    paytype: values.paytype ?? '',
    desposit: text(values.desposit),
    guaranteepath: (values.guaranteepath ?? [])[0] ?? '',
    startdate: fromDay(start),
    enddate: fromDay(end),
  };
  if (role === 'contractor') {
    Object.assign(form, {
      laborLeader: text(values.laborLeader),
      laborLeaderPhone: text(values.laborLeaderPhone),
      laborLeaderIdNumber: text(values.laborLeaderIdNumber).toUpperCase(),
      sitemanager: text(values.sitemanager),
      sitemanagerphone: text(values.sitemanagerphone),
      sitemanagerIdNumber: text(values.sitemanagerIdNumber).toUpperCase(),
      ContractAttachment: (values.ContractAttachment ?? []).join(','),
    });
  }
  return form;
}

/** The deposit read back in 万/亿 (spec §4), '' when not a valid deposit. */
export function depositHint(input: string): string {
  if (!input || input.trim() === '') return '';
  const fen = deposit(input);
  return fen.ok ? depositDisplay(fen.value) : '';
}

/** Spec §4's flag: a valid deposit above the ceiling (desposittop, 万元). */
export function depositAboveCeiling(input: string, ceiling: string): boolean {
  if (!input || input.trim() === '') return false;
  const fen = deposit(input);
  const top = contractPrice(ceiling);
  return fen.ok && top.ok && depositOverCeiling(fen.value, top.value);
}
