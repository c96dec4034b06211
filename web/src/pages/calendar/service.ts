/**
 * China's working calendar (server/src/calendar): the regulator's 节假日设置 (admin accounts only) and the
 * month and year every logged-in account reads. Types come from the generated schema only.
 */
import { get, post } from '@/api/client';
import type { components } from '@/api/schema';
import type { SpecialKind } from '@/utils/rules/calendar';

type Schemas = components['schemas'];

export type SpecialDayRow = Schemas['SpecialDayRow'];
export type SpecialDayPage = Schemas['Envelope_Paged_SpecialDayRow']['data'];
export type CalendarDay = Schemas['CalendarDay'];
export type CalendarMonth = Schemas['CalendarMonth'];
export type CalendarYear = Schemas['CalendarYear'];

/** The server's messages (server/src/calendar/service.rs). */
export const MSG_SAVED = '保存成功';
export const MSG_DELETED = '删除成功';

export const fetchSpecialDays = (year: number, page: number, limit: number) =>
  post('/admin/calendar/v1/Calendar/list', { year, page, limit });

export const saveSpecialDay = (form: { day: string; kind: SpecialKind; name: string }) =>
  post('/admin/calendar/v1/Calendar/save', { day: form.day, kind: form.kind, name: form.name.trim() });

export const deleteSpecialDay = (day: string) => post('/admin/calendar/v1/Calendar/delete', { day });

export const fetchCalendarYear = (year: number) => get('/builder/calendar/v1/Calendar/year', { year });

/** `month` is 'YYYY-MM'. */
export const fetchCalendarMonth = (month: string) => get('/builder/calendar/v1/Calendar/month', { month });
