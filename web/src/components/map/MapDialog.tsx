/**
 * The map picker of spec §2 "Map dialog" (90% wide): longitude and latitude inputs (filtered, range
 * checked), a district search that recentres the map, click to set the point, and 确定 writing "lat,lng".
 * Leaflet is loaded only when the dialog opens. Tiles come from the site config's `maptiles` (an XYZ URL
 * template); without one the map has a plain grid and everything but the imagery still works. With a
 * `geocoder` configured, the search also offers its places after the districts.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Col, Form, Input, Modal, Row, Select, Spin, message } from 'antd';
import {
  checkLatitude,
  checkLongitude,
  filterCoordinateInput,
  MSG_LATLNG_RANGE,
  MSG_LATLNG_REQUIRED,
  parseLatlng,
} from '@/utils/rules';
import { searchAreas, type AreaHit } from './areaSearch';
import { geocode, type Place } from './geocoder';
import { centroidOf, zoomForLevel, type Centroid } from './centroids';
import type { MapView } from './LeafletMap';
import './map.css';

const LeafletMap = lazy(() => import('./LeafletMap'));

export const FALLBACK_CENTRE = '34.75,113.63';
const DEFAULT_ZOOM = 12;
const SEARCH_DELAY_MS = 300;
/** Search options of the geocoder's places are `place:{index}`; districts are their codes. */
const PLACE = 'place:';
const PLACE_ZOOM = 15;

export interface MapDialogProps {
  open: boolean;
  /** The stored "lat,lng" (may be empty). */
  value?: string;
  /** The site config's `centerlatlng` ("lat,lng"), used when nothing is stored. */
  centre?: string;
  /** The site config's `maptiles` XYZ template; empty: no imagery (offline). */
  tiles?: string;
  /** The site config's `geocoder` URL; empty: districts only. */
  geocoder?: string;
  onConfirm: (latlng: string) => void;
  onCancel: () => void;
}

/** Both coordinates' message: the empty one first, then the range. */
export function checkPoint(lngText: string, latText: string): string | undefined {
  if (lngText.trim() === '' || latText.trim() === '') return MSG_LATLNG_REQUIRED;
  return checkLongitude(lngText) ?? checkLatitude(latText);
}

const fixed = (value: number) => String(Number(value.toFixed(6)));

function startingPoint(value: string | undefined, centre: string | undefined) {
  const stored = parseLatlng(value ?? '');
  if (stored.ok) return { centre: stored.value, stored: true };
  const configured = parseLatlng(centre ?? '');
  return { centre: configured.ok ? configured.value : parseLatlngOrThrow(FALLBACK_CENTRE), stored: false };
}

function parseLatlngOrThrow(text: string): Centroid {
  const parsed = parseLatlng(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}

function MapBody({ value, centre, tiles = '', geocoder = '', onConfirm, onCancel }: Omit<MapDialogProps, 'open'>) {
  const start = useMemo(() => startingPoint(value, centre), [value, centre]);
  const storedText = start.stored ? (value ?? '').split(',') : ['', ''];
  const [lat, setLat] = useState(storedText[0]?.trim() ?? '');
  const [lng, setLng] = useState(storedText[1]?.trim() ?? '');
  const [view, setView] = useState<MapView>({ centre: start.centre, zoom: DEFAULT_ZOOM, serial: 0 });
  const [hits, setHits] = useState<AreaHit[]>([]);
  const [places, setPlaces] = useState<Place[]>([]);
  const [searching, setSearching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const lngError = lng === '' ? undefined : checkLongitude(lng);
  const latError = lat === '' ? undefined : checkLatitude(lat);
  const point = lng !== '' && lat !== '' && !lngError && !latError ? { lat: Number(lat), lng: Number(lng) } : null;

  const recentre = (target: Centroid, zoom = view.zoom) =>
    setView((current) => ({ centre: target, zoom, serial: current.serial + 1 }));

  const onPick = (picked: Centroid) => {
    setLat(fixed(picked.lat));
    setLng(fixed(picked.lng));
  };

  const onSearch = (text: string) => {
    clearTimeout(timer.current);
    const name = text.trim();
    if (name === '') {
      setHits([]);
      setPlaces([]);
      return;
    }
    timer.current = setTimeout(() => {
      setSearching(true);
      const areas = searchAreas(name.slice(0, 20)).catch(() => [] as AreaHit[]);
      const found = geocoder ? geocode(geocoder, name) : Promise.resolve([] as Place[]);
      void Promise.all([areas, found])
        .then(([areaHits, placeHits]) => {
          setHits(areaHits);
          setPlaces(placeHits);
        })
        .finally(() => setSearching(false));
    }, SEARCH_DELAY_MS);
  };

  const onChoose = (choice: string) => {
    if (choice.startsWith(PLACE)) {
      const place = places[Number(choice.slice(PLACE.length))];
      if (place) recentre(place.centre, PLACE_ZOOM);
      return;
    }
    const hit = hits.find((candidate) => candidate.code === choice);
    const found = hit && centroidOf(hit.path);
    if (!found) {
      message.info('暂无该地区的位置数据');
      return;
    }
    recentre(found.centre, zoomForLevel(found.level));
  };

  const confirm = () => {
    const problem = checkPoint(lng, lat);
    if (problem) {
      message.error(problem === MSG_LATLNG_REQUIRED ? problem : MSG_LATLNG_RANGE);
      return;
    }
    onConfirm(`${lat.trim()},${lng.trim()}`);
  };

  return (
    <>
      <Form layout="vertical" component="div" className="map-form">
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item label="经度" validateStatus={lngError ? 'error' : undefined} help={lngError}>
              <Input
                data-testid="map-lng"
                value={lng}
                placeholder="经度，如 113.63"
                onChange={(event) => setLng(filterCoordinateInput(event.target.value))}
                onBlur={() => point && recentre(point)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label="纬度" validateStatus={latError ? 'error' : undefined} help={latError}>
              <Input
                data-testid="map-lat"
                value={lat}
                placeholder="纬度，如 34.75"
                onChange={(event) => setLat(filterCoordinateInput(event.target.value))}
                onBlur={() => point && recentre(point)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="搜索地区">
              <Select
                data-testid="map-search"
                showSearch={{ filterOption: false, onSearch }}
                placeholder="输入地区名称，如 金水区"
                notFoundContent={searching ? <Spin size="small" /> : null}
                options={[
                  ...hits.map((hit) => ({ value: hit.code, label: hit.path_name })),
                  ...places.map((place, index) => ({ value: `${PLACE}${index}`, label: `地点：${place.name}` })),
                ]}
                onChange={onChoose}
                value={null}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <div className="map-frame" data-testid="map-frame">
        <Suspense fallback={<Spin className="map-loading" />}>
          <LeafletMap view={view} point={point} tiles={tiles} onPick={onPick} />
        </Suspense>
      </div>
      <div className="map-tip">点击地图选取项目位置{tiles ? '' : '（未配置地图底图，以网格显示）'}</div>
      <div className="map-footer">
        <Button onClick={onCancel}>取消</Button>
        <Button type="primary" onClick={confirm} data-testid="map-confirm">
          确定
        </Button>
      </div>
    </>
  );
}

export default function MapDialog({ open, ...rest }: MapDialogProps) {
  return (
    <Modal
      title="选择项目坐标"
      open={open}
      width="90%"
      centered
      footer={null}
      destroyOnHidden
      onCancel={rest.onCancel}
      className="map-dialog"
      data-testid="map-dialog"
    >
      {open && <MapBody {...rest} />}
    </Modal>
  );
}
