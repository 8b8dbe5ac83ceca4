import { createHash } from 'node:crypto';
import fs from 'node:fs';
import express from 'express';
import stationData from './data/stations.json' with { type: 'json' };
import { BROOKLYN_QUEENS_LINE } from './gtfs-import.js';

/**
 * The subway layer of the map (issue 13 item 5): one GeoJSON the map loads by itself (no JavaScript
 * of the page carries it) with the lines in their colours, the stations, and the Brooklyn–Queens
 * line. Built once from the shipped data; cached by browsers for a day and revalidated by ETag.
 */
interface ShapeFile {
  features: { properties: { line: string; color: string }; geometry: unknown }[];
}

export function subwayMapGeoJson() {
  const shapes = JSON.parse(fs.readFileSync(new URL('./data/shapes.geojson', import.meta.url), 'utf8')) as ShapeFile;
  const features: unknown[] = [];
  features.push({
    type: 'Feature',
    properties: { kind: 'boundary' },
    geometry: { type: 'LineString', coordinates: BROOKLYN_QUEENS_LINE },
  });
  for (const f of shapes.features) {
    features.push({
      type: 'Feature',
      properties: { kind: 'line', line: f.properties.line, color: f.properties.color },
      geometry: f.geometry,
    });
  }
  for (const s of stationData.stations) {
    features.push({
      type: 'Feature',
      properties: { kind: 'station', id: s.id, name: s.name, lines: s.lines.join(' ') },
      geometry: { type: 'Point', coordinates: [s.lon, s.lat] },
    });
  }
  return { type: 'FeatureCollection', attribution: stationData.source.credit, features };
}

export function transitRoutes(): express.Router {
  const router = express.Router();
  const body = JSON.stringify(subwayMapGeoJson());
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  router.get('/transit/subway.geojson', (req, res) => {
    res.set({ 'Cache-Control': 'public, max-age=86400', ETag: etag, 'Content-Type': 'application/geo+json; charset=utf-8' });
    if (req.get('if-none-match') === etag) {
      res.status(304).end();
      return;
    }
    res.send(body);
  });
  return router;
}
