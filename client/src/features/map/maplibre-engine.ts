// The MapLibre side of the map, loaded lazily (it is about 290 KB gzip): `import('./maplibre-engine')`
// only from map-view.tsx. React never touches MapLibre objects directly; it drives this small
// imperative API instead.
import { defineMessages, formatMessage } from '@common/i18n/messages';
import { NEIGHBORHOODS, type LatLng } from '@common/nyc';
import type { Feature } from 'geojson';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { offlineStyle } from './offline-style';
import { addResultClusters, type ResultClusters } from './result-clusters';
import { addSubwayLayers } from './subway-layers';
import type { MapBounds, MapMarker, MapResults, MapView } from './types';
import './map.css';
import { hasWebGl2 } from './webgl';

maplibregl.setWorkerUrl(workerUrl);

const messages = defineMessages({
  markerName: { id: 'map.markerName', defaultMessage: '{text}, {label}' },
  // MapLibre's own texts (its controls' names, the canvas's): those its controls on our maps show.
  map: { id: 'map.maplibre.map', defaultMessage: 'Map' },
  marker: { id: 'map.maplibre.marker', defaultMessage: 'Map marker' },
  popupClose: { id: 'map.maplibre.popupClose', defaultMessage: 'Close popup' },
  zoomIn: { id: 'map.maplibre.zoomIn', defaultMessage: 'Zoom in' },
  zoomOut: { id: 'map.maplibre.zoomOut', defaultMessage: 'Zoom out' },
  resetBearing: { id: 'map.maplibre.resetBearing', defaultMessage: 'Drag to rotate map, click to reset north' },
  toggleAttribution: { id: 'map.maplibre.toggleAttribution', defaultMessage: 'Toggle attribution' },
  mapFeedback: { id: 'map.maplibre.mapFeedback', defaultMessage: 'Map feedback' },
});

/**
 * MapLibre's texts in the page's language (its `locale` option, keys of its `defaultLocale`). Only
 * those of the controls our maps add (attribution, zoom buttons, popups, markers); a control added
 * later (fullscreen, geolocation, scale) needs its own.
 */
function mapLocale(): Record<string, string> {
  return {
    'Map.Title': formatMessage(messages.map),
    'Marker.Title': formatMessage(messages.marker),
    'Popup.Close': formatMessage(messages.popupClose),
    'NavigationControl.ZoomIn': formatMessage(messages.zoomIn),
    'NavigationControl.ZoomOut': formatMessage(messages.zoomOut),
    'NavigationControl.ResetBearing': formatMessage(messages.resetBearing),
    'AttributionControl.ToggleAttribution': formatMessage(messages.toggleAttribution),
    'AttributionControl.MapFeedback': formatMessage(messages.mapFeedback),
  };
}

export interface MapEngineOptions {
  /** A MapLibre style URL, or null for the offline style. */
  styleUrl: string | null;
  view: MapView;
  /** False for a static preview (no panning or zooming). */
  interactive: boolean;
  /** The user panned or zoomed the map (not a move made by the app). */
  onUserMove?: () => void;
  onMarkerClick?: (id: string) => void;
  /** The user clicked the map itself (not a marker); used to place a pin. */
  onMapClick?: (point: LatLng) => void;
  /** Clustered results (`setResults`): a building's or a cell's marker asks for its listings. */
  onAreaClick?: (bounds: MapBounds) => void;
  /** The pointer or focus is on a listing's marker (null when it leaves). */
  onMarkerHover?: (id: string | null) => void;
}

/** A draggable pin (a place being chosen), with its accessible name. */
export interface MapPin {
  position: LatLng;
  label: string;
  /** The user dropped the pin somewhere else. */
  onMove: (point: LatLng) => void;
}

export interface MapEngine {
  setMarkers(markers: readonly MapMarker[]): void;
  /** Shows an area's outline (a drawn search area, or one being drawn); null removes it. */
  setArea(corners: readonly LatLng[] | null): void;
  /** While on, a click on the map is a corner of the area being drawn (given to `onCorner`). */
  setDrawing(onCorner: ((point: LatLng) => void) | null): void;
  /** The centre of what the map shows. */
  getCenter(): LatLng;
  /** Every result of a search, clustered (null: none). */
  setResults(results: MapResults | null): void;
  setHighlighted(id: string | null): void;
  /** Opens a popup over a marker with the given content; `onClose` runs when it closes. */
  openPopup(id: string, content: HTMLElement, onClose: () => void): void;
  closePopup(): void;
  show(view: MapView): void;
  /** Shows, moves or (null) removes the single draggable pin. */
  setPin(pin: MapPin | null): void;
  getBounds(): MapBounds;
  resize(): void;
  destroy(): void;
}

const LOAD_TIMEOUT_MS = 20_000;
const AREA_SOURCE = 'search-area';

/**
 * A marker's accessible name: its label, starting with the text drawn on it (WCAG 2.5.3 Label in
 * Name: a speech user says what they see, e.g. '$3.5K').
 */
export function markerName(marker: Pick<MapMarker, 'text' | 'label'>): string {
  if (!marker.text || marker.label.startsWith(marker.text)) return marker.label;
  return formatMessage(messages.markerName, { text: marker.text, label: marker.label });
}

function toLngLat(point: LatLng): [number, number] {
  return [point.lng, point.lat];
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function applyView(map: maplibregl.Map, view: MapView, animate: boolean): void {
  const duration = animate && !prefersReducedMotion() ? 400 : 0;
  switch (view.kind) {
    case 'center':
      map.easeTo({ center: toLngLat(view.center), zoom: view.zoom, duration });
      break;
    case 'bounds':
      map.fitBounds(
        [
          [view.bounds.west, view.bounds.south],
          [view.bounds.east, view.bounds.north],
        ],
        { padding: 0, duration },
      );
      break;
    case 'points': {
      const [first, ...rest] = view.points;
      if (!first) return;
      const bounds = new maplibregl.LngLatBounds(toLngLat(first), toLngLat(first));
      for (const point of rest) bounds.extend(toLngLat(point));
      map.fitBounds(bounds, { padding: 48, maxZoom: view.maxZoom, duration });
      break;
    }
  }
}

function neighborhoodLabels(map: maplibregl.Map): maplibregl.Marker[] {
  return NEIGHBORHOODS.map((hood) => {
    const element = document.createElement('div');
    element.className = 'map-area-label';
    element.textContent = hood.name;
    element.setAttribute('aria-hidden', 'true');
    // A proper name, the same in every language (a translator leaves it).
    element.setAttribute('translate', 'no');
    return new maplibregl.Marker({ element, anchor: 'center' }).setLngLat(toLngLat(hood.centroid)).addTo(map);
  });
}

/** Creates the map in `container`; resolves once the style has loaded, rejects when it cannot draw. */
export function createMapEngine(container: HTMLElement, options: MapEngineOptions): Promise<MapEngine> {
  if (!hasWebGl2()) return Promise.reject(new Error('WebGL 2 is not available in this browser.'));

  const initial = options.view.kind === 'center' ? options.view : { center: { lat: 40.78, lng: -73.97 }, zoom: 13 };
  let map: maplibregl.Map;
  try {
    map = new maplibregl.Map({
      container,
      style: options.styleUrl ?? offlineStyle(),
      center: toLngLat(initial.center),
      zoom: initial.zoom,
      interactive: options.interactive,
      attributionControl: false,
      cooperativeGestures: false,
      dragRotate: false,
      pitchWithRotate: false,
      maxZoom: 18,
      minZoom: 8,
      locale: mapLocale(),
    });
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }

  // Attribution (the configured style's, and the MTA's for the subway layer), bottom-left: the
  // listings page's floating Messages button sits in the bottom-right corner.
  map.addControl(new maplibregl.AttributionControl({ compact: true }), 'bottom-left');
  if (options.interactive) {
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.touchZoomRotate.disableRotation();
  }

  const markers = new Map<string, { marker: maplibregl.Marker; element: HTMLButtonElement }>();
  let labels: maplibregl.Marker[] = [];
  let removeSubway = () => {};
  let highlighted: string | null = null;
  let popup: maplibregl.Popup | null = null;
  let pin: { marker: maplibregl.Marker; onMove: (point: LatLng) => void } | null = null;
  let clusters: ResultClusters | null = null;
  let drawing: ((point: LatLng) => void) | null = null;
  let area: readonly LatLng[] | null = null;

  function drawArea() {
    const source = map.getSource<maplibregl.GeoJSONSource>(AREA_SOURCE);
    if (!source) return;
    const ring = (area ?? []).map(toLngLat);
    const features: Feature[] = [];
    if (ring.length >= 3) {
      features.push({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]!]] } });
    } else if (ring.length === 2) {
      features.push({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: ring } });
    }
    for (const corner of ring)
      features.push({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: corner } });
    source.setData({ type: 'FeatureCollection', features });
  }

  const onMoveStart = (event: { originalEvent?: unknown }) => {
    // Moves made by the app (fitBounds, easeTo) have no originalEvent.
    if (event.originalEvent) options.onUserMove?.();
  };

  const engine: MapEngine = {
    setMarkers(next) {
      const wanted = new Set(next.map((m) => m.id));
      for (const [id, entry] of markers) {
        if (!wanted.has(id)) {
          entry.marker.remove();
          markers.delete(id);
        }
      }
      for (const item of next) {
        const existing = markers.get(item.id);
        if (existing) {
          existing.marker.setLngLat(toLngLat(item.position));
          existing.element.textContent = item.text;
          existing.element.setAttribute('aria-label', markerName(item));
          continue;
        }
        const element = document.createElement('button');
        element.type = 'button';
        element.className = item.kind === 'station' ? 'map-price-marker map-station-marker' : 'map-price-marker';
        element.textContent = item.text;
        element.setAttribute('aria-label', markerName(item));
        element.dataset.markerId = item.id;
        if (item.id === highlighted) element.dataset.highlighted = 'true';
        if (options.onMarkerClick) {
          element.addEventListener('click', (event) => {
            event.stopPropagation();
            options.onMarkerClick?.(item.id);
          });
        } else {
          element.tabIndex = -1;
          element.setAttribute('aria-hidden', 'true');
        }
        // A station's chip sits beside its point (the listing's price sits above its own, the station's
        // name below), on the side it is told.
        const right = item.side === 'right';
        const anchor = item.kind === 'station' ? (right ? 'left' : 'right') : 'bottom';
        const offset: [number, number] = item.kind === 'station' ? [right ? 4 : -4, 0] : [0, 0];
        const marker = new maplibregl.Marker({ element, anchor, offset }).setLngLat(toLngLat(item.position)).addTo(map);
        markers.set(item.id, { marker, element });
      }
    },
    setArea(corners) {
      area = corners;
      drawArea();
    },
    setDrawing(onCorner) {
      drawing = onCorner;
      map.getCanvas().style.cursor = onCorner ? 'crosshair' : '';
    },
    getCenter() {
      const { lat, lng } = map.getCenter();
      return { lat, lng };
    },
    setResults(results) {
      clusters?.set(results);
    },
    setHighlighted(id) {
      clusters?.setHighlighted(id);
      if (highlighted) {
        const previous = markers.get(highlighted);
        if (previous) delete previous.element.dataset.highlighted;
      }
      highlighted = id;
      if (id) {
        const entry = markers.get(id);
        if (entry) entry.element.dataset.highlighted = 'true';
      }
    },
    openPopup(id, content, onClose) {
      const at = markers.get(id)?.marker.getLngLat() ?? clusters?.position(id);
      if (!at) return;
      engine.closePopup();
      const next = new maplibregl.Popup({
        offset: 36,
        closeButton: true,
        maxWidth: '280px',
        focusAfterOpen: false,
        className: 'map-listing-popup',
      })
        .setLngLat(at)
        .setDOMContent(content)
        .addTo(map);
      next.on('close', () => {
        if (popup === next) popup = null;
        onClose();
      });
      popup = next;
    },
    closePopup() {
      popup?.remove();
      popup = null;
    },
    show(view) {
      applyView(map, view, true);
    },
    setPin(next) {
      if (!next) {
        pin?.marker.remove();
        pin = null;
        return;
      }
      if (!pin) {
        const marker = new maplibregl.Marker({ draggable: true, color: '#1d4ed8' });
        const current = { marker, onMove: next.onMove };
        marker.on('dragend', () => {
          const { lat, lng } = marker.getLngLat();
          current.onMove({ lat, lng });
        });
        marker.setLngLat(toLngLat(next.position)).addTo(map);
        pin = current;
      }
      pin.onMove = next.onMove;
      pin.marker.setLngLat(toLngLat(next.position));
      const element = pin.marker.getElement();
      element.setAttribute('role', 'img');
      element.setAttribute('aria-label', next.label);
      element.removeAttribute('tabindex');
    },
    getBounds() {
      const bounds = map.getBounds();
      return { north: bounds.getNorth(), south: bounds.getSouth(), east: bounds.getEast(), west: bounds.getWest() };
    },
    resize() {
      map.resize();
    },
    destroy() {
      map.off('movestart', onMoveStart);
      popup?.remove();
      pin?.marker.remove();
      clusters?.remove();
      for (const { marker } of markers.values()) marker.remove();
      for (const label of labels) label.remove();
      removeSubway();
      markers.clear();
      map.remove();
    },
  };

  return new Promise<MapEngine>((resolve, reject) => {
    let settled = false;
    const timer = window.setTimeout(() => fail(new Error('The map style did not load in time.')), LOAD_TIMEOUT_MS);

    function fail(err: Error) {
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      map.remove();
      reject(err);
    }

    // Without an error listener MapLibre reports errors with console.error; they are warnings here
    // (a missing tile or image does not stop the map), and fatal only before the style has loaded.
    map.on('error', (event) => {
      const error = event.error instanceof Error ? event.error : new Error(event.error?.message ?? 'Map error');
      if (settled) {
        console.warn('Map error', error);
        return;
      }
      fail(error);
    });

    map.once('load', () => {
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      if (!options.styleUrl) {
        labels = neighborhoodLabels(map);
        const zoomClass = () => container.classList.toggle('map-zoomed-out', map.getZoom() < 11.5);
        zoomClass();
        map.on('zoom', zoomClass);
      }
      removeSubway = addSubwayLayers(map, container, (element, lngLat) =>
        new maplibregl.Marker({ element, anchor: 'top', offset: [0, 6] }).setLngLat(lngLat).addTo(map),
      );
      map.addSource(AREA_SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
      map.addLayer({
        id: 'search-area-fill',
        type: 'fill',
        source: AREA_SOURCE,
        filter: ['==', ['geometry-type'], 'Polygon'],
        paint: { 'fill-color': '#1d4ed8', 'fill-opacity': 0.08 },
      });
      map.addLayer({
        id: 'search-area-line',
        type: 'line',
        source: AREA_SOURCE,
        filter: ['in', ['geometry-type'], ['literal', ['Polygon', 'LineString']]],
        paint: { 'line-color': '#1d4ed8', 'line-width': 2 },
      });
      map.addLayer({
        id: 'search-area-corners',
        type: 'circle',
        source: AREA_SOURCE,
        filter: ['==', ['geometry-type'], 'Point'],
        paint: { 'circle-radius': 4, 'circle-color': '#fff', 'circle-stroke-color': '#1d4ed8', 'circle-stroke-width': 2 },
      });
      drawArea();
      map.on('click', (event) => drawing?.({ lat: event.lngLat.lat, lng: event.lngLat.lng }));
      clusters = addResultClusters(map, {
        createMarker: (element, lngLat) => new maplibregl.Marker({ element, anchor: 'bottom' }).setLngLat(lngLat).addTo(map),
        onListingClick: options.onMarkerClick,
        onAreaClick: options.onAreaClick,
        onListingHover: options.onMarkerHover,
        reducedMotion: prefersReducedMotion,
      });
      map.on('movestart', onMoveStart);
      if (options.onMapClick) {
        const onMapClick = options.onMapClick;
        map.on('click', (event) => onMapClick({ lat: event.lngLat.lat, lng: event.lngLat.lng }));
      }
      if (options.view.kind !== 'center') applyView(map, options.view, false);
      resolve(engine);
    });
  });
}
