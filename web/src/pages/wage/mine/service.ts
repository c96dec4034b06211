/** The worker's own wage lines, pay slips, confirmations and disputes (`/worker/wage/v1/…`), his own session. */
import { get, post, type ReplyOf } from '@/api/client';

export type MyWagePage = ReplyOf<'/worker/wage/v1/Wage/list', 'get'>;
export type MyWageLine = MyWagePage['list'][number];
export type MyPaySlip = ReplyOf<'/worker/wage/v1/Wage/detail', 'get'>;
export type MyConfirmation = MyPaySlip['confirmation'];
export type DisputeReason = 'days' | 'rate' | 'deduction' | 'not_received';

export const fetchMyWages = (page: number, limit: number) => get('/worker/wage/v1/Wage/list', { page, limit });
export const fetchMyWage = (id: number) => get('/worker/wage/v1/Wage/detail', { id });
export const confirmMyWage = (id: number) => post('/worker/wage/v1/Wage/confirm', { id });
export const disputeMyWage = (id: number, reason: DisputeReason, text: string) => post('/worker/wage/v1/Wage/dispute', { id, reason, text });
