import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { REVOCATION_CACHE_TTL_MS } from '../../server/modules/auth/revocation.js';
import { WS_CLOSE } from '../../server/graphql/ws.js';
import { createAgent, createProperty } from '../factories/index.js';
import { startCountingProxy, type CountingProxy } from '../setup/http-proxy.js';
import { createAccount } from '../setup/accounts.js';
import { signInInEmulator, testIdentity } from '../setup/identity.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

const SEARCH = '{ properties(first: 5) { edges { node { id isSaved } } } }';
const ME = '{ me { id } }';
const UPDATE = 'mutation U($input: UpdateProfileInput!) { updateProfile(input: $input) { firstName } }';
const ORIGIN = 'http://localhost:5173';

/**
 * Identity off the hot path (issue 7, point 1 and 2): the server's calls to the identity provider
 * are counted through a proxy in front of the Auth emulator, and the proxy is stopped to make an
 * outage.
 */
describe.each(transportBackends)('identity on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let proxy: CountingProxy;
  let listingId: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const { user, agent } = await createAgent(db.prisma);
    listingId = (await createProperty(db.prisma, { userId: user.id, agentId: agent.id })).id;
    proxy = await startCountingProxy(inject('authEmulatorHost'));
    app = await startTestApp(db, { identityHost: proxy.host });
  });
  afterAll(async () => {
    await app?.stop();
    await proxy?.stop().catch(() => undefined);
    await db?.close();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
      body: JSON.stringify(body),
    });
  const gql = async (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const res = await post('/graphql', { query, variables }, headers);
    return { status: res.status, headers: res.headers, body: (await res.json()) as Body };
  };

  /** A completed account (emulator sign-up with a linked phone; the user row made by the service) and a session cookie. */
  async function account() {
    const acc = await createAccount(db.prisma, 'renter', { firstName: 'Ida', lastName: 'Tity' });
    const res = await post('/api/auth/session', { idToken: acc.idToken });
    expect(res.status).toBe(200);
    const cookie = `session=${/session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]}`;
    return { ...acc, cookie };
  }

  it('makes no call to the provider for 50 anonymous searches, at most one for 50 signed-in ones, and one for a mutation', async () => {
    const acc = await account();
    proxy.reset();
    for (let i = 0; i < 50; i++) expect((await gql(SEARCH)).status).toBe(200);
    expect(proxy.requests).toEqual([]);

    app.revocations.forget(acc.uid); // a cold cache: the first signed-in request asks once
    for (let i = 0; i < 50; i++) {
      const r = await gql(SEARCH, {}, { authorization: `Bearer ${acc.idToken}` });
      expect(r.headers.get('x-auth-token-refused')).toBeNull();
    }
    for (let i = 0; i < 50; i++) await gql(SEARCH, {}, { cookie: acc.cookie });
    expect(proxy.requests).toHaveLength(1);
    expect(proxy.requests[0]).toMatch(/accounts:lookup/);

    proxy.reset();
    const upd = await gql(UPDATE, { input: { firstName: 'Once' } }, { authorization: `Bearer ${acc.idToken}` });
    expect(upd.body.data.updateProfile.firstName).toBe('Once');
    expect(proxy.requests).toHaveLength(1); // every mutation is checked with the provider
  });

  it('checks chat mutations (send, typing, read) through the cache, and starting a conversation with the provider', async () => {
    const acc = await account();
    const agent = await createAgent(db.prisma);
    const listing = await createProperty(db.prisma, { userId: agent.user.id, agentId: agent.agent.id });
    const auth = { authorization: `Bearer ${acc.idToken}` };
    await gql(ME, {}, auth); // warm the cache
    proxy.reset();
    const started = await gql(
      'mutation S($p: ID!) { startThread(propertyId: $p, message: "Hi") { id } }',
      { p: listing.id },
      auth,
    );
    const threadId = started.body.data.startThread.id;
    expect(proxy.requests).toHaveLength(1); // a new conversation is checked fresh
    proxy.reset();
    for (let i = 0; i < 5; i++) {
      const sent = await gql(
        'mutation M($t: ID!, $c: String!) { sendMessage(threadId: $t, content: $c) { id } }',
        { t: threadId, c: `m${i}` },
        auth,
      );
      expect(sent.body.errors).toBeUndefined();
    }
    await gql('mutation T($t: ID!) { setTyping(threadId: $t, typing: true) }', { t: threadId }, auth);
    await gql('mutation R($t: ID!) { markThreadRead(threadId: $t) { id } }', { t: threadId }, auth);
    expect(proxy.requests).toEqual([]);
    // A chat mutation sent together with another mutation is checked fresh.
    await gql(
      'mutation Both($t: ID!) { markThreadRead(threadId: $t) { id } updateProfile(input: { firstName: "Fresh" }) { firstName } }',
      { t: threadId },
      auth,
    );
    expect(proxy.requests).toHaveLength(1);
  });

  it('revokes the session a sign-out ends even within the second of its sign-in (issue 58 item 13a)', async () => {
    const acc = await account();
    // A sign-in at the very start of a second, and its sign-out within that same second.
    while (Date.now() % 1000 > 150) await new Promise((r) => setTimeout(r, 10));
    const signedIn = await signInInEmulator(acc.email, acc.password);
    const second = Math.floor(Date.now() / 1000);
    const bearer = { authorization: `Bearer ${signedIn.idToken}` };
    expect((await gql(ME, {}, bearer)).body.data).toEqual({ me: { id: acc.uid } });
    const out = await post('/api/auth/signout', {}, bearer);
    expect(out.status).toBe(200);
    const authTime = (JSON.parse(Buffer.from(signedIn.idToken.split('.')[1]!, 'base64url').toString()) as { auth_time: number })
      .auth_time;
    expect(authTime).toBe(second); // the case this test is about: the same second
    // Refused here (this server's cache), and by the provider's own record (the cache forgotten).
    const here = await gql(ME, {}, bearer);
    expect(here.body.data).toEqual({ me: null });
    expect(here.headers.get('x-auth-token-refused')).toBe('revoked');
    app.revocations.forget(acc.uid);
    const provider = await gql(ME, {}, bearer);
    expect(provider.body.data).toEqual({ me: null });
    expect(provider.headers.get('x-auth-token-refused')).toBe('revoked');
    // A sign-in after the sign-out is signed in.
    const again = await signInInEmulator(acc.email, acc.password);
    expect((await gql(ME, {}, { authorization: `Bearer ${again.idToken}` })).body.data).toEqual({ me: { id: acc.uid } });
  });

  it(`re-asks the provider after the cache's ${REVOCATION_CACHE_TTL_MS / 1000} s`, async () => {
    const acc = await account();
    proxy.reset();
    await gql(ME, {}, { cookie: acc.cookie });
    await gql(ME, {}, { cookie: acc.cookie });
    expect(proxy.requests.length).toBeLessThanOrEqual(1);
    app.revocations.age(acc.uid, REVOCATION_CACHE_TTL_MS + 1);
    proxy.reset();
    await gql(ME, {}, { cookie: acc.cookie });
    expect(proxy.requests).toHaveLength(1);
  });

  it('keeps users signed in through an outage: reads work, what needs the viewer is a 503, the cookie stays', async () => {
    const warm = await account();
    const cold = await account();
    await gql(ME, {}, { cookie: warm.cookie }); // the cache knows this one
    app.revocations.forget(cold.uid);
    await proxy.stop();
    try {
      // Public reads work for everyone.
      const anon = await gql(SEARCH);
      expect(anon.status).toBe(200);
      expect(anon.body.data.properties.edges.length).toBeGreaterThan(0);

      // A known user keeps reading as themself (the cache), but a write needs the provider.
      expect((await gql(ME, {}, { cookie: warm.cookie })).body.data.me.id).toBe(warm.uid);
      const write = await gql(UPDATE, { input: { firstName: 'Nope' } }, { cookie: warm.cookie });
      expect(write.status).toBe(503);
      expect(write.body.errors[0]).toMatchObject({
        message: 'Sign-in service unavailable, try again',
        extensions: { code: 'SERVICE_UNAVAILABLE' },
      });
      expect(write.headers.get('set-cookie')).toBeNull();

      // An unknown one reads public data anonymously; what needs them is a 503, never a sign-out.
      const search = await gql(SEARCH, {}, { cookie: cold.cookie });
      expect(search.status).toBe(200);
      expect(search.headers.get('set-cookie')).toBeNull();
      const me = await gql(ME, {}, { cookie: cold.cookie });
      expect(me.status).toBe(503);
      expect(me.body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
      const saved = await fetch(`${app.url}/api/me/saved-listings`, { headers: { cookie: cold.cookie } });
      expect(saved.status).toBe(503);
      expect(await saved.json()).toEqual({ error: 'Sign-in service unavailable, try again', code: 'SERVICE_UNAVAILABLE' });
      expect(saved.headers.get('set-cookie')).toBeNull();
      const save = await fetch(`${app.url}/api/me/saved-listings/${listingId}`, {
        method: 'POST',
        headers: { cookie: cold.cookie, origin: ORIGIN },
      });
      expect(save.status).toBe(503);
      const status = await fetch(`${app.url}/api/properties/${listingId}/status`, {
        method: 'PATCH',
        headers: { cookie: cold.cookie, origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'inactive' }),
      });
      expect(status.status).toBe(503);
      expect(await status.json()).toEqual({ error: 'Sign-in service unavailable, try again', code: 'SERVICE_UNAVAILABLE' });
    } finally {
      await proxy.start();
    }
    // Back: the same cookies work, nobody was signed out.
    expect((await gql(ME, {}, { cookie: cold.cookie })).body.data.me.id).toBe(cold.uid);
    expect((await gql(UPDATE, { input: { firstName: 'Back' } }, { cookie: warm.cookie })).body.data.updateProfile.firstName).toBe(
      'Back',
    );
  });

  describe('WebSocket', () => {
    const open = (headers: Record<string, string>, connectionParams?: Record<string, unknown>) => {
      let closed: (code: number) => void = () => {};
      const closedWith = new Promise<number>((resolve) => (closed = resolve));
      const client: Client = createClient({
        url: `${app.url.replace('http', 'ws')}/graphql`,
        retryAttempts: 0,
        lazy: false,
        connectionParams,
        webSocketImpl: class extends WebSocket {
          constructor(url: string, protocols?: string | string[]) {
            super(url, protocols, { headers: { origin: ORIGIN, ...headers } });
          }
        },
        on: { closed: (e) => closed((e as { code: number }).code) },
      });
      const run = (query: string, variables?: Record<string, unknown>) =>
        new Promise<Body>((resolve) => {
          client.subscribe(
            { query, variables },
            { next: (v) => resolve(v), error: (e) => resolve({ error: e }), complete: () => undefined },
          );
        });
      return { client, run, closedWith };
    };

    it('closes a socket opened before sign-out, which answered `me` and ran mutations until then', async () => {
      const acc = await account();
      const ws = open({ cookie: acc.cookie });
      try {
        expect((await ws.run(ME)).data).toEqual({ me: { id: acc.uid } });
        expect((await ws.run(UPDATE, { input: { firstName: 'Before' } })).data.updateProfile.firstName).toBe('Before');
        await new Promise((r) => setTimeout(r, 1100)); // revocation has one-second resolution
        const out = await post('/api/auth/signout', {}, { cookie: acc.cookie });
        expect(out.status).toBe(200);
        expect(await ws.closedWith).toBe(WS_CLOSE.sessionRevoked);
      } finally {
        await ws.client.dispose();
      }
      // A new socket with the old cookie is anonymous.
      const again = open({ cookie: acc.cookie });
      try {
        expect((await again.run(ME)).data).toEqual({ me: null });
      } finally {
        await again.client.dispose();
      }
    });

    it('re-checks the viewer before each operation: a revocation seen by the cache closes the socket', async () => {
      const acc = await account();
      const ws = open({}, { authorization: `Bearer ${acc.idToken}` });
      try {
        expect((await ws.run(ME)).data).toEqual({ me: { id: acc.uid } });
        await new Promise((r) => setTimeout(r, 1100));
        // Revoked elsewhere (another instance, an admin): this server learns it when its cache refreshes.
        const elsewhere = testIdentity();
        await elsewhere.revokeSessions(acc.uid);
        await elsewhere.close();
        app.revocations.age(acc.uid, REVOCATION_CACHE_TTL_MS + 1);
        const next = await ws.run(ME);
        expect(next.error ?? next.errors).toBeTruthy();
        expect(await ws.closedWith).toBe(WS_CLOSE.sessionRevoked);
      } finally {
        await ws.client.dispose();
      }
    });
  });
});
