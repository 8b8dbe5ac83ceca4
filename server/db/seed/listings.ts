// Listings of the seed, with their photos, open houses and price history.

import { NEIGHBORHOODS, type Borough, type LatLng, type Neighborhood } from '../../../common/nyc.js';
import {
  type AccessibilityFeature,
  type Appliance,
  type BrokerFeePayer,
  type BuildingAmenity,
  type Flooring,
  type Hvac,
  type Laundry,
  type LeaseTerm,
  type ListingStatus,
  type ListingType,
  type Parking,
  type PetType,
  type PropertyType,
  type SmokingPolicy,
  type UnitFeature,
  type Utility,
} from '../../../common/options.js';
import { flooringLabels, laundryLabels, propertyTypeLabels } from '../../../common/listing-labels.js';
import type { Prisma } from '../generated/prisma/client.js';
import { concessionColumns, MAX_LISTING_PHOTOS, NO_CONCESSION } from '../../../common/listing.js';
import { nearbyStationsFor } from '../../modules/transit/nearby.js';
import type { AgentProfile } from './people.js';
import type { PhotoKind, PoolPhoto } from './photos.js';
import { Rng, shortId, uuidFrom } from './random.js';
import { AMENITY_TAGS, OPEN_HOUSE_NOTES, kebab, listingDescription, listingTitle } from './text.js';
import { DAY_MS, HOUR_MS, dateOnly, newYorkDate, newYorkTime } from './time.js';

export type BuildingKind = 'luxury' | 'elevator' | 'walkup' | 'house';

/** What later parts of the seed need to know about a listing. */
export interface SeedListing {
  id: string;
  title: string;
  status: ListingStatus;
  agent: AgentProfile;
  neighborhood: Neighborhood;
  street: string;
  petsAllowed: boolean;
  availableDate: Date;
  createdAt: Date;
  price: number;
  bedrooms: number;
  /** The asking rent at a moment (from its price history; the first rent before it). */
  priceAt(at: Date): number;
}

export interface ListingsData {
  properties: Prisma.PropertyCreateManyInput[];
  photos: Prisma.PropertyPhotoCreateManyInput[];
  openHouses: Prisma.OpenHouseCreateManyInput[];
  priceChanges: Prisma.PriceChangeCreateManyInput[];
  listings: SeedListing[];
}

/** Listings the demo agent owns (2 drafts and 2 inactive among them). */
export const DEMO_AGENT_LISTINGS = 14;

const BOROUGH_WEIGHT: Record<Borough, number> = {
  MANHATTAN: 3,
  BROOKLYN: 2.6,
  QUEENS: 1.6,
  BRONX: 1,
  STATEN_ISLAND: 0.8,
};

/**
 * How many listings each neighborhood gets: at least two each (one each below 86 listings), the
 * rest in proportion to the borough weight, by largest remainder. Same order as NEIGHBORHOODS.
 */
export function listingsPerNeighborhood(total: number): number[] {
  const minimum = total >= NEIGHBORHOODS.length * 2 ? 2 : total >= NEIGHBORHOODS.length ? 1 : 0;
  const counts: number[] = NEIGHBORHOODS.map(() => minimum);
  const rest = total - minimum * NEIGHBORHOODS.length;
  const weights = NEIGHBORHOODS.map((n) => BOROUGH_WEIGHT[n.borough]);
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (rest * w) / sum);
  exact.forEach((e, i) => (counts[i]! += Math.floor(e)));
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) counts[order[k]![1]]! += 1;
  return counts;
}

/** One active listing in this many has every photo a listing may have (MAX_LISTING_PHOTOS). */
const SHOWCASE_EVERY = 25;
const METERS_PER_DEGREE_LAT = 111_320;

/**
 * Streets whose listings sit on the street itself rather than anywhere in the neighborhood, so the
 * demo's transit facts read true: a listing on Bedford Avenue in Williamsburg is by the L's Bedford Av
 * station (issue 13). Same random draws as the neighborhood disc, so the rest of the seed is unchanged.
 */
const STREET_ANCHORS: Record<string, { center: LatLng; radiusM: number }> = {
  // Bedford Avenue at North 1st Street: the edge of the neighborhood's disc nearest the station (about
  // 350–400 m from it, nearer than any other station, a 6-7 minute walk), inside Williamsburg's 700 m.
  'Williamsburg|Bedford Avenue': { center: { lat: 40.71395, lng: -73.95671 }, radiusM: 40 },
};

/** A point uniformly distributed in the disc of `radiusM` metres around `center`. */
export function randomPointNear(rng: Rng, center: LatLng, radiusM: number): LatLng {
  const r = radiusM * Math.sqrt(rng.next());
  const theta = rng.next() * 2 * Math.PI;
  const dLat = (r * Math.cos(theta)) / METERS_PER_DEGREE_LAT;
  const dLng = (r * Math.sin(theta)) / (METERS_PER_DEGREE_LAT * Math.cos((center.lat * Math.PI) / 180));
  return { lat: round7(center.lat + dLat), lng: round7(center.lng + dLng) };
}

function round7(v: number): number {
  return Math.round(v * 1e7) / 1e7;
}

export const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** 1-bedroom median multipliers by bedroom count. */
const BEDROOM_FACTOR: Readonly<Record<string, number>> = {
  '0': 0.8,
  '1': 1,
  '1.5': 1.17,
  '2': 1.35,
  '2.5': 1.55,
  '3': 1.75,
  '4': 2.2,
  '5': 2.6,
};

/** Monthly rent for a unit: neighborhood 1BR median × bedroom factor × premium × (1 ± 15%), to $25. */
export function rentFor(rng: Rng, hood: Neighborhood, bedrooms: number, premium = 1): number {
  const factor = BEDROOM_FACTOR[String(bedrooms)] ?? 1 + (bedrooms - 1) * 0.4;
  const noise = 1 + rng.float(-0.15, 0.15);
  return Math.max(900, roundTo(hood.rent1Br.median * factor * premium * noise, 25));
}

const PROPERTY_TYPE_MIX: Record<Borough, readonly (readonly [PropertyType, number])[]> = {
  MANHATTAN: [
    ['APARTMENT', 62],
    ['CONDO', 14],
    ['LOFT', 8],
    ['STUDIO', 12],
    ['TOWNHOUSE', 4],
  ],
  BROOKLYN: [
    ['APARTMENT', 58],
    ['CONDO', 10],
    ['LOFT', 8],
    ['STUDIO', 8],
    ['TOWNHOUSE', 12],
    ['HOUSE', 4],
  ],
  QUEENS: [
    ['APARTMENT', 55],
    ['CONDO', 12],
    ['LOFT', 3],
    ['STUDIO', 7],
    ['TOWNHOUSE', 8],
    ['HOUSE', 15],
  ],
  BRONX: [
    ['APARTMENT', 65],
    ['CONDO', 8],
    ['LOFT', 2],
    ['STUDIO', 7],
    ['TOWNHOUSE', 6],
    ['HOUSE', 12],
  ],
  STATEN_ISLAND: [
    ['APARTMENT', 35],
    ['CONDO', 10],
    ['STUDIO', 5],
    ['TOWNHOUSE', 20],
    ['HOUSE', 30],
  ],
};

const BEDROOM_MIX: Record<PropertyType, readonly (readonly [number, number])[]> = {
  STUDIO: [[0, 1]],
  APARTMENT: [
    [0, 10],
    [1, 34],
    [1.5, 3],
    [2, 30],
    [2.5, 1],
    [3, 15],
    [4, 5],
    [5, 2],
  ],
  CONDO: [
    [0, 5],
    [1, 35],
    [2, 35],
    [3, 18],
    [4, 5],
    [5, 2],
  ],
  LOFT: [
    [0, 10],
    [1, 35],
    [2, 35],
    [3, 15],
    [4, 5],
  ],
  TOWNHOUSE: [
    [2, 15],
    [3, 40],
    [4, 30],
    [5, 15],
  ],
  HOUSE: [
    [2, 15],
    [3, 40],
    [4, 30],
    [5, 15],
  ],
};

function buildingKind(rng: Rng, type: PropertyType, borough: Borough): BuildingKind {
  if (type === 'HOUSE' || type === 'TOWNHOUSE') return 'house';
  if (type === 'CONDO') return rng.chance(0.6) ? 'luxury' : 'elevator';
  if (type === 'LOFT')
    return rng.weighted([
      ['elevator', 50],
      ['walkup', 30],
      ['luxury', 20],
    ] as const);
  if (borough === 'MANHATTAN')
    return rng.weighted([
      ['luxury', 25],
      ['elevator', 40],
      ['walkup', 35],
    ] as const);
  if (borough === 'BROOKLYN')
    return rng.weighted([
      ['luxury', 15],
      ['elevator', 30],
      ['walkup', 55],
    ] as const);
  return rng.weighted([
    ['luxury', 5],
    ['elevator', 40],
    ['walkup', 55],
  ] as const);
}

function bathroomsFor(rng: Rng, bedrooms: number, kind: BuildingKind): number {
  let baths: number;
  if (bedrooms === 0) return 1;
  if (bedrooms <= 1.5) baths = rng.chance(0.82) ? 1 : 1.5;
  else if (bedrooms <= 2.5)
    baths = rng.weighted([
      [1, 35],
      [1.5, 20],
      [2, 45],
    ] as const);
  else if (bedrooms <= 3)
    baths = rng.weighted([
      [1.5, 30],
      [2, 50],
      [2.5, 20],
    ] as const);
  else if (bedrooms <= 4)
    baths = rng.weighted([
      [2, 40],
      [2.5, 35],
      [3, 25],
    ] as const);
  else
    baths = rng.weighted([
      [2.5, 35],
      [3, 40],
      [3.5, 25],
    ] as const);
  if (kind === 'house' && baths < 3.5 && rng.chance(0.25)) baths += 0.5;
  return baths;
}

function sqftFor(rng: Rng, bedrooms: number, borough: Borough, kind: BuildingKind): number | null {
  if (rng.chance(0.12)) return null;
  const base = 380 + bedrooms * 300 + rng.int(-60, 120);
  const boroughFactor = borough === 'MANHATTAN' ? 0.9 : borough === 'STATEN_ISLAND' ? 1.2 : 1.05;
  const kindFactor = kind === 'house' ? 1.15 : kind === 'luxury' ? 1.05 : 1;
  return roundTo(base * boroughFactor * kindFactor, 5);
}

const AMENITY_ODDS: Record<BuildingKind, readonly (readonly [BuildingAmenity, number])[]> = {
  luxury: [
    ['ELEVATOR', 1],
    ['DOORMAN', 0.8],
    ['FITNESS_CENTER', 0.8],
    ['SWIMMING_POOL', 0.2],
    ['ROOFTOP_DECK', 0.6],
    ['CONCIERGE', 0.5],
    ['BIKE_STORAGE', 0.6],
    ['PACKAGE_ROOM', 0.8],
    ['STORAGE_AVAILABLE', 0.4],
    ['GARDEN_COURTYARD', 0.2],
  ],
  elevator: [
    ['ELEVATOR', 1],
    ['DOORMAN', 0.2],
    ['FITNESS_CENTER', 0.15],
    ['SWIMMING_POOL', 0.01],
    ['ROOFTOP_DECK', 0.15],
    ['CONCIERGE', 0.03],
    ['BIKE_STORAGE', 0.4],
    ['PACKAGE_ROOM', 0.4],
    ['STORAGE_AVAILABLE', 0.3],
    ['GARDEN_COURTYARD', 0.15],
  ],
  walkup: [
    ['ROOFTOP_DECK', 0.08],
    ['BIKE_STORAGE', 0.2],
    ['PACKAGE_ROOM', 0.1],
    ['STORAGE_AVAILABLE', 0.15],
    ['GARDEN_COURTYARD', 0.15],
  ],
  house: [
    ['STORAGE_AVAILABLE', 0.4],
    ['GARDEN_COURTYARD', 0.5],
    ['BIKE_STORAGE', 0.1],
  ],
};

const LAUNDRY_MIX: Record<BuildingKind, readonly (readonly [Laundry | null, number])[]> = {
  luxury: [
    ['IN_UNIT', 55],
    ['IN_BUILDING', 45],
  ],
  elevator: [
    ['IN_UNIT', 20],
    ['IN_BUILDING', 65],
    ['NONE', 10],
    [null, 5],
  ],
  walkup: [
    ['IN_UNIT', 10],
    ['IN_BUILDING', 25],
    ['HOOKUPS', 10],
    ['NONE', 45],
    [null, 10],
  ],
  house: [
    ['IN_UNIT', 40],
    ['HOOKUPS', 50],
    ['NONE', 10],
  ],
};

const HVAC_MIX: Record<BuildingKind, readonly (readonly [Hvac | null, number])[]> = {
  luxury: [
    ['CENTRAL_AIR', 60],
    ['HEAT_PUMP', 30],
    ['OTHER', 5],
    [null, 5],
  ],
  elevator: [
    ['RADIATOR', 50],
    ['WINDOW_UNITS', 25],
    ['HEAT_PUMP', 10],
    ['CENTRAL_AIR', 10],
    ['OTHER', 3],
    [null, 2],
  ],
  walkup: [
    ['RADIATOR', 65],
    ['WINDOW_UNITS', 25],
    ['OTHER', 5],
    [null, 5],
  ],
  house: [
    ['CENTRAL_AIR', 35],
    ['RADIATOR', 30],
    ['HEAT_PUMP', 15],
    ['WINDOW_UNITS', 15],
    ['OTHER', 5],
  ],
};

const FLOORING_MIX: Record<BuildingKind, readonly (readonly [Flooring | null, number])[]> = {
  luxury: [
    ['WOOD', 75],
    ['TILE', 15],
    ['VINYL', 5],
    [null, 5],
  ],
  elevator: [
    ['WOOD', 65],
    ['TILE', 10],
    ['VINYL', 10],
    ['CARPET', 5],
    [null, 10],
  ],
  walkup: [
    ['WOOD', 70],
    ['VINYL', 15],
    ['TILE', 10],
    [null, 5],
  ],
  house: [
    ['WOOD', 55],
    ['CARPET', 25],
    ['VINYL', 10],
    ['TILE', 10],
  ],
};

function unitFeaturesFor(
  rng: Rng,
  kind: BuildingKind,
  type: PropertyType,
  flooring: Flooring | null,
  hvac: Hvac | null,
): UnitFeature[] {
  const lux = kind === 'luxury';
  const features = rng.subset<UnitFeature>([
    ['BALCONY', lux ? 0.35 : kind === 'house' ? 0.1 : 0.12],
    ['TERRACE', lux ? 0.15 : 0.05],
    ['FIREPLACE', kind === 'house' ? 0.2 : 0.05],
    ['WALK_IN_CLOSET', lux ? 0.45 : 0.15],
    ['HARDWOOD_FLOORS', flooring === 'WOOD' ? 0.85 : 0],
    ['HIGH_CEILINGS', type === 'LOFT' ? 0.95 : kind === 'walkup' ? 0.3 : 0.15],
    ['DISHWASHER', lux ? 0.9 : 0.4],
    ['AIR_CONDITIONING', hvac === 'CENTRAL_AIR' || hvac === 'HEAT_PUMP' ? 1 : hvac === 'WINDOW_UNITS' ? 0.5 : 0.1],
  ]);
  return features;
}

function utilitiesFor(rng: Rng, kind: BuildingKind, listingType: ListingType): Utility[] {
  const sublet = listingType === 'SUBLET';
  return rng.subset<Utility>([
    ['WATER', kind === 'house' ? 0.25 : kind === 'luxury' ? 0.5 : 0.75],
    ['ELECTRICITY', sublet ? 0.7 : 0.08],
    ['GAS', kind === 'house' ? 0.15 : 0.35],
    ['INTERNET', sublet ? 0.7 : kind === 'luxury' ? 0.15 : 0.05],
    ['CABLE_TV', sublet ? 0.2 : 0.03],
    ['HEAT', kind === 'house' ? 0.2 : kind === 'luxury' ? 0.6 : 0.85],
  ]);
}

function petTypesFor(rng: Rng): PetType[] {
  const types: PetType[] = [];
  if (rng.chance(0.9)) types.push('CATS');
  const dogs = rng.weighted([
    ['DOGS', 55],
    ['SMALL_DOGS_ONLY', 25],
    [null, 20],
  ] as const);
  if (dogs) types.push(dogs);
  if (rng.chance(0.15)) types.push('BIRDS');
  return types.length > 0 ? types : ['CATS'];
}

function parkingFor(rng: Rng, borough: Borough, kind: BuildingKind): { parking: Parking; parkingFee: number | null } {
  const parking: Parking =
    borough === 'MANHATTAN'
      ? rng.weighted([
          ['NO_PARKING', 45],
          ['STREET', 35],
          ['PARKING_AVAILABLE', kind === 'luxury' ? 40 : 15],
        ] as const)
      : kind === 'house'
        ? rng.weighted([
            ['PARKING_AVAILABLE', 60],
            ['STREET', 40],
          ] as const)
        : rng.weighted([
            ['STREET', 55],
            ['PARKING_AVAILABLE', 30],
            ['NO_PARKING', 15],
          ] as const);
  if (parking !== 'PARKING_AVAILABLE') return { parking, parkingFee: null };
  if (kind === 'house' && rng.chance(0.6)) return { parking, parkingFee: null }; // driveway included
  const fee = borough === 'MANHATTAN' ? rng.int(14, 26) * 25 : rng.int(4, 12) * 25;
  return { parking, parkingFee: fee };
}

function streetNumber(rng: Rng, street: string, borough: Borough): string {
  if (borough === 'QUEENS' && /^\d/.test(street)) return `${rng.int(20, 99)}-${String(rng.int(1, 60)).padStart(2, '0')}`;
  if (/(Avenue|Boulevard|Broadway|Road|Parkway|Expressway)/.test(street)) return String(rng.int(10, 1499));
  if (/(Place|Lane|Terrace|Row|Plaza)/.test(street)) return String(rng.int(2, 140));
  return String(rng.int(2, 480));
}

/** Neighborhoods with high-rise towers. */
const HIGH_RISE = new Set([
  'Midtown',
  'Financial District',
  'Upper East Side',
  'Upper West Side',
  'Chelsea',
  'Tribeca',
  'Long Island City',
  'Williamsburg',
  'DUMBO',
  'Brooklyn Heights',
  'Harlem',
]);

function unitFor(rng: Rng, kind: BuildingKind, type: PropertyType, listingType: ListingType, hood: Neighborhood): string | null {
  if (kind === 'house') {
    if (type === 'HOUSE' || listingType === 'FOR_SALE') return null;
    return rng.weighted([
      ['Garden Level', 30],
      ['Parlor Floor', 25],
      ['Unit 2', 20],
      ['Top Floor', 15],
      [null, 10],
    ] as const);
  }
  const letters = kind === 'walkup' ? 'ABCD' : 'ABCDEFGH';
  const tall = HIGH_RISE.has(hood.name);
  const floor = kind === 'luxury' ? rng.int(2, tall ? 42 : 12) : kind === 'elevator' ? rng.int(1, tall ? 16 : 8) : rng.int(1, 5);
  if (kind === 'walkup' && rng.chance(0.25)) return `Apt ${floor}${rng.pick(['F', 'R'])}`;
  return `Apt ${floor}${letters[rng.int(0, letters.length - 1)]}`;
}

function highlightsFor(
  rng: Rng,
  type: PropertyType,
  unitFeatures: readonly UnitFeature[],
  amenities: readonly BuildingAmenity[],
  laundry: Laundry | null,
  parking: Parking,
): string[] {
  const out: string[] = [];
  const add = (cond: boolean, text: string) => cond && out.push(text);
  add(unitFeatures.includes('BALCONY'), 'Balcony');
  add(unitFeatures.includes('TERRACE'), 'Private Terrace');
  add(unitFeatures.includes('FIREPLACE'), 'Fireplace');
  add(unitFeatures.includes('HIGH_CEILINGS'), 'High Ceilings');
  add(unitFeatures.includes('WALK_IN_CLOSET'), 'Walk-in Closet');
  add(laundry === 'IN_UNIT', 'In-Unit Laundry');
  add(amenities.includes('DOORMAN'), 'Doorman');
  add(amenities.includes('ROOFTOP_DECK'), 'Roof Deck');
  add(amenities.includes('GARDEN_COURTYARD'), 'Garden');
  add(amenities.includes('FITNESS_CENTER'), 'Gym');
  add(parking === 'PARKING_AVAILABLE', 'Parking');
  add(type === 'LOFT', 'Exposed Brick');
  return rng.shuffle(out);
}

/** Photo kinds, in display order, for a listing. */
function photoKindsFor(rng: Rng, type: PropertyType, kind: BuildingKind, count: number): PhotoKind[] {
  const exterior: PhotoKind =
    type === 'HOUSE'
      ? 'house'
      : type === 'TOWNHOUSE'
        ? 'brownstone'
        : kind === 'luxury'
          ? 'tower'
          : kind === 'walkup'
            ? 'brownstone'
            : rng.pick(['brownstone', 'tower'] as const);
  const rooms: PhotoKind[] = ['living', 'bedroom', 'kitchen', 'bathroom', 'living', 'bedroom', 'kitchen'];
  const sequence: PhotoKind[] = rng.chance(0.5) ? [exterior, ...rooms] : ['living', exterior, ...rooms.slice(1)];
  return sequence.slice(0, count);
}

function pickPhotos(rng: Rng, pool: readonly PoolPhoto[], kinds: readonly PhotoKind[]): PoolPhoto[] {
  const used = new Set<number>();
  const out: PoolPhoto[] = [];
  for (const kind of kinds) {
    const candidates = pool.filter((p) => p.kind === kind && !used.has(p.index));
    const fallback = pool.filter((p) => !used.has(p.index));
    const chosen = rng.pick(candidates.length > 0 ? candidates : fallback);
    used.add(chosen.index);
    out.push(chosen);
  }
  return out;
}

function openHousesFor(rng: Rng, propertyId: string, now: Date, ids: Rng): Prisma.OpenHouseCreateManyInput[] {
  const count = rng.int(1, 3);
  const rows: Prisma.OpenHouseCreateManyInput[] = [];
  const usedDays = new Set<number>();
  for (let i = 0; i < count; i++) {
    const offset = rng.int(1, 21);
    if (usedDays.has(offset)) continue;
    usedDays.add(offset);
    const day = newYorkDate(new Date(now.getTime() + offset * DAY_MS));
    const weekend = day.weekday === 0 || day.weekday === 6;
    const [hour, minute, minutes] = weekend
      ? rng.pick([
          [11, 0, 120],
          [12, 0, 90],
          [13, 30, 90],
        ] as const)
      : rng.pick([
          [18, 0, 60],
          [17, 30, 90],
          [18, 30, 60],
        ] as const);
    const startsAt = newYorkTime(day.year, day.month, day.day, hour, minute);
    rows.push({
      id: uuidFrom(ids),
      propertyId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + minutes * 60_000),
      note: rng.chance(0.5) ? rng.pick(OPEN_HOUSE_NOTES) : null,
    });
  }
  return rows.sort((a, b) => +new Date(a.startsAt) - +new Date(b.startsAt));
}

function pickAgent(rng: Rng, agents: readonly AgentProfile[], borough: Borough): AgentProfile {
  const pool = agents.filter((a) => !a.isDemo);
  const local = pool.filter((a) => a.homeBorough === borough);
  const from = local.length > 0 && rng.chance(0.8) ? local : pool;
  return rng.weighted(from.map((a) => [a, a.weight] as const));
}

export interface BuildListingsOptions {
  seed: string;
  now: Date;
  count: number;
  agents: readonly AgentProfile[];
  photoPool: readonly PoolPhoto[];
}

/**
 * Accessibility features (issue 26 item 4): an elevator building is mostly step-free, some of its
 * units are wheelchair-accessible with an accessible bathroom; alarms are more common in newer
 * buildings; a walk-up is rarely step-free.
 */
function accessibilityFor(rng: Rng, elevator: boolean, kind: BuildingKind): AccessibilityFeature[] {
  const features: AccessibilityFeature[] = [];
  if (elevator) features.push('ELEVATOR');
  if (rng.chance(elevator ? 0.7 : kind === 'house' ? 0.15 : 0.05)) features.push('STEP_FREE_ENTRANCE');
  if (features.includes('STEP_FREE_ENTRANCE') && elevator && rng.chance(0.3)) {
    features.push('WHEELCHAIR_ACCESSIBLE_UNIT');
    if (rng.chance(0.7)) features.push('ACCESSIBLE_BATHROOM');
  }
  if (rng.chance(kind === 'luxury' ? 0.4 : 0.08)) features.push('VISUAL_AUDIBLE_ALARMS');
  return features;
}

/**
 * A concession (issue 26 item 2): new and luxury buildings in Manhattan, Brooklyn and Queens often
 * give a month or two free on a 12 to 24-month lease; walk-ups and houses rarely do. Null without one.
 */
/** Nothing on a sale. */
const saleless = <T>(forSale: boolean, value: T): T | null => (forSale ? null : value);

function concessionFor(rng: Rng, kind: BuildingKind, borough: string, leaseTerm: LeaseTerm) {
  const odds = (kind === 'luxury' ? 0.45 : kind === 'elevator' ? 0.18 : 0.04) * (borough === 'STATEN_ISLAND' ? 0.3 : 1);
  if (!rng.chance(odds) || (leaseTerm !== 'ONE_YEAR' && leaseTerm !== 'TWO_YEARS')) return null;
  const leaseMonths = leaseTerm === 'TWO_YEARS' ? 24 : rng.pick([12, 12, 12, 13, 14]);
  const monthsFree = leaseMonths === 24 ? rng.pick([1, 2, 2, 3]) : rng.pick([0.5, 1, 1, 1, 1.5, 2]);
  const terms = rng.pick([
    null,
    null,
    'Free months applied at the start of the lease',
    'Free months spread over the lease',
    `Applied to month ${leaseMonths}`,
    'For leases signed within 14 days of a viewing',
  ]);
  return { monthsFree, leaseMonths, terms };
}

export function buildListings(opts: BuildListingsOptions): ListingsData {
  const { seed, now, count, agents, photoPool } = opts;
  const rng = Rng.derive(seed, 'listings');
  const ids = Rng.derive(seed, 'ids:listings');
  const childIds = Rng.derive(seed, 'ids:listing-children');
  const showcaseIds = Rng.derive(seed, 'ids:showcase-photos');
  // Its own stream: the listings' other facts are the same as before accessibility was seeded.
  const access = Rng.derive(seed, 'listings:accessibility');
  const concessions = Rng.derive(seed, 'listings:concessions');
  const demoAgent = agents.find((a) => a.isDemo);

  // Which neighborhood each listing is in, shuffled.
  const hoods: Neighborhood[] = [];
  listingsPerNeighborhood(count).forEach((n, i) => {
    for (let k = 0; k < n; k++) hoods.push(NEIGHBORHOODS[i]!);
  });
  const order = rng.shuffle(hoods);

  // The demo agent's listings: the first ones in its boroughs.
  // The demo agent's listings: mostly in its own neighborhoods, a few elsewhere in Brooklyn and Manhattan.
  const demoIndexes: number[] = [];
  if (demoAgent) {
    const wanted = Math.min(DEMO_AGENT_LISTINGS, count);
    const areas = new Set(demoAgent.areas.map((a) => a.name));
    const take = (accept: (h: Neighborhood) => boolean, limit: number) => {
      for (let i = 0; i < order.length && demoIndexes.length < limit; i++) {
        if (!demoIndexes.includes(i) && accept(order[i]!)) demoIndexes.push(i);
      }
    };
    take((h) => areas.has(h.name), Math.ceil(wanted * 0.6));
    take((h) => h.borough === 'BROOKLYN' || h.borough === 'MANHATTAN', wanted);
    take(() => true, wanted);
    demoIndexes.sort((a, b) => a - b);
  }
  const demoSlot = new Map(demoIndexes.map((listingIndex, k) => [listingIndex, k]));
  const nonDemo = order.map((_, i) => i).filter((i) => !demoSlot.has(i));
  const noPhotos = new Set(rng.sample(nonDemo, Math.min(4, Math.max(0, Math.floor(count / 100)))));
  const noCoordinates = new Set(rng.sample(nonDemo, Math.min(5, Math.max(0, Math.floor(count / 80)))));

  const data: ListingsData = { properties: [], photos: [], openHouses: [], priceChanges: [], listings: [] };
  const slugs = new Set<string>();

  order.forEach((hood, index) => {
    const id = uuidFrom(ids);
    const slot = demoSlot.get(index);
    const agent = slot !== undefined && demoAgent ? demoAgent : pickAgent(rng, agents, hood.borough);

    const status: ListingStatus =
      slot !== undefined
        ? slot < 2
          ? 'DRAFT'
          : slot < 4
            ? 'INACTIVE'
            : 'ACTIVE'
        : rng.weighted([
            ['ACTIVE', 85],
            ['DRAFT', 8],
            ['INACTIVE', 7],
          ] as const);

    // Created within the last 120 days, never before the agent joined.
    let createdAt = new Date(now.getTime() - rng.float(0.05, 120) * DAY_MS);
    if (createdAt < agent.createdAt) {
      createdAt = new Date(Math.min(now.getTime() - HOUR_MS, agent.createdAt.getTime() + rng.float(1, 48) * HOUR_MS));
    }

    const propertyType = rng.weighted(PROPERTY_TYPE_MIX[hood.borough]);
    const bedrooms = rng.weighted(BEDROOM_MIX[propertyType]);
    const kind = buildingKind(rng, propertyType, hood.borough);
    const bathrooms = bathroomsFor(rng, bedrooms, kind);
    const listingType: ListingType =
      propertyType === 'CONDO' || propertyType === 'HOUSE' || propertyType === 'TOWNHOUSE'
        ? rng.chance(0.12)
          ? 'FOR_SALE'
          : 'FOR_RENT'
        : rng.chance(0.06)
          ? 'SUBLET'
          : 'FOR_RENT';
    const leaseTerm: LeaseTerm =
      listingType === 'SUBLET'
        ? rng.pick(['MONTH_TO_MONTH', 'SIX_MONTHS'] as const)
        : listingType === 'FOR_SALE'
          ? 'ONE_YEAR'
          : rng.weighted([
              ['ONE_YEAR', 70],
              ['TWO_YEARS', 14],
              ['SIX_MONTHS', 7],
              ['MONTH_TO_MONTH', 9],
            ] as const);

    const premium =
      (propertyType === 'CONDO' ? 1.08 : propertyType === 'LOFT' ? 1.12 : 1) *
      (kind === 'luxury' ? 1.15 : kind === 'walkup' ? 0.93 : 1) *
      (listingType === 'SUBLET' ? 0.95 : 1);
    const rent = rentFor(rng, hood, bedrooms, premium);
    const price = listingType === 'FOR_SALE' ? roundTo(rent * 12 * rng.float(16, 22), 5000) : rent;

    const flooringType = rng.weighted(FLOORING_MIX[kind]);
    const hvac = rng.weighted(HVAC_MIX[kind]);
    const laundry = rng.weighted(LAUNDRY_MIX[kind]);
    const buildingAmenities = rng.subset(AMENITY_ODDS[kind]);
    const accessibilityFeatures = accessibilityFor(access, buildingAmenities.includes('ELEVATOR'), kind);
    const unitFeatures = unitFeaturesFor(rng, kind, propertyType, flooringType, hvac);
    const appliancesIncluded = rng.subset<Appliance>([
      ['REFRIGERATOR', 0.97],
      ['STOVE_RANGE', 0.97],
      ['MICROWAVE', kind === 'luxury' ? 0.85 : 0.4],
      ['DISHWASHER', unitFeatures.includes('DISHWASHER') ? 1 : 0.05],
      ['WASHER_DRYER', laundry === 'IN_UNIT' ? 1 : 0],
    ]);
    const utilitiesIncluded = utilitiesFor(rng, kind, listingType);
    const petsAllowed = rng.chance(kind === 'luxury' ? 0.75 : 0.5);
    const petTypesAllowed = petsAllowed ? petTypesFor(rng) : [];
    const petFee = petsAllowed && rng.chance(0.7) ? rng.int(5, 20) * 5 : null;
    const petDeposit = petsAllowed && rng.chance(0.55) ? rng.int(5, 15) * 50 : null;
    const smokingPolicy: SmokingPolicy = rng.weighted([
      ['NO_SMOKING', 80],
      ['OUTDOOR_ONLY', 14],
      ['SMOKING_ALLOWED', 6],
    ] as const);
    const { parking, parkingFee } = parkingFor(rng, hood.borough, kind);

    const forSale = listingType === 'FOR_SALE';
    // A sale has no broker fee payer (the FARE Act is about rentals; issue 58 item 3).
    const brokerFeePayer: BrokerFeePayer | null = forSale
      ? null
      : rng.weighted([
          ['NO_FEE', 40],
          ['TENANT', 35],
          ['LANDLORD', 25],
        ] as const);
    const brokerFee =
      brokerFeePayer === 'TENANT' ? (rng.chance(0.6) ? price : roundTo(price * 12 * rng.float(0.08, 0.15), 25)) : null;
    const securityDeposit = forSale ? null : rng.chance(0.85) ? price : null;
    const applicationFee = forSale ? null : rng.chance(0.7) ? 20 : null;

    const street = rng.pick(hood.streets);
    const address = `${streetNumber(rng, street, hood.borough)} ${street}`;
    const unit = unitFor(rng, kind, propertyType, listingType, hood);
    const availableOffset = rng.chance(0.25) ? -rng.int(1, 30) : rng.int(0, 90);
    const availableDate = dateOnly(now, availableOffset);

    const highlights = highlightsFor(rng, propertyType, unitFeatures, buildingAmenities, laundry, parking);
    const textInput = {
      bedrooms,
      propertyType,
      propertyTypeLabel: propertyTypeLabels[propertyType],
      listingType,
      neighborhood: hood.name,
      neighborhoodSlug: hood.slug,
      street,
      highlights,
      unitFeatures,
      buildingAmenities,
      flooringLabel: flooringType ? flooringLabels[flooringType] : null,
      laundryLabel: laundry ? laundryLabels[laundry] : null,
      petsAllowed,
      buildingKind: kind,
      availableNow: availableOffset <= 0,
    } as const;
    const title = listingTitle(rng, textInput);
    const description = listingDescription(rng, textInput);
    let slug = `${kebab(title)}-${shortId(rng)}`;
    while (slugs.has(slug)) slug = `${kebab(title)}-${shortId(rng)}`;
    slugs.add(slug);

    const amenities = rng.sample(AMENITY_TAGS, rng.int(2, 5));
    if (!amenities.includes('Near subway') && hood.borough !== 'STATEN_ISLAND' && rng.chance(0.5))
      amenities.unshift('Near subway');

    const anchor = STREET_ANCHORS[`${hood.name}|${street}`];
    const point = noCoordinates.has(index)
      ? null
      : randomPointNear(rng, anchor?.center ?? hood.centroid, anchor?.radiusM ?? hood.radiusM);
    const ageDays = (now.getTime() - createdAt.getTime()) / DAY_MS;

    // Price history: the asking price at creation, perhaps a rise or one or two drops since.
    const priceDrop = status !== 'DRAFT' && rng.chance(0.2);
    const step = forSale ? 5000 : 25;
    const originalPrice = priceDrop ? roundTo(price * rng.float(1.03, 1.12), step) + step : null;
    const history: { oldPrice: number | null; newPrice: number; at: Date }[] = [];
    const between = (a: Date, fraction: number) => new Date(a.getTime() + (now.getTime() - a.getTime()) * fraction);
    if (priceDrop && originalPrice) {
      history.push({ oldPrice: null, newPrice: originalPrice, at: createdAt });
      if (rng.chance(0.3)) {
        const mid = roundTo((originalPrice + price) / 2, step);
        if (mid > price && mid < originalPrice) {
          history.push({ oldPrice: originalPrice, newPrice: mid, at: between(createdAt, rng.float(0.15, 0.4)) });
          history.push({ oldPrice: mid, newPrice: price, at: between(createdAt, rng.float(0.5, 0.9)) });
        }
      }
      if (history.length === 1)
        history.push({ oldPrice: originalPrice, newPrice: price, at: between(createdAt, rng.float(0.2, 0.9)) });
    } else if (status !== 'DRAFT' && rng.chance(0.2)) {
      const before = price - step * rng.int(2, 6);
      history.push({ oldPrice: null, newPrice: before, at: createdAt });
      history.push({ oldPrice: before, newPrice: price, at: between(createdAt, rng.float(0.1, 0.6)) });
    } else {
      history.push({ oldPrice: null, newPrice: price, at: createdAt });
    }
    for (const h of history)
      data.priceChanges.push({
        id: uuidFrom(childIds),
        propertyId: id,
        oldPrice: h.oldPrice,
        newPrice: h.newPrice,
        changedAt: h.at,
      });

    // The last change, when it lowered the rent, is the listing's last drop (as listing writes keep it).
    const last = history[history.length - 1]!;
    const lastDrop = last.oldPrice !== null && last.newPrice < last.oldPrice ? last : null;

    const deactivatedAt = status === 'INACTIVE' ? between(history[history.length - 1]!.at, rng.float(0.1, 0.95)) : null;
    const views = status === 'DRAFT' ? 0 : Math.min(2500, Math.round(Math.min(1, (ageDays + 2) / 60) * 2500 * rng.next() ** 1.6));
    const inquiriesCount = status === 'DRAFT' ? 0 : Math.min(60, Math.round(views * rng.float(0.004, 0.03)));
    const updatedAt = new Date(
      Math.max(createdAt.getTime(), history[history.length - 1]!.at.getTime(), deactivatedAt?.getTime() ?? 0),
    );

    data.properties.push({
      id,
      slug,
      title,
      description,
      address,
      unit,
      neighborhood: hood.name,
      borough: hood.borough,
      postalCode: rng.pick(hood.postalCodes),
      price,
      originalPrice,
      // A sale has no lease, so no concession (issue 58 item 3); drawn all the same, so the rest of the demo stays as it was.
      ...concessionColumns(price, saleless(forSale, concessionFor(concessions, kind, hood.borough, leaseTerm)) ?? NO_CONCESSION),
      bedrooms,
      bathrooms,
      sqft: sqftFor(rng, bedrooms, hood.borough, kind),
      propertyType,
      listingType,
      availableDate,
      amenities,
      locationLat: point?.lat ?? null,
      locationLng: point?.lng ?? null,
      locationPlaceId: null,
      nearbyStations: nearbyStationsFor(point?.lat, point?.lng) as unknown as Prisma.InputJsonValue,
      securityDeposit,
      applicationFee,
      brokerFee,
      brokerFeePayer,
      leaseTerm: forSale ? null : leaseTerm,
      utilitiesIncluded,
      petPolicy: petsAllowed ? 'PETS_ALLOWED' : 'NO_PETS',
      petFee,
      petDeposit,
      petTypesAllowed,
      smokingPolicy,
      parking,
      parkingFee,
      laundry,
      buildingAmenities,
      accessibilityFeatures,
      unitFeatures,
      flooringType,
      appliancesIncluded,
      hvac,
      // Some homes come furnished (issue 59 item 1): by position, so the random draws stay as they were.
      furnishing: index % 11 === 3 ? 'FURNISHED' : index % 11 === 7 ? 'PARTLY_FURNISHED' : null,
      virtualTourUrl: rng.chance(0.12) ? `https://tours.example.com/${slug}` : null,
      status,
      // On the market since it was made, unless it is a draft (days on market).
      listedAt: status === 'DRAFT' ? null : createdAt,
      priceDroppedAt: lastDrop?.at ?? null,
      priceDropAmount: lastDrop ? lastDrop.oldPrice! - lastDrop.newPrice : null,
      deactivatedAt,
      isAvailable: status === 'INACTIVE' ? rng.chance(0.4) : true,
      views,
      inquiriesCount,
      ownerId: agent.userId,
      agentId: agent.agentId,
      createdAt,
      updatedAt,
    });

    if (!noPhotos.has(index) && photoPool.length > 0) {
      const n = rng.int(3, 7);
      const picked = pickPhotos(rng, photoPool, photoKindsFor(rng, propertyType, kind, n));
      const shown = picked.length;
      // One active listing in SHOWCASE_EVERY has as many photos as a listing may (its gallery shows 8
      // thumbnails and '+N', issue 59 item 5): topped up from the pool in its order, with ids of their
      // own, so every other draw of the seed stays as it was.
      const showcase = status === 'ACTIVE' && index % SHOWCASE_EVERY === 0;
      if (showcase) picked.push(...photoPool.filter((p) => !picked.includes(p)).slice(0, MAX_LISTING_PHOTOS - picked.length));
      picked.forEach((p, position) => {
        data.photos.push({
          id: uuidFrom(position < shown ? childIds : showcaseIds),
          propertyId: id,
          position,
          url: p.url,
          thumbnailUrl: p.thumbnailUrl,
          width: p.width,
          height: p.height,
          createdAt,
        });
      });
    }

    if (status === 'ACTIVE' && rng.chance(0.3)) data.openHouses.push(...openHousesFor(rng, id, now, childIds));

    data.listings.push({
      id,
      title,
      status,
      agent,
      neighborhood: hood,
      street,
      petsAllowed,
      availableDate,
      createdAt,
      price,
      bedrooms,
      priceAt: (at) => history.filter((h) => h.at <= at).at(-1)?.newPrice ?? history[0]!.newPrice,
    });
  });

  return data;
}
