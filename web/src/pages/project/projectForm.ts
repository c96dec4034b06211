/** Step 1's pure parts: server stepForm ↔ form values, the duration, the price hints. */
import dayjs, { type Dayjs } from 'dayjs';
import { contractPrice, durationBetween, FEN_PER_WAN, parseDate, priceNeedsConfirmation, priceWarning } from '@/utils/rules';
import type { ProjectForm, StepForm } from './service';

/** What the antd form holds: dates as dayjs, cascaders as arrays, everything else text. */
export interface ProjectValues {
  Name: string;
  ProjectType?: string;
  MoneySource?: string;
  DepartmentIndustryId?: string;
  DistrictCode: string[];
  selectedOptions: string[];
  region: string;
  Address: string;
  Latlng: string;
  ContractPrice: string;
  tendertime: Dayjs | null;
  winningtime: Dayjs | null;
  StartTime: Dayjs | null;
  completiondate: Dayjs | null;
  EndTime: string;
  GcProcess?: string;
  ProjectDesc: string;
}

/** The fields the regulator may fix (the server's `readonly` list names them). */
export type LockableField = 'Name' | 'DistrictCode' | 'ContractPrice' | 'DepartmentIndustryId' | 'EndTime' | 'GcProcess';

const DAY = 'YYYY-MM-DD';

function toDay(value: string): Dayjs | null {
  const parsed = parseDate(value);
  return parsed.ok && parsed.value !== null ? dayjs(parsed.value, DAY) : null;
}

const fromDay = (value: Dayjs | null | undefined): string => (value ? value.format(DAY) : '');

/** An empty select shows its placeholder only when the value is undefined. */
const option = (value: string): string | undefined => (value === '' ? undefined : value);

export function toValues(form: StepForm): ProjectValues {
  return {
    Name: form.Name,
    ProjectType: option(form.ProjectType),
    MoneySource: option(form.MoneySource),
    DepartmentIndustryId: option(form.DepartmentIndustryId),
    DistrictCode: form.DistrictCode,
    selectedOptions: form.selectedOptions,
    region: form.region,
    Address: form.Address,
    Latlng: form.Latlng,
    ContractPrice: form.ContractPrice,
    tendertime: toDay(form.tendertime),
    winningtime: toDay(form.winningtime),
    StartTime: toDay(form.StartTime),
    completiondate: toDay(form.completiondate),
    EndTime: form.EndTime,
    GcProcess: option(form.GcProcess),
    ProjectDesc: form.ProjectDesc,
  };
}

/** The POST body of ajaxProjectEdit: arrays comma-joined, DistrictCcode = the last 所属区域 code. */
export function toProjectForm(id: number, values: ProjectValues): ProjectForm {
  const areas = values.selectedOptions ?? [];
  return {
    Id: String(id),
    Name: (values.Name ?? '').trim(),
    ProjectType: values.ProjectType ?? '',
    MoneySource: values.MoneySource ?? '',
    DepartmentIndustryId: values.DepartmentIndustryId ?? '',
    DistrictCode: (values.DistrictCode ?? []).join(','),
    selectedOptions: areas.join(','),
    DistrictCcode: areas.length > 0 ? areas[areas.length - 1] : '',
    region: (values.region ?? '').trim(),
    Address: (values.Address ?? '').trim(),
    Latlng: values.Latlng ?? '',
    ContractPrice: (values.ContractPrice ?? '').trim(),
    tendertime: fromDay(values.tendertime),
    winningtime: fromDay(values.winningtime),
    StartTime: fromDay(values.StartTime),
    completiondate: fromDay(values.completiondate),
    EndTime: values.EndTime ?? '',
    GcProcess: values.GcProcess ?? '',
    ProjectDesc: (values.ProjectDesc ?? '').trim(),
  };
}

/** EndTime: day difference plus one when both dates are set and in order, else empty. */
export function computeEndTime(start: Dayjs | null | undefined, completion: Dayjs | null | undefined): string {
  if (!start || !completion) return '';
  const days = durationBetween(start.format(DAY), completion.format(DAY));
  return days >= 1 ? String(days) : '';
}

function scaled(fen: bigint, unit: bigint): string {
  const whole = fen / unit;
  const fraction = fen % unit;
  if (fraction === 0n) return whole.toString();
  const digits = unit.toString().length - 1;
  return `${whole}.${fraction.toString().padStart(digits, '0').replace(/0+$/, '')}`;
}

/** The price read back in words: "1234.5万元" or, from 1亿 on, "1.2345亿元"; '' when not a valid price. */
export function priceHint(input: string): string {
  const fen = contractPrice(input ?? '');
  if (!fen.ok) return '';
  const yi = 10_000n * FEN_PER_WAN;
  return fen.value >= yi ? `${scaled(fen.value, yi)}亿元` : `${scaled(fen.value, FEN_PER_WAN)}万元`;
}

/** Spec §4's flags for a valid price: warn from 1亿 on, confirm above it. */
export function priceFlags(input: string): { warning: boolean; confirm: boolean } {
  const fen = contractPrice(input ?? '');
  if (!fen.ok) return { warning: false, confirm: false };
  return { warning: priceWarning(fen.value), confirm: priceNeedsConfirmation(fen.value) };
}

export const MSG_PRICE_CONFIRM = '中标合同价格超过1亿元，请确认金额是否正确';
export const MSG_PRICE_WARNING = '中标合同价格已达1亿元，请仔细核对';
