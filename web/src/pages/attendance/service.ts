/**
 * Attendance (docs/device-api.md and the OpenAPI document): devices and ID readers, the project's rules, punch
 * records and their import, the monthly sheet and manual corrections, under /builder/attendance/v1: the
 * generated client's paths and types only.
 */
import { get, post, type QueryOf } from '@/api/client';
import { fetchFile, postWorkbook, saveBlob } from '@/api/files';
import type { components } from '@/api/schema';
import { compact } from '@/utils/compact';

type Schemas = components['schemas'];

export type AttendanceDevice = Schemas['AttendanceDevice'];
export type DeviceSecret = Schemas['AttendanceDeviceSecret'];
export type DeviceForm = Schemas['DeviceForm'];
export type AttendanceRules = Schemas['AttendanceRules'];
export type RulesSaved = Schemas['AttendanceRulesSaved'];
export type PunchRecord = Schemas['AttendancePunchRecord'];
export type AttendanceSheet = Schemas['AttendanceSheet'];
export type SheetRow = Schemas['AttendanceSheetRow'];
export type SheetCell = Schemas['AttendanceSheetCell'];
export type PaidDay = Schemas['AttendancePaidDay'];
export type ImportResult = Schemas['AttendanceImportResult'];

export type DeviceKind = 'attendant' | 'reader';
export type Direction = 'in' | 'out' | 'both';

export const DIRECTION_OPTIONS: { value: Direction; label: string }[] = [
  { value: 'both', label: '进出' },
  { value: 'in', label: '进' },
  { value: 'out', label: '出' },
];

/** How a terminal talks to the server (docs/device-api.md, docs/iclock.md). */
export const PROTOCOL_OPTIONS = [
  { value: 'api', label: '平台接口' },
  { value: 'iclock', label: 'ZKTeco PUSH' },
];

export const SOURCE_OPTIONS = [
  { value: 'device', label: '设备' },
  { value: 'import', label: '导入' },
  { value: 'manual', label: '手工修正' },
];

export type DeviceFilter = Pick<QueryOf<'/builder/attendance/v1/Device/list', 'get'>, 'keyword' | 'status'>;

export const fetchDevices = (kind: DeviceKind, filter: DeviceFilter, page: number, limit: number) =>
  get('/builder/attendance/v1/Device/list', compact({ kind, ...filter, page, limit }));

export const addDevice = (form: DeviceForm) => post('/builder/attendance/v1/Device/add', compact({ ...form }));
export const editDevice = (id: number, form: DeviceForm, enabled: boolean) =>
  post('/builder/attendance/v1/Device/edit', {
    id,
    name: form.name,
    direction: form.direction,
    location: form.location ?? '',
    enabled: enabled ? '1' : '0',
  });
export const resetSecret = (id: number) => post('/builder/attendance/v1/Device/resetSecret', { id });
export const deleteDevice = (id: number) => post('/builder/attendance/v1/Device/delete', { id });

export const fetchRules = () => get('/builder/attendance/v1/Rule/get');
export const saveRules = (rules: AttendanceRules) =>
  post('/builder/attendance/v1/Rule/save', {
    minHours: rules.minHours,
    dedupSeconds: rules.dedupSeconds,
    directions: rules.directions,
    offlineMinutes: rules.offlineMinutes,
    maxShiftHours: rules.maxShiftHours,
  });

export type RecordFilter = Pick<
  QueryOf<'/builder/attendance/v1/Record/list', 'get'>,
  'keyword' | 'unitId' | 'teamId' | 'startDate' | 'endDate' | 'source'
>;

export const EMPTY_RECORD_FILTER: RecordFilter = { keyword: '', unitId: '', teamId: '', startDate: '', endDate: '', source: '' };

export const fetchRecords = (filter: RecordFilter, page: number, limit: number) =>
  get('/builder/attendance/v1/Record/list', compact({ ...filter, page, limit }));

/** A sheet day's detail: the worker's punches of the shifts begun that day, and the day's corrections. */
export const fetchShiftPunches = (workerId: number, shiftDay: string) =>
  get('/builder/attendance/v1/Record/list', { workerId, shiftDay, limit: 50 });

/** The sheet's filters; the month (`YYYY-MM`) is always set. */
export type SheetFilter = Pick<QueryOf<'/builder/attendance/v1/Sheet/month', 'get'>, 'unitId' | 'teamId' | 'keyword'> & {
  month: string;
};

export const fetchSheet = (filter: SheetFilter, page: number, limit: number) =>
  get('/builder/attendance/v1/Sheet/month', compact({ ...filter, page, limit }));

/** `confirmed`: the clerk agreed (after the 301) that a paid day's pay is taken back on the worker's next sheet. */
export const correctDay = (workerId: number, day: string, attended: boolean, reason: string, confirmed = false) =>
  post('/builder/attendance/v1/Sheet/correct', {
    workerId,
    day,
    attended: attended ? '1' : '0',
    reason: reason.trim(),
    confirmed: confirmed ? '1' : undefined,
  });

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

/** What a sheet cell's tooltip says of the wage sheet holding the day and, for a day set absent after it was
 * paid, of the take-back and the sheet taking it back. */
export function paidTip(paid: PaidDay | undefined): string {
  if (!paid) return '';
  const sheet = `${paid.sheetLabel}（#${paid.sheetId}，${paid.sheetStatusLabel}）`;
  const holiday = paid.attended ? '' : '法定节假日（月薪）';
  if (!paid.takenBack) return `${holiday}已计入 ${sheet}`;
  const back = paid.takenBack;
  const where = back.sheetId > 0 ? `在 ${back.sheetLabel}（#${back.sheetId}）扣回` : '待在该工人的下一张工资表中扣回';
  return `已由 ${sheet}计发，后改为缺勤：该日工资 ${back.amount} 元${where}`;
}

/** The days of a row that wage lines hold, by day of the month, 1..days. */
export function paidByDay(paidDays: PaidDay[], workerId: number, days: number): (PaidDay | undefined)[] {
  const byDay = new Map(paidDays.filter((paid) => paid.workerId === workerId).map((paid) => [paid.day, paid]));
  return Array.from({ length: days }, (_, index) => byDay.get(index + 1));
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
  saveBlob(await fetchFile('/builder/attendance/v1/Record/template'), '考勤导入模板.xlsx');
}

export async function downloadSheet(filter: SheetFilter) {
  saveBlob(await fetchFile('/builder/attendance/v1/Sheet/export', compact({ ...filter })), `${filter.month}考勤表.xlsx`);
}

/** A punch photo as an object URL (the request needs the session header, so no plain <img src>). */
export async function photoUrl(id: number): Promise<string> {
  let photo: Blob;
  try {
    photo = await fetchFile('/builder/attendance/v1/Record/photo', { id });
  } catch {
    throw new Error('照片不存在');
  }
  return URL.createObjectURL(photo);
}

export const importPunches = (file: Blob, name: string) => postWorkbook('/builder/attendance/v1/Record/import', file, name);
