/** The worker's board page (`/w/board`): the board from the project area's service, his projects, phone links. */
import { get } from '@/api/client';
import type { BoardUnit } from '../service';

export { fetchSiteBoard, siteBoardKey, type NoticeBoard as SiteBoard } from '../service';
export type SiteUnit = BoardUnit;

/** His projects on the roster, newest first (the query key is the home page's: one read for both). */
export const fetchMyInfo = () => get('/worker/worker/v1/Worker/info');
export const MY_INFO_KEY = ['mine', 'info'] as const;

/** A phone number as a `tel:` link: digits, `+`, `-` only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+-]/g, '')}`;

/** Whether `phone` has enough digits to call. */
export const callable = (phone: string | undefined | null): phone is string => (phone ?? '').replace(/\D/g, '').length >= 5;
