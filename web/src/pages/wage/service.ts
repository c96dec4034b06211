/**
 * The wage area's client (docs/api.md "Wages"): wage sheets, the 工资核查 anomalies, wage orders, payout
 * exceptions and the 代发 files of an order paid by file, under /builder/wage/v1. Paths, parameters and replies are the generated document's.
 */
import { get, post, type QueryOf } from '@/api/client';
import { fetchFile, fetchNamedFile, postFileForFile, postFileTold } from '@/api/files';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type WageSheet = Schemas['WageSheet'];
export type WageLine = Schemas['WageSheetDetail']['lines']['list'][number];
export type WageSheetDetail = Schemas['WageSheetDetail'];
export type WageOptions = Schemas['WageOptions'];
export type WageAnomaly = Schemas['WageAnomaly'];
export type WageOrder = Schemas['WageOrder'];
export type WagePayout = Schemas['WagePayout'];
export type WagePayPreview = Schemas['WagePayPreview'];
export type WageAdjustment = Schemas['WageAdjustment'];

export const fetchOptions = () => get('/builder/wage/v1/Sheet/options');
export const fetchSheets = (query: QueryOf<'/builder/wage/v1/Sheet/list', 'get'>) => get('/builder/wage/v1/Sheet/list', query);
export const fetchSheet = (id: number, page: number, limit: number) => get('/builder/wage/v1/Sheet/detail', { id, page, limit });
/** A sheet's lines as .xlsx, each with the dates it pays (计发日期) and tops up (补差日期). */
export const exportSheet = (id: number) => fetchFile('/builder/wage/v1/Sheet/export', { id });
export const createSheet = (month: string, unitId: number, teamId?: number) =>
  post('/builder/wage/v1/Sheet/create', { month, unitId, teamId: teamId ?? '' });
export const saveLine = (id: number, payable: string, deduction: string, reason: string) =>
  post('/builder/wage/v1/Sheet/saveLine', { id, payable, deduction, reason });
export const removeLine = (id: number, reason: string) => post('/builder/wage/v1/Sheet/removeLine', { id, reason });
/** 确认, 取消确认 or 删除 a sheet. */
export const sheetAction = (action: 'confirm' | 'unconfirm' | 'deleteSheet', id: number) =>
  action === 'confirm'
    ? post('/builder/wage/v1/Sheet/confirm', { id })
    : action === 'unconfirm'
      ? post('/builder/wage/v1/Sheet/unconfirm', { id })
      : post('/builder/wage/v1/Sheet/delete', { id });
export const refreshSheet = (id: number) => post('/builder/wage/v1/Sheet/refresh', { id });
export const fetchSettings = () => get('/builder/wage/v1/Sheet/settings');
/** The project's payroll settings: the proration rule, and whether workers must confirm before an order is submitted. */
export const saveSettings = (proration: string, confirmationRequired: boolean) =>
  post('/builder/wage/v1/Sheet/settings', { proration, confirmationRequired: confirmationRequired ? 1 : 0 });
/** The clerk's answer to a worker's dispute of his line (2–200 characters). */
export const answerDispute = (lineId: number, answer: string) => post('/builder/wage/v1/Sheet/answerDispute', { lineId, answer });
export const fetchPreview = (sheetIds: number[]) => get('/builder/wage/v1/Sheet/preview', { ids: sheetIds.join(',') });
export const fetchCheck = (query: QueryOf<'/builder/wage/v1/Check/list', 'get'>) => get('/builder/wage/v1/Check/list', query);
export const submitOrder = (month: string, sheetIds: number[], remark: string) =>
  post('/builder/wage/v1/Order/submit', { month, sheetIds: sheetIds.join(','), remark });
export const fetchOrders = (query: QueryOf<'/builder/wage/v1/Order/list', 'get'>) => get('/builder/wage/v1/Order/list', query);
export const fetchOrder = (id: number, page: number, limit: number) => get('/builder/wage/v1/Order/detail', { id, page, limit });
/** A page of an order's lines with their basis and anomalies (`anomalous`: only lines with one). */
export const fetchOrderBasis = (id: number, page: number, limit: number, anomalous: boolean) =>
  get('/builder/wage/v1/Order/basis', { id, page, limit, anomalous: anomalous ? 1 : undefined });
export const withdrawOrder = (id: number) => post('/builder/wage/v1/Order/withdraw', { id });
export const fetchPayLines = (query: QueryOf<'/builder/wage/v1/Order/payLines', 'get'>) => get('/builder/wage/v1/Order/payLines', query);
export const fetchAbnormal = (query: QueryOf<'/builder/wage/v1/Abnormal/list', 'get'>) => get('/builder/wage/v1/Abnormal/list', query);
export const saveCard = (workerId: number, card: string, bank: string, confirmed: boolean) =>
  post('/builder/wage/v1/Abnormal/card', { workerId, card, bank, confirmed: confirmed ? 1 : undefined });
export const reissue = (ids: number[]) => post('/builder/wage/v1/Abnormal/reissue', { ids: ids.join(',') });

// Paying by file (代发): the approved order's batch file, the bank's result file, and the sandbox bank.
export type WageBatchFormat = Schemas['WageBatchFormat'];
export const fetchBatchFormats = () => get('/builder/wage/v1/Payout/formats');
/** The order's batch file in `format`, named by the server after the order. */
export const downloadBatchFile = (orderId: number, format: string) =>
  fetchNamedFile('/builder/wage/v1/Payout/batchfile', { orderId, format }, '代发文件');
/** The bank's result file of the order; answers the counts with the server's message. */
export const uploadBatchResult = (orderId: number, format: string, file: File) =>
  postFileTold('/builder/wage/v1/Payout/batchresult', file, file.name, { orderId, format });
/** The sandbox bank's result file for a batch file (what the bank would return). */
export const sandboxBatchResult = (format: string, batch: File) =>
  postFileForFile('/builder/wage/v1/Payout/sandboxresult', batch, batch.name, { format }, '回盘文件');
