/**
 * `Area/search` answers codes and names but no coordinates, so the map recentres from this small built-in
 * table: the seat of every province-level division, plus the cities of 河南 (the default site, 4101) and
 * the two regional area codes 4208 / 4212. Values are approximate (two decimals): they only move the view.
 * A hit below a known level recentres on its nearest known ancestor (a county of 郑州 → 郑州).
 */
export interface Centroid {
  lat: number;
  lng: number;
}

const TABLE: Record<string, [number, number]> = {
  '11': [39.9, 116.41], '12': [39.13, 117.2], '13': [38.04, 114.51], '14': [37.87, 112.55],
  '15': [40.84, 111.75], '21': [41.8, 123.43], '22': [43.82, 125.32], '23': [45.8, 126.53],
  '31': [31.23, 121.47], '32': [32.06, 118.8], '33': [30.27, 120.16], '34': [31.82, 117.23],
  '35': [26.07, 119.3], '36': [28.68, 115.86], '37': [36.65, 117.12], '41': [34.75, 113.63],
  '42': [30.59, 114.31], '43': [28.23, 112.94], '44': [23.13, 113.26], '45': [22.82, 108.37],
  '46': [20.04, 110.2], '50': [29.56, 106.55], '51': [30.57, 104.07], '52': [26.65, 106.63],
  '53': [25.04, 102.71], '54': [29.65, 91.14], '61': [34.34, 108.94], '62': [36.06, 103.83],
  '63': [36.62, 101.78], '64': [38.49, 106.23], '65': [43.83, 87.62],
  // 河南
  '4101': [34.75, 113.63], '4102': [34.8, 114.31], '4103': [34.62, 112.45], '4104': [33.77, 113.19],
  '4105': [36.1, 114.39], '4106': [35.75, 114.3], '4107': [35.3, 113.93], '4108': [35.22, 113.24],
  '4109': [35.76, 115.03], '4110': [34.04, 113.85], '4111': [33.58, 114.02], '4112': [34.77, 111.2],
  '4113': [33.0, 112.53], '4114': [34.41, 115.66], '4115': [32.15, 114.09], '4116': [33.63, 114.7],
  '4117': [32.98, 114.02], '4190': [35.07, 112.6],
  // 湖北: 武汉, 荆门 (4208), 咸宁 (4212)
  '4201': [30.59, 114.31], '4208': [31.04, 112.2], '4212': [29.84, 114.32],
};

/** The nearest known centroid along a division's path (most specific first), with its depth (1 province, 2 city). */
export function centroidOf(path: readonly string[]): { centre: Centroid; level: number } | undefined {
  for (let index = path.length - 1; index >= 0; index -= 1) {
    const found = TABLE[path[index]];
    if (found) return { centre: { lat: found[0], lng: found[1] }, level: index + 1 };
  }
  return undefined;
}

/** Zoom for a recentred view: a city is shown closer than a province (never under the map's minimum 8). */
export const zoomForLevel = (level: number): number => (level >= 2 ? 11 : 8);
