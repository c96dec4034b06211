/**
 * The messages' client (server/src/message): the inbox of 系统消息 and the finance shell's 消息, the header
 * bell's unread count and the arrears-lead popup. The enterprise side calls the builder paths (a regulator's
 * project in view goes along), the finance side the finance paths. Types come from the generated schema only.
 */
import { post } from '@/api/client';
import type { components } from '@/api/schema';
import type { SiteConfig, UserInfo } from '@/api/types';
import type { Side } from '@/store/session';

type Schemas = components['schemas'];

export type MessageLine = Schemas['MessageLine'];
export type LeadMessage = Schemas['LeadMessage'];

/** The inbox's filter: a kind ('' for all) and a read state ('' both, '0' unread, '1' read). */
export interface MessageFilter {
  kind: string;
  read: '' | '0' | '1';
}

export const EMPTY_MESSAGE_FILTER: MessageFilter = { kind: '', read: '' };

/** The kinds the server sends (server/src/message/service.rs `Kind`), as the filter offers them. */
export const MESSAGE_KINDS = [
  { value: 'system', label: '系统消息' },
  { value: 'order', label: '工资单' },
  { value: 'payout', label: '发放失败' },
  { value: 'lead', label: '欠薪线索' },
  { value: 'warning', label: '预警信息' },
  { value: 'notice', label: '通知公告' },
  { value: 'guarantee', label: '保证金' },
  { value: 'guarantee_change', label: '保证金变更' },
];

/** Area 4208 polls the unread count and the lead popup (spec §4, §9). */
export const MESSAGE_POLL_MS = 600000;
const POLLING_AREA = '4208';

/** Polling runs where the area code is 4208, once the project is approved or out of the wizard (spec §4). */
export function pollsMessages(siteConfig: SiteConfig | null, userInfo: UserInfo | null): boolean {
  return siteConfig?.areacode === POLLING_AREA && (userInfo?.status === '2' || !userInfo?.auditStatus);
}

export const fetchMessages = (side: Side, filter: MessageFilter, page: number, limit: number) => {
  const query = { page: String(page), limit: String(limit), kind: filter.kind || undefined, read: filter.read || undefined };
  return side === 'finance'
    ? post('/finance/message/v1/Message/ajax_list', undefined, { query })
    : post('/builder/message/v1/Message/ajax_list', undefined, { query });
};

/** Opens one message; the server marks it read (not a regulator's look at a project's). */
export const openMessage = (side: Side, id: number) =>
  side === 'finance'
    ? post('/finance/message/v1/Message/ajax_message_detail', undefined, { query: { id: String(id) } })
    : post('/builder/message/v1/Message/ajax_message_detail', undefined, { query: { id: String(id) } });

export const markRead = (side: Side, id: number) =>
  side === 'finance'
    ? post('/finance/message/v1/Message/read', undefined, { query: { id: String(id) } })
    : post('/builder/message/v1/Message/read', undefined, { query: { id: String(id) } });

export const markAllRead = (side: Side) =>
  side === 'finance'
    ? post('/finance/message/v1/Message/ajax_message_detail_all')
    : post('/builder/message/v1/Message/ajax_message_detail_all');

export const fetchUnreadCount = (side: Side) =>
  side === 'finance'
    ? post('/finance/message/v1/Message/ajaxmessagecount')
    : post('/builder/message/v1/Message/ajaxmessagecount');

/** The unread lead messages of the popup, each with its `back_id` (the lead). */
export const fetchUnreadLeads = () => post('/builder/message/v1/Message/Get_message');

/** The lead's report screen the popup opens (spec §2 "Other dialogs"). */
export const leadPath = (lead: LeadMessage) => `/remunerationClues/feedbackDetail?id=${lead.back_id ?? ''}`;
