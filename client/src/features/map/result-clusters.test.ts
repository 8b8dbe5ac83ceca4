import { describe, expect, it } from 'vitest';
import { cellBounds, resultMarkerText, resultsGeoJson } from './result-clusters';

describe('the markers of clustered results', () => {
  it('names a listing by its price, first as drawn', () => {
    const text = resultMarkerText({ count: 1, price: 3600, id: 'a1' }, [-73.95, 40.71]);
    expect(text).toEqual({ key: 'p:a1', text: '$3.6K', label: '$3.6K, a listing at $3,600 a month', count: 1 });
    expect(text.label.startsWith(text.text)).toBe(true);
  });

  it('names a home for sale by its asking price, without a month (issue 58 item 3)', () => {
    const text = resultMarkerText({ count: 1, price: 1_250_000, id: 's1' }, [-73.95, 40.71], true);
    expect(text).toEqual({ key: 'p:s1', text: '$1.3M', label: '$1.3M, a home for sale at $1,250,000', count: 1 });
  });

  it("names a building's listings by their count and lowest rent", () => {
    const text = resultMarkerText({ count: 3, price: 2900, id: null }, [-73.95678, 40.71234]);
    expect(text).toEqual({
      key: 'g:40.71234,-73.95678',
      text: '3 · $2.9K',
      label: '3 listings here, from $2,900. Show them',
      count: 3,
    });
  });

  it("counts a cluster by its points' counts, not by how many points it holds", () => {
    const text = resultMarkerText({ cluster: true, cluster_id: 7, total: 1234, minPrice: 1800 }, [-73.9, 40.7]);
    expect(text).toEqual({ key: 'c:7', text: '1,234', label: '1,234 listings, from $1,800. Zoom in', count: 1234 });
    expect(text.label.startsWith(text.text)).toBe(true);
  });

  it('keeps each point as a feature with its count, price and id', () => {
    const geo = resultsGeoJson({
      grid: 4,
      points: [
        { lat: 40.7, lng: -73.9, count: 2, price: 3000, id: null },
        { lat: 40.8, lng: -73.95, count: 1, price: 2500, id: 'b2' },
      ],
    });
    expect(geo.features.map((f) => [f.geometry.coordinates, f.properties])).toEqual([
      [[-73.9, 40.7], { count: 2, price: 3000, id: null }],
      [[-73.95, 40.8], { count: 1, price: 2500, id: 'b2' }],
    ]);
  });

  it("gives a building's few metres, or a coarse grid's whole cell, as the area to search", () => {
    expect(cellBounds({ lat: 40.7123, lng: -73.9568 }, 4)).toEqual({
      north: 40.7126,
      south: 40.712,
      east: -73.9565,
      west: -73.9571,
    });
    expect(cellBounds({ lat: 40.71, lng: -73.96 }, 2)).toEqual({ north: 40.715, south: 40.705, east: -73.955, west: -73.965 });
  });
});
