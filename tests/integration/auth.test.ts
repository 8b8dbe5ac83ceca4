import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { completeSignup, signupInProgressOnly, SIGNUP_WINDOW_SECONDS } from '../../server/modules/auth/auth.service.js';
import { EMULATOR_PROJECT_ID } from '../../server/modules/auth/emulator.js';
import { craftToken, linkPhoneInEmulator, signInInEmulator, signUpInEmulator } from '../setup/identity.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { ruleBackends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type GqlBody = any;

const ME = '{ me { id email firstName lastName displayName role phone agent { id } } }';
const UPDATE = 'mutation U($input: UpdateProfileInput!) { updateProfile(input: $input) { firstName lastName } }';

let phoneSeq = 0;
const uniquePhone = () => `+1555${String(Date.now() % 1_000_000).padStart(6, '0')}${phoneSeq++ % 10}`.slice(0, 12);

describe.each(ruleBackends)('accounts and sessions on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = await startTestApp(db);
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:5173', ...headers },
      body: JSON.stringify(body),
    });
  const gql = (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    post('/graphql', { query, variables }, headers).then(async (r) => ({ status: r.status, body: (await r.json()) as GqlBody }));

  /**
   * Signs up in the emulator and links a phone by code; completes sign-up through the REST route
   * (the flow under test), or through the service for tests about something else (the route's
   * real rate limit allows 10 completions a minute per address).
   */
  async function newAccount(role: 'renter' | 'agent' = 'renter', via: 'route' | 'factory' = 'factory') {
    const acc = await signUpInEmulator();
    const phone = uniquePhone();
    const idToken = await linkPhoneInEmulator(acc.idToken, phone);
    const input = { uid: acc.uid, firstName: 'Kim', lastName: 'Doe', email: acc.email, phone, role };
    if (via === 'route') {
      const res = await post('/api/auth/complete-signup', input, { authorization: `Bearer ${idToken}` });
      expect(res.status).toBe(201);
    } else {
      await completeSignup(db.prisma, { uid: acc.uid, email: acc.email, phone, authTime: 0, expiresAt: 0 }, input);
    }
    return { ...acc, idToken, phone };
  }

  function sessionCookieFrom(res: Response): string {
    const set = res.headers.get('set-cookie') ?? '';
    const m = /session=([^;]+)/.exec(set);
    expect(m, `set-cookie: ${set}`).not.toBeNull();
    return `session=${m![1]}`;
  }

  it('completes sign-up: a user row, and an agent profile for agents', async () => {
    const renter = await newAccount('renter', 'route');
    const me = await gql(ME, {}, { authorization: `Bearer ${renter.idToken}` });
    expect(me.body.data.me).toMatchObject({
      id: renter.uid,
      email: renter.email,
      role: 'RENTER',
      displayName: 'Kim Doe',
      agent: null,
    });
    const agent = await newAccount('agent', 'route');
    const meAgent = await gql(ME, {}, { authorization: `Bearer ${agent.idToken}` });
    expect(meAgent.body.data.me.role).toBe('AGENT');
    const profile = await db.prisma.agent.findUniqueOrThrow({ where: { userId: agent.uid } });
    expect(meAgent.body.data.me.agent.id).toBe(profile.id);
  });

  it('refuses to complete sign-up for someone else or with an unverified phone', async () => {
    const a = await signUpInEmulator();
    const other = await post(
      '/api/auth/complete-signup',
      { uid: 'someone-else', firstName: 'A', lastName: 'B', email: a.email, phone: uniquePhone(), role: 'renter' },
      { authorization: `Bearer ${a.idToken}` },
    );
    expect(other.status).toBe(403);
    const unverified = await post(
      '/api/auth/complete-signup',
      { uid: a.uid, firstName: 'A', lastName: 'B', email: a.email, phone: uniquePhone(), role: 'renter' },
      { authorization: `Bearer ${a.idToken}` },
    );
    expect(unverified.status).toBe(400);
    expect(await unverified.json()).toMatchObject({ error: 'Failed to verify phone' });
  });

  it('checks a phone against existing registrations for the account signing up, and for no one else', async () => {
    const acc = await newAccount();
    // The identity just created in the provider, before its phone is linked (as the browser does).
    const signingUp = await signUpInEmulator();
    const auth = { authorization: `Bearer ${signingUp.idToken}` };
    const taken = await post('/api/auth/check-phone', { phone: acc.phone }, auth);
    expect(taken.headers.get('cache-control')).toBe('no-store');
    expect(await taken.json()).toEqual({ exists: true });
    expect(await (await post('/api/auth/check-phone', { phone: '+1 555 999 0000' }, auth)).json()).toEqual({ exists: false });
    const bad = await post('/api/auth/check-phone', { phone: 'call me' }, auth);
    expect(bad.status).toBe(400);

    // Not an enumeration oracle: a visitor, a finished account, or a sign-in long past get no answer.
    const anonymous = await post('/api/auth/check-phone', { phone: acc.phone });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED', error: signupInProgressOnly() });
    const finished = await post('/api/auth/check-phone', { phone: acc.phone }, { authorization: `Bearer ${acc.idToken}` });
    expect(finished.status).toBe(403);
    expect(await finished.json()).toMatchObject({ code: 'FORBIDDEN', error: signupInProgressOnly() });
    const now = Math.floor(Date.now() / 1000);
    const stale = craftToken({
      iss: `https://securetoken.google.com/${EMULATOR_PROJECT_ID}`,
      aud: EMULATOR_PROJECT_ID,
      sub: signingUp.uid,
      user_id: signingUp.uid,
      email: signingUp.email,
      auth_time: now - SIGNUP_WINDOW_SECONDS - 60,
      iat: now - 60,
      exp: now + 3000,
    });
    const old = await post('/api/auth/check-phone', { phone: acc.phone }, { authorization: `Bearer ${stale}` });
    expect(old.status).toBe(403);
    expect(await old.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('keeps what an unfinished sign-up gave, for its own identity only, until sign-up completes', async () => {
    const signingUp = await signUpInEmulator();
    const auth = { authorization: `Bearer ${signingUp.idToken}` };
    const get = (headers: Record<string, string> = {}) =>
      fetch(`${app.url}/api/auth/signup`, { headers }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as GqlBody,
      }));
    // Nothing kept yet.
    expect(await get(auth)).toEqual({
      status: 200,
      body: { email: signingUp.email, linkedPhone: null, draft: null },
    });
    // The phone check with the names and the role keeps them (a number already taken keeps nothing).
    const phone = uniquePhone();
    const details = { firstName: 'Ada', lastName: 'Lane', role: 'agent' };
    const checked = await post('/api/auth/check-phone', { phone, ...details }, auth);
    expect(await checked.json()).toEqual({ exists: false });
    expect((await get(auth)).body.draft).toEqual({ ...details, phone });
    // A corrected number replaces the kept one.
    const corrected = uniquePhone();
    await post('/api/auth/check-phone', { phone: corrected, ...details }, auth);
    expect((await get(auth)).body.draft).toEqual({ ...details, phone: corrected });
    const taken = await newAccount();
    expect(await (await post('/api/auth/check-phone', { phone: taken.phone, ...details }, auth)).json()).toEqual({
      exists: true,
    });
    expect((await get(auth)).body.draft.phone).toBe(corrected);
    const badName = await post('/api/auth/check-phone', { phone, ...details, firstName: 'x'.repeat(61) }, auth);
    expect(badName.status).toBe(400);

    // No one else reads it: a visitor is 401, another identity reads its own (nothing), a finished account 409.
    expect((await get()).status).toBe(401);
    const other = await signUpInEmulator();
    expect((await get({ authorization: `Bearer ${other.idToken}` })).body).toEqual({
      email: other.email,
      linkedPhone: null,
      draft: null,
    });
    const finished = await get({ authorization: `Bearer ${taken.idToken}` });
    expect(finished.status).toBe(409);

    // Completing the sign-up removes what was kept.
    const linked = await linkPhoneInEmulator(signingUp.idToken, corrected);
    expect((await get({ authorization: `Bearer ${linked}` })).body.linkedPhone).toBe(corrected);
    const done = await post(
      '/api/auth/complete-signup',
      { uid: signingUp.uid, email: signingUp.email, phone: corrected, ...details },
      { authorization: `Bearer ${linked}` },
    );
    expect(done.status).toBe(201);
    expect(await db.prisma.signupDraft.findUnique({ where: { userId: signingUp.uid } })).toBeNull();
    expect((await get({ authorization: `Bearer ${linked}` })).status).toBe(409);
  });

  it('sets an httpOnly SameSite=Lax session cookie from an ID token, and the cookie identifies the viewer', async () => {
    const acc = await newAccount();
    const res = await post('/api/auth/session', { idToken: acc.idToken });
    expect(res.status).toBe(200);
    expect(await res.clone().json()).toEqual({ ok: true, uid: acc.uid, profile: true });
    const set = res.headers.get('set-cookie') ?? '';
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Lax/i);
    expect(set).toMatch(/Max-Age=432000/); // 5 days
    expect(set).not.toMatch(/Secure/); // plain-http localhost
    const cookie = sessionCookieFrom(res);
    const me = await gql(ME, {}, { cookie });
    expect(me.body.data.me.id).toBe(acc.uid);
    const token = await post('/api/token', {}, { authorization: `Bearer ${acc.idToken}` });
    expect(token.status).toBe(200);
    expect(token.headers.get('set-cookie')).toMatch(/session=/);
    // An identity whose sign-up is unfinished (no profile here) is told so, for the code step.
    const unfinished = await signUpInEmulator();
    const left = await post('/api/auth/session', { idToken: unfinished.idToken });
    expect(await left.json()).toEqual({ ok: true, uid: unfinished.uid, profile: false });
  });

  it('answers a refused Bearer token on a public read as anonymous, with a header; UNAUTHENTICATED where a viewer is needed', async () => {
    expect((await gql(ME)).body.data.me).toBeNull();
    const upd = await gql(UPDATE, { input: { firstName: 'X' } });
    expect(upd.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');

    const forged = await post('/graphql', { query: ME }, { authorization: 'Bearer not.a.token' });
    expect(forged.status).toBe(200);
    expect(forged.headers.get('x-auth-token-refused')).toBe('invalid');
    expect(((await forged.json()) as GqlBody).data.me).toBeNull();

    const now = Math.floor(Date.now() / 1000);
    const expired = craftToken({
      iss: `https://securetoken.google.com/${EMULATOR_PROJECT_ID}`,
      aud: EMULATOR_PROJECT_ID,
      sub: 'someone',
      user_id: 'someone',
      auth_time: now - 7200,
      iat: now - 7200,
      exp: now - 3600,
    });
    const exp = await post(
      '/graphql',
      { query: '{ properties(first: 1) { edges { node { id } } } }' },
      { authorization: `Bearer ${expired}` },
    );
    expect(exp.status).toBe(200);
    expect(exp.headers.get('x-auth-token-refused')).toBe('expired');
    expect(((await exp.json()) as GqlBody).data.properties.edges).toHaveLength(0);
    const expUpd = await gql(UPDATE, { input: { firstName: 'X' } }, { authorization: `Bearer ${expired}` });
    expect(expUpd.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');

    const rest = await fetch(`${app.url}/api/me/saved-listings`, { headers: { authorization: 'Bearer forged' } });
    expect(rest.status).toBe(401);
    expect(rest.headers.get('x-auth-token-refused')).toBe('invalid');
    expect(await rest.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const publicRest = await fetch(`${app.url}/api/properties?limit=1`, { headers: { authorization: 'Bearer forged' } });
    expect(publicRest.status).toBe(200);
  });

  it('refuses revoked tokens and cookies after sign-out', async () => {
    const acc = await newAccount();
    const cookie = sessionCookieFrom(await post('/api/auth/session', { idToken: acc.idToken }));
    await new Promise((r) => setTimeout(r, 1100)); // revocation has one-second resolution
    const out = await post('/api/auth/signout', {}, { cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/session=;/);
    // The old cookie no longer identifies anyone: anonymous for reads, UNAUTHENTICATED for protected calls.
    const me = await gql(ME, {}, { cookie });
    expect(me.body.data.me).toBeNull();
    const upd = await gql(UPDATE, { input: { firstName: 'X' } }, { cookie });
    expect(upd.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    // The ID token minted before sign-out is revoked too: anonymous on a read (and told so), refused on a write.
    const revoked = await post('/graphql', { query: ME }, { authorization: `Bearer ${acc.idToken}` });
    expect(revoked.headers.get('x-auth-token-refused')).toBe('revoked');
    expect(((await revoked.json()) as GqlBody).data.me).toBeNull();
    const revokedUpd = await gql(UPDATE, { input: { firstName: 'X' } }, { authorization: `Bearer ${acc.idToken}` });
    expect(revokedUpd.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    // Signing in again works.
    const again = await signInInEmulator(acc.email, acc.password);
    expect((await gql(ME, {}, { authorization: `Bearer ${again.idToken}` })).body.data.me.id).toBe(acc.uid);
  });

  it('answers a double-submitted sign-up completion with 409 on REST and CONFLICT on GraphQL', async () => {
    const acc = await signUpInEmulator();
    const phone = uniquePhone();
    const idToken = await linkPhoneInEmulator(acc.idToken, phone);
    const input = { uid: acc.uid, firstName: 'Dee', lastName: 'Dup', email: acc.email, phone, role: 'renter' };
    const [a, b] = await Promise.all([
      post('/api/auth/complete-signup', input, { authorization: `Bearer ${idToken}` }),
      post('/api/auth/complete-signup', input, { authorization: `Bearer ${idToken}` }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    expect(await loser.json()).toMatchObject({ code: 'CONFLICT' });
    const viaGraphql = await gql(
      'mutation C($input: CompleteSignupInput!) { completeSignup(input: $input) { id } }',
      { input },
      { authorization: `Bearer ${idToken}` },
    );
    expect(viaGraphql.body.errors[0].extensions.code).toBe('CONFLICT');
    expect(await db.prisma.user.count({ where: { id: acc.uid } })).toBe(1);
  });

  it('refuses a forged session cookie: anonymous, and the cookie is cleared', async () => {
    const res = await post('/graphql', { query: ME }, { cookie: 'session=forged-cookie-value' });
    expect(((await res.json()) as GqlBody).data.me).toBeNull();
    expect(res.headers.get('set-cookie')).toMatch(/session=;/);
  });

  it('updates the profile of the signed-in user only', async () => {
    const acc = await newAccount();
    const upd = await gql(
      UPDATE,
      { input: { firstName: 'Alexandra', lastName: 'Ng' } },
      { authorization: `Bearer ${acc.idToken}` },
    );
    expect(upd.body.data.updateProfile).toEqual({ firstName: 'Alexandra', lastName: 'Ng' });
    const bad = await gql(UPDATE, { input: { firstName: '' } }, { authorization: `Bearer ${acc.idToken}` });
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const phone = await gql(UPDATE, { input: { phone: '+15550001111' } }, { authorization: `Bearer ${acc.idToken}` });
    expect(phone.body.errors[0].message).toBe('Verify the new phone number first.');
  });

  it("takes as profile photo only one of the user's own uploads to this app", async () => {
    const [acc, other] = await Promise.all([newAccount(), newAccount()]);
    const PHOTO = 'mutation U($input: UpdateProfileInput!) { updateProfile(input: $input) { photoUrl } }';
    const upload = async (ownerId: string) => {
      const key = `listings/${ownerId}/profile/${Math.random().toString(36).slice(2)}`;
      const row = await db.prisma.upload.create({
        data: {
          ownerId,
          draftId: 'profile',
          storageKey: `${key}.webp`,
          thumbnailKey: `${key}-t.webp`,
          url: `/media/${key}.webp`,
          thumbnailUrl: `/media/${key}-t.webp`,
          width: 800,
          height: 800,
          placeholder: 'AAAA',
          contentType: 'image/webp',
          bytes: 3,
        },
      });
      return row.url;
    };
    const [own, theirs] = await Promise.all([upload(acc.uid), upload(other.uid)]);
    const as = { authorization: `Bearer ${acc.idToken}` };
    for (const photoUrl of [
      '/media/../api/auth/signout',
      '/media/x/../../api/auth/signout',
      'https://tracker.example/pixel.gif',
      'http://127.0.0.1/x.png',
      'javascript:alert(1)',
      theirs,
    ]) {
      const res = await gql(PHOTO, { input: { photoUrl } }, as);
      expect(res.body.errors?.[0].extensions.code, photoUrl).toBe('BAD_USER_INPUT');
      expect(res.body.errors[0].message, photoUrl).toMatch(/Photo must be an image you uploaded here\.$/);
    }
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: acc.uid } })).photoUrl).toBeNull();
    expect((await gql(PHOTO, { input: { photoUrl: own } }, as)).body.data.updateProfile.photoUrl).toBe(own);
    expect((await gql(PHOTO, { input: { photoUrl: null } }, as)).body.data.updateProfile.photoUrl).toBeNull();
  });

  describe('CSRF', () => {
    it('refuses cookie-authenticated REST calls from another origin or with no origin', async () => {
      const acc = await newAccount();
      const cookie = sessionCookieFrom(await post('/api/auth/session', { idToken: acc.idToken }));
      const evil = await post('/api/auth/signout', {}, { cookie, origin: 'https://evil.example' });
      expect(evil.status).toBe(403);
      const none = await fetch(`${app.url}/api/auth/signout`, { method: 'POST', headers: { cookie } });
      expect(none.status).toBe(403);
      expect((await gql(ME, {}, { cookie })).body.data.me.id).toBe(acc.uid); // still signed in
    });

    it('refuses GraphQL requests a browser could send cross-site without preflight', async () => {
      const res = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ query: ME }),
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toMatch(/CSRF/i);
    });
  });

  describe('WebSocket handshake', () => {
    const wsQuery = (headers: Record<string, string>, connectionParams?: Record<string, unknown>) =>
      new Promise<{ data?: unknown; closeCode?: number }>((resolve) => {
        const client = createClient({
          url: `${app.url.replace('http', 'ws')}/graphql`,
          retryAttempts: 0,
          connectionParams,
          webSocketImpl: class extends WebSocket {
            constructor(url: string, protocols?: string | string[]) {
              super(url, protocols, { headers });
            }
          },
          on: { closed: (e) => resolve({ closeCode: (e as { code: number }).code }) },
        });
        client.subscribe(
          { query: '{ me { id } }' },
          { next: (v) => resolve({ data: v.data }), error: () => undefined, complete: () => void client.dispose() },
        );
      });

    it('identifies the viewer by Bearer token in connectionParams or by the session cookie', async () => {
      const acc = await newAccount();
      const byToken = await wsQuery({ origin: 'http://localhost:5173' }, { authorization: `Bearer ${acc.idToken}` });
      expect(byToken.data).toEqual({ me: { id: acc.uid } });
      const cookie = sessionCookieFrom(await post('/api/auth/session', { idToken: acc.idToken }));
      const byCookie = await wsQuery({ origin: 'http://localhost:5173', cookie });
      expect(byCookie.data).toEqual({ me: { id: acc.uid } });
    });

    it('refuses a foreign origin (no upgrade) and a forged token (closed 4403)', async () => {
      const status = await new Promise<number>((resolve) => {
        const ws = new WebSocket(`${app.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
          headers: { origin: 'https://evil.example' },
        });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => resolve(101));
      });
      expect(status).toBe(403);
      expect((await wsQuery({ origin: 'http://localhost:5173' }, { authorization: 'Bearer forged' })).closeCode).toBe(4403);
    });
  });
});
