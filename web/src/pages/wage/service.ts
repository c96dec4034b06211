/**
 * The money path's calls (docs/api.md "Wages"): wage sheets, salaryCheck, wage orders and exception handling
 * under /builder/wage/v1, and the finance shell's /finance/project/v1/orders. Types come from the generated
 * schema only.
 */
import { get, post } from '@/api/client';
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

export type WageSheet = Schemas['WageSheet'];
export type WageLine = Schemas['WageSheetDetail']['lines']['list'][number];
export type WageSheetDetail = Schemas['WageSheetDetail'];
export type WageOptions = Schemas['WageOptions'];
export type WageAnomaly = Schemas['WageAnomaly'];
export type WageOrder = Schemas['WageOrder'];
export type WageOrderDetail = Schemas['WageOrderDetail'];
export type WagePayout = Schemas['WagePayout'];
export type WagePayPreview = Schemas['WagePayPreview'];
export type WageOrderBasis = Schemas['WageOrderBasis'];
export type WageLineBasis = WageOrderBasis['lines']['list'][number];
export type AttendanceWorkerMonth = Schemas['AttendanceWorkerMonth'];
export type WagePayrollSettings = Schemas['WagePayrollSettings'];
export type WageAdjustment = Schemas['WageAdjustment'];
export type FinanceIndex = Schemas['FinanceIndex'];
export type FinanceRecord = Schemas['FinanceRecord'];
export type FinanceVerified = Schemas['FinanceVerified'];
export type SheetPage = Schemas['Envelope_Paged_WageSheet']['data'];
export type AnomalyPage = Schemas['Envelope_Paged_WageAnomaly']['data'];
export type OrderPage = Schemas['Envelope_Paged_WageOrder']['data'];
export type PayoutPage = Schemas['Envelope_Paged_WagePayout']['data'];
export type RecordPage = Schemas['Envelope_Paged_FinanceRecord']['data'];

const wage = '/builder/wage/v1';
const finance = '/finance/project/v1/orders';

export const URLS = {
  options: `${wage}/Sheet/options`,
  sheets: `${wage}/Sheet/list`,
  sheet: `${wage}/Sheet/detail`,
  createSheet: `${wage}/Sheet/create`,
  saveLine: `${wage}/Sheet/saveLine`,
  removeLine: `${wage}/Sheet/removeLine`,
  confirm: `${wage}/Sheet/confirm`,
  unconfirm: `${wage}/Sheet/unconfirm`,
  deleteSheet: `${wage}/Sheet/delete`,
  refresh: `${wage}/Sheet/refresh`,
  settings: `${wage}/Sheet/settings`,
  preview: `${wage}/Sheet/preview`,
  check: `${wage}/Check/list`,
  submit: `${wage}/Order/submit`,
  orders: `${wage}/Order/list`,
  order: `${wage}/Order/detail`,
  orderBasis: `${wage}/Order/basis`,
  withdraw: `${wage}/Order/withdraw`,
  payLines: `${wage}/Order/payLines`,
  abnormal: `${wage}/Abnormal/list`,
  card: `${wage}/Abnormal/card`,
  reissue: `${wage}/Abnormal/reissue`,
  financeOrders: `${finance}/orderlist`,
  financeIndex: `${finance}/Index`,
  financeOrder: `${finance}/Orderdetails`,
  financeHistory: `${finance}/Audithistory`,
  financeHistoryDetail: `${finance}/Details`,
  financeBasis: `${finance}/Linebasis`,
  financeAttendance: `${finance}/Attendance`,
  financeRecords: `${finance}/Recordlist`,
  financeSendCode: `${finance}/Veritest`,
  financeCheckCode: `${finance}/Verification`,
  financeCheckId: `${finance}/VerifyIdnumber`,
  financeAudit: `${finance}/Orderaudit`,
} as const;

export type Filter = Record<string, string | number | undefined>;

export const fetchOptions = () => get<WageOptions>(URLS.options);
export const fetchSheets = (filter: Filter) => get<SheetPage>(URLS.sheets, filter);
export const fetchSheet = (id: number, page: number, limit: number) => get<WageSheetDetail>(URLS.sheet, { id, page, limit });
export const createSheet = (month: string, unitId: number, teamId?: number) =>
  post<number>(URLS.createSheet, { month, unitId, teamId: teamId ?? '' });
export const saveLine = (id: number, payable: string, deduction: string, reason: string) =>
  post<null>(URLS.saveLine, { id, payable, deduction, reason });
export const removeLine = (id: number, reason: string) => post<null>(URLS.removeLine, { id, reason });
export const sheetAction = (action: 'confirm' | 'unconfirm' | 'deleteSheet', id: number) => post<null>(URLS[action], { id });
export const refreshSheet = (id: number) => post<null>(URLS.refresh, { id });
export const fetchSettings = () => get<WagePayrollSettings>(URLS.settings);
export const saveSettings = (proration: string) => post<WagePayrollSettings>(URLS.settings, { proration });
export const fetchPreview = (sheetIds: number[]) => get<WagePayPreview>(URLS.preview, { ids: sheetIds.join(',') });
export const fetchCheck = (filter: Filter) => get<AnomalyPage>(URLS.check, filter);
export const submitOrder = (month: string, sheetIds: number[], remark: string) =>
  post<number>(URLS.submit, { month, sheetIds: sheetIds.join(','), remark });
export const fetchOrders = (filter: Filter) => get<OrderPage>(URLS.orders, filter);
export const fetchOrder = (id: number, page: number, limit: number) => get<WageOrderDetail>(URLS.order, { id, page, limit });
/** A page of an order's lines with their basis and anomalies (`anomalous`: only lines with one). */
export const fetchOrderBasis = (id: number, page: number, limit: number, anomalous: boolean) =>
  get<WageOrderBasis>(URLS.orderBasis, { id, page, limit, anomalous: anomalous ? 1 : undefined });
export const withdrawOrder = (id: number) => post<null>(URLS.withdraw, { id });
export const fetchPayLines = (filter: Filter) => get<PayoutPage>(URLS.payLines, filter);
export const fetchAbnormal = (filter: Filter) => get<PayoutPage>(URLS.abnormal, filter);
export const saveCard = (workerId: number, card: string, bank: string, confirmed: boolean) =>
  post<null>(URLS.card, { workerId, card, bank, confirmed: confirmed ? 1 : undefined });
export const reissue = (ids: number[]) => post<number>(URLS.reissue, { ids: ids.join(',') });

export const fetchFinanceOrders = (filter: Filter) => post<OrderPage>(URLS.financeOrders, filter);
export const fetchFinanceIndex = () => post<FinanceIndex>(URLS.financeIndex);
export const fetchFinanceOrder = (id: number, page: number, limit: number, history = false) =>
  post<WageOrderDetail>(history ? URLS.financeHistoryDetail : URLS.financeOrder, { id, page, limit });
export const fetchFinanceBasis = (id: number, page: number, limit: number, anomalous: boolean) =>
  post<WageOrderBasis>(URLS.financeBasis, { id, page, limit, anomalous: anomalous ? 1 : undefined });
export const fetchFinanceAttendance = (id: number, workerId: number) => post<AttendanceWorkerMonth>(URLS.financeAttendance, { id, workerId });
export const fetchFinanceHistory = (filter: Filter) => post<OrderPage>(URLS.financeHistory, filter);
export const fetchFinanceRecords = (page: number, limit: number) => post<RecordPage>(URLS.financeRecords, { page, limit });
export const sendApprovalCode = () => post<string>(URLS.financeSendCode);
export const checkApprovalCode = (code: string) => post<FinanceVerified>(URLS.financeCheckCode, { code });
export const checkApprovalId = (idnumber: string) => post<FinanceVerified>(URLS.financeCheckId, { idnumber });
export const auditOrder = (id: number, status: 1 | 2, remark: string) => post<WageOrder>(URLS.financeAudit, { id, status, remark });

/** Order statuses with their labels and tag colours. */
export const ORDER_STATUSES: { value: string; label: string; color: string }[] = [
  { value: 'pending', label: '待审核', color: 'processing' },
  { value: 'paying', label: '支付中', color: 'warning' },
  { value: 'paid', label: '已支付', color: 'success' },
  { value: 'partial', label: '部分发放', color: 'warning' },
  { value: 'rejected', label: '已驳回', color: 'default' },
  { value: 'withdrawn', label: '已撤回', color: 'default' },
];

export const PAYOUT_STATUSES: { value: string; label: string; color: string }[] = [
  { value: 'queued', label: '待审批', color: 'processing' },
  { value: 'pending', label: '支付中', color: 'warning' },
  { value: 'paid', label: '已支付', color: 'success' },
  { value: 'failed', label: '支付失败', color: 'error' },
];

export const statusColor = (list: { value: string; color: string }[], value: string) =>
  list.find((status) => status.value === value)?.color ?? 'default';
