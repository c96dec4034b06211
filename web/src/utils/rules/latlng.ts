/**
 * Map coordinates, as server/src/domain/latlng.rs checks them: longitude 73.66–135.05, latitude
 * 3.86–53.55, inclusive, compared exactly on the decimal text. Latlng text is "lat,lng".
 */
import { type Parsed, allDigits, fail, messageOf, ok } from './result';
import { MSG_LATLNG_REQUIRED } from './text';

export const MSG_LATLNG_RANGE = '中国经纬度范围为经度73.66~135.05,纬度3.86~53.55';
export const COORDINATE_MAX_CHARS = 20;

/** Bounds in hundredths of a degree. */
const LNG: [number, number] = [7366, 13505];
const LAT: [number, number] = [386, 5355];

/** The coordinate inputs' filter: digits, the first dot, a minus only in front; at most 20 chars. */
export function filterCoordinateInput(input: string): string {
  let out = '';
  for (const c of input) {
    if (/[0-9]/.test(c) || (c === '.' && !out.includes('.')) || (c === '-' && out === '')) out += c;
  }
  return [...out].slice(0, COORDINATE_MAX_CHARS).join('');
}

function within(text: string, [min, max]: [number, number]): boolean {
  const dot = text.indexOf('.');
  const integer = dot < 0 ? text : text.slice(0, dot);
  const fraction = dot < 0 ? '' : text.slice(dot + 1);
  if (!allDigits(integer) || (dot >= 0 && !allDigits(fraction)) || integer.length > 6) return false;
  const scaled = Number(integer) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  const beyond = /[1-9]/.test(fraction.slice(2));
  return scaled >= min && (scaled < max || (scaled === max && !beyond));
}

function coordinate(input: string, bounds: [number, number]): Parsed<number> {
  const text = input.trim();
  if (text === '') return fail(MSG_LATLNG_REQUIRED);
  return within(text, bounds) ? ok(Number(text)) : fail(MSG_LATLNG_RANGE);
}

export const longitude = (input: string) => coordinate(input, LNG);
export const latitude = (input: string) => coordinate(input, LAT);
export const checkLongitude = (input: string) => messageOf(longitude(input));
export const checkLatitude = (input: string) => messageOf(latitude(input));

export function parseLatlng(input: string): Parsed<{ lat: number; lng: number }> {
  const text = input.trim();
  if (text === '') return fail(MSG_LATLNG_REQUIRED);
  const comma = text.indexOf(',');
  if (comma < 0) return fail(MSG_LATLNG_RANGE);
  const lat = latitude(text.slice(0, comma));
  const lng = longitude(text.slice(comma + 1));
  return lat.ok && lng.ok ? ok({ lat: lat.value, lng: lng.value }) : fail(MSG_LATLNG_RANGE);
}

export const checkLatlng = (input: string) => messageOf(parseLatlng(input));

export const formatLatlng = (lat: number, lng: number): string => `${lat},${lng}`;
