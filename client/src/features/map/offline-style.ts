// The offline map style (DESIGN part 2): a plain land/water background for New York City that needs
// nothing from the network — no tiles, fonts or sprites. Land is drawn from coarse outlines of the
// shores around the five boroughs (good enough to tell the rivers and bays from the land at city and
// neighborhood zoom), over a water-coloured background, plus Central Park as a landmark.
// Neighborhood names are drawn by the map engine as HTML labels, since text layers need glyphs.
import type { StyleSpecification } from 'maplibre-gl';

type Ring = [number, number][];

/** [lng, lat] pairs, clockwise, first point repeated at the end by `ring()`. */
function ring(points: [lat: number, lng: number][]): Ring {
  const coordinates = points.map(([lat, lng]) => [lng, lat] as [number, number]);
  const first = coordinates[0];
  return first ? [...coordinates, first] : coordinates;
}

const MANHATTAN = ring([
  [40.701, -74.016],
  [40.709, -74.019],
  [40.72, -74.0145],
  [40.733, -74.0115],
  [40.745, -74.0105],
  [40.76, -74.003],
  [40.771, -73.995],
  [40.781, -73.9895],
  [40.797, -73.978],
  [40.808, -73.97],
  [40.819, -73.961],
  [40.834, -73.9505],
  [40.851, -73.9475],
  [40.866, -73.931],
  [40.876, -73.926],
  [40.8785, -73.9215],
  [40.8735, -73.911],
  [40.866, -73.914],
  [40.855, -73.922],
  [40.842, -73.9305],
  [40.829, -73.9345],
  [40.819, -73.9335],
  [40.813, -73.932],
  [40.806, -73.93],
  [40.8, -73.9285],
  [40.795, -73.931],
  [40.785, -73.9415],
  [40.7755, -73.943],
  [40.766, -73.9505],
  [40.759, -73.958],
  [40.749, -73.968],
  [40.744, -73.971],
  [40.735, -73.974],
  [40.73, -73.9735],
  [40.716, -73.977],
  [40.711, -73.979],
  [40.7075, -74.0005],
  [40.703, -74.007],
  [40.701, -74.012],
]);

const LONG_ISLAND = ring([
  [40.675, -74.018],
  [40.686, -74.006],
  [40.691, -74.001],
  [40.697, -73.999],
  [40.704, -73.994],
  [40.7045, -73.988],
  [40.703, -73.97],
  [40.712, -73.968],
  [40.715, -73.9685],
  [40.722, -73.962],
  [40.732, -73.962],
  [40.737, -73.962],
  [40.745, -73.958],
  [40.755, -73.945],
  [40.761, -73.94],
  [40.779, -73.922],
  [40.785, -73.91],
  [40.78, -73.895],
  [40.783, -73.87],
  [40.77, -73.85],
  [40.795, -73.845],
  [40.8, -73.82],
  [40.795, -73.775],
  [40.78, -73.76],
  [40.8, -73.7],
  [40.85, -73.55],
  [40.58, -73.55],
  [40.585, -73.75],
  [40.58, -73.8],
  [40.555, -73.94],
  [40.572, -73.98],
  [40.576, -74.012],
  [40.59, -74.003],
  [40.608, -74.036],
  [40.64, -74.035],
  [40.655, -74.02],
  [40.665, -74.015],
]);

const JAMAICA_BAY = ring([
  [40.64, -73.9],
  [40.6, -73.9],
  [40.583, -73.87],
  [40.595, -73.78],
  [40.62, -73.76],
  [40.65, -73.83],
]);

const MAINLAND_NY = ring([
  [41.05, -73.895],
  [40.96, -73.902],
  [40.905, -73.917],
  [40.882, -73.923],
  [40.874, -73.908],
  [40.866, -73.911],
  [40.855, -73.919],
  [40.842, -73.927],
  [40.829, -73.931],
  [40.819, -73.93],
  [40.812, -73.928],
  [40.805, -73.925],
  [40.8, -73.912],
  [40.804, -73.88],
  [40.808, -73.855],
  [40.815, -73.845],
  [40.805, -73.793],
  [40.845, -73.805],
  [40.85, -73.785],
  [40.87, -73.79],
  [40.89, -73.77],
  [40.93, -73.7],
  [41.05, -73.55],
]);

const NEW_JERSEY = ring([
  [41.05, -73.915],
  [40.96, -73.925],
  [40.905, -73.94],
  [40.851, -73.963],
  [40.8, -73.992],
  [40.78, -74.005],
  [40.76, -74.02],
  [40.74, -74.025],
  [40.715, -74.032],
  [40.7, -74.045],
  [40.685, -74.055],
  [40.668, -74.067],
  [40.655, -74.075],
  [40.645, -74.083],
  [40.648, -74.115],
  [40.643, -74.16],
  [40.62, -74.205],
  [40.58, -74.215],
  [40.55, -74.248],
  [40.505, -74.27],
  [40.49, -74.27],
  [40.48, -74.2],
  [40.44, -74.1],
  [40.42, -74.0],
  [40.3, -73.99],
  [40.3, -74.6],
  [41.05, -74.6],
]);

const STATEN_ISLAND = ring([
  [40.644, -74.073],
  [40.627, -74.073],
  [40.613, -74.066],
  [40.604, -74.055],
  [40.585, -74.063],
  [40.57, -74.085],
  [40.56, -74.1],
  [40.54, -74.135],
  [40.525, -74.17],
  [40.51, -74.21],
  [40.5, -74.252],
  [40.515, -74.25],
  [40.545, -74.225],
  [40.575, -74.21],
  [40.605, -74.2],
  [40.63, -74.185],
  [40.642, -74.14],
  [40.646, -74.1],
]);

const CENTRAL_PARK = ring([
  [40.7644, -73.973],
  [40.7681, -73.9819],
  [40.8003, -73.9582],
  [40.7968, -73.9492],
]);

export const MAP_COLORS = {
  water: '#aad3df',
  land: '#f2efe9',
  park: '#cde6c3',
  shore: '#9cc3d0',
} as const;

/** The style the map uses when MAP_STYLE_URL is not configured. */
export function offlineStyle(): StyleSpecification {
  return {
    version: 8,
    name: 'NYC Rentals offline',
    sources: {
      land: {
        type: 'geojson',
        data: {
          type: 'FeatureCollection',
          features: [
            { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [MANHATTAN] } },
            { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [LONG_ISLAND, JAMAICA_BAY] } },
            { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [MAINLAND_NY] } },
            { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [NEW_JERSEY] } },
            { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [STATEN_ISLAND] } },
          ],
        },
      },
      parks: {
        type: 'geojson',
        data: { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [CENTRAL_PARK] } },
      },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': MAP_COLORS.water } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': MAP_COLORS.land, 'fill-antialias': true } },
      { id: 'shore', type: 'line', source: 'land', paint: { 'line-color': MAP_COLORS.shore, 'line-width': 1 } },
      { id: 'parks', type: 'fill', source: 'parks', paint: { 'fill-color': MAP_COLORS.park } },
    ],
  };
}
