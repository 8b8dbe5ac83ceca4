// A commute destination as a URL says it (`to=station:635` or `to=40.73,-73.99`, with `toName`): read by
// the listings page's state and by a listing's page opened from a commute search (issue 59 item 5).
// A module of its own, so the listing's page reads it without the search's state.
import type { CommuteDestination } from '@/gql/graphql';
import type { CommuteTarget } from './commute-picker';

const round5 = (value: number) => Math.round(value * 1e5) / 1e5;

const STATION_ID = /^[A-Z0-9]{1,8}$/;

/** 'station:635' or '40.73590,-73.99110' plus its label → a target; null when malformed or outside the city. */
export function parseCommuteParam(raw: string | null, label: string | null): CommuteTarget | null {
  if (!raw) return null;
  const name = (label ?? '').trim().slice(0, 120);
  const station = /^station:(.+)$/i.exec(raw.trim());
  if (station) {
    const stationId = station[1]!.toUpperCase();
    return STATION_ID.test(stationId) ? { kind: 'station', stationId, label: name || 'the station' } : null;
  }
  const parts = raw.split(',').map((part) => Number(part));
  if (parts.length !== 2 || parts.some((part) => !Number.isFinite(part))) return null;
  const [lat, lng] = parts as [number, number];
  if (lat < 40.45 || lat > 40.95 || lng < -74.3 || lng > -73.65) return null;
  return { kind: 'point', lat, lng, label: name || 'your destination' };
}

export function commuteToParam(target: CommuteTarget): string {
  return target.kind === 'station' ? `station:${target.stationId}` : `${round5(target.lat)},${round5(target.lng)}`;
}

/** The GraphQL destination of a target. */
export function toCommuteDestination(target: CommuteTarget): CommuteDestination {
  return target.kind === 'station' ? { stationId: target.stationId } : { lat: target.lat, lng: target.lng };
}
