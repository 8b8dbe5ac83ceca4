// The subway on every map (issue 13 item 5): the lines in their official colours, the stations as
// dots, and the Brooklyn–Queens line, from one GeoJSON the map fetches itself
// (GET /api/transit/subway.geojson; none of it is in the page's JavaScript). Drawn under the listing
// markers (which are HTML above the canvas), on the offline style and on a configured one alike.
// Station names: the offline style has no glyphs for text layers, so the names of the stations in
// view are HTML labels from zoom 14, like the neighborhood names.
import type * as maplibregl from 'maplibre-gl';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  attribution: { id: 'map.subwayAttribution', defaultMessage: 'Subway data © MTA' },
});

export const SUBWAY_SOURCE_URL = '/api/transit/subway.geojson';
/** Station names appear from this zoom (a neighborhood's streets). */
export const STATION_LABEL_MIN_ZOOM = 14;
/** At most this many station names at once (the densest view of Midtown has about 30). */
const MAX_STATION_LABELS = 60;

type MarkerFactory = (element: HTMLElement, lngLat: [number, number]) => maplibregl.Marker;

/**
 * Adds the subway source and layers (after the style has loaded), and the station-name labels that
 * follow the view. Sets `data-subway="loaded"` on the container once the data is in, or "failed".
 * Returns a cleanup.
 */
export function addSubwayLayers(map: maplibregl.Map, container: HTMLElement, makeMarker: MarkerFactory): () => void {
  const firstSymbol = map.getStyle().layers?.find((l) => l.type === 'symbol')?.id;
  map.addSource('subway', { type: 'geojson', data: SUBWAY_SOURCE_URL, attribution: formatMessage(messages.attribution) });
  map.addLayer(
    {
      id: 'subway-boundaries',
      type: 'line',
      source: 'subway',
      filter: ['==', ['get', 'kind'], 'boundary'],
      paint: { 'line-color': '#9ca3af', 'line-width': 1.2, 'line-dasharray': [3, 2] },
    },
    firstSymbol,
  );
  map.addLayer(
    {
      id: 'subway-lines',
      type: 'line',
      source: 'subway',
      filter: ['==', ['get', 'kind'], 'line'],
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: {
        'line-color': ['get', 'color'],
        'line-width': ['interpolate', ['linear'], ['zoom'], 10, 1.5, 13, 2.5, 16, 4],
        'line-opacity': 0.85,
      },
    },
    firstSymbol,
  );
  map.addLayer(
    {
      id: 'subway-stations',
      type: 'circle',
      source: 'subway',
      minzoom: 12,
      filter: ['==', ['get', 'kind'], 'station'],
      paint: {
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 12, 2.5, 16, 5],
        'circle-color': '#ffffff',
        'circle-stroke-color': '#111827',
        'circle-stroke-width': 1.5,
      },
    },
    firstSymbol,
  );

  let labels: maplibregl.Marker[] = [];
  const clearLabels = () => {
    for (const label of labels) label.remove();
    labels = [];
  };
  const updateLabels = () => {
    clearLabels();
    if (map.getZoom() < STATION_LABEL_MIN_ZOOM || !map.isSourceLoaded('subway')) return;
    const bounds = map.getBounds();
    const seen = new Set<string>();
    for (const feature of map.querySourceFeatures('subway', { filter: ['==', ['get', 'kind'], 'station'] })) {
      const props = feature.properties as { id?: string; name?: string; lines?: string };
      if (!props.id || !props.name || seen.has(props.id) || feature.geometry.type !== 'Point') continue;
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      if (!bounds.contains([lng, lat])) continue;
      seen.add(props.id);
      const element = document.createElement('div');
      element.className = 'map-station-label';
      element.textContent = props.name;
      element.dataset.lines = props.lines ?? '';
      // The names repeat what the listing's Transit section says; the map itself is not read out.
      element.setAttribute('aria-hidden', 'true');
      labels.push(makeMarker(element, [lng, lat]));
      if (labels.length >= MAX_STATION_LABELS) break;
    }
  };

  const onData = (event: maplibregl.MapSourceDataEvent) => {
    if (event.sourceId !== 'subway' || !event.isSourceLoaded) return;
    container.dataset.subway = 'loaded';
    updateLabels();
  };
  const onError = (event: maplibregl.ErrorEvent & { sourceId?: string }) => {
    if (event.sourceId === 'subway') container.dataset.subway = 'failed';
  };
  map.on('sourcedata', onData);
  map.on('error', onError);
  map.on('moveend', updateLabels);
  return () => {
    map.off('sourcedata', onData);
    map.off('error', onError);
    map.off('moveend', updateLabels);
    clearLabels();
  };
}
