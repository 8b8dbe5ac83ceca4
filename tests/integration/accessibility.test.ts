import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarizeFilter } from '../../common/saved-search.js';
import { createListing } from '../../server/modules/listings/listing-write.service.js';
import { createProperty } from '../factories/index.js';
import { listingInput } from '../factories/listing-input.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { execute, query } from '../setup/graphql.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// Accessible homes (issue 26 item 4): listings carry accessibility features; the form, the detail
// page, the search filter (GraphQL, REST), saved searches and alerts know them.

const dataStatements = (queries: string[]) => queries.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|SET|DEALLOCATE)/i.test(q.trim()));
const SEARCH = `query S($filter: PropertyFilter) { properties(filter: $filter, first: 10) { totalCount edges { node { id accessibilityFeatures } } } }`;
type Search = { properties: { totalCount: number; edges: Array<{ node: { id: string; accessibilityFeatures: string[] } }> } };

describe.each(backends)('accessible homes on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let owner: TestAccount;
  let full: { id: string };
  let elevatorOnly: { id: string };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    owner = await createAccount(db.prisma, 'renter', { firstName: 'Ada', lastName: 'Access' });
    full = await createProperty(
      db.prisma,
      { userId: owner.uid },
      { accessibilityFeatures: ['STEP_FREE_ENTRANCE', 'ELEVATOR', 'WHEELCHAIR_ACCESSIBLE_UNIT', 'ACCESSIBLE_BATHROOM'] },
    );
    elevatorOnly = await createProperty(db.prisma, { userId: owner.uid }, { accessibilityFeatures: ['ELEVATOR'] });
    await createProperty(db.prisma, { userId: owner.uid }, {});
    app = await startTestApp(db);
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  it('finds homes with every feature asked for, in the one statement of the search page', async () => {
    db.resetQueries();
    const both = await query<Search>(db.prisma, SEARCH, { filter: { accessibility: ['ELEVATOR', 'STEP_FREE_ENTRANCE'] } });
    expect(dataStatements(db.queries)).toHaveLength(1);
    expect(both.properties.edges.map((e) => e.node.id)).toEqual([full.id]);
    expect(both.properties.totalCount).toBe(1);
    const elevator = await query<Search>(db.prisma, SEARCH, { filter: { accessibility: ['ELEVATOR'] } });
    expect(new Set(elevator.properties.edges.map((e) => e.node.id))).toEqual(new Set([full.id, elevatorOnly.id]));
    const bad = await execute(db.prisma, SEARCH, { filter: { accessibility: [] } });
    expect(bad.errors?.[0]?.message).toBeTruthy();
  });

  it('REST: ?accessibility= filters the same way; items carry the features by their labels', async () => {
    const res = await fetch(`${app.url}/api/properties?accessibility=elevator,step_free_entrance`);
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: Array<{ id: string; accessibilityFeatures: string[] }> };
    expect(items.map((i) => i.id)).toEqual([full.id]);
    expect(items[0]?.accessibilityFeatures).toEqual([
      'Step-free entrance',
      'Elevator',
      'Wheelchair-accessible unit',
      'Accessible bathroom',
    ]);
    const refused = await fetch(`${app.url}/api/properties?accessibility=teleporter`);
    expect(refused.status).toBe(400);
  });

  it('a listing is written with its features and reads them back', async () => {
    const viewer = { uid: owner.uid, email: owner.email, role: null };
    const { id } = await createListing(
      db.prisma,
      viewer,
      listingInput({ title: 'Step-free flat', accessibilityFeatures: ['STEP_FREE_ENTRANCE', 'VISUAL_AUDIBLE_ALARMS'] }),
      'ACTIVE',
    );
    const { property } = await query<{ property: { accessibilityFeatures: string[] } }>(
      db.prisma,
      'query P($id: ID!) { property(id: $id) { accessibilityFeatures } }',
      { id },
    );
    expect(property.accessibilityFeatures).toEqual(['STEP_FREE_ENTRANCE', 'VISUAL_AUDIBLE_ALARMS']);
    await expect(
      createListing(db.prisma, viewer, listingInput({ title: 'Bad', accessibilityFeatures: ['TELEPORTER'] }), 'ACTIVE'),
    ).rejects.toThrow();
  });

  it("reports 'Elevator' exactly when the building amenity says so", async () => {
    const viewer = { uid: owner.uid, email: owner.email, role: null };
    const read = async (id: string) =>
      (
        await query<{ property: { accessibilityFeatures: string[] } }>(
          db.prisma,
          'query P($id: ID!) { property(id: $id) { accessibilityFeatures } }',
          { id },
        )
      ).property.accessibilityFeatures;
    const withLift = await createListing(
      db.prisma,
      viewer,
      listingInput({ title: 'Lift', buildingAmenities: ['ELEVATOR'], accessibilityFeatures: ['ACCESSIBLE_BATHROOM'] }),
      'ACTIVE',
    );
    expect(await read(withLift.id)).toEqual(['ELEVATOR', 'ACCESSIBLE_BATHROOM']);
    const without = await createListing(
      db.prisma,
      viewer,
      listingInput({ title: 'Stairs', buildingAmenities: [], accessibilityFeatures: ['ELEVATOR'] }),
      'ACTIVE',
    );
    expect(await read(without.id)).toEqual([]);
  });

  it('a saved search keeps the filter and names it', async () => {
    expect(summarizeFilter({ borough: 'BROOKLYN', accessibility: ['ELEVATOR'] })).toBe('Rentals in Brooklyn accessible');
  });
});
