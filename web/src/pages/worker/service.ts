/**
 * Workers (docs/api.md "Workers"): site entry registration, the roster with its import and export, training
 * and the ID supplement, under /builder/user/v1/Worker: the generated client's paths and types only.
 */
import { get, post, postTold, type QueryOf, type ReplyOf } from '@/api/client';
import { fetchFile, postWorkbook, saveBlob } from '@/api/files';
import type { components } from '@/api/schema';
import { compact } from '@/utils/compact';

type Schemas = components['schemas'];

export type WorkerOptions = Schemas['WorkerOptions'];
export type RegisterForm = Schemas['RegisterForm'];
export type Registered = Schemas['Registered'];
export type RosterLine = Schemas['RosterLine'];
export type RosterPage = ReplyOf<'/builder/user/v1/Worker/list', 'get'>;
export type WorkerDetail = Schemas['WorkerDetail'];
export type ImportResult = Schemas['ImportResult'];
export type IncompleteLine = Schemas['IncompleteLine'];
export type SupplementForm = Schemas['SupplementForm'];
export type TrainingLine = Schemas['TrainingLine'];
export type TrainingDetail = Schemas['TrainingDetail'];
export type TrainingForm = Schemas['TrainingForm'];
export type EditForm = Schemas['EditForm'];
export type WageStandardForm = Schemas['WageStandardForm'];
export type TransferForm = Schemas['TransferForm'];
export type RateLine = Schemas['RateLine'];

/**
 * The roster's filters as the list and the export take them ('' = any); `projectId` is the regulator's project
 * (the roster page's `?projectId=`), a builder's own project is implied.
 */
export type RosterFilter = Omit<QueryOf<'/builder/user/v1/Worker/list', 'get'>, 'page' | 'limit'>;

export const EMPTY_FILTER: RosterFilter = {
  name: '',
  idNumber: '',
  unitId: '',
  teamId: '',
  workType: '',
  status: '',
  contract: '',
  entryFrom: '',
  entryTo: '',
};

export const fetchOptions = (projectId?: string) => get('/builder/user/v1/Worker/options', { projectId: projectId || undefined });

/** What the user has confirmed after a 301: the person active elsewhere, a card failing its check digit. */
export interface Confirmations {
  confirmed?: boolean;
  cardConfirmed?: boolean;
}

/** Sends the form with empty fields left out. */
export function registerWorker(form: RegisterForm, confirmations: Confirmations) {
  const params = compact(form);
  if (confirmations.confirmed) params.confirmed = '1';
  if (confirmations.cardConfirmed) params.cardConfirmed = '1';
  return post('/builder/user/v1/Worker/register', params);
}

export const editWorker = (form: EditForm) => post('/builder/user/v1/Worker/edit', form);

/** The reply's message tells when days already paid will be topped up (补差) on a supplementary sheet. */
export const changeWageStandard = (form: WageStandardForm) => postTold('/builder/user/v1/Worker/wage_standard', form);

export const transferWorker = (form: TransferForm) => post('/builder/user/v1/Worker/transfer', form);

export const fetchHistory = (id: number, page: number, limit: number, projectId?: string) =>
  get('/builder/user/v1/Worker/history', { id, page, limit, projectId: projectId || undefined });

export const fetchRoster = (filter: RosterFilter, page: number, limit: number) =>
  get('/builder/user/v1/Worker/list', { ...compact(filter), page, limit });

export const fetchDetail = (id: number, projectId?: string) =>
  get('/builder/user/v1/Worker/detail', { id, projectId: projectId || undefined });

export const exitWorker = (id: number, date: string) => post('/builder/user/v1/Worker/exit', { id, date });

export const reenterWorker = (id: number, date: string, confirmed: boolean) =>
  post('/builder/user/v1/Worker/reenter', { id, date, confirmed: confirmed ? '1' : undefined });

export const fetchIncomplete = (name: string, page: number, limit: number) =>
  get('/builder/user/v1/Worker/incomplete', { name: name.trim() || undefined, page, limit });

export const supplementWorker = (form: SupplementForm) => post('/builder/user/v1/Worker/supplement', form);

export const fetchTrainings = (topic: string, page: number, limit: number) =>
  get('/builder/user/v1/Worker/trainList', { topic: topic.trim() || undefined, page, limit });

export const fetchTraining = (id: number) => get('/builder/user/v1/Worker/trainDetail', { id });

export const saveTraining = (form: TrainingForm) => post('/builder/user/v1/Worker/trainSave', form);

export async function downloadTemplate() {
  saveBlob(await fetchFile('/builder/user/v1/Worker/template'), '花名册导入模板.xlsx');
}

export async function downloadExport(filter: RosterFilter) {
  saveBlob(await fetchFile('/builder/user/v1/Worker/export', compact(filter)), '花名册.xlsx');
}

/**
 * Uploads a workbook (field `file`); answers the saved count, the bad rows and the rows held back for a
 * card failing its check digit. `confirmRows` imports only those rows, their cards confirmed.
 */
export const importWorkbook = (file: Blob, name: string, confirmRows: number[] = []) =>
  postWorkbook('/builder/user/v1/Worker/import', file, name, {
    confirmRows: confirmRows.length ? confirmRows.join(',') : undefined,
  });

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
