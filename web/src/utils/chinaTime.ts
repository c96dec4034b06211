import dayjs, { type Dayjs } from 'dayjs';

const CHINA_OFFSET_MINUTES = 8 * 60;

/**
 * Now as a China wall clock (UTC+8), whatever the browser's time zone: the server counts days, months and
 * "today" in China time, so the console's defaults and date limits must too.
 */
export function chinaNow(at: number = Date.now()): Dayjs {
  const browserOffsetMinutes = -new Date(at).getTimezoneOffset();
  return dayjs(at + (CHINA_OFFSET_MINUTES - browserOffsetMinutes) * 60_000);
}
