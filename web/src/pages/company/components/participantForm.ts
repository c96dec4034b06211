/** The participating unit form's pure parts: form values ↔ the server's form and detail. */
import dayjs, { type Dayjs } from 'dayjs';
import type { ConstructionType, ParticipantDetail, ParticipantForm } from '../service';

const DAY = 'YYYY-MM-DD';

export interface ParticipantValues {
  construction_type?: string;
  // The company's fields (new units only).
  SocialCreditCode?: string;
  Name?: string;
  RegisteredArea?: string[];
  RegisterDate?: Dayjs | null;
  RegisteredAddress?: string;
  LegalPerson?: string;
  LegalPersonPhone?: string;
  LegalPersonIdNumber?: string;
  OfficeAddress?: string;
  ProvinceCompanyType?: string;
  projectLeader: string;
  projectLeaderPhone: string;
  projectLeaderIdNumber: string;
  laborLeader: string;
  laborLeaderPhone: string;
  laborLeaderIdNumber: string;
  sitemanager: string;
  sitemanagerphone: string;
  sitemanagerIdNumber: string;
  ContractAttachment: string[];
  entry_date: Dayjs | null;
}

const text = (value: string | undefined | null) => (value ?? '').trim();

/** The POST body of construction_save (no `id`) or construction_edit_save. */
export function toParticipantForm(values: ParticipantValues, id?: number): ParticipantForm {
  return {
    id: id === undefined ? undefined : String(id),
    construction_type: text(values.construction_type),
    SocialCreditCode: text(values.SocialCreditCode).toUpperCase(),
    Name: text(values.Name),
    RegisteredArea: (values.RegisteredArea ?? []).join(','),
    RegisterDate: values.RegisterDate ? values.RegisterDate.format(DAY) : '',
    RegisteredAddress: text(values.RegisteredAddress),
    LegalPerson: text(values.LegalPerson),
    LegalPersonPhone: text(values.LegalPersonPhone),
    LegalPersonIdNumber: text(values.LegalPersonIdNumber),
    OfficeAddress: text(values.OfficeAddress),
    ProvinceCompanyType: text(values.ProvinceCompanyType),
    projectLeader: text(values.projectLeader),
    projectLeaderPhone: text(values.projectLeaderPhone),
    projectLeaderIdNumber: text(values.projectLeaderIdNumber),
    laborLeader: text(values.laborLeader),
    laborLeaderPhone: text(values.laborLeaderPhone),
    laborLeaderIdNumber: text(values.laborLeaderIdNumber),
    sitemanager: text(values.sitemanager),
    sitemanagerphone: text(values.sitemanagerphone),
    sitemanagerIdNumber: text(values.sitemanagerIdNumber),
    ContractAttachment: values.ContractAttachment.join(','),
    entry_date: values.entry_date ? values.entry_date.format(DAY) : '',
  };
}

/** The edit form's values from construction_edit. */
export function fromDetail(detail: ParticipantDetail): ParticipantValues {
  return {
    construction_type: detail.construction_type || undefined,
    projectLeader: detail.projectLeader,
    projectLeaderPhone: detail.projectLeaderPhone,
    projectLeaderIdNumber: detail.projectLeaderIdNumber,
    laborLeader: detail.laborLeader,
    laborLeaderPhone: detail.laborLeaderPhone,
    laborLeaderIdNumber: detail.laborLeaderIdNumber,
    sitemanager: detail.sitemanager,
    sitemanagerphone: detail.sitemanagerphone,
    sitemanagerIdNumber: detail.sitemanagerIdNumber,
    ContractAttachment: detail.ContractAttachment,
    entry_date: detail.entry_date ? dayjs(detail.entry_date, DAY) : null,
  };
}

/** 分包类型 grouped for a Select: 专业分包, then 劳务分包. */
export function typeOptions(types: ConstructionType[] | undefined) {
  const group = (role: string, label: string) => ({
    label,
    title: label,
    options: (types ?? []).filter((type) => type.role === role).map((type) => ({ value: type.value, label: type.label })),
  });
  return [group('subcontractor', '专业分包'), group('labour', '劳务分包')];
}
