/**
 * The finance area's client: the approver's wage orders under /finance/project/v1/orders — the queue, the
 * order with its basis and a worker's month, the history, the approver's records, proving who they are and the
 * decision. Paths, parameters and replies are the generated document's.
 */
import { post, type FormOf } from '@/api/client';
import type { components } from '@/api/schema';

export type WageOrder = components['schemas']['WageOrder'];
export type FinanceRecord = components['schemas']['FinanceRecord'];

export const fetchFinanceOrders = (form: FormOf<'/finance/project/v1/orders/orderlist'>) => post('/finance/project/v1/orders/orderlist', form);
export const fetchFinanceIndex = () => post('/finance/project/v1/orders/Index');
/** An order waiting for a decision, or (`history`) a decided one. */
export const fetchFinanceOrder = (id: number, page: number, limit: number, history = false) =>
  history
    ? post('/finance/project/v1/orders/Details', { id, page, limit })
    : post('/finance/project/v1/orders/Orderdetails', { id, page, limit });
export const fetchFinanceBasis = (id: number, page: number, limit: number, anomalous: boolean) =>
  post('/finance/project/v1/orders/Linebasis', { id, page, limit, anomalous: anomalous ? 1 : undefined });
export const fetchFinanceAttendance = (id: number, workerId: number) => post('/finance/project/v1/orders/Attendance', { id, workerId });
export const fetchFinanceHistory = (form: FormOf<'/finance/project/v1/orders/Audithistory'>) => post('/finance/project/v1/orders/Audithistory', form);
export const fetchFinanceRecords = (page: number, limit: number) => post('/finance/project/v1/orders/Recordlist', { page, limit });
/** A code for approving order `id` to the approver's own phone; the text names the order and its amount. */
export const sendApprovalCode = (id: number) => post('/finance/project/v1/orders/Veritest', { id });
export const checkApprovalCode = (id: number, code: string) => post('/finance/project/v1/orders/Verification', { id, code });
export const checkApprovalId = (id: number, idnumber: string) =>
  post('/finance/project/v1/orders/VerifyIdnumber', { id, idnumber });
export const auditOrder = (id: number, status: 1 | 2, remark: string) => post('/finance/project/v1/orders/Orderaudit', { id, status, remark });
