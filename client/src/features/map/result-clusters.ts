// Every result of a search on the map, clustered (issue 26 item 1): the points of
// Query.propertyMapPoints in a MapLibre GeoJSON source with clustering on, drawn as HTML buttons (the
// offline style has no glyphs for text layers, and buttons are reachable by keyboard and named).
// A cluster's count is the sum of its points' counts (clusterProperties), so the counts on the map
// add up to the number of results with a location at any zoom.
import { formatCount, formatPrice } from '@common/format';
import { currentLocale, defineMessages, formatMessage } from '@common/i18n/messages';
import { LOCALE_TAGS, type Locale } from '@common/i18n/locales';
import type { FeatureCollection, Point } from 'geojson';
import type * as maplibregl from 'maplibre-gl';
import type { MapBounds, MapResults } from './types';

export const RESULTS_SOURCE = 'search-results';
const ANCHOR_LAYER = 'search-results-anchor';
/** Past this zoom points are no longer clustered (a building's listings stay one point, with its count). */
const CLUSTER_MAX_ZOOM = 16;

// Each label starts with the marker's text (`{text}`, `{count}`): a translation keeps it first.
const messages = defineMessages({
  cluster: {
    id: 'map.cluster',
    defaultMessage: '{n, plural, one {{count} listing} other {{count} listings}}, from {price}. Zoom in',
  },
  listing: { id: 'map.listing', defaultMessage: '{text}, a listing at {price} a month' },
  saleListing: { id: 'map.saleListing', defaultMessage: '{text}, a home for sale at {price}' },
  building: {
    id: 'map.building',
    defaultMessage: '{n, plural, one {{count} listing here} other {{count} listings here}}, from {price}. Show them',
  },
});

// '$3.6K' ('3,6 mil US$', '$3600'), made on first use in each language.
const compactPrices: Partial<Record<Locale, Intl.NumberFormat>> = {};
function compactPrice(amount: number): string {
  const locale = currentLocale();
  compactPrices[locale] ??= new Intl.NumberFormat(LOCALE_TAGS[locale], {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    maximumFractionDigits: 1,
    // Spanish and Chinese without a trailing ',0' ('3 mil US$', '$3600'); English as it was ('$3.0K').
    ...(locale === 'en' ? {} : { minimumFractionDigits: 0 }),
    ...(locale === 'zh' ? { currencyDisplay: 'narrowSymbol' } : {}),
  });
  return compactPrices[locale].format(amount);
}

/** What one marker on the map says, and how it is named for a screen reader or voice control. */
export interface ResultMarkerText {
  key: string;
  text: string;
  label: string;
  count: number;
}

type PointProps = { count: number; price: number; id: string | null };
type ClusterProps = { cluster: true; cluster_id: number; total: number; minPrice: number };

/** The GeoJSON of the points (each keeps its count, lowest price and listing id). */
export function resultsGeoJson(results: MapResults): FeatureCollection<Point, PointProps> {
  return {
    type: 'FeatureCollection',
    features: results.points.map((p) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
      properties: { count: p.count, price: p.price, id: p.id },
    })),
  };
}

/** The text and name of a marker for a point or a cluster (its label starts with its text: WCAG 2.5.3). */
export function resultMarkerText(
  props: PointProps | ClusterProps,
  lngLat: [number, number],
  /** The results are homes for sale: an asking price, no month. */
  sale = false,
): ResultMarkerText {
  if ('cluster' in props && props.cluster) {
    const n = props.total;
    return {
      key: `c:${props.cluster_id}`,
      text: formatCount(n),
      label: formatMessage(messages.cluster, { n, count: formatCount(n), price: formatPrice(props.minPrice) }),
      count: n,
    };
  }
  const p = props as PointProps;
  if (p.id && p.count === 1) {
    const text = compactPrice(p.price);
    return {
      key: `p:${p.id}`,
      text,
      label: formatMessage(sale ? messages.saleListing : messages.listing, { text, price: formatPrice(p.price) }),
      count: 1,
    };
  }
  return {
    key: `g:${lngLat[1].toFixed(5)},${lngLat[0].toFixed(5)}`,
    text: `${formatCount(p.count)} · ${compactPrice(p.price)}`,
    label: formatMessage(messages.building, { n: p.count, count: formatCount(p.count), price: formatPrice(p.price) }),
    count: p.count,
  };
}

/** The area a point of a coarse grid stands for (its cell), or a building's few metres around it. */
export function cellBounds(point: { lat: number; lng: number }, grid: number): MapBounds {
  const half = grid >= 4 ? 0.0003 : 0.5 * 10 ** -grid;
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return {
    north: round(point.lat + half),
    south: round(point.lat - half),
    east: round(point.lng + half),
    west: round(point.lng - half),
  };
}

export interface ResultClusters {
  set(results: MapResults | null): void;
  setHighlighted(id: string | null): void;
  /** Where the listing's marker is, when it is drawn on its own (not inside a cluster). */
  position(id: string): maplibregl.LngLat | null;
  remove(): void;
}

export interface ResultClusterOptions {
  createMarker: (element: HTMLElement, lngLat: [number, number]) => maplibregl.Marker;
  onListingClick?: (id: string) => void;
  /** A building's or a cell's listings were asked for: the area to search. */
  onAreaClick?: (bounds: MapBounds) => void;
  onListingHover?: (id: string | null) => void;
  reducedMotion: () => boolean;
}

/** Adds the clustered results to a loaded map; markers follow what the map shows. */
export function addResultClusters(map: maplibregl.Map, options: ResultClusterOptions): ResultClusters {
  let results: MapResults = { points: [], grid: 4 };
  let highlighted: string | null = null;
  // A marker's key names what it stands for; its feature (a cluster's members change with the data) is
  // read again at each sync, and a click acts on the latest.
  type Entry = {
    marker: maplibregl.Marker;
    element: HTMLButtonElement;
    props: PointProps | ClusterProps;
    lngLat: [number, number];
  };
  const markers = new Map<string, Entry>();

  map.addSource(RESULTS_SOURCE, {
    type: 'geojson',
    data: resultsGeoJson(results),
    cluster: true,
    clusterRadius: 52,
    clusterMaxZoom: CLUSTER_MAX_ZOOM,
    clusterProperties: { total: ['+', ['get', 'count']], minPrice: ['min', ['get', 'price']] },
  });
  // A source is loaded only while a layer uses it: an invisible one, the markers are HTML.
  map.addLayer({
    id: ANCHOR_LAYER,
    type: 'circle',
    source: RESULTS_SOURCE,
    paint: { 'circle-radius': 1, 'circle-opacity': 0, 'circle-stroke-opacity': 0 },
  });

  function onClick(props: PointProps | ClusterProps, lngLat: [number, number]) {
    if ('cluster' in props && props.cluster) {
      const source = map.getSource<maplibregl.GeoJSONSource>(RESULTS_SOURCE);
      void source
        ?.getClusterExpansionZoom(props.cluster_id)
        .then((zoom) => map.easeTo({ center: lngLat, zoom, duration: options.reducedMotion() ? 0 : 400 }))
        .catch((err: unknown) => console.warn('Zooming into the cluster failed', err));
      return;
    }
    const p = props as PointProps;
    if (p.id && p.count === 1) options.onListingClick?.(p.id);
    else options.onAreaClick?.(cellBounds({ lat: lngLat[1], lng: lngLat[0] }, results.grid));
  }

  function sync() {
    if (!map.getSource(RESULTS_SOURCE) || !map.isSourceLoaded(RESULTS_SOURCE)) return;
    const seen = new Set<string>();
    for (const feature of map.querySourceFeatures(RESULTS_SOURCE)) {
      if (feature.geometry.type !== 'Point') continue;
      const lngLat = feature.geometry.coordinates as [number, number];
      const props = feature.properties as PointProps | ClusterProps;
      const text = resultMarkerText(props, lngLat, results.sale);
      if (seen.has(text.key)) continue;
      seen.add(text.key);
      let entry = markers.get(text.key);
      if (!entry) {
        const element = document.createElement('button');
        element.type = 'button';
        element.className = text.key.startsWith('p:') ? 'map-price-marker' : 'map-price-marker map-cluster-marker';
        element.addEventListener('click', (event) => {
          event.stopPropagation();
          const current = markers.get(text.key);
          if (current) onClick(current.props, current.lngLat);
        });
        if (text.key.startsWith('p:')) {
          const id = text.key.slice(2);
          element.dataset.markerId = id;
          element.addEventListener('mouseenter', () => options.onListingHover?.(id));
          element.addEventListener('mouseleave', () => options.onListingHover?.(null));
          element.addEventListener('focus', () => options.onListingHover?.(id));
          element.addEventListener('blur', () => options.onListingHover?.(null));
          if (id === highlighted) element.dataset.highlighted = 'true';
        }
        entry = { marker: options.createMarker(element, lngLat), element, props, lngLat };
        markers.set(text.key, entry);
      } else {
        entry.props = props;
        entry.lngLat = lngLat;
        entry.marker.setLngLat(lngLat);
      }
      entry.element.textContent = text.text;
      entry.element.setAttribute('aria-label', text.label);
      entry.element.dataset.count = String(text.count);
    }
    for (const [key, entry] of markers) {
      if (!seen.has(key)) {
        entry.marker.remove();
        markers.delete(key);
      }
    }
  }

  // Clusters change as the map moves or zooms, once the source's tiles for the new view are ready:
  // after a move, and when the map has nothing left to load ('idle').
  const onData = (event: maplibregl.MapSourceDataEvent) => {
    if (event.sourceId === RESULTS_SOURCE && event.isSourceLoaded) sync();
  };
  map.on('sourcedata', onData);
  map.on('moveend', sync);
  map.on('idle', sync);

  return {
    set(next) {
      results = next ?? { points: [], grid: 4 };
      map.getSource<maplibregl.GeoJSONSource>(RESULTS_SOURCE)?.setData(resultsGeoJson(results));
    },
    setHighlighted(id) {
      highlighted = id;
      for (const [key, entry] of markers) {
        if (key === `p:${id}`) entry.element.dataset.highlighted = 'true';
        else if (key.startsWith('p:')) delete entry.element.dataset.highlighted;
      }
    },
    position(id) {
      return markers.get(`p:${id}`)?.marker.getLngLat() ?? null;
    },
    remove() {
      map.off('sourcedata', onData);
      map.off('moveend', sync);
      map.off('idle', sync);
      for (const { marker } of markers.values()) marker.remove();
      markers.clear();
      if (map.getLayer(ANCHOR_LAYER)) map.removeLayer(ANCHOR_LAYER);
      if (map.getSource(RESULTS_SOURCE)) map.removeSource(RESULTS_SOURCE);
    },
  };
}
