/**
 * The district's projects on the map (leaflet, as the project's map dialog), each a dot coloured by its worst
 * open warning; its own chunk.
 */
import { CircleMarker, MapContainer, TileLayer, Tooltip } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import '@/components/map/map.css';
import { GridControl } from '@/components/map/LeafletMap';
import { parseLatlng } from '@/utils/rules/latlng';
import type { MapProject } from './service';

export const WARNING_COLOURS: Record<string, string> = { red: '#ff4d4f', orange: '#ff9c2a', yellow: '#fadb14', none: '#52c41a' };

export interface ScreenMapProps {
  projects: MapProject[];
  /** The site config's `maptiles`; empty: the blank grid. */
  tiles: string;
  /** The site config's `centerlatlng`, for a district without any located project. */
  centre: string;
}

export default function ScreenMap({ projects, tiles, centre }: ScreenMapProps) {
  const located = projects.flatMap((project) => {
    const point = parseLatlng(project.latlng);
    return point.ok ? [{ project, point: point.value }] : [];
  });
  const fallback = parseLatlng(centre);
  const centrePoint = fallback.ok ? fallback.value : { lat: 34.75, lng: 113.62 };
  const bounds = located.length
    ? (located.map(({ point }) => [point.lat, point.lng]) as [number, number][])
    : undefined;
  return (
    <MapContainer
      className="map-canvas screen-map"
      bounds={bounds}
      boundsOptions={{ padding: [40, 40], maxZoom: 14 }}
      center={bounds ? undefined : [centrePoint.lat, centrePoint.lng]}
      zoom={bounds ? undefined : 10}
      attributionControl={false}
      zoomControl={false}
      style={{ height: '100%', width: '100%' }}
    >
      {tiles ? <TileLayer url={tiles} maxNativeZoom={18} /> : <GridControl />}
      {located.map(({ project, point }) => (
        <CircleMarker
          key={project.id}
          center={[point.lat, point.lng]}
          radius={10}
          pathOptions={{ color: '#fff', weight: 2, fillColor: WARNING_COLOURS[project.worstWarning] ?? WARNING_COLOURS.none, fillOpacity: 1 }}
        >
          <Tooltip permanent direction="right" className="screen-map-label">
            {project.name}
          </Tooltip>
        </CircleMarker>
      ))}
    </MapContainer>
  );
}
