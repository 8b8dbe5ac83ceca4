// New York City geography (SPEC part 3, "Borough to neighborhood lists"): the five boroughs and the
// 43 neighborhoods, each with a centroid, a radius that keeps points inside it, postal codes, real
// street names and a typical 1-bedroom rent band. Used by the search filters, the offline map and
// gazetteer, and the seed. Imported by the browser: no Prisma import here.

import { findNeighborhoodName, slugify } from './neighborhoods.js';
import { BoroughValues, boroughLabels, type Borough } from './options.js';

export type { Borough } from './options.js';
export { BoroughValues, boroughLabels } from './options.js';

export interface LatLng {
  lat: number;
  lng: number;
}

export interface RentBand {
  /** Typical asking rent of a 1-bedroom at the cheap end, USD per month. */
  low: number;
  /** Median asking rent of a 1-bedroom, USD per month. */
  median: number;
  /** Typical asking rent of a 1-bedroom at the expensive end, USD per month. */
  high: number;
}

export interface Neighborhood {
  /** Display name, exactly as SPEC part 3 lists it. */
  name: string;
  borough: Borough;
  /** Kebab-case, unique across the city. */
  slug: string;
  centroid: LatLng;
  /** Metres around the centroid that stay inside the neighborhood. */
  radiusM: number;
  postalCodes: readonly string[];
  streets: readonly string[];
  rent1Br: RentBand;
}

export const NYC_CENTER: LatLng = { lat: 40.78, lng: -73.97 };
export const DEFAULT_ZOOM = 13;

export const BOROUGHS: readonly { value: Borough; label: string }[] = BoroughValues.map((value) => ({
  value,
  label: boroughLabels[value],
}));

function band(median: number): RentBand {
  return { low: Math.round((median * 0.8) / 50) * 50, median, high: Math.round((median * 1.3) / 50) * 50 };
}

type NeighborhoodInput = Omit<Neighborhood, 'slug' | 'rent1Br'> & { rent: number };

function n(input: NeighborhoodInput): Neighborhood {
  const { rent, ...rest } = input;
  return { ...rest, slug: slugify(input.name), rent1Br: band(rent) };
}

const M = 'MANHATTAN' as const;
const BK = 'BROOKLYN' as const;
const Q = 'QUEENS' as const;
const BX = 'BRONX' as const;
const SI = 'STATEN_ISLAND' as const;

export const NEIGHBORHOODS: readonly Neighborhood[] = [
  // --- Manhattan (12) ---
  n({
    name: 'Upper East Side',
    borough: M,
    centroid: { lat: 40.7736, lng: -73.9566 },
    radiusM: 700,
    postalCodes: ['10021', '10028', '10065', '10075', '10128'],
    streets: [
      'East 72nd Street',
      'East 79th Street',
      'East 86th Street',
      'Lexington Avenue',
      'Third Avenue',
      'Second Avenue',
      'York Avenue',
      'East End Avenue',
    ],
    rent: 3900,
  }),
  n({
    name: 'Upper West Side',
    borough: M,
    centroid: { lat: 40.787, lng: -73.9754 },
    radiusM: 700,
    postalCodes: ['10023', '10024', '10025'],
    streets: [
      'West 72nd Street',
      'West 86th Street',
      'Amsterdam Avenue',
      'Columbus Avenue',
      'Broadway',
      'West End Avenue',
      'Riverside Drive',
      'West 81st Street',
    ],
    rent: 4000,
  }),
  n({
    name: 'Harlem',
    borough: M,
    centroid: { lat: 40.8116, lng: -73.9465 },
    radiusM: 800,
    postalCodes: ['10026', '10027', '10030', '10037'],
    streets: [
      'West 125th Street',
      'Malcolm X Boulevard',
      'Adam Clayton Powell Jr Boulevard',
      'Frederick Douglass Boulevard',
      'St. Nicholas Avenue',
      'West 135th Street',
      'Convent Avenue',
      'Strivers Row',
    ],
    rent: 2700,
  }),
  n({
    name: 'Midtown',
    borough: M,
    centroid: { lat: 40.7549, lng: -73.984 },
    radiusM: 800,
    postalCodes: ['10017', '10018', '10019', '10022', '10036'],
    streets: [
      'West 45th Street',
      'West 50th Street',
      'West 55th Street',
      'Eighth Avenue',
      'Ninth Avenue',
      'Madison Avenue',
      'East 49th Street',
      'Sixth Avenue',
    ],
    rent: 4300,
  }),
  n({
    name: 'Chelsea',
    borough: M,
    centroid: { lat: 40.7465, lng: -74.0014 },
    radiusM: 600,
    postalCodes: ['10001', '10011'],
    streets: [
      'West 19th Street',
      'West 22nd Street',
      'West 26th Street',
      'Eighth Avenue',
      'Ninth Avenue',
      'Tenth Avenue',
      'West 20th Street',
      'Seventh Avenue',
    ],
    rent: 4500,
  }),
  n({
    name: 'Greenwich Village',
    borough: M,
    centroid: { lat: 40.7336, lng: -74.0027 },
    radiusM: 500,
    postalCodes: ['10011', '10012', '10014'],
    streets: [
      'Bleecker Street',
      'Christopher Street',
      'Bank Street',
      'Perry Street',
      'Waverly Place',
      'West 10th Street',
      'Hudson Street',
      'Charles Street',
    ],
    rent: 4600,
  }),
  n({
    name: 'SoHo',
    borough: M,
    centroid: { lat: 40.7233, lng: -74.001 },
    radiusM: 400,
    postalCodes: ['10012', '10013'],
    streets: [
      'Spring Street',
      'Prince Street',
      'Mercer Street',
      'Greene Street',
      'Wooster Street',
      'Broome Street',
      'Thompson Street',
      'Sullivan Street',
    ],
    rent: 5200,
  }),
  n({
    name: 'Lower East Side',
    borough: M,
    centroid: { lat: 40.715, lng: -73.9843 },
    radiusM: 500,
    postalCodes: ['10002'],
    streets: [
      'Orchard Street',
      'Ludlow Street',
      'Rivington Street',
      'Delancey Street',
      'Stanton Street',
      'Essex Street',
      'Clinton Street',
      'Norfolk Street',
    ],
    rent: 3800,
  }),
  n({
    name: 'Financial District',
    borough: M,
    centroid: { lat: 40.7075, lng: -74.009 },
    radiusM: 400,
    postalCodes: ['10004', '10005', '10006', '10038'],
    streets: [
      'Wall Street',
      'Water Street',
      'Pearl Street',
      'Maiden Lane',
      'John Street',
      'William Street',
      'Broad Street',
      'Gold Street',
    ],
    rent: 4100,
  }),
  n({
    name: 'Tribeca',
    borough: M,
    centroid: { lat: 40.718, lng: -74.008 },
    radiusM: 350,
    postalCodes: ['10007', '10013'],
    streets: [
      'Greenwich Street',
      'Hudson Street',
      'Franklin Street',
      'Harrison Street',
      'Reade Street',
      'Duane Street',
      'Warren Street',
      'Laight Street',
    ],
    rent: 5500,
  }),
  n({
    name: 'Inwood',
    borough: M,
    centroid: { lat: 40.8677, lng: -73.9212 },
    radiusM: 500,
    postalCodes: ['10034'],
    streets: [
      'Broadway',
      'Dyckman Street',
      'Seaman Avenue',
      'Payson Avenue',
      'Sherman Avenue',
      'Isham Street',
      'West 207th Street',
      'Vermilyea Avenue',
    ],
    rent: 2200,
  }),
  n({
    name: 'Washington Heights',
    borough: M,
    centroid: { lat: 40.8417, lng: -73.9394 },
    radiusM: 700,
    postalCodes: ['10032', '10033', '10040'],
    streets: [
      'Fort Washington Avenue',
      'Broadway',
      'St. Nicholas Avenue',
      'Audubon Avenue',
      'West 181st Street',
      'Cabrini Boulevard',
      'Haven Avenue',
      'West 168th Street',
    ],
    rent: 2400,
  }),
  // --- Brooklyn (11) ---
  n({
    name: 'Williamsburg',
    borough: BK,
    centroid: { lat: 40.7081, lng: -73.9571 },
    radiusM: 700,
    postalCodes: ['11211', '11249'],
    streets: [
      'Bedford Avenue',
      'Berry Street',
      'Wythe Avenue',
      'North 6th Street',
      'Grand Street',
      'Metropolitan Avenue',
      'Driggs Avenue',
      'South 4th Street',
    ],
    rent: 3800,
  }),
  n({
    name: 'Greenpoint',
    borough: BK,
    centroid: { lat: 40.7304, lng: -73.9515 },
    radiusM: 600,
    postalCodes: ['11222'],
    streets: [
      'Manhattan Avenue',
      'Franklin Street',
      'Nassau Avenue',
      'Greenpoint Avenue',
      'Kent Street',
      'India Street',
      'Milton Street',
      'Driggs Avenue',
    ],
    rent: 3400,
  }),
  n({
    name: 'Bushwick',
    borough: BK,
    centroid: { lat: 40.6944, lng: -73.9213 },
    radiusM: 800,
    postalCodes: ['11206', '11221', '11237'],
    streets: [
      'Knickerbocker Avenue',
      'Wilson Avenue',
      'Irving Avenue',
      'Myrtle Avenue',
      'Evergreen Avenue',
      'Himrod Street',
      'Starr Street',
      'Wyckoff Avenue',
    ],
    rent: 2700,
  }),
  n({
    name: 'Bedford-Stuyvesant',
    borough: BK,
    centroid: { lat: 40.6872, lng: -73.9418 },
    radiusM: 900,
    postalCodes: ['11205', '11216', '11221', '11233'],
    streets: [
      'Halsey Street',
      'Jefferson Avenue',
      'Macon Street',
      'Stuyvesant Avenue',
      'Lewis Avenue',
      'Tompkins Avenue',
      'Putnam Avenue',
      'Hancock Street',
    ],
    rent: 2800,
  }),
  n({
    name: 'Crown Heights',
    borough: BK,
    centroid: { lat: 40.6694, lng: -73.9422 },
    radiusM: 900,
    postalCodes: ['11213', '11216', '11225', '11238'],
    streets: [
      'Eastern Parkway',
      'Franklin Avenue',
      'Nostrand Avenue',
      'Sterling Place',
      'St. Johns Place',
      'Prospect Place',
      'Lincoln Place',
      'Kingston Avenue',
    ],
    rent: 2600,
  }),
  n({
    name: 'Park Slope',
    borough: BK,
    centroid: { lat: 40.671, lng: -73.983 },
    radiusM: 600,
    postalCodes: ['11215', '11217'],
    streets: [
      'Seventh Avenue',
      'Fifth Avenue',
      'Prospect Park West',
      'Union Street',
      'Carroll Street',
      'President Street',
      '9th Street',
      'Garfield Place',
    ],
    rent: 3500,
  }),
  n({
    name: 'Brooklyn Heights',
    borough: BK,
    centroid: { lat: 40.696, lng: -73.994 },
    radiusM: 350,
    postalCodes: ['11201'],
    streets: [
      'Montague Street',
      'Henry Street',
      'Hicks Street',
      'Remsen Street',
      'Pierrepont Street',
      'Clinton Street',
      'Joralemon Street',
      'Orange Street',
    ],
    rent: 4000,
  }),
  n({
    name: 'DUMBO',
    borough: BK,
    centroid: { lat: 40.7033, lng: -73.9881 },
    radiusM: 300,
    postalCodes: ['11201'],
    streets: [
      'Water Street',
      'Front Street',
      'Washington Street',
      'Main Street',
      'Plymouth Street',
      'Jay Street',
      'John Street',
      'Adams Street',
    ],
    rent: 4600,
  }),
  n({
    name: 'Bay Ridge',
    borough: BK,
    centroid: { lat: 40.6264, lng: -74.027 },
    radiusM: 800,
    postalCodes: ['11209'],
    streets: [
      'Third Avenue',
      'Fourth Avenue',
      'Fifth Avenue',
      'Shore Road',
      'Ridge Boulevard',
      'Colonial Road',
      '86th Street',
      'Bay Ridge Parkway',
    ],
    rent: 2200,
  }),
  n({
    name: 'Bensonhurst',
    borough: BK,
    centroid: { lat: 40.605, lng: -73.994 },
    radiusM: 800,
    postalCodes: ['11204', '11214'],
    streets: [
      '86th Street',
      '18th Avenue',
      'Bay Parkway',
      '20th Avenue',
      'Bath Avenue',
      'Benson Avenue',
      'New Utrecht Avenue',
      '21st Avenue',
    ],
    rent: 2000,
  }),
  n({
    name: 'Flatbush',
    borough: BK,
    centroid: { lat: 40.643, lng: -73.958 },
    radiusM: 800,
    postalCodes: ['11203', '11226'],
    streets: [
      'Flatbush Avenue',
      'Church Avenue',
      'Cortelyou Road',
      'Ocean Avenue',
      'Rogers Avenue',
      'East 21st Street',
      'Newkirk Avenue',
      'Bedford Avenue',
    ],
    rent: 2200,
  }),
  // --- Queens (8) ---
  n({
    name: 'Astoria',
    borough: Q,
    centroid: { lat: 40.7644, lng: -73.9235 },
    radiusM: 900,
    postalCodes: ['11102', '11103', '11105', '11106'],
    streets: [
      'Ditmars Boulevard',
      '31st Street',
      'Steinway Street',
      '30th Avenue',
      'Broadway',
      'Crescent Street',
      '21st Street',
      '23rd Avenue',
    ],
    rent: 2500,
  }),
  n({
    name: 'Long Island City',
    borough: Q,
    centroid: { lat: 40.7447, lng: -73.9485 },
    radiusM: 600,
    postalCodes: ['11101', '11109'],
    streets: [
      'Vernon Boulevard',
      'Jackson Avenue',
      'Center Boulevard',
      '48th Avenue',
      '11th Street',
      'Borden Avenue',
      'Queens Plaza South',
      '44th Drive',
    ],
    rent: 3800,
  }),
  n({
    name: 'Sunnyside',
    borough: Q,
    centroid: { lat: 40.7433, lng: -73.9196 },
    radiusM: 500,
    postalCodes: ['11104'],
    streets: [
      'Skillman Avenue',
      'Queens Boulevard',
      '43rd Street',
      '47th Street',
      'Greenpoint Avenue',
      '48th Street',
      '39th Avenue',
      '45th Street',
    ],
    rent: 2300,
  }),
  n({
    name: 'Jackson Heights',
    borough: Q,
    centroid: { lat: 40.7557, lng: -73.8831 },
    radiusM: 700,
    postalCodes: ['11372'],
    streets: [
      '37th Avenue',
      '35th Avenue',
      '34th Avenue',
      '82nd Street',
      '74th Street',
      'Roosevelt Avenue',
      '86th Street',
      '78th Street',
    ],
    rent: 2200,
  }),
  n({
    name: 'Flushing',
    borough: Q,
    centroid: { lat: 40.7596, lng: -73.83 },
    radiusM: 800,
    postalCodes: ['11354', '11355'],
    streets: [
      'Main Street',
      'Roosevelt Avenue',
      'Kissena Boulevard',
      'Sanford Avenue',
      'Union Street',
      'Northern Boulevard',
      'Bowne Street',
      '41st Avenue',
    ],
    rent: 2100,
  }),
  n({
    name: 'Forest Hills',
    borough: Q,
    centroid: { lat: 40.7196, lng: -73.8448 },
    radiusM: 800,
    postalCodes: ['11375'],
    streets: [
      'Austin Street',
      'Queens Boulevard',
      '71st Avenue',
      'Yellowstone Boulevard',
      '108th Street',
      'Burns Street',
      'Ascan Avenue',
      '67th Drive',
    ],
    rent: 2300,
  }),
  n({
    name: 'Jamaica',
    borough: Q,
    centroid: { lat: 40.7027, lng: -73.789 },
    radiusM: 900,
    postalCodes: ['11432', '11433', '11435'],
    streets: [
      'Jamaica Avenue',
      'Hillside Avenue',
      'Sutphin Boulevard',
      'Parsons Boulevard',
      '164th Street',
      'Merrick Boulevard',
      '89th Avenue',
      '168th Street',
    ],
    rent: 1900,
  }),
  n({
    name: 'Bayside',
    borough: Q,
    centroid: { lat: 40.7686, lng: -73.7771 },
    radiusM: 900,
    postalCodes: ['11360', '11361', '11364'],
    streets: [
      'Bell Boulevard',
      'Northern Boulevard',
      '35th Avenue',
      '39th Avenue',
      'Francis Lewis Boulevard',
      '210th Street',
      '216th Street',
      '42nd Avenue',
    ],
    rent: 2100,
  }),
  // --- Bronx (6) ---
  n({
    name: 'Riverdale',
    borough: BX,
    centroid: { lat: 40.9, lng: -73.908 },
    radiusM: 800,
    postalCodes: ['10463', '10471'],
    streets: [
      'Riverdale Avenue',
      'Independence Avenue',
      'Johnson Avenue',
      'West 236th Street',
      'Palisade Avenue',
      'Arlington Avenue',
      'Netherland Avenue',
      'Kappock Street',
    ],
    rent: 2100,
  }),
  n({
    name: 'Kingsbridge',
    borough: BX,
    centroid: { lat: 40.879, lng: -73.904 },
    radiusM: 500,
    postalCodes: ['10463'],
    streets: [
      'Broadway',
      'West 231st Street',
      'Kingsbridge Avenue',
      'Bailey Avenue',
      'Corlear Avenue',
      'Tibbett Avenue',
      'West 238th Street',
      'Godwin Terrace',
    ],
    rent: 1850,
  }),
  n({
    name: 'Fordham',
    borough: BX,
    centroid: { lat: 40.8612, lng: -73.8905 },
    radiusM: 700,
    postalCodes: ['10458', '10468'],
    streets: [
      'East Fordham Road',
      'Grand Concourse',
      'Webster Avenue',
      'Valentine Avenue',
      'Creston Avenue',
      'East 188th Street',
      'Marion Avenue',
      'Bainbridge Avenue',
    ],
    rent: 1800,
  }),
  n({
    name: 'Mott Haven',
    borough: BX,
    centroid: { lat: 40.8091, lng: -73.9229 },
    radiusM: 700,
    postalCodes: ['10451', '10454'],
    streets: [
      'Alexander Avenue',
      'Willis Avenue',
      'East 138th Street',
      'Brook Avenue',
      'Third Avenue',
      'East 140th Street',
      'Lincoln Avenue',
      'Bruckner Boulevard',
    ],
    rent: 2300,
  }),
  n({
    name: 'Throggs Neck',
    borough: BX,
    centroid: { lat: 40.819, lng: -73.819 },
    radiusM: 700,
    postalCodes: ['10465'],
    streets: [
      'East Tremont Avenue',
      'Harding Avenue',
      'Lafayette Avenue',
      'Pennyfield Avenue',
      'Philip Avenue',
      'Hollywood Avenue',
      'Balcom Avenue',
      'Throgs Neck Expressway Service Road',
    ],
    rent: 1900,
  }),
  n({
    name: 'Pelham Bay',
    borough: BX,
    centroid: { lat: 40.85, lng: -73.833 },
    radiusM: 600,
    postalCodes: ['10461', '10465'],
    streets: [
      'Westchester Avenue',
      'Buhre Avenue',
      'Crosby Avenue',
      'Middletown Road',
      'Mayflower Avenue',
      'Wilkinson Avenue',
      'Edison Avenue',
      'Jarvis Avenue',
    ],
    rent: 1900,
  }),
  // --- Staten Island (6) ---
  n({
    name: 'St. George',
    borough: SI,
    centroid: { lat: 40.6437, lng: -74.0775 },
    radiusM: 400,
    postalCodes: ['10301'],
    streets: [
      'Richmond Terrace',
      'St. Marks Place',
      'Hamilton Avenue',
      'Stuyvesant Place',
      'Westervelt Avenue',
      'Fort Place',
      'Daniel Low Terrace',
      'Carroll Place',
    ],
    rent: 2100,
  }),
  n({
    name: 'Tompkinsville',
    borough: SI,
    centroid: { lat: 40.6355, lng: -74.0795 },
    radiusM: 400,
    postalCodes: ['10301', '10304'],
    streets: [
      'Bay Street',
      'Victory Boulevard',
      'Van Duzer Street',
      'St. Pauls Avenue',
      'Hyatt Street',
      'Cebra Avenue',
      'Central Avenue',
      'Grant Street',
    ],
    rent: 1900,
  }),
  n({
    name: 'Great Kills',
    borough: SI,
    centroid: { lat: 40.554, lng: -74.151 },
    radiusM: 800,
    postalCodes: ['10308'],
    streets: [
      'Hylan Boulevard',
      'Giffords Lane',
      'Amboy Road',
      'Nelson Avenue',
      'Greaves Avenue',
      'Armstrong Avenue',
      'Katan Avenue',
      'Guyon Avenue',
    ],
    rent: 1850,
  }),
  n({
    name: 'Tottenville',
    borough: SI,
    centroid: { lat: 40.511, lng: -74.242 },
    radiusM: 600,
    postalCodes: ['10307'],
    streets: [
      'Amboy Road',
      'Main Street',
      'Hylan Boulevard',
      'Page Avenue',
      'Craig Avenue',
      'Yetman Avenue',
      'Academy Avenue',
      'Arthur Kill Road',
    ],
    rent: 1800,
  }),
  n({
    name: 'New Dorp',
    borough: SI,
    centroid: { lat: 40.573, lng: -74.117 },
    radiusM: 600,
    postalCodes: ['10306'],
    streets: [
      'New Dorp Lane',
      'Hylan Boulevard',
      'Richmond Road',
      'Rose Avenue',
      'Tysens Lane',
      'Bedford Avenue',
      'Edison Street',
      'Clawson Street',
    ],
    rent: 1900,
  }),
  n({
    name: 'South Beach',
    borough: SI,
    centroid: { lat: 40.5925, lng: -74.074 },
    radiusM: 500,
    postalCodes: ['10305'],
    streets: [
      'Sand Lane',
      'Father Capodanno Boulevard',
      'Seaview Avenue',
      'Ocean Avenue',
      'Robin Road',
      'Kramer Street',
      'McClean Avenue',
      'Quintard Street',
    ],
    rent: 1900,
  }),
];

const byName = new Map<string, Neighborhood>(NEIGHBORHOODS.map((hood) => [hood.name, hood]));

/** The neighborhoods of a borough, in SPEC order. */
export function neighborhoodsOf(borough: Borough): Neighborhood[] {
  return NEIGHBORHOODS.filter((hood) => hood.borough === borough);
}

/** A neighborhood by its name or slug, case-insensitively (common/neighborhoods.ts); undefined when unknown. */
export function findNeighborhood(nameOrSlug: string): Neighborhood | undefined {
  const found = findNeighborhoodName(nameOrSlug);
  return found && byName.get(found.name);
}

/** The borough a neighborhood belongs to; undefined when the name is unknown. */
export function boroughOfNeighborhood(name: string): Borough | undefined {
  return findNeighborhood(name)?.borough;
}

/** Whether a neighborhood name belongs to the given borough. */
export function isNeighborhoodOf(borough: Borough, name: string): boolean {
  return boroughOfNeighborhood(name) === borough;
}

/** The label of a borough enum value ('STATEN_ISLAND' → 'Staten Island'). */
export function boroughLabel(borough: Borough): string {
  return boroughLabels[borough];
}

/** A borough enum value from its label or value, case-insensitively ('staten island' → 'STATEN_ISLAND'). */
export function parseBorough(input: string): Borough | undefined {
  const key = input
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  return BoroughValues.find((value) => value === key);
}

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres between two points. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The neighborhood whose centroid is nearest to a point. */
export function nearestNeighborhood(point: LatLng): Neighborhood {
  let best = NEIGHBORHOODS[0]!;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const hood of NEIGHBORHOODS) {
    const d = distanceMeters(point, hood.centroid);
    if (d < bestDistance) {
      best = hood;
      bestDistance = d;
    }
  }
  return best;
}

/** How far from its nearest neighborhood's centre a point may be and still be placed in it (metres). */
export const PLACE_WITHIN_M = 5_000;

/**
 * The borough and neighborhood of a listing that names neither (SPEC part 7's create call sends
 * `location` and an address only; issue 24 item 3): the neighborhood nearest to its map point when
 * that is within PLACE_WITHIN_M, else one the address names ('…, Astoria, NY'), else a borough the
 * address names (the neighborhood still to be chosen). Null when nothing places it.
 */
export function placeListing(
  location: { lat: number; lng: number } | null | undefined,
  address: string | null | undefined,
): { borough: Borough; neighborhood?: string } | null {
  if (location && Number.isFinite(location.lat) && Number.isFinite(location.lng)) {
    const hood = nearestNeighborhood(location);
    if (distanceMeters(location, hood.centroid) <= PLACE_WITHIN_M) return { borough: hood.borough, neighborhood: hood.name };
  }
  const text = ` ${(address ?? '').toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `;
  if (text.trim() === '') return null;
  // The longest name first, so 'Long Island City' wins over a shorter name inside it.
  const named = [...NEIGHBORHOODS]
    .sort((a, b) => b.name.length - a.name.length)
    .find((hood) => text.includes(` ${hood.name.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `));
  if (named) return { borough: named.borough, neighborhood: named.name };
  const borough = BoroughValues.find((b) => text.includes(` ${boroughLabels[b].toLowerCase()} `));
  return borough ? { borough } : null;
}
