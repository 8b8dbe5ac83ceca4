import fs from 'node:fs';
import {
  astFromValue,
  buildSchema,
  getNamedType,
  isNonNullType,
  isObjectType,
  Kind,
  parse,
  print,
  specifiedRules,
  validate,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type OperationDefinitionNode,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../server/env.js';
import { limitRules } from '../../server/graphql/limits.js';
import { EXECUTOR_HEADER, PLANNED } from '../../server/graphql/planned/index.js';
import { TRUSTED_DOCUMENTS_MANIFEST } from '../../server/graphql/trusted-documents.js';
import { PARTNER_DENIED_FIELDS, PARTNER_ROOT_FIELDS } from '../../server/http/partner-access.js';
import { createPartnerKey } from '../../server/modules/partners/partner-keys.js';
import {
  addPhotos,
  answeredConversation,
  createAgent,
  createProperty,
  createReducedProperty,
  createSavedSearch,
  createUser,
} from '../factories/index.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { withoutBudget } from '../setup/graphql.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';

// Issue 52 item 3: the planned path (server/graphql/planned/) proven equal to Apollo. Every query the
// client ships (the persisted documents' manifest) for each kind of viewer, and 500 queries generated
// from the public schema by a seeded PRNG, are sent to two apps over one database: one with the
// planned path on, one with GRAPHQL_PLANNED=off (Apollo answers everything). The answers must be
// the same bytes with the same status, from the same number of SQL statements.

const ORIGIN = 'http://localhost:5173';
const SCHEMA = buildSchema(fs.readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));
const RULES = [...specifiedRules, ...limitRules({ production: false })];
const MANIFEST = JSON.parse(fs.readFileSync(TRUSTED_DOCUMENTS_MANIFEST, 'utf8')) as Record<string, string>;
/** The persisted queries: [operation name, hash, text]. */
const PERSISTED_QUERIES = Object.entries(MANIFEST).flatMap(([key, text]) => {
  const op = parse(text).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  return op?.operation === 'query' ? [[op.name!.value, key.replace(/^sha256:/, ''), text] as const] : [];
});
/**
 * Persisted queries the planned path hands to Apollo at planning: `AgentProfile` asks for
 * `Agent.viewerRating`, whose select reads the relation `reviews` that `Agent.reviews` reads too
 * (planned.ts `refuseSharedRelations`).
 */
const LEFT_TO_APOLLO = ['AgentProfile'];
/** Generated queries (issue 52: at least 500). */
const GENERATED = 500;

type ViewerName = 'anonymous' | 'renter' | 'agent' | 'admin' | 'partner';
const VIEWERS: ViewerName[] = ['anonymous', 'renter', 'agent', 'admin', 'partner'];

interface Answer {
  status: number;
  executor: string | null;
  contentType: string | null;
  text: string;
  statements: number;
  /** The statements' SQL, shortened (shown when the counts differ). */
  sql: string[];
}

/** What a case's two answers differ in, if anything. */
interface Difference {
  what: string;
  viewer: ViewerName;
  planned: Answer;
  apollo: Answer;
}

/** The ids a case's variables and a generated query's arguments are made of. */
interface Rows {
  listing: string;
  forSale: string;
  queens: string;
  draft: string;
  inactive: string;
  othersListing: string;
  missing: string;
  slug: string;
  agentId: string;
  agentUserId: string;
  otherAgentId: string;
  threadId: string;
  stationId: string;
}

describe.each(transportBackends)('the planned path and Apollo on %s', (backend) => {
  let db: TestDatabase;
  let on: TestApp;
  let off: TestApp;
  let rows: Rows;
  const headers = {} as Record<ViewerName, Record<string, string>>;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const [renter, agent, admin] = await Promise.all([
      createAccount(db.prisma, 'renter', { firstName: 'Rae', lastName: 'Renter' }),
      createAccount(db.prisma, 'agent', { firstName: 'Ada', lastName: 'Agent' }),
      createAccount(db.prisma, 'renter', { firstName: 'Adm', lastName: 'Min' }),
    ]);
    await db.prisma.user.update({ where: { id: admin.uid }, data: { role: 'ADMIN' } });
    const partner = await createPartnerKey(db.prisma, 'Differential feed');
    headers.anonymous = {};
    headers.renter = renter.bearer;
    headers.agent = agent.bearer;
    headers.admin = admin.bearer;
    headers.partner = { authorization: `Bearer ${partner.key}` };
    rows = await makeRows(db, renter, agent);
    // The apps' own timed work (tour reminders and expiry, the offline-mail sweep: every minute) would
    // be counted as a request's statements when it fires mid-comparison: none runs here.
    const quiet = { offlineMailEveryMs: 24 * 3_600_000 };
    [on, off] = await Promise.all([startTestApp(db, quiet), startTestApp(db, { ...quiet, env: { GRAPHQL_PLANNED: 'off' } })]);
    await Promise.all([on.jobs.stop(), off.jobs.stop()]);
    const stations = await post(off, '{ subwayStations { id } }', {}, {});
    rows.stationId = (
      JSON.parse(stations.text) as { data: { subwayStations: Array<{ id: string }> } }
    ).data.subwayStations[0]!.id;
  }, 60_000);
  afterAll(async () => {
    await Promise.all([on?.stop(), off?.stop()]);
    await db?.close();
  });

  /**
   * The statements a request ran, but for what the identity layer does before either executor runs,
   * the same for both whatever they answer: a signed-in person's `lastSeenAt` (once a minute per user
   * and app) and a partner key's check (kept 30 s) and `lastUsedAt` (once a minute). `refresh` below
   * keeps them out of most measured requests; a test that runs past a minute would meet them anyway.
   */
  const IDENTITY_LAYER = [/^UPDATE "public"\."User" SET "lastSeenAt"/, /"public"\."PartnerKey"/];
  const counted = () => db.queries.filter((q) => !IDENTITY_LAYER.some((re) => re.test(q.trim())));

  async function post(
    app: TestApp,
    query: string | { hash: string; operationName: string },
    variables: Record<string, unknown>,
    viewer: Record<string, string>,
  ): Promise<Answer> {
    db.resetQueries();
    const body =
      typeof query === 'string'
        ? { query, variables }
        : {
            operationName: query.operationName,
            variables,
            extensions: { persistedQuery: { version: 1, sha256Hash: query.hash } },
          };
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...viewer },
      body: JSON.stringify(body),
    });
    // What a partner key has left this window is the key's state when it asked, not the answer to
    // the query (two apps count their own windows, started milliseconds apart): compared present, not equal.
    const raw = await res.text();
    const text = withoutBudget(raw);
    if (viewer === headers.partner && res.status !== 429) expect(raw).toContain('"budget":{"limit":');
    return {
      status: res.status,
      executor: res.headers.get(EXECUTOR_HEADER),
      contentType: res.headers.get('content-type'),
      text,
      statements: counted().length,
      sql: counted().map((q) => q.slice(0, 160)),
    };
  }

  /**
   * What a viewer's request does besides its query, once in a while and on each app (a partner key's
   * check, kept 30 s; a signed-in person's `lastSeenAt`, written once a minute): done here, every
   * 15 s per viewer, and waited for, so that no measured request does it.
   */
  const refreshed = new Map<ViewerName, number>();
  async function refresh(viewer: ViewerName) {
    const last = refreshed.get(viewer);
    if (last !== undefined && Date.now() - last < 15_000) return;
    await Promise.all([on, off].map((app) => post(app, '{ __typename }', {}, headers[viewer])));
    await db.untilQuiet();
    refreshed.set(viewer, Date.now());
  }

  /**
   * One case through both apps: each answers it once first (a text the planned path has not seen is
   * answered by Apollo the first time, and any in-process cache fills), then both answers are taken.
   */
  async function compare(
    what: string,
    query: string | { hash: string; operationName: string },
    variables: Record<string, unknown>,
    viewer: ViewerName,
  ): Promise<{ executor: string | null; apollo: Answer; difference: Difference | null }> {
    await refresh(viewer);
    await post(on, query, variables, headers[viewer]);
    await post(off, query, variables, headers[viewer]);
    const planned = await post(on, query, variables, headers[viewer]);
    const apollo = await post(off, query, variables, headers[viewer]);
    expect(apollo.executor, `${what}: the app with GRAPHQL_PLANNED=off`).toBeNull();
    const same =
      planned.status === apollo.status &&
      planned.text === apollo.text &&
      planned.statements === apollo.statements &&
      planned.contentType === apollo.contentType;
    if (same) return { executor: planned.executor, apollo, difference: null };
    const sqlIfCounted = (a: Answer) => (a.statements === (a === planned ? apollo : planned).statements ? [] : a.sql);
    return {
      executor: planned.executor,
      apollo,
      difference: {
        what,
        viewer,
        planned: { ...planned, sql: sqlIfCounted(planned) },
        apollo: { ...apollo, sql: sqlIfCounted(apollo) },
      },
    };
  }

  it('answers everything through Apollo with GRAPHQL_PLANNED=off (validated, on by default)', async () => {
    expect(loadEnv({}).GRAPHQL_PLANNED).toBe('on');
    expect(loadEnv({ GRAPHQL_PLANNED: 'off' }).GRAPHQL_PLANNED).toBe('off');
    expect(() => loadEnv({ GRAPHQL_PLANNED: 'false' })).toThrow(EnvError);
    const [, hash] = PERSISTED_QUERIES.find(([name]) => name === 'PropertyDetail')!;
    const own = `query Own($id: ID) { property(id: $id) { id title photos { url } } }`;
    for (let i = 0; i < 3; i++) {
      // The site's document (planned at start) and a text sent again and again (planned from its second time).
      for (const query of [{ hash, operationName: 'PropertyDetail' }, own]) {
        const [planned, apollo] = [
          await post(on, query, { id: rows.listing }, {}),
          await post(off, query, { id: rows.listing }, {}),
        ];
        expect(planned.executor).toBe(i === 0 && query === own ? null : PLANNED);
        expect(apollo.executor).toBeNull();
        expect(apollo.status).toBe(200);
        expect(JSON.parse(apollo.text).data.property.id).toBe(rows.listing);
      }
    }
  });

  it('answers every persisted query as Apollo does, for every viewer, with the same statements', async () => {
    const cases = await persistedCases(rows, (q, v) => post(off, q, v, headers.renter));
    // Every query the client ships has its variables here: a new document fails until it is given some.
    expect(PERSISTED_QUERIES.map(([name]) => name).filter((name) => !cases[name])).toEqual([]);
    const differences: Difference[] = [];
    const plannedFor = new Map<string, ViewerName[]>();
    for (const [name, hash] of PERSISTED_QUERIES) {
      for (const variables of cases[name]!) {
        for (const viewer of VIEWERS) {
          const what = `${name} ${JSON.stringify(variables)}`;
          const result = await compare(what, { hash, operationName: name }, variables, viewer);
          if (result.difference) differences.push(result.difference);
          if (result.executor === PLANNED) plannedFor.set(name, [...new Set([...(plannedFor.get(name) ?? []), viewer])]);
        }
      }
    }
    expect(differences).toEqual([]);
    // Each document is answered by the planned path for a viewer it is meant for, so the comparison
    // above is of two executors, not of Apollo with itself; but the one this path hands to Apollo.
    expect(PERSISTED_QUERIES.map(([name]) => name).filter((name) => !plannedFor.has(name))).toEqual(LEFT_TO_APOLLO);
  }, 60_000);

  it(`answers ${GENERATED} generated queries over the public schema as Apollo does, with the same statements`, async () => {
    const differences: Difference[] = [];
    const tally = { planned: 0, apollo: 0, invalid: 0, ok: 0 };
    for (let i = 0; i < GENERATED; i++) {
      const viewer = (['anonymous', 'renter', 'agent', 'partner'] as const)[i % 4]!;
      const generated = generateQuery(20_261_127 + i, viewer, rows);
      const result = await compare(
        `generated #${i}: ${generated.text} ${JSON.stringify(generated.variables)}`,
        generated.text,
        generated.variables,
        viewer,
      );
      if (result.difference) differences.push(result.difference);
      if (generated.invalid) {
        // Refused every time, whichever path answers (issue 52's partner typo).
        tally.invalid++;
        expect(result.apollo.status, generated.text).toBe(400);
        expect(result.executor).toBeNull();
      } else if (result.executor === PLANNED) tally.planned++;
      else tally.apollo++;
      if (result.apollo.status === 200 && !JSON.parse(result.apollo.text).errors) tally.ok++;
    }
    expect(differences).toEqual([]);
    // The generated queries exercise the planned path, not only what it hands to Apollo.
    expect(tally.planned).toBeGreaterThan(GENERATED * 0.6);
    expect(tally.ok).toBeGreaterThan(GENERATED * 0.6);
    expect(tally.invalid).toBeGreaterThan(0);
  }, 120_000);
});

/** The rows the cases read: a viewer's own listings, saved homes, conversation, tour, reviews, reports. */
async function makeRows(db: TestDatabase, renter: TestAccount, agent: TestAccount): Promise<Rows> {
  const { prisma } = db;
  const agentRow = await prisma.agent.update({
    where: { userId: agent.uid },
    data: { license: '10401234567', bio: 'Brooklyn walk-ups and lofts.' },
  });
  const owner = { userId: agent.uid, agentId: agentRow.id };
  const listing = await createReducedProperty(
    prisma,
    owner,
    { oldPrice: 3400, droppedAt: new Date(Date.now() - 3 * 86_400_000) },
    { title: 'Differential loft', views: 12, petPolicy: 'PETS_ALLOWED', petTypesAllowed: ['CATS'], amenities: ['Roof deck'] },
  );
  await addPhotos(prisma, listing.id, 3);
  const forSale = await createProperty(prisma, owner, {
    title: 'Differential condo',
    listingType: 'FOR_SALE',
    price: 950_000,
    borough: 'MANHATTAN',
    neighborhood: 'Chelsea',
  });
  await addPhotos(prisma, forSale.id, 1);
  const queens = await createProperty(prisma, owner, {
    title: 'Differential two-bed',
    borough: 'QUEENS',
    neighborhood: 'Astoria',
    bedrooms: 2,
    price: 2600,
    locationLat: 40.7644,
    locationLng: -73.9235,
  });
  const draft = await createProperty(prisma, owner, { status: 'DRAFT', title: 'Differential draft' });
  const inactive = await createProperty(prisma, owner, {
    status: 'INACTIVE',
    title: 'Differential rented',
    deactivatedAt: new Date(),
  });
  const other = await createAgent(prisma, { user: { firstName: 'Otto', lastName: 'Other' } });
  const othersListing = await createProperty(
    prisma,
    { userId: other.user.id, agentId: other.agent.id },
    { title: 'Other loft', price: 4100 },
  );
  await addPhotos(prisma, othersListing.id, 2);

  const soon = new Date(Date.now() + 2 * 86_400_000);
  const openHouse = await prisma.openHouse.create({
    data: { propertyId: listing.id, startsAt: soon, endsAt: new Date(soon.getTime() + 3_600_000), capacity: 4, note: 'Ring 3B.' },
  });
  await prisma.openHouseRsvp.create({ data: { openHouseId: openHouse.id, userId: renter.uid, status: 'GOING' } });
  await prisma.favorite.createMany({
    data: [
      { userId: renter.uid, propertyId: listing.id },
      { userId: renter.uid, propertyId: queens.id },
    ],
  });
  const thread = await answeredConversation(prisma, { renterId: renter.uid, agentUserId: agent.uid, propertyId: listing.id });
  const flagged = await prisma.message.create({
    data: { threadId: thread.id, senderId: agent.uid, content: 'No vouchers, sorry.' },
  });
  await prisma.messageFlag.create({ data: { messageId: flagged.id, reason: 'SOURCE_OF_INCOME', phrase: 'No vouchers' } });
  await prisma.tourRequest.create({
    data: {
      propertyId: listing.id,
      renterId: renter.uid,
      agentUserId: agent.uid,
      threadId: thread.id,
      expiresAt: soon,
      note: 'After work if possible.',
      windows: { create: [{ startsAt: soon, endsAt: new Date(soon.getTime() + 1_800_000), proposedBy: 'RENTER' }] },
    },
  });
  const author = await createUser(prisma, { firstName: 'Rita', lastName: 'Reviewer' });
  await prisma.review.createMany({
    data: [
      {
        agentId: agentRow.id,
        authorId: renter.uid,
        propertyId: listing.id,
        score: 5,
        comment: 'Quick and clear.',
        communication: 5,
      },
      { agentId: agentRow.id, authorId: author.id, score: 3, comment: 'Fine.', reply: 'Thank you, Rita.', repliedAt: new Date() },
    ],
  });
  await prisma.listingReport.create({
    data: { propertyId: othersListing.id, reporterId: renter.uid, reason: 'WRONG_INFORMATION', details: 'Not a loft.' },
  });
  await createSavedSearch(prisma, renter.uid, { name: 'Brooklyn lofts', filter: { borough: 'BROOKLYN', search: 'loft' } });
  await prisma.notification.createMany({
    data: [
      { userId: renter.uid, kind: 'NEW_MATCH', title: 'A new match', propertyId: queens.id },
      { userId: agent.uid, kind: 'NEW_MATCH', title: 'Read already', readAt: new Date() },
    ],
  });
  return {
    listing: listing.id,
    forSale: forSale.id,
    queens: queens.id,
    draft: draft.id,
    inactive: inactive.id,
    othersListing: othersListing.id,
    missing: '00000000-0000-4000-8000-000000000000',
    slug: listing.slug,
    agentId: agentRow.id,
    agentUserId: agent.uid,
    otherAgentId: other.agent.id,
    threadId: thread.id,
    stationId: '',
  };
}

/**
 * Variables for each persisted query, as its screen sends them (several sets where the screen sends
 * several: pages, filters, sorts, someone else's row, a row that is not there).
 */
async function persistedCases(
  r: Rows,
  ask: (query: string, variables: Record<string, unknown>) => Promise<{ text: string }>,
): Promise<Record<string, Array<Record<string, unknown>>>> {
  const page = JSON.parse(
    (await ask('query P($first: Int) { properties(first: $first) { pageInfo { endCursor } } }', { first: 2 })).text,
  ) as { data: { properties: { pageInfo: { endCursor: string } } } };
  const after = page.data.properties.pageInfo.endCursor;
  return {
    A: [{}],
    T: [{}],
    AddressSuggestions: [{ query: 'Bedford' }, { query: 'As' }],
    AgentProfile: [
      { id: r.agentId, first: 6, reviews: 3 },
      { id: r.otherAgentId, first: 6, reviews: 3 },
    ],
    CompareListings: [
      { a: r.listing, b: r.queens, c: r.forSale, withB: true, withC: true },
      { a: r.listing, b: r.draft, c: null, withB: true, withC: false },
      { a: r.listing, b: null, c: null, withB: false, withC: false },
    ],
    ComposeAgent: [{ id: r.agentId }],
    ComposeListing: [{ id: r.listing }],
    Conversations: [{ first: 10 }],
    EditListing: [{ id: r.listing }, { id: r.othersListing }],
    LicenseQueue: [{}],
    ListingAffectedPeople: [{ id: r.listing }],
    ListingFormDraft: [{ key: 'new' }, { key: r.listing }],
    ListingStats: [{}],
    MapPopupListing: [{ id: r.queens }],
    Me: [{}],
    MessageFlags: [{}],
    MessageThread: [{ id: r.threadId, first: 30 }],
    ModerationQueue: [{}],
    MyListings: [
      { page: 1, pageSize: 9, sort: 'NEWEST', status: 'ALL' },
      { page: 1, pageSize: 9, sort: 'PRICE_ASC', status: 'ACTIVE', search: 'Differential' },
      { page: 1, pageSize: 9, status: 'SAVED' },
    ],
    MyRatingsSummaries: [{}],
    MyReviews: [
      { first: 10, role: 'RECEIVED' },
      { first: 10, role: 'GIVEN' },
    ],
    MyTours: [{}],
    MyProfile: [{}],
    NotificationCount: [{}],
    Notifications: [{}],
    PropertyDetail: [{ id: r.listing }, { id: r.slug }, { id: r.draft }, { id: r.inactive }, { id: r.missing }],
    PropertyCommute: [
      { id: r.listing, to: { stationId: r.stationId } },
      { id: r.slug, to: { lat: 40.7527, lng: -73.9772 } },
      { id: r.missing, to: { stationId: r.stationId } },
    ],
    RateAgentPage: [{ id: r.agentId, propertyId: r.listing }],
    RateableAgents: [{}],
    SavedHomes: [{ first: 12 }],
    SavedSearches: [{}],
    SearchMapPoints: [{ filter: {} }, { filter: { borough: 'BROOKLYN', minBeds: 1 } }],
    SearchProperties: [
      { first: 12 },
      { first: 2, after },
      { first: 12, filter: { borough: 'QUEENS', minBeds: 2 }, sort: 'PRICE_LOW' },
      { first: 12, filter: { listingType: 'FOR_SALE' }, withCount: false },
      { first: 12, commuteTo: { stationId: r.stationId }, sort: 'COMMUTE', filter: { commuteTo: { stationId: r.stationId } } },
      { first: 12, filter: { search: 'loft', pets: 'CATS' }, sort: 'RECENTLY_REDUCED' },
    ],
    SubwayLines: [{}],
    SubwayStations: [{}],
    UnreadMessagesCount: [{}],
  };
}

// ---------------------------------------------------------------------------------------------------
// Generated queries
// ---------------------------------------------------------------------------------------------------

/** A small seeded PRNG (mulberry32): the same seed makes the same query on every run. */
function prng(seed: number) {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Gen {
  rnd: () => number;
  viewer: ViewerName;
  rows: Rows;
  vars: string[];
  values: Record<string, unknown>;
  booleans: string[];
  fragments: string[];
  aliases: number;
  directives: number;
  n: number;
}

const chance = (g: Gen, p: number) => g.rnd() < p;
const pick = <T>(g: Gen, xs: readonly T[]): T => xs[Math.floor(g.rnd() * xs.length)]!;
const int = (g: Gen, lo: number, hi: number) => lo + Math.floor(g.rnd() * (hi - lo + 1));
function shuffle<T>(g: Gen, xs: readonly T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(g.rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Below the root, how deep selections go (the limit is 10; the cost limit bounds the rest). */
const MAX_DEPTH = 5;
/** Arguments a generated query never gives: cursors (made by the server) and backward pages. */
const NEVER = new Set(['after', 'before', 'last']);
const NOT_GIVEN = Symbol('not given');

/** A search filter of a few of PropertyFilter's fields. */
function filterValue(g: Gen): Record<string, unknown> {
  const makers: Array<() => [string, unknown] | null> = [
    () => ['borough', pick(g, ['BROOKLYN', 'MANHATTAN', 'QUEENS', 'BRONX'])],
    () => ['minBeds', int(g, 0, 3)],
    () => ['maxPrice', pick(g, [2500, 3200, 5000, 1_000_000])],
    () => ['minPrice', pick(g, [1000, 2800, 3100])],
    () => ['listingType', pick(g, ['FOR_RENT', 'FOR_SALE'])],
    () => ['neighborhood', pick(g, ['Williamsburg', 'Astoria', 'Chelsea'])],
    () => ['search', pick(g, ['loft', 'Differential', 'two-bed'])],
    () => ['pets', pick(g, ['ALLOWED', 'CATS', 'DOGS', 'NONE'])],
    () => ['propertyType', pick(g, ['APARTMENT', 'CONDO', 'HOUSE'])],
    () => ['priceBasis', pick(g, ['GROSS', 'NET_EFFECTIVE'])],
    () => ['walkMinutes', pick(g, [5, 10, 15])],
    () => ['lines', pick(g, [['L'], ['G', '7'], ['N', 'W']])],
    () => ['updatedSince', new Date(Date.now() - 86_400_000).toISOString()],
    () => ['bounds', { north: 40.8, south: 40.6, east: -73.8, west: -74.05 }],
  ];
  return Object.fromEntries(
    shuffle(g, makers)
      .slice(0, int(g, 0, 3))
      .map((m) => m())
      .filter((e): e is [string, unknown] => e !== null),
  );
}

/** A value for an argument, as the public schema's fields expect them; NOT_GIVEN to leave it out. */
function argValue(g: Gen, parent: string, field: string, arg: GraphQLArgument): unknown {
  const r = g.rows;
  if (NEVER.has(arg.name)) return NOT_GIVEN;
  if (!isNonNullType(arg.type) && !chance(g, 0.7)) return NOT_GIVEN;
  switch (`${parent}.${field}.${arg.name}`) {
    case 'Query.properties.first':
      return int(g, 1, 6);
    case 'Query.properties.filter':
    case 'Query.propertyMapPoints.filter':
      return filterValue(g);
    case 'Query.properties.sort':
      return pick(g, ['NEWEST', 'OLDEST', 'POPULAR', 'PRICE_HIGH', 'PRICE_LOW', 'RECENTLY_REDUCED']);
    case 'Query.property.id':
      return pick(g, [r.listing, r.listing, r.queens, r.forSale, r.draft, r.inactive, r.othersListing, r.missing, r.slug]);
    case 'Query.property.slug':
      return pick(g, [r.slug, 'no-such-listing']);
    case 'Query.agents.first':
      return int(g, 1, 4);
    case 'Query.agent.id':
      return pick(g, [r.agentId, r.agentId, r.agentUserId, r.otherAgentId, 'no-such-agent']);
    case 'Query.addressSuggestions.query':
      return pick(g, ['Bedford', 'Astoria', 'ch', 'Williamsburg Brooklyn']);
    case 'Property.commuteMinutes.to':
      return pick(g, [{ stationId: r.stationId }, { lat: 40.7527, lng: -73.9772 }]);
    case 'Agent.viewerRating.propertyId':
      return pick(g, [r.listing, r.othersListing]);
  }
  if (arg.name === 'first') return int(g, 1, 3);
  return NOT_GIVEN;
}

/** An argument's value in the document: inline, or a variable (sent, sent as null, or left to its default). */
function argText(g: Gen, arg: GraphQLArgument, value: unknown): string {
  const literal = (v: unknown) => print(astFromValue(v, arg.type as GraphQLInputType)!);
  if (chance(g, 0.5)) return literal(value);
  const name = `v${g.n++}`;
  const type = String(arg.type);
  const roll = g.rnd();
  if (!isNonNullType(arg.type) && roll < 0.15) {
    // Declared with a default and not sent.
    g.vars.push(`$${name}: ${type} = ${literal(value)}`);
  } else if (!isNonNullType(arg.type) && roll < 0.22) {
    g.vars.push(`$${name}: ${type}`);
    g.values[name] = null;
  } else {
    g.vars.push(`$${name}: ${type}`);
    g.values[name] = value;
  }
  return `$${name}`;
}

/** `@include`/`@skip` with an inline value or a variable (sent, or left to its default); '' for none. */
function directive(g: Gen, p: number): string {
  if (g.directives >= 8 || !chance(g, p)) return '';
  g.directives++;
  const which = pick(g, ['include', 'skip']);
  let condition: string;
  const roll = g.rnd();
  if (roll < 0.35) condition = pick(g, ['true', 'false']);
  else if (roll < 0.5 && g.booleans.length) condition = pick(g, g.booleans);
  else {
    const name = `b${g.n++}`;
    if (chance(g, 0.25)) g.vars.push(`$${name}: Boolean = ${pick(g, ['true', 'false'])}`);
    else {
      g.vars.push(`$${name}: Boolean!`);
      g.values[name] = chance(g, 0.5);
    }
    condition = `$${name}`;
    g.booleans.push(condition);
  }
  return ` @${which}(if: ${condition})`;
}

function fieldText(g: Gen, parent: GraphQLObjectType, field: GraphQLField<unknown, unknown>, depth: number): string | null {
  const named = getNamedType(field.type);
  let sub = '';
  if (isObjectType(named)) {
    if (depth >= MAX_DEPTH) return null;
    sub = ` ${selectionSet(g, named, depth + 1)}`;
  }
  const args: string[] = [];
  for (const arg of field.args) {
    const value = argValue(g, parent.name, field.name, arg);
    if (value === NOT_GIVEN) {
      if (isNonNullType(arg.type)) return null;
      continue;
    }
    args.push(`${arg.name}: ${argText(g, arg, value)}`);
  }
  const alias = g.aliases < 10 && chance(g, 0.15) ? `k${g.n++}: ` : '';
  if (alias) g.aliases++;
  return `${alias}${field.name}${args.length ? `(${args.join(', ')})` : ''}${directive(g, 0.1)}${sub}`;
}

/**
 * A random selection of a type's fields, some of them grouped into inline fragments (with or without
 * a type condition) and named fragments, some under `@include`/`@skip`, some aliased, a leaf now and
 * then asked twice (merged), `__typename` now and then.
 */
function selectionSet(g: Gen, type: GraphQLObjectType, depth: number): string {
  const fields = Object.values(type.getFields()).filter(
    (f) => !(g.viewer === 'partner' && PARTNER_DENIED_FIELDS.has(`${type.name}.${f.name}`)),
  );
  const wanted = int(g, 1, Math.min(depth > 2 ? 3 : 6, fields.length));
  const items: string[] = [];
  for (const f of shuffle(g, fields)) {
    if (items.length >= wanted) break;
    const text = fieldText(g, type, f, depth);
    if (text) items.push(text);
  }
  if (!items.length || chance(g, 0.1)) items.push('__typename');
  // A leaf asked twice is one field (graphql-js merges the two).
  const leaves = items.filter((t) => !t.includes('{') && !t.includes('('));
  if (leaves.length && chance(g, 0.15)) items.splice(int(g, 0, items.length), 0, pick(g, leaves));
  return `{ ${group(g, type, items)} }`;
}

/** Puts a run of the items in a fragment, once or twice over. */
function group(g: Gen, type: GraphQLObjectType, items: string[]): string {
  let parts = [...items];
  for (let round = 0; round < 2 && parts.length > 0 && chance(g, 0.45); round++) {
    const start = int(g, 0, parts.length - 1);
    const end = int(g, start + 1, parts.length);
    const inner = parts.slice(start, end).join(' ');
    let wrapped: string;
    if (chance(g, 0.5)) {
      const on = chance(g, 0.7) ? ` on ${type.name}` : '';
      wrapped = `...${on}${directive(g, 0.3)} { ${inner} }`;
    } else {
      const name = `F${g.n++}`;
      g.fragments.push(`fragment ${name} on ${type.name} { ${inner} }`);
      wrapped = `...${name}${directive(g, 0.3)}`;
      if (chance(g, 0.1)) wrapped += ` ...${name}`;
    }
    parts = [...parts.slice(0, start), wrapped, ...parts.slice(end)];
  }
  return parts.join(' ');
}

/**
 * A read-only query over the public schema's root fields (what a partner may ask): one or two of
 * them, or now and then a query made invalid by a typo (refused by both, every time).
 */
function generateQuery(
  seed: number,
  viewer: ViewerName,
  rows: Rows,
): { text: string; variables: Record<string, unknown>; invalid: boolean } {
  for (let attempt = 0; ; attempt++) {
    const g: Gen = {
      rnd: prng(seed * 31 + attempt),
      viewer,
      rows,
      vars: [],
      values: {},
      booleans: [],
      fragments: [],
      aliases: 0,
      directives: 0,
      n: 0,
    };
    const query = SCHEMA.getQueryType()!;
    const roots = Object.values(query.getFields()).filter((f) => PARTNER_ROOT_FIELDS.has(f.name));
    const items: string[] = [];
    for (const f of shuffle(g, roots).slice(0, int(g, 1, 2))) {
      const text = fieldText(g, query, f, 0);
      if (text) items.push(text);
    }
    if (!items.length) continue;
    // Now and then the root's fields in a fragment (which the planned path leaves to Apollo).
    const body = chance(g, 0.04) ? `... on Query { ${items.join(' ')} }` : items.join(' ');
    let text = `query G${seed}${g.vars.length ? `(${g.vars.join(', ')})` : ''} { ${body} }${g.fragments.map((f) => ` ${f}`).join('')}`;
    let invalid = false;
    if (chance(g, 0.04)) {
      // A typo of the kind issue 52 found: a field or argument that does not exist.
      const typo = text.replace(/\b(title|price|borough|name|first|filter|id)\b/, '$1s');
      if (typo !== text) [text, invalid] = [typo, true];
    }
    const errors = validate(SCHEMA, parse(text), RULES);
    if (errors.length === 0 && !invalid) return { text, variables: g.values, invalid };
    if (invalid && errors.length) return { text, variables: g.values, invalid };
    if (attempt > 20) throw new Error(`no valid query from seed ${seed}: ${errors[0]?.message}\n${text}`);
  }
}
