import type { LatLng } from '@common/nyc';

/** A map area, in degrees. */
export interface MapBounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

/** A point on the map that stands for something (a listing). */
export interface MapMarker {
  id: string;
  position: LatLng;
  /** Short text drawn on the marker, e.g. the price. */
  text: string;
  /** The marker's accessible name, e.g. the listing's title and price. */
  label: string;
  /** A listing (the default: a price chip) or a subway station near it (a small dark chip). */
  kind?: 'listing' | 'station';
  /** Which side of its point a station's chip sits on (away from the listing); left unless given. */
  side?: 'left' | 'right';
}

/** What the map should show: a point at a zoom, an area, or every point given. */
export type MapView =
  | { kind: 'center'; center: LatLng; zoom: number }
  | { kind: 'bounds'; bounds: MapBounds }
  | { kind: 'points'; points: LatLng[]; maxZoom: number };

/**
 * A place where `count` results are (Query.propertyMapPoints): one listing (with its id), one
 * building, or one cell of a coarser grid. The map clusters these as it zooms out.
 */
export interface MapResultPoint {
  lat: number;
  lng: number;
  count: number;
  /** The lowest rent among them. */
  price: number;
  id: string | null;
}

/** Every result of a search, grouped on a grid of `grid` decimal places of a degree. */
export interface MapResults {
  points: readonly MapResultPoint[];
  grid: number;
  /** A search of homes for sale: a marker names an asking price, not a monthly rent (issue 58 item 3). */
  sale?: boolean;
}
