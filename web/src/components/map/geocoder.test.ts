import { geocode, GEOCODER_LIMIT, placesOf } from './geocoder';

describe('geocoder', () => {
  it('reads Nominatim places and ignores odd items', () => {
    const reply = [
      { lat: '34.7466', lon: '113.6253', display_name: '郑州市, 河南省, 中国' },
      { lat: 'x', lon: '113', display_name: '坏坐标' },
      { lat: '34', lon: '113' },
      null,
    ];
    expect(placesOf(reply)).toEqual([{ name: '郑州市, 河南省, 中国', centre: { lat: 34.7466, lng: 113.6253 } }]);
    expect(placesOf({ error: 'nope' })).toEqual([]);
  });

  it('keeps at most the limit', () => {
    const many = Array.from({ length: 9 }, (_, i) => ({ lat: '34', lon: '113', display_name: `地点${i}` }));
    expect(placesOf(many)).toHaveLength(GEOCODER_LIMIT);
  });

  it('asks the configured URL and answers no places when it fails', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify([{ lat: '30.5', lon: '114.3', display_name: '武汉' }])));
    vi.stubGlobal('fetch', fetchMock);
    const places = await geocode('https://geo.example/search', '武汉');
    expect(places[0].centre).toEqual({ lat: 30.5, lng: 114.3 });
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toMatch(/^https:\/\/geo\.example\/search\?q=%E6%AD%A6%E6%B1%89&format=json/);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new Error('offline'))));
    expect(await geocode('https://geo.example/search', '武汉')).toEqual([]);
  });
});
