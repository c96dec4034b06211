/**
 * The map picker of spec §2 "Map dialog" (90% wide): longitude and latitude inputs (filtered, range
 * checked), a district search that recentres the map, click to set the point, and 确定 writing "lat,lng".
 * Leaflet is loaded only when the dialog opens. Tiles come from `VITE_MAP_TILES` (an XYZ URL template);
 * without one the map has a plain grid and everything but the imagery still works.
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
import { centroidOf, zoomForLevel, type Centroid } from './centroids';
import type { MapView } from './LeafletMap';
import './map.css';

const LeafletMap = lazy(() => import('./LeafletMap'));

/** The XYZ tile URL; empty means no imagery (offline). */
// Read through a cast: the project does not load vite/client's types.
const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env;
export const MAP_TILES: string = env?.VITE_MAP_TILES ?? '';
export const FALLBACK_CENTRE = '34.75,113.63';
const DEFAULT_ZOOM = 12;
const SEARCH_DELAY_MS = 300;

export interface MapDialogProps {
  open: boolean;
  /** The stored "lat,lng" (may be empty). */
  value?: string;
  /** The site config's `centerlatlng` ("lat,lng"), used when nothing is stored. */
  centre?: string;
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

function MapBody({ value, centre, onConfirm, onCancel }: Omit<MapDialogProps, 'open'>) {
  const start = useMemo(() => startingPoint(value, centre), [value, centre]);
  const storedText = start.stored ? (value ?? '').split(',') : ['', ''];
  const [lat, setLat] = useState(storedText[0]?.trim() ?? '');
  const [lng, setLng] = useState(storedText[1]?.trim() ?? '');
  const [view, setView] = useState<MapView>({ centre: start.centre, zoom: DEFAULT_ZOOM, serial: 0 });
  const [hits, setHits] = useState<AreaHit[]>([]);
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
      return;
    }
    timer.current = setTimeout(() => {
      setSearching(true);
      searchAreas(name.slice(0, 20))
        .then(setHits)
        .catch(() => setHits([]))
        .finally(() => setSearching(false));
    }, SEARCH_DELAY_MS);
  };

  const onChoose = (code: string) => {
    const hit = hits.find((candidate) => candidate.code === code);
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
                options={hits.map((hit) => ({ value: hit.code, label: hit.path_name }))}
                onChange={onChoose}
                value={null}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <div className="map-frame" data-testid="map-frame">
        <Suspense fallback={<Spin className="map-loading" />}>
          <LeafletMap view={view} point={point} tiles={MAP_TILES} onPick={onPick} />
        </Suspense>
      </div>
      <div className="map-tip">点击地图选取项目位置{MAP_TILES ? '' : '（未配置地图底图，以网格显示）'}</div>
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
