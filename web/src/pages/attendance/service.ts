/**
 * Attendance (docs/device-api.md and the OpenAPI document): devices and ID readers, the project's rules, punch
 * records and their import, the monthly sheet and manual corrections, under /builder/attendance/v1. Types come
 * from the generated schema only.
 */
import { get, post } from '@/api/client';
import { authHeaders, fetchFile, postWorkbook, saveBlob } from '@/api/files';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type AttendanceDevice = Schemas['AttendanceDevice'];
export type DevicePage = Schemas['Envelope_Paged_AttendanceDevice']['data'];
export type DeviceSecret = Schemas['AttendanceDeviceSecret'];
export type AttendanceRules = Schemas['AttendanceRules'];
export type RulesSaved = Schemas['AttendanceRulesSaved'];
export type PunchRecord = Schemas['AttendancePunchRecord'];
export type RecordPage = Schemas['Envelope_Paged_AttendancePunchRecord']['data'];
export type AttendanceSheet = Schemas['AttendanceSheet'];
export type SheetRow = Schemas['AttendanceSheetRow'];
export type SheetCell = Schemas['AttendanceSheetCell'];
export type ImportResult = Schemas['AttendanceImportResult'];

const base = '/builder/attendance/v1';

export const DEVICE_LIST_URL = `${base}/Device/list`;
export const DEVICE_ADD_URL = `${base}/Device/add`;
export const DEVICE_EDIT_URL = `${base}/Device/edit`;
export const DEVICE_RESET_URL = `${base}/Device/resetSecret`;
export const DEVICE_DELETE_URL = `${base}/Device/delete`;
export const RULE_GET_URL = `${base}/Rule/get`;
export const RULE_SAVE_URL = `${base}/Rule/save`;
export const RECORD_LIST_URL = `${base}/Record/list`;
export const RECORD_PHOTO_URL = `${base}/Record/photo`;
export const RECORD_TEMPLATE_URL = `${base}/Record/template`;
export const RECORD_IMPORT_URL = `${base}/Record/import`;
export const SHEET_MONTH_URL = `${base}/Sheet/month`;
export const SHEET_EXPORT_URL = `${base}/Sheet/export`;
export const SHEET_CORRECT_URL = `${base}/Sheet/correct`;

export type DeviceKind = 'attendant' | 'reader';
export type Direction = 'in' | 'out' | 'both';

export const DIRECTION_OPTIONS: { value: Direction; label: string }[] = [
  { value: 'both', label: '进出' },
  { value: 'in', label: '进' },
  { value: 'out', label: '出' },
];

export const SOURCE_OPTIONS = [
  { value: 'device', label: '设备' },
  { value: 'import', label: '导入' },
  { value: 'manual', label: '手工修正' },
];

/** Drops empty values so the server sees only the filters the user set. */
export function compact(params: Record<string, string | number | undefined>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

export interface DeviceFilter {
  keyword: string;
  status: '' | 'online' | 'offline' | 'disabled';
}

export const fetchDevices = (kind: DeviceKind, filter: DeviceFilter, page: number, limit: number) =>
  get<DevicePage>(DEVICE_LIST_URL, compact({ kind, ...filter, page, limit }));

export interface DeviceForm {
  kind?: DeviceKind;
  serial?: string;
  name: string;
  direction: Direction;
  location?: string;
}

export const addDevice = (form: DeviceForm) => post<DeviceSecret>(DEVICE_ADD_URL, compact({ ...form }));
export const editDevice = (id: number, form: DeviceForm, enabled: boolean) =>
  post<null>(DEVICE_EDIT_URL, { id, name: form.name, direction: form.direction, location: form.location ?? '', enabled: enabled ? '1' : '0' });
export const resetSecret = (id: number) => post<DeviceSecret>(DEVICE_RESET_URL, { id });
export const deleteDevice = (id: number) => post<null>(DEVICE_DELETE_URL, { id });

export const fetchRules = () => get<AttendanceRules>(RULE_GET_URL);
export const saveRules = (rules: AttendanceRules) =>
  post<RulesSaved>(RULE_SAVE_URL, {
    minHours: rules.minHours,
    dedupSeconds: rules.dedupSeconds,
    directions: rules.directions,
    offlineMinutes: rules.offlineMinutes,
    maxShiftHours: rules.maxShiftHours,
  });

export interface RecordFilter {
  keyword: string;
  unitId: string;
  teamId: string;
  startDate: string;
  endDate: string;
  source: string;
}

export const EMPTY_RECORD_FILTER: RecordFilter = { keyword: '', unitId: '', teamId: '', startDate: '', endDate: '', source: '' };

export const fetchRecords = (filter: RecordFilter, page: number, limit: number) =>
  get<RecordPage>(RECORD_LIST_URL, compact({ ...filter, page, limit }));

/** A sheet day's detail: the worker's punches of the shifts begun that day, and the day's corrections. */
export const fetchShiftPunches = (workerId: number, shiftDay: string) =>
  get<RecordPage>(RECORD_LIST_URL, { workerId, shiftDay, limit: 50 });

export interface SheetFilter {
  month: string;
  unitId: string;
  teamId: string;
  keyword: string;
}

export const fetchSheet = (filter: SheetFilter, page: number, limit: number) =>
  get<AttendanceSheet>(SHEET_MONTH_URL, compact({ ...filter, page, limit }));

/** `confirmed`: the clerk agreed (after the 301) that a paid day's pay is taken back on the worker's next sheet. */
export const correctDay = (workerId: number, day: string, attended: boolean, reason: string, confirmed = false) =>
  post<null>(SHEET_CORRECT_URL, { workerId, day, attended: attended ? '1' : '0', reason: reason.trim(), confirmed: confirmed ? '1' : undefined });

/** What a sheet cell shows: √ attended, × punched but not counted, 补 / 缺 set by hand, empty no record. */
export function cellMark(cell: SheetCell | undefined): string {
  if (!cell) return '';
  if (cell.manual) return cell.attended ? '补' : '缺';
  return cell.attended ? '√' : '×';
}

/** What a sheet cell's tooltip says of the day: attended or not, the shifts' paired hours, unpaired punches. */
export function cellTip(date: string, cell: SheetCell | undefined): string {
  if (!cell) return `${date} 无考勤`;
  const unpaired = cell.unpaired > 0 ? `，未配对打卡 ${cell.unpaired} 次（不计工时）` : '';
  return `${date} ${cell.attended ? '出勤' : '未计出勤'}，工时 ${cell.hours} 小时${unpaired}${cell.manual ? '（手工修正）' : ''}`;
}

/** The cells of a row by day of the month, 1..days. */
export function cellsByDay(row: SheetRow, days: number): (SheetCell | undefined)[] {
  const byDay = new Map(row.cells.map((cell) => [cell.day, cell]));
  return Array.from({ length: days }, (_, index) => byDay.get(index + 1));
}

/** Whether each day of the month, 1..days, lies inside one of the worker's employment lines (only those count). */
export function onSiteDays(row: SheetRow, days: number): boolean[] {
  return Array.from({ length: days }, (_, index) => row.stays.some((stay) => stay.fromDay <= index + 1 && index + 1 <= stay.toDay));
}

/** `YYYY-MM` and a day number as `YYYY-MM-DD`. */
export function dayOf(month: string, day: number): string {
  return `${month}-${String(day).padStart(2, '0')}`;
}

/** The reason a correction needs: 2–100 characters (the server's rule and message). */
export const MSG_REASON = '请填写2-100个字的修正原因';
export function reasonError(reason: string): string | undefined {
  const length = [...reason.trim()].length;
  return length >= 2 && length <= 100 ? undefined : MSG_REASON;
}

/** Minimum hours as the server takes them: 0–24, at most one decimal. */
export const MSG_MIN_HOURS = '最少工时应为0-24小时，最多1位小数';
export function minHoursError(text: string): string | undefined {
  const value = text.trim();
  if (!/^\d{1,2}(\.\d)?$/.test(value) || Number(value) > 24) return MSG_MIN_HOURS;
  return undefined;
}

export async function downloadTemplate() {
  saveBlob(await fetchFile(RECORD_TEMPLATE_URL), '考勤导入模板.xlsx');
}

export async function downloadSheet(filter: SheetFilter) {
  const params = Object.fromEntries(Object.entries(compact({ ...filter })).map(([k, v]) => [k, String(v)]));
  saveBlob(await fetchFile(SHEET_EXPORT_URL, params), `${filter.month}考勤表.xlsx`);
}

/** A punch photo as an object URL (the request needs the session header, so no plain <img src>). */
export async function photoUrl(id: number): Promise<string> {
  const response = await fetch(`${RECORD_PHOTO_URL}?id=${id}`, { headers: authHeaders(), credentials: 'same-origin' });
  if (!response.ok || (response.headers.get('Content-Type') ?? '').includes('application/json')) throw new Error('照片不存在');
  return URL.createObjectURL(await response.blob());
}

export const importPunches = (file: Blob, name: string) => postWorkbook<ImportResult>(RECORD_IMPORT_URL, file, name);
