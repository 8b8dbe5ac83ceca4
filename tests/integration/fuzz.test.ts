/**
 * Bad input, fuzzed (issue 12 item 5): generated invalid and boundary values sent through real HTTP
 * to every GraphQL mutation (enumerated from the schema, values built from each argument's type) and
 * every REST call under /api. Each answer must be a clear 4xx or GraphQL errors with client codes
 * (never a 500 or INTERNAL_SERVER_ERROR), no stored row may change, and the server keeps serving.
 *
 * The seed is printed before the run; replay a failure with
 *   FUZZ_SEED=<seed> npx vitest run tests/integration/fuzz.test.ts
 * (add TEST_DATABASE_URL=postgresql://… to replay it on PostgreSQL too).
 */
import fc from 'fast-check';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  type GraphQLArgument,
  type GraphQLEnumType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSchema } from '../../server/graphql/schema.js';
import { createPartnerKey } from '../../server/modules/partners/partner-keys.js';
import { addPhotos, createAgent, createProperty } from '../factories/index.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { changedTables, tableSnapshotter, type TableSnapshot } from '../setup/table-snapshot.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
type Json = unknown;
const ORIGIN = 'http://localhost:5173';

// Tests may read their own variables (the app reads only server/env.ts).
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
/** Runs a property gets: modest, so the file stays well under a minute a backend. */
const RUNS = 12;

/** The codes a refused call may carry: all the client's doing, none a server failure. */
const CLIENT_CODES = new Set([
  'BAD_USER_INPUT',
  'GRAPHQL_VALIDATION_FAILED',
  'GRAPHQL_PARSE_FAILED',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
]);

/** Longer than any text field allows (the longest, a listing's description, is far shorter). */
const OVERLONG = 70_000;
/** Over the 256 KB GraphQL and REST body limits. */
const OVER_BODY_LIMIT = 300 * 1024;

// ---------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------

const FRAGMENTS = [
  "' OR '1'='1",
  '\'; DROP TABLE "Property"; --',
  '1; DELETE FROM "User" WHERE 1=1',
  '\' UNION SELECT id, email FROM "User" --',
  '"); SELECT pg_sleep(5); --',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("return process")()}}',
  '${7*7}',
  '__proto__',
  'constructor',
  '../../../../etc/passwd',
  '\u0000',
  'a\u0000b',
  '\u202e\u200b\ufeff',
  '\ud800',
  '\udfff\ud800',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǵ̶̛o',
  '\r\n\t\v\f\b',
  ' ',
  '',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
];
const controlChars = fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)), maxLength: 20 });
const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...FRAGMENTS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  controlChars,
  fc.tuple(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 10 })).map(([a, b]) => a + b),
);
/** Beyond every field's limit (assumed invalid; a field accepting it would be a finding). */
const overlongString = fc
  .tuple(fc.integer({ min: OVERLONG, max: OVERLONG + 5_000 }), fc.constantFrom('x', 'é', '漢', '<', "'"))
  .map(([n, c]) => c.repeat(n));
/** An id nothing has: the fixtures' ids are cuids and UUIDs, their slugs "test-listing-…". */
const unknownId: fc.Arbitrary<string> = fc.oneof(
  hostileString.filter((s) => !s.startsWith('test-listing')),
  fc.uuid(),
  fc.constantFrom('0', '-1', '9999999999', 'c'.repeat(25), 'x'.repeat(5000)),
);
const boundaryInt = fc.oneof(fc.constantFrom(-1, 0, 1, -(2 ** 31), 2 ** 31 - 1, -2147483647, 999999999), fc.integer());
const boundaryFloat = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.1, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 0.30000000000000004),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
/** Numbers a 32-bit Int refuses (NaN and the infinities become null in JSON). */
const notAnInt = fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 1e308, 1.5, -0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53 + 2);
const anyJson = fc.jsonValue({ maxDepth: 2 });

// ---------------------------------------------------------------------------------------------
// Values from GraphQL types
// ---------------------------------------------------------------------------------------------

/** A value of the right GraphQL type but hostile content, or a boundary (IDs never exist). */
function plausible(type: GraphQLInputType, depth = 0): fc.Arbitrary<Json> {
  if (isNonNullType(type)) return plausible(type.ofType, depth);
  if (isListType(type)) return fc.array(plausible(type.ofType, depth + 1), { maxLength: depth > 1 ? 1 : 3 });
  if (isEnumType(type)) return fc.constantFrom(...type.getValues().map((v) => v.name));
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    const model: Record<string, fc.Arbitrary<Json>> = {};
    for (const f of fields) model[f.name] = plausible(f.type, depth + 1);
    const required = fields.filter((f) => isNonNullType(f.type)).map((f) => f.name);
    return fc.record(model, { requiredKeys: required });
  }
  switch (type.name) {
    case 'ID':
      return unknownId;
    case 'Int':
      return boundaryInt;
    case 'Float':
      return boundaryFloat;
    case 'Boolean':
      return fc.boolean();
    case 'Date':
    case 'DateTime':
      return fc.oneof(hostileString, extremeInstant);
    default:
      // String (a page cursor among them).
      return fc.oneof(
        { weight: 6, arbitrary: hostileString },
        { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
        { weight: 2, arbitrary: forgedCursor },
      );
  }
}

/** Instants JavaScript parses but a database timestamp or a four-digit year cannot hold. */
const extremeInstant = fc.constantFrom(
  '+099999-01-01T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '2026-02-30',
  '1970-01-01',
);
/** A cursor's value a column cannot hold (1e20 as a price was a 500), or of the wrong kind. */
const forgedValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom(1e20, -1e20, 2 ** 31, -(2 ** 40), 1.5, -0, '+099999-01-01T00:00:00Z', [null, '+099999-01-01T00:00:00Z']),
  fc.constantFrom([1e20, 2], ['2026-01-01T00:00:00Z', '-000001-01-01T00:00:00Z'], [null, '+275760-09-13T00:00:00Z'], { a: 1 }),
  boundaryFloat,
);
/** A page cursor of the right shape carrying a forged value: the search's, the reviews' and saved listings', the messages'. */
const forgedCursor = fc.oneof(
  fc
    .record({
      k: fc.constantFrom('search', 'reviews'),
      s: fc.constantFrom('newest', 'price_low', 'price_high', 'popular', 'commute', 'recently_reduced', 'x'),
      v: forgedValue,
      id: fc.oneof(fc.uuid(), hostileString),
    })
    .map((c) => Buffer.from(JSON.stringify(c)).toString('base64url')),
  fc
    .record({
      k: fc.constantFrom('reviews', 'saved', 'messages', 'threads', 'search'),
      t: fc.oneof(extremeInstant, forgedValue),
      id: fc.uuid(),
    })
    .map((c) => Buffer.from(JSON.stringify(c)).toString('base64url')),
  fc.tuple(extremeInstant, fc.uuid()).map(([t, id]) => Buffer.from(`${t}|${id}`).toString('base64url')),
);

/**
 * A value that must be refused wherever it stands: the wrong type, null for a non-null, an unknown
 * enum value, an extra key, an Int out of range, an overlong string, an unknown id.
 */
function poison(type: GraphQLInputType, depth = 0): fc.Arbitrary<Json> {
  const options: Array<fc.Arbitrary<Json>> = [];
  if (isNonNullType(type)) {
    options.push(fc.constant(null));
    type = type.ofType;
  }
  if (isListType(type)) {
    // One element poisoned (a single value is coerced to a list, so the element is what matters).
    options.push(
      fc
        .tuple(poison(type.ofType, depth + 1), fc.array(plausible(type.ofType, depth + 1), { maxLength: 2 }))
        .map(([p, rest]) => [...rest, p]),
    );
    return fc.oneof(...options);
  }
  if (isEnumType(type)) {
    const names = new Set(type.getValues().map((v) => v.name));
    options.push(
      hostileString.filter((s) => !names.has(s)),
      fc.constantFrom(...[...names].map((n) => n.toLowerCase())),
      fc.constantFrom(0, 1, true, {}, ['X']),
    );
    return fc.oneof(...options);
  }
  if (isInputObjectType(type)) {
    const fields = type.getFields();
    const names = Object.keys(fields);
    options.push(
      fc.oneof(hostileString, fc.integer(), fc.constant([1, 2]), fc.boolean()),
      // An extra key (GraphQL refuses fields the input type does not have).
      fc
        .tuple(
          plausible(type, depth),
          hostileString.filter((k) => !names.includes(k)),
          anyJson,
        )
        .map(([v, k, x]) => ({ ...(v as object), [k === '' ? 'extra' : k]: x })),
    );
    if (depth < 3)
      options.push(
        // One field poisoned, the others plausible.
        fc
          .constantFrom(...names)
          .chain((name) =>
            fc
              .tuple(plausible(type, depth), poison(fields[name]!.type, depth + 1))
              .map(([v, p]) => ({ ...(v as object), [name]: p })),
          ),
      );
    return fc.oneof(...options);
  }
  switch (type.name) {
    case 'ID':
      options.push(unknownId, fc.constantFrom(true, 1.5, {}, [['a']], { id: 'x' }));
      break;
    case 'Int':
      options.push(notAnInt, fc.constantFrom('1', '', 'one', true, {}, [1]));
      break;
    case 'Float':
      options.push(fc.constantFrom('1.5', '', 'NaN', 'Infinity', true, {}, [1]));
      break;
    case 'Boolean':
      options.push(fc.constantFrom('true', 'false', 1, 0, {}, [true]));
      break;
    default:
      options.push(overlongString, fc.constantFrom(1, 1.5, true, {}, ['a'], { toString: 'x' }));
  }
  return fc.oneof(...options);
}

function typeSource(type: GraphQLInputType): string {
  return type.toString();
}

/** The operation calling a mutation with every argument as a variable. */
function operationFor(field: GraphQLField<unknown, unknown>): string {
  const vars = field.args.map((a) => `$${a.name}: ${typeSource(a.type)}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const named = getNamedType(field.type);
  const selection = isLeafType(named) ? '' : ' { __typename }';
  return `mutation Fuzz${vars ? `(${vars})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
}

/** The operation reading a query or subscription field with every argument as a variable. */
function readOperationFor(kind: 'query' | 'subscription', field: GraphQLField<unknown, unknown>): string {
  return operationFor(field).replace(/^mutation/, kind);
}

/** Variables of the right types with hostile content: what a read must answer without failing. */
function plausibleVariables(args: readonly GraphQLArgument[]): fc.Arbitrary<Record<string, Json>> {
  const model: Record<string, fc.Arbitrary<Json>> = {};
  for (const a of args) model[a.name] = plausible(a.type);
  return fc.record(model, { requiredKeys: args.filter((a) => isNonNullType(a.type)).map((a) => a.name) });
}

/** Variables with at least one argument poisoned (ID arguments never name anything that exists). */
function variablesFor(args: readonly GraphQLArgument[]): fc.Arbitrary<Record<string, Json>> {
  if (args.length === 0) return fc.constant({});
  return fc.nat({ max: args.length - 1 }).chain((k) => {
    const model: Record<string, fc.Arbitrary<Json>> = {};
    args.forEach((a, i) => {
      model[a.name] = i === k ? poison(a.type) : plausible(a.type);
    });
    return fc.record(model, { requiredKeys: args.filter((a, i) => i === k || isNonNullType(a.type)).map((a) => a.name) });
  });
}

// ---------------------------------------------------------------------------------------------
// REST routes
// ---------------------------------------------------------------------------------------------

interface RestRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: (id: string) => string;
  /** Body keys the route reads (the fuzzer also sends others). */
  keys?: string[];
  /** Keys holding ids (always unknown ones). */
  idKeys?: string[];
  /**
   * A call that changes nothing and may answer 200 even to bad input: sign-out (it clears a cookie
   * the caller may not have; the fuzzer calls it signed out only, so no session is revoked), the
   * phone lookup of sign-up (it keeps a draft only for an identity signing up, which the fuzzer's are
   * not) and the password reset request (202 to any address). The table snapshots still prove nothing
   * changed.
   */
  noop?: boolean;
  signedOutOnly?: boolean;
}

const LISTING_KEYS = [
  'title',
  'address',
  'neighborhood',
  'borough',
  'price',
  'bedrooms',
  'bathrooms',
  'propertyType',
  'listingType',
  'availableDate',
  'leaseTerm',
  'status',
  'description',
  'photos',
  'amenities',
  'location',
  'openHouses',
  'concession',
  'concessionMonthsFree',
  'concessionLeaseMonths',
  'concessionTerms',
];
const READS: RestRoute[] = [
  { method: 'GET', path: () => '/api/client-config' },
  { method: 'GET', path: () => '/api/auth/signup' },
  { method: 'GET', path: () => '/api/properties' },
  { method: 'GET', path: (id) => `/api/properties/${id}` },
  { method: 'GET', path: (id) => `/api/agents/${id}` },
  { method: 'GET', path: (id) => `/api/open-houses/${id}/calendar.ics` },
  { method: 'GET', path: () => '/api/tours' },
  { method: 'GET', path: (id) => `/api/tours/${id}/calendar.ics` },
  { method: 'GET', path: () => '/api/me/saved-listings' },
  { method: 'GET', path: () => '/api/me/listings' },
  { method: 'GET', path: () => '/api/listings/stats' },
  { method: 'GET', path: () => '/api/threads' },
  { method: 'GET', path: () => '/api/messages' },
  { method: 'GET', path: () => '/api/conversations' },
  { method: 'GET', path: () => '/api/reviews' },
  { method: 'GET', path: (id) => `/api/no-such-route/${id}` },
];
const WRITES: RestRoute[] = [
  { method: 'POST', path: () => '/api/auth/session', keys: ['idToken'] },
  // Signed out only: with a valid Bearer token it rightly mints a session (its body is ignored).
  { method: 'POST', path: () => '/api/token', signedOutOnly: true },
  { method: 'POST', path: () => '/api/auth/signout', noop: true, signedOutOnly: true },
  { method: 'POST', path: () => '/api/auth/check-phone', keys: ['phone', 'firstName', 'lastName', 'role'], noop: true },
  { method: 'POST', path: () => '/api/auth/password-reset', keys: ['email'], noop: true },
  { method: 'POST', path: () => '/api/auth/complete-signup', keys: ['uid', 'firstName', 'lastName', 'email', 'phone', 'role'] },
  { method: 'POST', path: (id) => `/api/me/saved-listings/${id}` },
  { method: 'DELETE', path: (id) => `/api/me/saved-listings/${id}` },
  { method: 'POST', path: () => '/api/properties', keys: LISTING_KEYS },
  { method: 'PATCH', path: (id) => `/api/properties/${id}/status`, keys: ['status'] },
  { method: 'PATCH', path: (id) => `/api/properties/${id}`, keys: LISTING_KEYS },
  { method: 'DELETE', path: (id) => `/api/properties/${id}` },
  {
    method: 'POST',
    path: () => '/api/threads',
    keys: ['propertySlug', 'propertyId', 'agentId', 'firstMessage', 'subject'],
    idKeys: ['propertySlug', 'propertyId', 'agentId'],
  },
  // Open-house RSVPs (issue 27): the id in the path names no open house.
  { method: 'POST', path: (id) => `/api/open-houses/${id}/rsvp`, keys: ['waitlist'] },
  { method: 'DELETE', path: (id) => `/api/open-houses/${id}/rsvp` },
  // Tour requests (issue 27): no listing or tour is named by a real id.
  { method: 'POST', path: () => '/api/tours', keys: ['listing_id', 'windows', 'note'], idKeys: ['listing_id'] },
  { method: 'POST', path: (id) => `/api/tours/${id}/confirm`, keys: ['window_id'], idKeys: ['window_id'] },
  { method: 'POST', path: (id) => `/api/tours/${id}/propose`, keys: ['starts_at', 'ends_at'] },
  { method: 'POST', path: (id) => `/api/tours/${id}/decline`, keys: ['reason'] },
  { method: 'POST', path: (id) => `/api/tours/${id}/cancel` },
  {
    method: 'POST',
    path: () => '/api/messages',
    keys: ['fromUserId', 'toUserId', 'propertyId', 'subject', 'content'],
    idKeys: ['toUserId', 'propertyId'],
  },
  {
    method: 'POST',
    path: () => '/api/reviews',
    keys: ['agentId', 'rating', 'score', 'comment', 'propertyId', 'communication', 'subscores'],
    idKeys: ['agentId', 'propertyId'],
  },
  { method: 'POST', path: (id) => `/api/reviews/${id}/reply`, keys: ['reply'] },
  { method: 'POST', path: (id) => `/api/reviews/${id}/report`, keys: ['reason', 'details'] },
  { method: 'DELETE', path: () => '/api/uploads' },
  { method: 'POST', path: () => '/api/uploads' },
];
const QUERY_KEYS = [
  'limit',
  'cursor',
  'search',
  'q',
  'page',
  'status',
  'sort',
  'borough',
  'minPrice',
  'maxPrice',
  'minBeds',
  'pets',
  'bounds',
  'role',
  'targetUserId',
  'userId',
  'threadId',
  'agentId',
  'propertyId',
  'url',
  'updatedSince',
  'neighborhood',
  'propertyType',
];

/** A path segment: hostile text percent-encoded, or raw junk (malformed escapes, traversal). */
const pathId = fc.oneof(
  unknownId.map((s) => encodeURIComponent(Buffer.from(s, 'utf8').toString('utf8'))),
  fc.constantFrom('%', '%zz', '%E0%A4%A', '..%2F..%2Fetc%2Fpasswd', '%00', '%C0%AE', 'a%2Fb', '~', "'"),
);
const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...QUERY_KEYS), hostileString),
      fc.oneof(
        hostileString,
        fc.constantFrom('-1', '0', '1e9', '99999999999999999999', 'NaN', '1.5', '[]', '{}', 'true'),
        overlongString.map((s) => s.slice(0, 3000)),
      ),
    ),
    { maxLength: 5 },
  )
  .map((pairs) => {
    const q = new URLSearchParams();
    for (const [k, v] of pairs) q.append(k, v); // repeated keys arrive as arrays
    return q.toString();
  });

type Sent = { contentType?: string; body?: string };
function restBody(route: RestRoute): fc.Arbitrary<Sent> {
  const keys = route.keys ?? [];
  const valued = fc.oneof(
    hostileString,
    boundaryInt,
    boundaryFloat,
    anyJson,
    overlongString.map((s) => s.slice(0, 20_000)),
  );
  const object =
    keys.length > 0
      ? fc
          .tuple(
            fc.dictionary(fc.constantFrom(...keys), valued, { maxKeys: keys.length }),
            fc.constantFrom(...keys),
            fc.oneof(overlongString, fc.constantFrom(null, true, 12, -1, [], {}, [{}])),
            fc.dictionary(hostileString, anyJson, { maxKeys: 2 }),
            fc.record(Object.fromEntries((route.idKeys ?? []).map((k) => [k, unknownId]))),
          )
          // One key poisoned (the wrong type or overlong), ids unknown, extra keys.
          .map(([base, k, p, extra, ids]) => ({ ...extra, ...base, [k]: p, ...ids }))
      : fc.dictionary(hostileString, anyJson, { maxKeys: 3 });
  return fc.oneof(
    object.map((o) => ({ contentType: 'application/json', body: JSON.stringify(o) })),
    anyJson.map((v) => ({ contentType: 'application/json', body: JSON.stringify(v) ?? 'null' })),
    fc
      .constantFrom('{"a":', '{', 'nul', '[1,2', '\u0000', '{"__proto__":{"x":1}}', '"', '{"a":1}}')
      .map((b) => ({ contentType: 'application/json', body: b })),
    fc
      .tuple(
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'application/xml',
          'application/json; charset=latin-7',
          '',
        ),
        hostileString,
      )
      .map(([contentType, b]) => ({ contentType, body: b || 'a=1' })),
    fc.constant({}),
  );
}

// ---------------------------------------------------------------------------------------------

console.log(`fuzz seed ${SEED}: replay with FUZZ_SEED=${SEED} npx vitest run tests/integration/fuzz.test.ts`);

describe.each(transportBackends)('fuzzed bad input on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let renter: TestAccount;
  let agent: TestAccount;
  let listingId: string;
  let partnerKey: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    // A partner key too: it may run its webhook mutations, so it is fuzzed beside people.
    partnerKey = (await createPartnerKey(db.prisma, 'Fuzz partner')).key;
    // Rows the fuzzer must leave alone: listings with photos and accounts of both roles.
    const owner = await createAgent(db.prisma);
    for (let i = 0; i < 2; i++) {
      const p = await createProperty(db.prisma, { userId: owner.user.id, agentId: owner.agent.id });
      await addPhotos(db.prisma, p.id, 2);
      listingId = p.id;
    }
    renter = await createAccount(db.prisma, 'renter');
    agent = await createAccount(db.prisma, 'agent');
    await db.prisma.favorite.create({ data: { userId: renter.uid, propertyId: listingId } });
    app = await startTestApp(db);
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  // Left out: listing views and a user's last-seen time only record reads and presence, which a
  // refused call may still note (a visitor was there); they are not data the call could corrupt.
  let snapshotter: (() => Promise<TableSnapshot>) | undefined;
  // The tables and their columns are read once; each snapshot is then one statement.
  const snapshot = () =>
    (snapshotter ??= tableSnapshotter(db.prisma, {
      exclude: ['ListingView'],
      ignoreColumns: ['User.lastSeenAt', 'User.updatedAt', 'PartnerKey.lastUsedAt'],
    }))();
  const viewers = () => [
    { name: 'renter', headers: renter.bearer },
    { name: 'agent', headers: agent.bearer },
    { name: 'signed out', headers: {} as Record<string, string> },
  ];
  /** GraphQL's callers: people, nobody, and a partner key. */
  const graphqlViewers = () => [...viewers(), { name: 'partner key', headers: { authorization: `Bearer ${partnerKey}` } }];

  async function expectUnchanged(before: TableSnapshot, what: string) {
    const after = await snapshot();
    const changed = changedTables(before, after);
    const detail = changed.map((t) => `${t}: ${JSON.stringify(before[t])} -> ${JSON.stringify(after[t])}`).join('; ');
    expect(changed, `${what}: no stored row changes (${detail})`).toEqual([]);
  }

  function checkGraphql(status: number, text: string, what: string, field?: string, takesNoInput = false) {
    expect(status, `${what}: ${text.slice(0, 300)}`).toBeLessThan(500);
    let body: Body;
    try {
      body = JSON.parse(text);
    } catch {
      expect(status, `${what}: a non-JSON answer is a 4xx`).toBeGreaterThanOrEqual(400);
      return;
    }
    if (status >= 400 && !body.errors) return;
    // A nullable result left null without errors did nothing (recordPropertyView of an unknown listing).
    if (field && !body.errors && body.data && body.data[field] === null) return;
    // A mutation without arguments has no bad input to give it (the variables are extra keys, which
    // GraphQL ignores): it answers as usual, and must still change nothing (markAllNotificationsRead
    // of someone with no notifications).
    if (field && takesNoInput && !body.errors && body.data && body.data[field] !== undefined) return;
    expect(body.errors?.length, `${what}: refused with errors: ${text.slice(0, 300)}`).toBeGreaterThan(0);
    for (const e of body.errors as Body[]) {
      expect(CLIENT_CODES.has(e.extensions?.code), `${what}: client code, got ${JSON.stringify(e).slice(0, 300)}`).toBe(true);
    }
    if (field) expect(body.data?.[field] ?? null, `${what}: no result`).toBeNull();
  }

  const schema = getSchema();
  const mutations = Object.values(schema.getMutationType()!.getFields());

  it('knows every mutation', () => {
    expect(mutations.length).toBeGreaterThanOrEqual(18);
  });

  it.each(mutations.map((m) => [m.name, m] as const))(
    'refuses bad variables to %s cleanly, changing nothing',
    async (name, field) => {
      const query = operationFor(field);
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(variablesFor(field.args), fc.nat({ max: 3 }), async (variables, who) => {
          const viewer = graphqlViewers()[who]!;
          const res = await fetch(`${app.url}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: ORIGIN, ...viewer.headers },
            body: JSON.stringify({ query, variables }),
          });
          checkGraphql(res.status, await res.text(), `${name} as ${viewer.name}`, name, field.args.length === 0);
        }),
        { seed: SEED, numRuns: RUNS },
      );
      await expectUnchanged(before, name);
    },
    60_000,
  );

  // Reads too: plausible values (a forged cursor, a year 99999) and poisoned ones, from every viewer.
  const queries = Object.values(schema.getQueryType()!.getFields()).filter((f) => f.args.length > 0);
  it.each(queries.map((q) => [q.name, q] as const))(
    'answers fuzzed variables to the query %s below 500 with client codes only, changing nothing',
    async (name, field) => {
      const query = readOperationFor('query', field);
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(variablesFor(field.args), plausibleVariables(field.args)),
          fc.nat({ max: 3 }),
          async (variables, who) => {
            const viewer = graphqlViewers()[who]!;
            const res = await fetch(`${app.url}/graphql`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin: ORIGIN, ...viewer.headers },
              body: JSON.stringify({ query, variables }),
            });
            const text = await res.text();
            const what = `${name} ${JSON.stringify(variables).slice(0, 300)} as ${viewer.name}: ${text.slice(0, 300)}`;
            expect(res.status, what).toBeLessThan(500);
            const body = JSON.parse(text) as Body;
            for (const e of (body.errors ?? []) as Body[]) expect(CLIENT_CODES.has(e.extensions?.code), what).toBe(true);
          },
        ),
        { seed: SEED, numRuns: RUNS },
      );
      await expectUnchanged(before, name);
    },
    60_000,
  );

  it('answers what a hostile user once got a 500 for with a 400: a cursor out of range, a year 99999, a subscription over HTTP', async () => {
    const cursor = (c: object) => Buffer.from(JSON.stringify(c)).toString('base64url');
    const id = '00000000-0000-4000-8000-000000000000';
    const sends = [
      {
        query: 'query Q($a: String) { properties(sort: PRICE_LOW, first: 5, after: $a) { edges { node { id } } } }',
        variables: { a: cursor({ k: 'search', s: 'price_low', v: 1e20, id }) },
      },
      {
        query: 'query Q($a: String) { properties(sort: POPULAR, first: 5, after: $a) { edges { node { id } } } }',
        variables: { a: cursor({ k: 'search', s: 'popular', v: -(2 ** 40), id }) },
      },
      {
        query: 'query { properties(filter: { updatedSince: "+099999-01-01T00:00:00Z" }) { edges { node { id } } } }',
      },
      {
        query: 'query Q($d: DateTime) { properties(filter: { updatedSince: $d }) { edges { node { id } } } }',
        variables: { d: '-000001-01-01T00:00:00Z' },
      },
      { query: 'subscription { inboxChanged { id } }' },
    ];
    for (const body of sends) {
      const res = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, ...renter.bearer },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      expect(res.status, `${body.query}: ${text.slice(0, 300)}`).toBe(400);
      const codes = ((JSON.parse(text) as Body).errors as Body[]).map((e) => e.extensions?.code);
      expect(
        codes.every((c) => CLIENT_CODES.has(c)),
        `${body.query}: ${text.slice(0, 300)}`,
      ).toBe(true);
    }
  });

  // The search's own inputs, aimed: a cursor of the page's own sort carrying an extreme value, and
  // instants at the edges of what JavaScript parses. Found the two 500s above.
  it('answers a search with a forged cursor of its own sort, or an extreme updatedSince, below 500', async () => {
    const sortEnum = schema.getType('PropertySort') as GraphQLEnumType;
    const query =
      'query Q($s: PropertySort, $a: String, $d: DateTime) { properties(sort: $s, first: 5, after: $a, filter: { updatedSince: $d }) { edges { node { id } } } }';
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...sortEnum.getValues().map((v) => v.name)),
        fc.oneof(fc.constant(undefined), forgedValue),
        fc.oneof(fc.constant(undefined), extremeInstant),
        fc.uuid(),
        async (sort, v, d, id) => {
          const a =
            v === undefined
              ? undefined
              : Buffer.from(JSON.stringify({ k: 'search', s: sort.toLowerCase(), v, id })).toString('base64url');
          const res = await fetch(`${app.url}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: ORIGIN, ...renter.bearer },
            body: JSON.stringify({ query, variables: { s: sort, a, d } }),
          });
          const text = await res.text();
          const what = `${sort} ${JSON.stringify(v)} ${d}: ${res.status} ${text.slice(0, 300)}`;
          expect(res.status, what).toBeLessThan(500);
          for (const e of ((JSON.parse(text) as Body).errors ?? []) as Body[])
            expect(CLIENT_CODES.has(e.extensions?.code), what).toBe(true);
        },
      ),
      { seed: SEED, numRuns: RUNS * 4 },
    );
  });

  const subscriptions = Object.values(schema.getSubscriptionType()?.getFields() ?? {});
  it('refuses every subscription sent over HTTP with a 400 (they are served on the WebSocket)', async () => {
    expect(subscriptions.length).toBeGreaterThan(0);
    for (const field of subscriptions) {
      const variables = fc.sample(plausibleVariables(field.args), { seed: SEED, numRuns: 1 })[0];
      const res = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, ...renter.bearer },
        body: JSON.stringify({ query: readOperationFor('subscription', field), variables }),
      });
      const text = await res.text();
      expect(res.status, `${field.name}: ${text.slice(0, 300)}`).toBe(400);
      const codes = ((JSON.parse(text) as Body).errors as Body[]).map((e) => e.extensions?.code);
      expect(
        codes.every((c) => CLIENT_CODES.has(c)),
        `${field.name}: ${text.slice(0, 300)}`,
      ).toBe(true);
    }
  });

  it('answers 413 to GraphQL bodies over the limit, and 400 to malformed ones', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...mutations),
        fc.integer({ min: OVER_BODY_LIMIT, max: OVER_BODY_LIMIT * 2 }),
        fc.constantFrom(
          '{"query":',
          'not json',
          '{"query": 1}',
          '{"query": "mutation {"}',
          '{"variables": []}',
          '[]',
          '{"query":"mutation { saveProperty }"}',
        ),
        async (field, size, malformed) => {
          const big = await fetch(`${app.url}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: ORIGIN, ...renter.bearer },
            body: JSON.stringify({ query: operationFor(field), variables: { x: 'y'.repeat(size) } }),
          });
          expect(big.status).toBe(413);
          await big.arrayBuffer();
          const bad = await fetch(`${app.url}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: ORIGIN, ...renter.bearer },
            body: malformed,
          });
          checkGraphql(bad.status, await bad.text(), `malformed ${malformed}`);
          expect(bad.status).toBeGreaterThanOrEqual(400);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    await expectUnchanged(before, 'oversized and malformed GraphQL');
  }, 60_000);

  it.each(READS.map((r) => [`${r.method} ${r.path(':id')}`, r] as const))(
    'answers fuzzed %s below 500, changing nothing',
    async (label, route) => {
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(pathId, queryString, fc.nat({ max: 2 }), async (id, qs, who) => {
          const viewer = viewers()[who]!;
          const res = await fetch(`${app.url}${route.path(id)}${qs ? `?${qs}` : ''}`, {
            headers: { origin: ORIGIN, ...viewer.headers },
          });
          const text = await res.text();
          expect(res.status, `${label} ?${qs.slice(0, 200)} as ${viewer.name}: ${text.slice(0, 300)}`).toBeLessThan(500);
        }),
        { seed: SEED, numRuns: RUNS },
      );
      await expectUnchanged(before, label);
    },
    60_000,
  );

  it.each(WRITES.map((r) => [`${r.method} ${r.path(':id')}`, r] as const))(
    'refuses fuzzed %s with a 4xx, changing nothing',
    async (label, route) => {
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(pathId, restBody(route), queryString, fc.nat({ max: 2 }), async (id, sent, qs, who) => {
          const viewer = route.signedOutOnly ? viewers()[2]! : viewers()[who]!;
          const headers: Record<string, string> = { origin: ORIGIN, ...viewer.headers };
          if (sent.contentType) headers['content-type'] = sent.contentType;
          const res = await fetch(`${app.url}${route.path(id)}${qs ? `?${qs}` : ''}`, {
            method: route.method,
            headers,
            body: sent.body,
          });
          const text = await res.text();
          const what = `${label} ${String(sent.body).slice(0, 200)} as ${viewer.name}: ${res.status} ${text.slice(0, 300)}`;
          expect(res.status, what).toBeLessThan(500);
          if (!route.noop) expect(res.status, what).toBeGreaterThanOrEqual(400);
        }),
        { seed: SEED, numRuns: RUNS },
      );
      await expectUnchanged(before, label);
    },
    60_000,
  );

  it('answers 413 to REST bodies over the limits', async () => {
    const before = await snapshot();
    const bodied = WRITES.filter((r) => r.method !== 'GET' && r.path('x') !== '/api/uploads');
    for (const route of bodied) {
      const res = await fetch(`${app.url}${route.path('x')}`, {
        method: route.method,
        headers: { 'content-type': 'application/json', origin: ORIGIN, ...renter.bearer },
        body: JSON.stringify({ x: 'y'.repeat(OVER_BODY_LIMIT) }),
      });
      await res.arrayBuffer();
      // A rate limit may answer first on the sign-in routes; either way a clean 4xx.
      expect([413, 429], `${route.method} ${route.path('x')}`).toContain(res.status);
    }
    await expectUnchanged(before, 'oversized REST bodies');
  });

  it('refuses a NUL character in any GraphQL value before the database sees it (it cannot be stored)', async () => {
    const before = await snapshot();
    const sends = [
      { query: 'mutation S($id: ID!) { saveProperty(id: $id) { __typename } }', variables: { id: 'a\u0000b' } },
      { query: 'mutation { deleteListing(id: "a\\u0000b") { __typename } }' },
      { query: 'query Q($id: ID!) { property(id: $id) { id } }', variables: { id: `${listingId}\u0000` } },
    ];
    for (const body of sends) {
      const res = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, ...agent.bearer },
        body: JSON.stringify(body),
      });
      expect(res.status, body.query).toBe(400);
      expect(((await res.json()) as Body).errors[0].extensions.code).toBe('BAD_USER_INPUT');
    }
    // The database connection is intact (a NUL reaching PGlite used to drop it).
    const ok = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ query: `query { property(id: "${listingId}") { id } }` }),
    });
    expect(((await ok.json()) as Body).data.property.id).toBe(listingId);
    await expectUnchanged(before, 'NUL values');
  });

  it('refuses a NUL character reaching the database from a REST path, query or body with a 400, the connection intact', async () => {
    const before = await snapshot();
    const sends = [
      { method: 'GET', path: '/api/properties/%00', headers: {} },
      { method: 'GET', path: `/api/agents/a%00b`, headers: {} },
      { method: 'POST', path: '/api/me/saved-listings/%00', headers: renter.bearer },
      { method: 'PATCH', path: `/api/properties/${listingId}%00/status`, headers: agent.bearer, body: { status: 'RENTED' } },
    ];
    for (const send of sends) {
      const res = await fetch(`${app.url}${send.path}`, {
        method: send.method,
        headers: { 'content-type': 'application/json', origin: ORIGIN, ...send.headers },
        body: send.body ? JSON.stringify(send.body) : undefined,
      });
      const text = await res.text();
      expect(res.status, `${send.method} ${send.path}: ${text}`).toBe(400);
      expect(JSON.parse(text).code, `${send.method} ${send.path}`).toBe('BAD_USER_INPUT');
    }
    // Nothing queued behind them failed: the same connection answers the next read.
    const ok = await fetch(`${app.url}/api/properties/${listingId}`, { headers: { origin: ORIGIN } });
    expect(ok.status).toBe(200);
    await expectUnchanged(before, 'NUL in REST');
  });

  it('keeps serving: a normal query and a normal REST read still answer after the run', async () => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...renter.bearer },
      body: JSON.stringify({ query: `query { property(id: "${listingId}") { id title } }` }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Body;
    expect(body.errors).toBeUndefined();
    expect(body.data.property.id).toBe(listingId);
    const rest = await fetch(`${app.url}/api/properties/${listingId}`);
    expect(rest.status).toBe(200);
    const saved = await fetch(`${app.url}/api/me/saved-listings`, { headers: renter.bearer });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as Body).items.map((i: Body) => i.id)).toContain(listingId);
  });
});
