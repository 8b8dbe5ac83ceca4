import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';

// The optional token sync of SPEC part 7 (docs/decisions/0027), on the server's side: TOKEN_SYNC_URL
// reaches the browser through GET /api/client-config, and the production Content-Security-Policy lets
// the page connect to its origin (and to nothing more).

const SYNC_URL = 'https://sync.partner.example:8443/v1/tokens?app=rentals';

const connectSrc = (csp: string | null) =>
  (csp ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find((d) => d[0] === 'connect-src')
    ?.slice(1) ?? [];

const PRODUCTION = { NODE_ENV: 'production' as const, publicUrl: 'https://rentals.example.com' };

describe.each(transportBackends)('token sync configuration (%s)', (backend) => {
  let db: TestDatabase;
  let withSync: TestApp;
  let withoutSync: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    withSync = await startTestApp(db, { envOverrides: { ...PRODUCTION, TOKEN_SYNC_URL: SYNC_URL } });
    withoutSync = await startTestApp(db, { envOverrides: PRODUCTION });
  });
  afterAll(async () => {
    await withSync?.stop();
    await withoutSync?.stop();
    await db?.close();
  });

  it('the client configuration carries the URL, unchanged, and is not cached', async () => {
    const res = await fetch(`${withSync.url}/api/client-config`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(((await res.json()) as { tokenSyncUrl: unknown }).tokenSyncUrl).toBe(SYNC_URL);
  });

  it('in production the CSP names the origin of the URL for connections', async () => {
    const res = await fetch(`${withSync.url}/api/client-config`);
    const sources = connectSrc(res.headers.get('content-security-policy'));
    expect(sources).toContain('https://sync.partner.example:8443');
    expect(sources).not.toContain('https:');
    expect(sources.join(' ')).not.toContain('/v1/tokens');
  });

  it('unset: the configuration says null and the CSP does not name it', async () => {
    const res = await fetch(`${withoutSync.url}/api/client-config`);
    expect(((await res.json()) as { tokenSyncUrl: unknown }).tokenSyncUrl).toBeNull();
    const sources = connectSrc(res.headers.get('content-security-policy'));
    expect(sources).toContain("'self'");
    expect(sources.join(' ')).not.toContain('sync.partner.example');
  });
});
