/** The worker's own attendance (`/worker/attendance/v1/…`), with his own session. */
import { get, type ReplyOf } from '@/api/client';

export type MyMonth = ReplyOf<'/worker/attendance/v1/Attendance/month', 'get'>;
export type MyDay = MyMonth['days'][number];

/** His month, of one project (`projectId`) or of every project he was on that month. */
export const fetchMyMonth = (month: string, projectId: number | null) =>
  get('/worker/attendance/v1/Attendance/month', { month, projectId: projectId ?? undefined });
