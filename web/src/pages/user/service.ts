/**
 * Workers (docs/api.md "Workers"): site entry registration, the roster with its import and export, training
 * and the ID supplement, under /builder/user/v1/Worker. Types come from the generated schema only.
 */
import { get, post } from '@/api/client';
import { fetchFile, postWorkbook, saveBlob } from '@/api/files';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type WorkerOptions = Schemas['WorkerOptions'];
export type RegisterForm = Schemas['RegisterForm'];
export type Registered = Schemas['Registered'];
export type RosterLine = Schemas['RosterLine'];
export type RosterPage = Schemas['Envelope_Page_RosterLine']['data'];
export type WorkerDetail = Schemas['WorkerDetail'];
export type ImportResult = Schemas['ImportResult'];
export type IncompleteLine = Schemas['IncompleteLine'];
export type IncompletePage = Schemas['Envelope_Page_IncompleteLine']['data'];
export type SupplementForm = Schemas['SupplementForm'];
export type TrainingLine = Schemas['TrainingLine'];
export type TrainingPage = Schemas['Envelope_Page_TrainingLine']['data'];
export type TrainingDetail = Schemas['TrainingDetail'];
export type TrainingForm = Schemas['TrainingForm'];
export type EditForm = Schemas['EditForm'];
export type WageStandardForm = Schemas['WageStandardForm'];
export type TransferForm = Schemas['TransferForm'];
export type RateLine = Schemas['RateLine'];
export type HistoryPage = Schemas['Envelope_Page_HistoryLine']['data'];

const base = '/builder/user/v1/Worker';

export const OPTIONS_URL = `${base}/options`;
export const REGISTER_URL = `${base}/register`;
export const LIST_URL = `${base}/list`;
export const DETAIL_URL = `${base}/detail`;
export const EXIT_URL = `${base}/exit`;
export const REENTER_URL = `${base}/reenter`;
export const TEMPLATE_URL = `${base}/template`;
export const IMPORT_URL = `${base}/import`;
export const EXPORT_URL = `${base}/export`;
export const INCOMPLETE_URL = `${base}/incomplete`;
export const SUPPLEMENT_URL = `${base}/supplement`;
export const TRAIN_LIST_URL = `${base}/trainList`;
export const TRAIN_DETAIL_URL = `${base}/trainDetail`;
export const TRAIN_SAVE_URL = `${base}/trainSave`;
export const EDIT_URL = `${base}/edit`;
export const WAGE_STANDARD_URL = `${base}/wage_standard`;
export const TRANSFER_URL = `${base}/transfer`;
export const HISTORY_URL = `${base}/history`;

/** Code 301: the person is active on another project; the user may confirm. */
export const NEEDS_CONFIRMATION = 301;

/** The roster's filters as the list and the export take them ('' = any). */
export interface RosterFilter {
  name: string;
  idNumber: string;
  unitId: string;
  teamId: string;
  workType: string;
  status: '' | '1' | '2';
  entryFrom: string;
  entryTo: string;
  /** The regulator's project (the roster page's `?projectId=`); a builder's own project is implied. */
  projectId?: string;
}

export const EMPTY_FILTER: RosterFilter = {
  name: '',
  idNumber: '',
  unitId: '',
  teamId: '',
  workType: '',
  status: '',
  entryFrom: '',
  entryTo: '',
};

function filterParams(filter: RosterFilter): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value.trim() !== '') params[key] = value.trim();
  return params;
}

export const fetchOptions = (projectId?: string) => get<WorkerOptions>(OPTIONS_URL, { projectId: projectId || undefined });

/** What the user has confirmed after a 301: the person active elsewhere, a card failing its check digit. */
export interface Confirmations {
  confirmed?: boolean;
  cardConfirmed?: boolean;
}

/** Sends the form with empty fields left out. */
export function registerWorker(form: RegisterForm, confirmations: Confirmations) {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (typeof value === 'string' && value.trim() !== '') params[key] = value.trim();
  }
  if (confirmations.confirmed) params.confirmed = '1';
  if (confirmations.cardConfirmed) params.cardConfirmed = '1';
  return post<Registered>(REGISTER_URL, params);
}

export const editWorker = (form: EditForm) => post<null>(EDIT_URL, form as Record<string, string>);

export const changeWageStandard = (form: WageStandardForm) => post<RateLine[]>(WAGE_STANDARD_URL, form as Record<string, string>);

export const transferWorker = (form: TransferForm) => post<Registered>(TRANSFER_URL, form as Record<string, string>);

export const fetchHistory = (id: number, page: number, limit: number, projectId?: string) =>
  get<HistoryPage>(HISTORY_URL, { id, page, limit, projectId: projectId || undefined });

export const fetchRoster = (filter: RosterFilter, page: number, limit: number) =>
  get<RosterPage>(LIST_URL, { ...filterParams(filter), page, limit });

export const fetchDetail = (id: number, projectId?: string) => get<WorkerDetail>(DETAIL_URL, { id, projectId: projectId || undefined });

export const exitWorker = (id: number, date: string) => post<null>(EXIT_URL, { id, date });

export const reenterWorker = (id: number, date: string, confirmed: boolean) =>
  post<Registered>(REENTER_URL, { id, date, confirmed: confirmed ? '1' : undefined });

export const fetchIncomplete = (name: string, page: number, limit: number) =>
  get<IncompletePage>(INCOMPLETE_URL, { name: name.trim() || undefined, page, limit });

export const supplementWorker = (form: SupplementForm) => post<null>(SUPPLEMENT_URL, form as Record<string, string>);

export const fetchTrainings = (topic: string, page: number, limit: number) =>
  get<TrainingPage>(TRAIN_LIST_URL, { topic: topic.trim() || undefined, page, limit });

export const fetchTraining = (id: number) => get<TrainingDetail>(TRAIN_DETAIL_URL, { id });

export const saveTraining = (form: TrainingForm) => post<number>(TRAIN_SAVE_URL, form as Record<string, string>);

export async function downloadTemplate() {
  saveBlob(await fetchFile(TEMPLATE_URL), '花名册导入模板.xlsx');
}

export async function downloadExport(filter: RosterFilter) {
  saveBlob(await fetchFile(EXPORT_URL, filterParams(filter)), '花名册.xlsx');
}

/**
 * Uploads a workbook (field `file`); answers the saved count, the bad rows and the rows held back for a
 * card failing its check digit. `confirmRows` imports only those rows, their cards confirmed.
 */
export const importWorkbook = (file: Blob, name: string, confirmRows: number[] = []) =>
  postWorkbook<ImportResult>(confirmRows.length ? `${IMPORT_URL}?confirmRows=${confirmRows.join(',')}` : IMPORT_URL, file, name);

/**
 * What the local ID-card reader answers (docs/api.md "ID reader"): GET on the configured URL, JSON with
 * the card's fields; `photo` is the portrait as base64 (JPEG or PNG), optional.
 */
export interface ReaderCard {
  name: string;
  idNumber: string;
  ethnicity?: string;
  address?: string;
  issuingAuthority?: string;
  validFrom?: string;
  validTo?: string;
  photo?: string;
}

export const MSG_READER_OFFLINE = '未连接身份证读卡器，请检查读卡器服务或手动录入';
export const MSG_READER_NO_CARD = '未读到身份证，请将身份证放在读卡器上后重试';

export async function readCard(readerUrl: string): Promise<ReaderCard> {
  let response: Response;
  try {
    response = await fetch(readerUrl, { method: 'GET', cache: 'no-store' });
  } catch {
    throw new Error(MSG_READER_OFFLINE);
  }
  if (!response.ok) throw new Error(MSG_READER_OFFLINE);
  const card = (await response.json().catch(() => undefined)) as Partial<ReaderCard> | undefined;
  if (!card || typeof card.idNumber !== 'string' || typeof card.name !== 'string' || card.idNumber === '') {
    throw new Error(MSG_READER_NO_CARD);
  }
  return card as ReaderCard;
}

/** A base64 portrait as a file to upload (its type read from the first bytes). */
export function photoFile(base64: string): File {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const png = bytes[0] === 0x89 && bytes[1] === 0x50;
  return new File([bytes], png ? 'idcard.png' : 'idcard.jpg', { type: png ? 'image/png' : 'image/jpeg' });
}
