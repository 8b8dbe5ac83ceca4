import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '../factories/index.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';
import { TEST_ORIGIN } from '../setup/ws-client.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

/** How a request names its language (issue 29 item 4): none (English), Accept-Language, the `lang` cookie. */
const LANGUAGES = {
  en: {},
  es: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' },
  zh: { cookie: 'lang=zh' },
} as const satisfies Record<string, Record<string, string>>;
type Language = keyof typeof LANGUAGES;

const REPORT = /* GraphQL */ `
  mutation Report($propertyId: ID!) {
    reportListing(propertyId: $propertyId, reason: SCAM_FRAUD) {
      propertyId
    }
  }
`;

const UPDATE_PROFILE = /* GraphQL */ `
  mutation UpdateProfile($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      id
    }
  }
`;

describe.each(transportBackends)("the server's answers in the request's language on %s", (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let agent: TestAccount;
  let listingId: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = await startTestApp(db);
    agent = await createAccount(db.prisma, 'agent', { firstName: 'Lena', lastName: 'Lingua' });
    const agentRow = await db.prisma.agent.findUniqueOrThrow({ where: { userId: agent.uid } });
    listingId = (await createProperty(db.prisma, { userId: agent.uid, agentId: agentRow.id })).id;
  });

  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  /** A GraphQL operation over HTTP as the agent, in a language. */
  async function graphql(language: Language, source: string, variables: Record<string, unknown>): Promise<Body> {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...agent.bearer, ...LANGUAGES[language] },
      body: JSON.stringify({ query: source, variables }),
    });
    return res.json();
  }

  it('answers a mutation a service refuses in Spanish (Accept-Language), Chinese (the lang cookie) or English', async () => {
    const said: Record<Language, string> = {
      en: 'You cannot report your own listing.',
      es: 'No puede denunciar su propio anuncio.',
      zh: '您不能举报自己的房源。',
    };
    for (const language of Object.keys(said) as Language[]) {
      const body = await graphql(language, REPORT, { propertyId: listingId });
      expect(body.data?.reportListing ?? null).toBeNull();
      expect(body.errors).toEqual([expect.objectContaining({ message: said[language], extensions: { code: 'FORBIDDEN' } })]);
    }
    expect(await db.prisma.listingReport.count({ where: { propertyId: listingId } })).toBe(0);
  });

  it("answers a REST call's { error } in the request's language", async () => {
    const said: Record<Language, string> = {
      en: 'That photo does not exist.',
      es: 'Esa foto no existe.',
      zh: '该照片不存在。',
    };
    for (const language of Object.keys(said) as Language[]) {
      const res = await fetch(`${app.url}/api/uploads?url=${encodeURIComponent('/media/uploads/not-there.webp')}`, {
        method: 'DELETE',
        headers: { ...agent.bearer, ...LANGUAGES[language] },
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: said[language], code: 'NOT_FOUND' });
    }
    // A route of its own (not a service) too, signed out.
    const missing = await fetch(`${app.url}/api/properties/no-such-home`, { headers: LANGUAGES.zh });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: '未找到该房产', code: 'NOT_FOUND' });
  });

  it("says a shared check of common/ (a phone number in the profile) in the request's language", async () => {
    const said: Record<Language, string> = {
      en: 'phone: Enter a valid phone number, e.g. +1 555 123 4567',
      es: 'phone: Ingrese un número de teléfono válido, p. ej. +1 555 123 4567',
      zh: 'phone: 请输入有效的手机号码，例如 +1 555 123 4567',
    };
    for (const language of Object.keys(said) as Language[]) {
      const body = await graphql(language, UPDATE_PROFILE, { input: { phone: '12' } });
      expect(body.errors).toEqual([
        expect.objectContaining({ message: said[language], extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) }),
      ]);
    }
    expect(await db.prisma.user.findUniqueOrThrow({ where: { id: agent.uid }, select: { phone: true } })).toEqual({
      phone: agent.phone,
    });
  });
});
