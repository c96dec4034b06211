/**
 * The configured geocoder (site config `geocoder`): a Nominatim-compatible search URL the browser asks
 * directly, `{url}?q=…&format=json&limit=5`, answering `[{lat, lon, display_name}]`. Anything else in the
 * answer is ignored; a failing or odd answer gives no places (the area search still works).
 */
import type { Centroid } from './centroids';

export interface Place {
  name: string;
  centre: Centroid;
}

export const GEOCODER_LIMIT = 5;

function placeOf(item: unknown): Place | null {
  if (typeof item !== 'object' || item === null) return null;
  const record = item as Record<string, unknown>;
  const lat = Number(record.lat);
  const lng = Number(record.lon);
  const name = typeof record.display_name === 'string' ? record.display_name : '';
  if (!name || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return { name, centre: { lat, lng } };
}

export function placesOf(reply: unknown): Place[] {
  if (!Array.isArray(reply)) return [];
  return reply.map(placeOf).filter((place): place is Place => place !== null).slice(0, GEOCODER_LIMIT);
}

export async function geocode(url: string, query: string): Promise<Place[]> {
  const search = new URLSearchParams({ q: query, format: 'json', limit: String(GEOCODER_LIMIT), 'accept-language': 'zh-CN' });
  try {
    const response = await fetch(`${url}${url.includes('?') ? '&' : '?'}${search.toString()}`, { credentials: 'omit' });
    return response.ok ? placesOf(await response.json()) : [];
  } catch {
    return [];
  }
}
