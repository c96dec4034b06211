/** The worker's own profile (`/worker/worker/v1/…`), with his own session. */
import { get, type ReplyOf } from '@/api/client';

export type MyInfo = ReplyOf<'/worker/worker/v1/Worker/info', 'get'>;
export type MyProject = MyInfo['projects'][number];
export type MyRate = MyProject['rates'][number];

export const fetchMyInfo = () => get('/worker/worker/v1/Worker/info');
