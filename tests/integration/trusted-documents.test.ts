import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadEnv } from '../../server/env.js';
import { loadTrustedDocuments } from '../../server/graphql/trusted-documents.js';
import { createPartnerKey } from '../../server/modules/partners/partner-keys.js';
import { addPhotos, createAgent, createProperty } from '../factories/index.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';
import { TEST_ORIGIN } from '../setup/ws-client.js';

// Trusted documents (issue 12 item 2; docs/decisions/0025-trusted-documents.md): with
// TRUSTED_DOCUMENTS_ONLY (production's default) anonymous, cookie and signed-in traffic runs only the
// client build's persisted documents, named by hash; partner keys may send their own queries.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

const docs = loadTrustedDocuments({ required: true });
const manifest = Object.entries(
  (await import('../../client/src/gql/persisted-documents.json', { with: { type: 'json' } })).default as Record<string, string>,
);
/** The bare hash of the client's operation with this name. */
function hashOf(operation: string): string {
  const found = manifest.find(([, text]) => new RegExp(`\\b(query|mutation|subscription) ${operation}\\b`).test(text));
  if (!found) throw new Error(`no persisted document for ${operation}`);
  return found[0].replace(/^sha256:/, '');
}
const persisted = (operation: string) => ({ persistedQuery: { version: 1, sha256Hash: hashOf(operation) } });
const SEARCH_VARS = { first: 12, withCount: true, filter: {}, sort: 'NEWEST' };
const ARBITRARY = '{ properties(first: 1) { totalCount } }';

describe('the manifest', () => {
  it('is what codegen wrote for the client: every operation under its sha256', () => {
    expect(docs.size).toBe(manifest.length);
    expect(docs.size).toBeGreaterThan(30);
    const [key, text] = manifest[0]!;
    expect(docs.get(key)).toBe(text);
    expect(docs.get(key.replace(/^sha256:/, ''))).toBe(text);
    expect(docs.get('0'.repeat(64))).toBeUndefined();
  });

  it('is enforced in production unless configured otherwise', () => {
    const prod = { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'nyc-rentals', FIREBASE_API_KEY: 'k', FIREBASE_AUTH_DOMAIN: 'd' };
    expect(loadEnv(prod).TRUSTED_DOCUMENTS_ONLY).toBe(true);
    expect(loadEnv({ ...prod, TRUSTED_DOCUMENTS_ONLY: 'false' }).TRUSTED_DOCUMENTS_ONLY).toBe(false);
    expect(loadEnv({ NODE_ENV: 'development' }).TRUSTED_DOCUMENTS_ONLY).toBe(false);
  });

  it('must exist when enforced', () => {
    expect(() => loadTrustedDocuments({ required: true, file: '/nonexistent/persisted-documents.json' })).toThrow(
      /npm run codegen/,
    );
    expect(loadTrustedDocuments({ required: false, file: '/nonexistent/persisted-documents.json' }).size).toBe(0);
  });
});

describe.each(transportBackends)('trusted documents on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let open: TestApp;
  let renter: TestAccount;
  let cookie = '';
  let partnerKey = '';
  let listingId = '';

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const { user, agent } = await createAgent(db.prisma);
    const p = await createProperty(db.prisma, { userId: user.id, agentId: agent.id }, { title: 'Trusted loft' });
    listingId = p.id;
    await addPhotos(db.prisma, p.id, 1);
    partnerKey = (await createPartnerKey(db.prisma, 'Feed')).key;
    renter = await createAccount(db.prisma);
    app = await startTestApp(db, { env: { TRUSTED_DOCUMENTS_ONLY: 'true' } });
    open = await startTestApp(db, { env: { TRUSTED_DOCUMENTS_ONLY: 'false' } });
    const res = await fetch(`${app.url}/api/auth/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify({ idToken: renter.idToken }),
    });
    cookie = `session=${/session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]}`;
  });
  afterAll(async () => {
    await app?.stop();
    await open?.stop();
    await db?.close();
  });

  const post = async (base: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Body };
  };

  it("runs the client's search page named by its hash alone", async () => {
    const r = await post(app.url, {
      operationName: 'SearchProperties',
      variables: SEARCH_VARS,
      extensions: persisted('SearchProperties'),
    });
    expect(r.status).toBe(200);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.properties.edges.map((e: Body) => e.node.title)).toEqual(['Trusted loft']);
    expect(r.body.data.properties.totalCount).toBe(1);
  });

  it('runs the persisted text, not a query sent beside the hash', async () => {
    const r = await post(app.url, {
      query: '{ agents(first: 1) { edges { node { email } } } }',
      operationName: 'PropertyDetail',
      variables: { id: listingId },
      extensions: persisted('PropertyDetail'),
    });
    expect(r.status).toBe(200);
    expect(r.body.data.property.title).toBe('Trusted loft');
    expect(r.body.data).not.toHaveProperty('agents');
  });

  it('refuses an unknown hash', async () => {
    const r = await post(app.url, { extensions: { persistedQuery: { version: 1, sha256Hash: 'f'.repeat(64) } } });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('refuses arbitrary queries from visitors, cookie sessions and signed-in tokens', async () => {
    for (const headers of [{}, { cookie }, renter.bearer] as Record<string, string>[]) {
      const r = await post(app.url, { query: ARBITRARY }, headers);
      expect(r.status, JSON.stringify(headers)).toBe(400);
      expect(r.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_REQUIRED');
      expect(r.body.data).toBeUndefined();
    }
    // The persisted text itself, sent as text, is still an arbitrary query: the hash is the ticket.
    const text = manifest.find(([k]) => k === `sha256:${hashOf('PropertyDetail')}`)![1];
    const r = await post(app.url, { query: text, variables: { id: listingId } });
    expect(r.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_REQUIRED');
    const get = await fetch(`${app.url}/graphql?query=${encodeURIComponent(ARBITRARY)}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(get.status).toBe(400);
    expect(((await get.json()) as Body).errors[0].extensions.code).toBe('PERSISTED_QUERY_REQUIRED');
  });

  it('lets signed-in people run persisted mutations and reads by hash (cookie and token)', async () => {
    for (const headers of [{ cookie }, renter.bearer]) {
      const me = await post(app.url, { operationName: 'Me', extensions: persisted('Me') }, headers);
      expect(me.status).toBe(200);
      expect(me.body.data.me.id).toBe(renter.uid);
    }
    const saved = await post(
      app.url,
      { operationName: 'SaveProperty', variables: { id: listingId }, extensions: persisted('SaveProperty') },
      { cookie },
    );
    expect(saved.body.errors).toBeUndefined();
    expect(await db.prisma.favorite.count({ where: { userId: renter.uid, propertyId: listingId } })).toBe(1);
  });

  it('lets partner keys send their own queries', async () => {
    const r = await post(app.url, { query: ARBITRARY }, { authorization: `Bearer ${partnerKey}` });
    expect(r.status).toBe(200);
    expect(r.body.data.properties.totalCount).toBe(1);
  });

  it('allows arbitrary queries when not enforced, and still resolves hashes', async () => {
    const r = await post(open.url, { query: ARBITRARY });
    expect(r.body.data.properties.totalCount).toBe(1);
    const h = await post(open.url, {
      operationName: 'PropertyDetail',
      variables: { id: listingId },
      extensions: persisted('PropertyDetail'),
    });
    expect(h.body.data.property.id).toBe(listingId);
  });

  it('applies the same rule to subscriptions over the WebSocket', async () => {
    const client = createClient({
      url: `${app.url.replace(/^http/, 'ws')}/graphql`,
      retryAttempts: 0,
      connectionParams: { authorization: `Bearer ${renter.idToken}` },
      webSocketImpl: class extends WebSocket {
        constructor(url: string, protocols?: string | string[]) {
          super(url, protocols, { headers: { origin: TEST_ORIGIN } });
        }
      },
    });
    const outcome = (payload: { query: string; extensions?: Record<string, unknown> }) =>
      new Promise<{ errors?: Body; started?: boolean }>((resolve) => {
        let settled = false;
        const stop = client.subscribe(payload, {
          next: () => {},
          error: (errors) => {
            settled = true;
            resolve({ errors });
          },
          complete: () => {
            if (!settled) resolve({});
          },
        });
        // Accepted subscriptions stay open: no error within a moment means it is running.
        setTimeout(() => {
          if (settled) return;
          settled = true;
          stop();
          resolve({ started: true });
        }, 700);
      });
    try {
      const refused = await outcome({ query: 'subscription { inboxChanged { id } }' });
      expect(refused.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_REQUIRED');
      const unknown = await outcome({
        query: 'subscription { inboxChanged { id } }',
        extensions: { persistedQuery: { version: 1, sha256Hash: 'e'.repeat(64) } },
      });
      expect(unknown.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
      const text = manifest.find(([k]) => k === `sha256:${hashOf('InboxChanged')}`)![1];
      const accepted = await outcome({ query: text, extensions: persisted('InboxChanged') });
      expect(accepted).toEqual({ started: true });
    } finally {
      await client.dispose();
    }
  });
});
