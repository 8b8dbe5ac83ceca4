import { z } from 'zod';
import { boroughLabels, findNeighborhood, NYC_CENTER, parseBorough, type Borough } from '../../../common/nyc.js';

/**
 * An optional Photon-compatible geocoder (https://photon.komoot.io/api/ and self-hosted Photon
 * answer this shape) that replaces the local gazetteer for address suggestions. The server entry
 * calls `configureGeocoder(env.GEOCODER_URL)` once; nothing else reads the configuration.
 */

export type SuggestionKind = 'NEIGHBORHOOD' | 'ADDRESS';

export interface AddressSuggestion {
  label: string;
  kind: SuggestionKind;
  neighborhood: string | null;
  borough: Borough | null;
  lat: number | null;
  lng: number | null;
}

export const MAX_SUGGESTIONS = 8;
export const GEOCODER_TIMEOUT_MS = 2_000;

let geocoderUrl: string | null = null;

/** Sets (or with null clears) the geocoder's base URL, e.g. `https://photon.komoot.io/api/`. */
export function configureGeocoder(url: string | null | undefined): void {
  if (url) new URL(url); // throws on a malformed URL: a configuration error must surface at start
  geocoderUrl = url || null;
}

export function configuredGeocoder(): string | null {
  return geocoderUrl;
}

/** New York City's bounding box: geocoder answers outside it are not New York addresses. */
const NYC_BOUNDS = { south: 40.47, north: 40.93, west: -74.28, east: -73.68 };

const featureSchema = z.object({
  geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]).rest(z.number()) }).nullish(),
  properties: z.object({
    name: z.string().nullish(),
    housenumber: z.string().nullish(),
    street: z.string().nullish(),
    district: z.string().nullish(),
    locality: z.string().nullish(),
    city: z.string().nullish(),
    county: z.string().nullish(),
    state: z.string().nullish(),
    postcode: z.string().nullish(),
    type: z.string().nullish(),
  }),
});

const responseSchema = z.object({ features: z.array(z.unknown()) });

/** County and borough names as geocoders write them ('Kings County', 'The Bronx'). */
const COUNTY_BOROUGH: Record<string, Borough> = {
  'new york county': 'MANHATTAN',
  manhattan: 'MANHATTAN',
  'kings county': 'BROOKLYN',
  brooklyn: 'BROOKLYN',
  'queens county': 'QUEENS',
  queens: 'QUEENS',
  'bronx county': 'BRONX',
  'the bronx': 'BRONX',
  bronx: 'BRONX',
  'richmond county': 'STATEN_ISLAND',
  'staten island': 'STATEN_ISLAND',
};

function boroughOf(props: z.infer<typeof featureSchema>['properties']): Borough | null {
  for (const value of [props.county, props.district, props.city, props.locality]) {
    if (!value) continue;
    const borough = COUNTY_BOROUGH[value.trim().toLowerCase()] ?? parseBorough(value);
    if (borough) return borough;
  }
  return null;
}

const AREA_TYPES = new Set(['district', 'locality', 'suburb', 'neighbourhood', 'neighborhood', 'city', 'county']);

/** A Photon feature as a suggestion; null when it is outside New York City or has no name. */
export function featureToSuggestion(raw: unknown): AddressSuggestion | null {
  const parsed = featureSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { geometry, properties: p } = parsed.data;
  const lng = geometry?.coordinates[0] ?? null;
  const lat = geometry?.coordinates[1] ?? null;
  if (lat === null || lng === null) return null;
  if (lat < NYC_BOUNDS.south || lat > NYC_BOUNDS.north || lng < NYC_BOUNDS.west || lng > NYC_BOUNDS.east) return null;
  const street = p.street ? [p.housenumber, p.street].filter(Boolean).join(' ') : null;
  const head = p.name && street && p.name !== street ? `${p.name}, ${street}` : (p.name ?? street);
  if (!head) return null;
  const hood = [p.district, p.locality, p.name].map((v) => (v ? findNeighborhood(v) : undefined)).find(Boolean);
  const borough = boroughOf(p) ?? hood?.borough ?? null;
  const kind: SuggestionKind =
    !p.housenumber && !p.street && AREA_TYPES.has((p.type ?? '').toLowerCase()) ? 'NEIGHBORHOOD' : 'ADDRESS';
  // 'Bedford-Stuyvesant, Brooklyn', '88 Bedford Avenue, Brooklyn' (like the gazetteer's labels).
  const area = (borough ? boroughLabels[borough] : null) ?? p.district ?? p.locality ?? p.city;
  const label = [head, area && area !== head ? area : null].filter(Boolean).join(', ');
  return {
    label,
    kind,
    neighborhood: hood?.name ?? null,
    borough,
    lat,
    lng,
  };
}

/**
 * Asks the configured geocoder: GET `<url>?q=…&limit=8&lat=40.78&lon=-73.97` (biased towards
 * central Manhattan like the map). Throws on a network error, a non-OK answer, a malformed body or
 * after GEOCODER_TIMEOUT_MS; the caller falls back to the gazetteer.
 */
export async function geocode(
  query: string,
  opts: { url?: string; timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): Promise<AddressSuggestion[]> {
  const base = opts.url ?? geocoderUrl;
  if (!base) throw new Error('No geocoder is configured');
  const url = new URL(base);
  url.searchParams.set('q', query);
  url.searchParams.set('limit', String(MAX_SUGGESTIONS));
  url.searchParams.set('lat', String(NYC_CENTER.lat));
  url.searchParams.set('lon', String(NYC_CENTER.lng));
  const res = await (opts.fetchImpl ?? fetch)(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(opts.timeoutMs ?? GEOCODER_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`Geocoder answered ${res.status}`);
  const body = responseSchema.parse(await res.json());
  const seen = new Set<string>();
  const out: AddressSuggestion[] = [];
  for (const feature of body.features) {
    const s = featureToSuggestion(feature);
    if (!s || seen.has(s.label.toLowerCase())) continue;
    seen.add(s.label.toLowerCase());
    out.push(s);
    if (out.length === MAX_SUGGESTIONS) break;
  }
  return out;
}
