/**
 * The worker's own wage-arrears leads (`/worker/clue/v1/…`, issue 31): a report on one of his projects, as
 * multipart with up to 5 photos — his name, phone and ID number come from the roster on the server — and the
 * list of what he reported, with its progress.
 */
import { ApiError, SESSION_EXPIRED, get, type ReplyOf } from '@/api/client';
import { postFiles } from '@/api/files';
import { expireWorkerSession } from '@/store/workerSession';

export type OwnLeads = ReplyOf<'/worker/clue/v1/Clue/list', 'get'>;
export type OwnLead = OwnLeads['list'][number];

export const MAX_PHOTOS = 5;
export const MAX_DESCRIPTION = 1000;

export interface WorkerReport {
  projectId: number;
  /** 欠薪单位或班组. */
  employer: string;
  /** Yuan, at most two decimals. */
  amount: string;
  /** 1–120. */
  months: number;
  description: string;
}

/** Sends the report with its photos; answers the receipt number. A dead session sends him to the login. */
export async function submitWorkerReport(report: WorkerReport, photos: File[]): Promise<string> {
  const body = new FormData();
  body.append('projectId', String(report.projectId));
  body.append('employer', report.employer.trim());
  body.append('amount', report.amount);
  body.append('months', String(report.months));
  body.append('description', report.description.trim());
  for (const photo of photos.slice(0, MAX_PHOTOS)) body.append('imgFile[]', photo, photo.name);
  try {
    return (await postFiles('/worker/clue/v1/Clue/submit', body)).receipt;
  } catch (error) {
    if (error instanceof ApiError && error.code === SESSION_EXPIRED) expireWorkerSession();
    throw error;
  }
}

/** His projects on the roster, newest first (the query key is the home page's: one read for both). */
export const fetchMyInfo = () => get('/worker/worker/v1/Worker/info');
export const MY_INFO_KEY = ['mine', 'info'] as const;
export type MyProject = ReplyOf<'/worker/worker/v1/Worker/info', 'get'>['projects'][number];

export const fetchOwnLeads = (page: number, limit: number) => get('/worker/clue/v1/Clue/list', { page: String(page), limit: String(limit) });
