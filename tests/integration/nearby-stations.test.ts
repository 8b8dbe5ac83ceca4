import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillNearbyStations } from '../../server/modules/transit/backfill.js';
import { addPhotos, createProperty, createUser, dayIn } from '../factories/index.js';
import { query } from '../setup/graphql.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const ORIGIN = 'http://localhost:5173';

const STATIONS =
  'nearbyStations { id name lines walkMinutes location { lat lng } subwayLines { id bullet accessibleName kind color textColor } }';
const CREATE = `mutation C($input: ListingInput!, $status: ListingStatus) { createListing(input: $input, status: $status) { id ${STATIONS} } }`;
const UPDATE = `mutation U($id: ID!, $input: ListingInput!, $status: ListingStatus) { updateListing(id: $id, input: $input, status: $status) { id ${STATIONS} } }`;
const DUPLICATE = `mutation D($id: ID!) { duplicateListing(id: $id) { id ${STATIONS} } }`;
const DETAIL = `query P($id: ID) { property(id: $id) { id ${STATIONS} } }`;
const CARDS = `query Cards($filter: PropertyFilter) { properties(filter: $filter, first: 10) { edges { node { id title photos { url } ${STATIONS} } } } }`;

const BEDFORD = { lat: 40.7171, lng: -73.9565 };
const UNION_SQUARE = { lat: 40.7359, lng: -73.9906 };

/** A draft the form could post (the fields a draft needs). */
function draft(location: { lat: number; lng: number } | null) {
  return {
    title: 'Loft by the L',
    description: 'Two minutes from the train.',
    address: '180 Bedford Avenue',
    borough: 'BROOKLYN',
    neighborhood: 'Williamsburg',
    location,
    propertyType: 'LOFT',
    listingType: 'FOR_RENT',
    bedrooms: 1,
    bathrooms: 1,
    price: 3600,
    availableDate: dayIn(10),
    leaseTerm: 'ONE_YEAR',
    brokerFeePayer: 'NO_FEE',
    petPolicy: 'NO_PETS',
    smokingPolicy: 'NO_SMOKING',
    parking: 'NO_PARKING',
    amenities: [],
    utilitiesIncluded: [],
    petTypesAllowed: [],
    buildingAmenities: [],
    unitFeatures: [],
    appliancesIncluded: [],
    otherFees: [],
    photos: [],
    openHouses: [],
  };
}

/** SQL statements that read or write data (not transaction control). */
const dataStatements = (queries: string[]) => queries.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|SET|DEALLOCATE)/i.test(q.trim()));

type Station = {
  id: string;
  name: string;
  lines: string[];
  walkMinutes: number;
  location: { lat: number; lng: number };
  subwayLines: Array<Record<string, string>>;
};

describe.each(backends)('nearby subway stations on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let owner: TestAccount;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = await startTestApp(db);
    owner = await createAccount(db.prisma, 'renter', { firstName: 'Olive', lastName: 'Owner' });
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const gql = async (q: string, variables: Record<string, unknown>, who: TestAccount | null) => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...(who ? who.bearer : {}) },
      body: JSON.stringify({ query: q, variables }),
    });
    const body = (await res.json()) as Body;
    expect(body.errors).toBeUndefined();
    return body.data;
  };
  const restGet = async (path: string, who: TestAccount | null) => {
    const res = await fetch(`${app.url}${path}`, { headers: { origin: ORIGIN, ...(who ? who.bearer : {}) } });
    expect(res.status).toBe(200);
    return (await res.json()) as Body;
  };

  it('computes them on create and on edit, nearest first, on GraphQL and REST', async () => {
    const created = (await gql(CREATE, { input: draft(BEDFORD), status: 'DRAFT' }, owner)).createListing;
    const stations = created.nearbyStations as Station[];
    expect(stations[0]).toMatchObject({ id: 'L08', name: 'Bedford Av', lines: ['L'] });
    expect(stations[0]!.walkMinutes).toBeLessThanOrEqual(3);
    // Where it is, for the detail page's map (Bedford Av at North 7th Street).
    expect(stations[0]!.location.lat).toBeCloseTo(40.7173, 3);
    expect(stations[0]!.location.lng).toBeCloseTo(-73.9569, 3);
    expect(stations[0]!.subwayLines).toEqual([
      { id: 'L', bullet: 'L', accessibleName: 'L train', kind: 'TRAIN', color: '#7C858C', textColor: '#FFFFFF' },
    ]);
    const minutes = stations.map((s) => s.walkMinutes);
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    expect(Math.max(...minutes)).toBeLessThanOrEqual(15);

    const rest = await restGet(`/api/properties/${created.id}`, owner);
    expect(rest.nearby_stations[0]).toEqual({ name: 'Bedford Av', lines: ['L'], walk_minutes: stations[0]!.walkMinutes });
    expect(rest.nearby_stations).toHaveLength(stations.length);

    // Moved to Union Square: the L is still there, with the 4 5 6 N Q R W.
    const moved = (await gql(UPDATE, { id: created.id, input: draft(UNION_SQUARE), status: 'DRAFT' }, owner)).updateListing;
    expect(moved.nearbyStations[0].name).toMatch(/14 St-Union Sq/);
    expect(moved.nearbyStations[0].lines).toEqual(expect.arrayContaining(['L', '4', '5', '6', 'N', 'Q', 'R', 'W']));
    const detail = (await gql(DETAIL, { id: created.id }, owner)).property;
    expect(detail.nearbyStations).toEqual(moved.nearbyStations);
    expect((await restGet(`/api/properties/${created.id}`, owner)).nearby_stations[0].name).toMatch(/14 St-Union Sq/);

    // A copy has them too; without a location there are none.
    const copy = (await gql(DUPLICATE, { id: created.id }, owner)).duplicateListing;
    expect(copy.nearbyStations).toEqual(moved.nearbyStations);
    const cleared = (await gql(UPDATE, { id: created.id, input: draft(null), status: 'DRAFT' }, owner)).updateListing;
    expect(cleared.nearbyStations).toEqual([]);
  });

  it('answers them on a search page in the same one statement, and on REST search', async () => {
    const agent = await createUser(db.prisma);
    const near = await createProperty(
      db.prisma,
      { userId: agent.id },
      { title: 'Cards near Bedford', locationLat: 40.7171, locationLng: -73.9565 },
    );
    await addPhotos(db.prisma, near.id, 2);
    db.resetQueries();
    const data = await query<Body>(db.prisma, CARDS, { filter: { search: 'Cards near Bedford' } });
    expect(dataStatements(db.queries)).toHaveLength(1);
    const node = data.properties.edges[0].node;
    expect(node.photos).toHaveLength(2);
    expect(node.nearbyStations[0]).toMatchObject({ name: 'Bedford Av', lines: ['L'] });
    expect(node.nearbyStations[0].subwayLines[0]).toMatchObject({ bullet: 'L', color: '#7C858C' });

    const rest = await restGet(`/api/properties?search=${encodeURIComponent('Cards near Bedford')}`, null);
    expect(rest.items[0].nearby_stations[0]).toMatchObject({ name: 'Bedford Av', lines: ['L'] });
  });

  it('fills rows written before the column at start-up, leaving updatedAt alone; reads compute them meanwhile', async () => {
    const agent = await createUser(db.prisma);
    const old = await createProperty(
      db.prisma,
      { userId: agent.id },
      { title: 'Older row', locationLat: 40.7171, locationLng: -73.9565 },
    );
    await db.prisma.$executeRaw`UPDATE "Property" SET "nearbyStations" = NULL WHERE "id" = ${old.id}::uuid`;
    const before = await db.prisma.property.findUniqueOrThrow({ where: { id: old.id } });
    expect(before.nearbyStations).toBeNull();
    // Read before the backfill: computed from the location.
    const read = await query<Body>(db.prisma, DETAIL, { id: old.id });
    expect(read.property.nearbyStations[0].name).toBe('Bedford Av');

    expect(await backfillNearbyStations(db.prisma)).toBeGreaterThanOrEqual(1);
    const after = await db.prisma.property.findUniqueOrThrow({ where: { id: old.id } });
    expect((after.nearbyStations as Station[])[0]).toMatchObject({ id: 'L08', name: 'Bedford Av', lines: ['L'] });
    expect(after.updatedAt.toISOString()).toBe(before.updatedAt.toISOString());
    expect(await backfillNearbyStations(db.prisma)).toBe(0);
  });
});
