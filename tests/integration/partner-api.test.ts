import { RATE_LIMITS } from '../../server/infra/rate-limits.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPartnerKey,
  hashPartnerKey,
  listPartnerKeys,
  revokePartnerKey,
  shortPartnerKeyId,
} from '../../server/modules/partners/partner-keys.js';
import { PARTNER_USAGE, parsePartnerArgs, runPartnerCommand } from '../../server/modules/partners/partner-command.js';
import { createPartnerDocuments, PARTNER_DOCUMENT_LIMITS, sha256Hex } from '../../server/modules/partners/partner-documents.js';
import { addPhotos, createAgent, createProperty } from '../factories/index.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';

// Partner API keys (issue 12 item 1; docs/decisions/0024-partner-api.md).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

describe.each(transportBackends)('the partner API on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let key = '';
  let listingId = '';

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const { user, agent } = await createAgent(db.prisma, {
      user: { firstName: 'Ana', lastName: 'Reyes', phone: '+15550001111' },
    });
    const p = await createProperty(db.prisma, { userId: user.id, agentId: agent.id }, { title: 'Partner loft' });
    listingId = p.id;
    await addPhotos(db.prisma, p.id, 2);
    key = (await createPartnerKey(db.prisma, 'StreetFeed')).key;
    app = await startTestApp(db);
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const gql = async (query: string, variables: Record<string, unknown> = {}, token = key) => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Body };
  };

  it('keeps only a hash of the key, shows its prefix, and lists keys without them', async () => {
    expect(key).toMatch(/^pk_live_[A-Za-z0-9_-]{43}$/);
    const rows = await db.prisma.partnerKey.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.keyHash).toBe(hashPartnerKey(key));
    expect(JSON.stringify(rows)).not.toContain(key);
    const listed = await listPartnerKeys(db.prisma);
    expect(listed[0]).toMatchObject({ name: 'StreetFeed', prefix: key.slice(0, 16), revokedAt: null });
    expect(listed[0]).not.toHaveProperty('keyHash');
  });

  it('reads public listings, agents and reviews, paging with cursors and by change time', async () => {
    const r = await gql(
      `query P($after: String, $since: DateTime) {
        properties(first: 1, after: $after, filter: { updatedSince: $since }) {
          edges { node { id title price photos { url } agent { displayName rating reviews(first: 5) { score author { firstName } } } } }
          pageInfo { hasNextPage endCursor }
        }
      }`,
      { since: new Date(Date.now() - 3_600_000).toISOString() },
    );
    expect(r.status).toBe(200);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.properties.edges[0].node).toMatchObject({ id: listingId, title: 'Partner loft' });
    expect(r.body.data.properties.edges[0].node.photos).toHaveLength(2);
    const later = await gql(
      `query { properties(filter: { updatedSince: "${new Date(Date.now() + 60_000).toISOString()}" }) { edges { node { id } } } }`,
    );
    expect(later.body.data.properties.edges).toEqual([]);
  });

  it("answers the README's example query", async () => {
    const readme = await import('node:fs/promises').then((fs) => fs.readFile('README.md', 'utf8'));
    const body = /-d '(\{"query":.*\})'/.exec(readme)?.[1];
    expect(body).toBeDefined();
    const r = await gql((JSON.parse(body!) as { query: string }).query);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.properties.edges.map((e: Body) => e.node.id)).toContain(listingId);
  });

  it('refuses personal data, the viewer’s own fields and anything but queries, with a clear code', async () => {
    const personal = await gql(`query { property(id: "${listingId}") { id ownerId agent { email phone } } }`);
    expect(personal.status).toBe(403);
    expect(personal.body.errors[0]).toMatchObject({
      message: 'Not available with a partner API key: Property.ownerId, Agent.email, Agent.phone.',
      extensions: { code: 'FORBIDDEN' },
    });
    expect(personal.body.data).toBeUndefined();
    const me = await gql('query { me { email } }');
    expect(me.status).toBe(403);
    expect(me.body.errors[0].message).toMatch(/Query\.me/);
    const write = await gql(`mutation { setListingStatus(id: "${listingId}", status: INACTIVE) { id } }`);
    expect(write.status).toBe(403);
    expect(write.body.errors[0]).toMatchObject({
      message: 'Partner API keys are read-only, but for their own webhooks: queries and the webhook mutations only.',
    });
    expect((await db.prisma.property.findUniqueOrThrow({ where: { id: listingId } })).status).toBe('ACTIVE');
    // Through a fragment too.
    const sneaky = await gql(`query { agents(first: 1) { edges { node { ...A } } } } fragment A on Agent { phone }`);
    expect(sneaky.status).toBe(403);
  });

  it('revokes a key by the short id `list` shows, or its prefix as listed; an ambiguous name revokes nothing (issue 58 item 13c)', async () => {
    const active = async (id: string) => (await db.prisma.partnerKey.findUniqueOrThrow({ where: { id } })).revokedAt === null;
    const { row } = await createPartnerKey(db.prisma, 'Short Id Co');
    expect((await listPartnerKeys(db.prisma)).some((r) => r.id === row.id)).toBe(true);
    expect(await revokePartnerKey(db.prisma, shortPartnerKeyId(row.id))).toMatchObject({ revoked: { id: row.id } });
    expect(await active(row.id)).toBe(false);
    expect(await revokePartnerKey(db.prisma, shortPartnerKeyId(row.id))).toMatchObject({ alreadyRevoked: { id: row.id } });

    // The prefix as the list prints it, ellipsis included.
    const { row: listed } = await createPartnerKey(db.prisma, 'Prefix Co');
    expect(await revokePartnerKey(db.prisma, `${listed.prefix}…`)).toMatchObject({ revoked: { id: listed.id } });

    // Two keys whose ids begin alike: their common start names both, and revokes neither.
    const twin = (n: number) =>
      db.prisma.partnerKey.create({
        data: {
          id: `abcd1234-0000-4000-8000-00000000000${n}`,
          name: `Twin ${n}`,
          prefix: `pk_live_twin${n}`,
          keyHash: hashPartnerKey(`twin-${n}-${backend}`),
        },
      });
    const [a, b] = [await twin(1), await twin(2)];
    const ambiguous = await revokePartnerKey(db.prisma, shortPartnerKeyId(a.id));
    expect(ambiguous).toMatchObject({ ambiguous: [{ id: a.id }, { id: b.id }] });
    expect(await active(a.id)).toBe(true);
    expect(await active(b.id)).toBe(true);
    expect(await revokePartnerKey(db.prisma, 'abc')).toEqual({ notFound: true }); // too short to name a key
    expect(await revokePartnerKey(db.prisma, b.id)).toMatchObject({ revoked: { id: b.id } });
    expect(await active(a.id)).toBe(true);
    expect(await revokePartnerKey(db.prisma, 'ffffffff')).toEqual({ notFound: true });
  });

  it('refuses unknown, malformed and revoked keys, and partner keys on the REST API', async () => {
    const unknown = await gql('query { __typename }', {}, `pk_live_${'x'.repeat(43)}`);
    expect(unknown.status).toBe(401);
    expect(unknown.body.errors[0]).toMatchObject({
      message: 'Invalid or revoked API key',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    expect((await gql('query { __typename }', {}, 'pk_live_short')).status).toBe(401);
    const rest = await fetch(`${app.url}/api/properties`, { headers: { authorization: `Bearer ${key}` } });
    expect(rest.status).toBe(403);
    // A credential of another scheme is refused, not taken as anonymous (issue 53 item 4), on GraphQL and REST.
    for (const authorization of ['Token abc', `Basic ${Buffer.from('a:b').toString('base64')}`, 'Bearer']) {
      const malformed = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      expect(malformed.status, authorization).toBe(401);
      expect(malformed.headers.get('www-authenticate')).toBe('Bearer');
      expect(((await malformed.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]!.extensions.code).toBe(
        'UNAUTHENTICATED',
      );
      expect((await fetch(`${app.url}/api/properties`, { headers: { authorization } })).status, authorization).toBe(401);
    }

    const other = (await createPartnerKey(db.prisma, 'Revoked Co')).key;
    expect((await gql('query { __typename }', {}, other)).status).toBe(200);
    expect(await revokePartnerKey(db.prisma, other.slice(0, 16))).toMatchObject({ revoked: { name: 'Revoked Co' } });
    // Another instance (no remembered answer) refuses it at once; this one within 30 s.
    const fresh = await startTestApp(db);
    try {
      const res = await fetch(`${fresh.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${other}` },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      expect(res.status).toBe(401);
    } finally {
      await fresh.stop();
    }
  });

  it("lets partners' pages call with a key from any origin, never with cookies; photos may be hot-linked", async () => {
    const partnerOrigin = 'https://apartments.partner.example';
    const preflight = await fetch(`${app.url}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin: partnerOrigin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/);
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();

    const call = (headers: Record<string, string>) =>
      fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: partnerOrigin, ...headers },
        body: JSON.stringify({ query: '{ properties(first: 1) { edges { node { id } } } }' }),
      });
    const withKey = await call({ authorization: `Bearer ${key}` });
    expect(withKey.status).toBe(200);
    expect(withKey.headers.get('access-control-allow-origin')).toBe('*');
    expect(withKey.headers.get('access-control-allow-credentials')).toBeNull();
    // Without a key (anonymous, or a cookie session) the answer is not readable by another origin.
    const anonymous = await call({});
    expect(anonymous.headers.get('access-control-allow-origin')).toBeNull();
    const cookie = await call({ cookie: 'session=anything' });
    expect(cookie.headers.get('access-control-allow-origin')).toBeNull();

    const detail = await gql(`query { property(id: "${listingId}") { photos { url } } }`);
    const photoUrl: string = detail.body.data.property.photos[0].url;
    await app.storage.put(photoUrl.replace(/^\/media\//, ''), Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg');
    const photo = await fetch(`${app.url}${photoUrl}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect((await fetch(`${app.url}/healthz`)).headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('says on every answer what the key has left (RateLimit headers) and what the query cost (extensions.cost) (issue 53 item 3)', async () => {
    expect(RATE_LIMITS.partnerRequests.points).toBeGreaterThanOrEqual(RATE_LIMITS.anonymous.points);
    const own = (await createPartnerKey(db.prisma, 'Budget Feed')).key;
    const query = `query Page($first: Int!) { properties(first: $first) { edges { node { id photos { url } } } pageInfo { hasNextPage } } }`;
    const first = await gql(query, { first: 10 }, own);
    expect(first.status).toBe(200);
    const limit = RATE_LIMITS.partnerRequests.points;
    expect(first.headers.get('ratelimit-policy')).toBe(`${limit};w=60`);
    expect(first.headers.get('ratelimit')).toMatch(new RegExp(`^limit=${limit}, remaining=${limit - 1}, reset=\\d+$`));
    const cost = first.body.extensions.cost;
    // Asked: 10 × (the connection 1 + edges 1 + node 1 + 10 photos) + pageInfo 1 (inside the page) = 10 × (1 + 1 + 1 + 10 + 1).
    expect(cost.requested).toBe(140);
    // Held: the connection, 1 edge, its node, its 2 photos and pageInfo.
    expect(first.body.data.properties.edges).toHaveLength(1);
    expect(cost.actual).toBe(6);
    expect(cost.maximum).toBe(3_000);
    expect(cost.budget).toMatchObject({ limit, remaining: limit - 1, windowSeconds: 60 });
    expect(cost.budget.resetSeconds).toBeGreaterThan(0);
    expect(cost.budget.resetSeconds).toBeLessThanOrEqual(60);
    // The second answer (the planned path's, for a document it has seen) says the same, one request fewer left.
    const second = await gql(query, { first: 10 }, own);
    expect(second.headers.get('ratelimit')).toMatch(new RegExp(`^limit=${limit}, remaining=${limit - 2}, `));
    expect(second.body.extensions.cost).toMatchObject({ requested: 140, actual: 6, budget: { remaining: limit - 2 } });
    expect(second.body.data).toEqual(first.body.data);
    // A refusal carries them too.
    const refused = await gql('query { me { email } }', {}, own);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('ratelimit')).toMatch(new RegExp(`remaining=${limit - 3}, `));
    // Not on answers to anyone else.
    const anonymous = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(((await anonymous.json()) as Body).extensions).toBeUndefined();
  });

  it('persists a partner’s query and answers it by hash alone, by GET too, cacheable by a CDN per key (issue 53 item 4)', async () => {
    const own = (await createPartnerKey(db.prisma, 'CDN Feed')).key;
    const query = `query Loft($id: ID!) { property(id: $id) { id title } }`;
    const hash = sha256Hex(query);
    const persisted = { persistedQuery: { version: 1, sha256Hash: hash } };
    const get = (params: Record<string, unknown>, token: string | null = own) =>
      fetch(`${app.url}/graphql?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)]))}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    // Unknown yet: said so (Apollo's persisted-query links then send the text with the hash).
    const unknown = await get({ extensions: persisted, variables: { id: listingId } });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as Body).errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    // A text that is not the hash's is refused and not kept.
    const wrong = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${own}` },
      body: JSON.stringify({ query: '{ __typename }', variables: {}, extensions: persisted }),
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as Body).errors[0]).toMatchObject({
      message: 'The sha256Hash is not the SHA-256 of the query sent with it.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    // The text with its hash: answered, and kept.
    const first = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${own}` },
      body: JSON.stringify({ query, variables: { id: listingId }, extensions: persisted }),
    });
    expect(first.status).toBe(200);
    const answer = ((await first.json()) as Body).data;
    expect(answer).toEqual({ property: { id: listingId, title: 'Partner loft' } });
    // Then by hash alone, with GET: the same answer, public for a minute, kept apart per key.
    const byGet = await get({ extensions: persisted, variables: { id: listingId } });
    const byGetBody = (await byGet.clone().json()) as Body;
    expect(byGet.status, JSON.stringify(byGetBody)).toBe(200);
    expect(((await byGet.json()) as Body).data).toEqual(answer);
    expect(byGet.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60');
    expect(byGet.headers.get('vary')).toMatch(/Authorization/);
    expect(byGet.headers.get('ratelimit')).toMatch(/^limit=/);
    // Another key names it by hash too (a text is the same whoever sent it); by POST as well.
    const byOther = await get({ extensions: persisted, variables: { id: listingId } }, key);
    expect(((await byOther.json()) as Body).data).toEqual(answer);
    const byPost = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${own}` },
      body: JSON.stringify({ variables: { id: listingId }, extensions: persisted }),
    });
    expect(((await byPost.json()) as Body).data).toEqual(answer);
    // An error is never public.
    const failed = await get({ extensions: persisted, variables: {} });
    expect(((await failed.json()) as Body).errors.length).toBeGreaterThan(0);
    expect(failed.headers.get('cache-control') ?? '').not.toMatch(/public/);
    // Without a key, a partner's hash names nothing.
    const anonymous = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost' },
      body: JSON.stringify({ variables: { id: listingId }, extensions: persisted }),
    });
    expect(((await anonymous.json()) as Body).errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it(`persists at most ${PARTNER_DOCUMENT_LIMITS.perKey} queries for one key, and none too long`, async () => {
    const { row } = await createPartnerKey(db.prisma, 'Many Queries Co');
    const docs = createPartnerDocuments(db.prisma);
    const texts = Array.from({ length: PARTNER_DOCUMENT_LIMITS.perKey }, (_, i) => `query Q${i} { __typename }`);
    for (const text of texts) expect(await docs.persist(row.id, sha256Hex(text), text)).toBe('persisted');
    const one = 'query Over { __typename }';
    expect(await docs.persist(row.id, sha256Hex(one), one)).toBe('tooMany');
    // Again the same text: kept already, nothing added.
    expect(await docs.persist(row.id, sha256Hex(texts[0]!), texts[0]!)).toBe('persisted');
    expect(await db.prisma.partnerDocument.count({ where: { keyId: row.id } })).toBe(PARTNER_DOCUMENT_LIMITS.perKey);
    const long = `query Long { __typename ${' '.repeat(PARTNER_DOCUMENT_LIMITS.maxLength)} }`;
    const other = (await createPartnerKey(db.prisma, 'Long Query Co')).row;
    expect(await docs.persist(other.id, sha256Hex(long), long)).toBe('tooLong');
  });

  it('answers the same bad value with the same code, written in the document or sent as a variable (issue 53 item 4)', async () => {
    for (const bad of ['2026-13-45', 'yesterday', '+099999-01-01T00:00:00Z']) {
      const inline = await gql(`query { properties(filter: { updatedSince: "${bad}" }) { edges { node { id } } } }`);
      const variable = await gql('query Q($d: DateTime) { properties(filter: { updatedSince: $d }) { edges { node { id } } } }', {
        d: bad,
      });
      expect([inline.status, variable.status], bad).toEqual([400, 400]);
      expect(inline.body.errors[0].extensions.code, `${bad}: ${JSON.stringify(inline.body)}`).toBe('BAD_USER_INPUT');
      expect(variable.body.errors[0].extensions.code, bad).toBe('BAD_USER_INPUT');
    }
    // `property` asked for nothing is the caller's mistake too, not a listing that does not exist.
    const nothing = await gql('query { property { id } }');
    expect(nothing.body.errors[0]).toMatchObject({
      message: 'Give the listing’s id or slug.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(nothing.body.data).toEqual({ property: null });
  });

  it('says in the schema which fields a key may never read (issue 53 item 4)', async () => {
    const r = await gql('{ __type(name: "Agent") { fields { name description } } }');
    const fields = new Map<string, string>(r.body.data.__type.fields.map((f: Body) => [f.name, f.description ?? '']));
    for (const denied of ['email', 'phone', 'viewerRating'])
      expect(fields.get(denied)).toMatch(/Never readable with a partner API key/);
    expect(fields.get('displayName')).not.toMatch(/partner API key/);
  });

  it('advertises paging backwards only where it works (issue 53 item 4)', async () => {
    const r = await gql(
      '{ q: __type(name: "Query") { fields { name args { name } } } a: __type(name: "Agent") { fields { name args { name } } } }',
    );
    const argsOf = (type: Body, field: string) => type.fields.find((f: Body) => f.name === field).args.map((a: Body) => a.name);
    for (const field of ['properties', 'listingChanges', 'savedProperties', 'myReviews']) {
      expect(argsOf(r.body.data.q, field)).not.toContain('last');
      expect(argsOf(r.body.data.q, field)).not.toContain('before');
    }
    expect(argsOf(r.body.data.q, 'agents')).toEqual(expect.arrayContaining(['before', 'last']));
    expect(argsOf(r.body.data.a, 'listings')).toEqual(expect.arrayContaining(['before', 'last']));
    // Where they are advertised they work; where not, they are refused plainly.
    const backwards = await gql('{ agents(last: 1) { edges { node { id } } pageInfo { hasPreviousPage } } }');
    expect(backwards.body.errors).toBeUndefined();
    expect(backwards.body.data.agents.edges).toHaveLength(1);
    const refused = await gql('{ properties(last: 1) { edges { node { id } } } }');
    expect(refused.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('refuses a query too deep or with too many aliases plainly, not as a syntax error, with the limit', async () => {
    let deep = '{ id }';
    for (let i = 0; i < 6; i++) deep = `{ agent { listings(first: 1) { edges { node ${deep} } } } }`;
    const tooDeep = await gql(`query { property(id: "${listingId}") ${deep} }`);
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.errors[0].message).toMatch(/^Query depth limit of 10 exceeded/);
    expect(tooDeep.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: __typename`).join(' ');
    const tooMany = await gql(`query { ${aliases} }`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0].message).not.toMatch(/Syntax Error/);
    expect(tooMany.body.errors[0].message).toMatch(/15/);
  });

  it(`answers ${RATE_LIMITS.partnerRequests.points} requests a minute per key, then 429 with Retry-After`, async () => {
    const own = (await createPartnerKey(db.prisma, 'Busy Feed')).key;
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.partnerRequests.points; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, RATE_LIMITS.partnerRequests.points - i) }, () => gql('query { __typename }', {}, own)),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const over = await gql('query { __typename }', {}, own);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.headers.get('ratelimit')).toMatch(
      new RegExp(`^limit=${RATE_LIMITS.partnerRequests.points}, remaining=0, reset=[1-9]`),
    );
    expect(over.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    // Another key is not held back.
    expect((await gql('query { __typename }')).status).toBe(200);
  });
});

describe('npm run partner (the command over a database; commands.test.ts runs the process beside the app)', () => {
  it('creates a key shown once, lists it and revokes it', async () => {
    const db = await createTestDatabase('pglite');
    try {
      const cli = async (...args: string[]) => {
        const parsed = parsePartnerArgs(args);
        if (!parsed) return { stdout: PARTNER_USAGE, exitCode: 1 };
        const { lines, exitCode } = await runPartnerCommand(db.prisma, parsed);
        return { stdout: lines.join('\n'), exitCode };
      };
      const made = await cli('create', 'Acme', 'Listings');
      const key = /pk_live_[A-Za-z0-9_-]{43}/.exec(made.stdout)?.[0];
      expect(key).toBeDefined();
      expect(made.stdout).toContain("for 'Acme Listings'");
      const listed = await cli('list');
      expect(listed.stdout).toContain(key!.slice(0, 16));
      expect(listed.stdout).not.toContain(key!);
      // Revoked by the short id the list shows first on the key's line (issue 58 item 13c).
      const line = listed.stdout.split('\n').find((l) => l.includes(key!.slice(0, 16)))!;
      const shortId = line.trim().split(/\s+/)[0]!;
      expect(shortId).toMatch(/^[0-9a-f]{8}$/);
      expect(await cli('revoke', shortId)).toMatchObject({
        stdout: expect.stringMatching(new RegExp(`Revoked key ${shortId}`)),
        exitCode: 0,
      });
      expect(await cli('revoke', shortId)).toMatchObject({ stdout: expect.stringContaining('already revoked'), exitCode: 1 });
      expect((await cli('list')).stdout).toMatch(/revoked/);
      expect(await cli('create')).toMatchObject({ stdout: expect.stringContaining('Usage: npm run partner'), exitCode: 1 });
      expect(parsePartnerArgs(['delete', 'x'])).toBeUndefined();
    } finally {
      await db.close();
    }
  });
});
