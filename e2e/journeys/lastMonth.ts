/**
 * The previous month in China time, which the money journeys pay (the device API takes punches back to its
 * 1st): its number, its days and its weekdays (Monday to Friday).
 */
const CHINA_NOW = new Date(Date.now() + 8 * 3600_000)
export const YEAR = CHINA_NOW.getUTCMonth() === 0 ? CHINA_NOW.getUTCFullYear() - 1 : CHINA_NOW.getUTCFullYear()
export const MONTH_NUMBER = CHINA_NOW.getUTCMonth() === 0 ? 12 : CHINA_NOW.getUTCMonth()
/** `YYYY-MM`. */
export const MONTH = `${YEAR}-${String(MONTH_NUMBER).padStart(2, '0')}`
export const DAYS_IN_MONTH = new Date(Date.UTC(YEAR, MONTH_NUMBER, 0)).getUTCDate()
/** `YYYY-MM-DD` of a day of the month. */
export const date = (day: number) => `${MONTH}-${String(day).padStart(2, '0')}`
/** 0 Sunday … 6 Saturday. */
export const weekday = (day: number) => new Date(Date.UTC(YEAR, MONTH_NUMBER - 1, day)).getUTCDay()
export const WEEKDAYS = Array.from({ length: DAYS_IN_MONTH }, (_, index) => index + 1).filter(
  (day) => weekday(day) !== 0 && weekday(day) !== 6,
)
