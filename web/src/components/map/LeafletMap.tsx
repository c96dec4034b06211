/**
 * The Leaflet part of the map dialog, loaded on demand (its own chunk with leaflet's CSS), so the login
 * page's bundle never carries it. Without a tile URL it draws no imagery: a blank grid layer
 * (moving with the map) stands in, and clicks, the marker and recentring work the same.
 */
import { useEffect } from 'react';
import { GridLayer } from 'leaflet';
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import type { Centroid } from './centroids';

export const MIN_ZOOM = 8;
export const MAX_ZOOM = 30;

export interface MapView {
  centre: Centroid;
  zoom: number;
  /** Changes whenever the view must be applied again (a search hit, a typed point). */
  serial: number;
}

export interface LeafletMapProps {
  view: MapView;
  point: Centroid | null;
  tiles: string;
  onPick: (point: Centroid) => void;
}

function ViewControl({ view }: { view: MapView }) {
  const map = useMap();
  useEffect(() => {
    map.setView([view.centre.lat, view.centre.lng], view.zoom);
  }, [map, view]);
  return null;
}

/** No imagery: a grid that pans and zooms with the map, so moving it is visible. */
class BlankGrid extends GridLayer {
  createTile(): HTMLElement {
    const tile = document.createElement('div');
    tile.className = 'map-grid-tile';
    return tile;
  }
}

/** The blank grid in place of imagery, for any map without a tile URL. */
export function GridControl() {
  const map = useMap();
  useEffect(() => {
    const layer = new BlankGrid({ tileSize: 64 });
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map]);
  return null;
}

function ClickControl({ onPick }: { onPick: (point: Centroid) => void }) {
  useMapEvents({
    click: (event) => onPick({ lat: event.latlng.lat, lng: event.latlng.lng }),
  });
  return null;
}

export default function LeafletMap({ view, point, tiles, onPick }: LeafletMapProps) {
  return (
    <MapContainer
      className="map-canvas"
      center={[view.centre.lat, view.centre.lng]}
      zoom={view.zoom}
      minZoom={MIN_ZOOM}
      maxZoom={MAX_ZOOM}
      attributionControl={false}
      style={{ height: '100%', width: '100%' }}
    >
      {tiles ? <TileLayer url={tiles} maxNativeZoom={18} maxZoom={MAX_ZOOM} /> : <GridControl />}
      <ViewControl view={view} />
      <ClickControl onPick={onPick} />
      {point && (
        <CircleMarker
          center={[point.lat, point.lng]}
          radius={8}
          pathOptions={{ color: '#fff', weight: 2, fillColor: '#d4380d', fillOpacity: 1 }}
        />
      )}
    </MapContainer>
  );
}
