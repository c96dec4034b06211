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

export const CALENDAR_LIST_URL = '/admin/calendar/v1/Calendar/list';
export const CALENDAR_SAVE_URL = '/admin/calendar/v1/Calendar/save';
export const CALENDAR_DELETE_URL = '/admin/calendar/v1/Calendar/delete';
export const CALENDAR_MONTH_URL = '/builder/calendar/v1/Calendar/month';
export const CALENDAR_YEAR_URL = '/builder/calendar/v1/Calendar/year';

/** The server's messages (server/src/calendar/service.rs). */
export const MSG_SAVED = '保存成功';
export const MSG_DELETED = '删除成功';

export interface SpecialDayForm {
  day: string;
  kind: SpecialKind;
  name: string;
}

export const fetchSpecialDays = (year: number, page: number, limit: number) =>
  post<SpecialDayPage>(CALENDAR_LIST_URL, { year, page, limit });

export const saveSpecialDay = (form: SpecialDayForm) =>
  post<string | null>(CALENDAR_SAVE_URL, { day: form.day, kind: form.kind, name: form.name.trim() });

export const deleteSpecialDay = (day: string) => post<string | null>(CALENDAR_DELETE_URL, { day });

export const fetchCalendarYear = (year: number) => get<CalendarYear>(CALENDAR_YEAR_URL, { year });

/** `month` is 'YYYY-MM'. */
export const fetchCalendarMonth = (month: string) => get<CalendarMonth>(CALENDAR_MONTH_URL, { month });
