import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// The headers the app really answers with, in production and in development (issue 12 item 3).

const directives = (csp: string | null) =>
  Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  ) as Record<string, string[]>;

describe('security headers', () => {
  let db: TestDatabase;
  let prod: TestApp;
  let dev: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    prod = await startTestApp(db, {
      envOverrides: {
        NODE_ENV: 'production',
        publicUrl: 'https://rentals.example.com',
        FIREBASE_AUTH_DOMAIN: 'rentals-prod.firebaseapp.com',
        MAP_STYLE_URL: 'https://maps.example.net/styles/streets.json',
        MAP_ORIGINS: 'https://tiles.example.net, https://fonts.example.net/glyphs',
        S3_PUBLIC_URL: 'https://photos.example-bucket.com/listings',
      },
    });
    dev = await startTestApp(db);
  });
  afterAll(async () => {
    await prod?.stop();
    await dev?.stop();
    await db?.close();
  });

  it('in production: every host named, no https: wildcard for connections or frames, HSTS on', async () => {
    const res = await fetch(`${prod.url}/healthz`);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp['connect-src']).not.toContain('https:');
    expect(csp['connect-src']).not.toContain('wss:');
    expect(csp['frame-src']).not.toContain('https:');
    expect(csp['connect-src']).toEqual(
      expect.arrayContaining([
        "'self'",
        'wss://rentals.example.com',
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'https://rentals-prod.firebaseapp.com',
        'https://maps.example.net',
        'https://tiles.example.net',
        'https://fonts.example.net',
        'https://photos.example-bucket.com',
      ]),
    );
    expect(csp['connect-src']!.join(' ')).not.toMatch(/localhost|127\.0\.0\.1/);
    expect(csp['frame-src']).toEqual(
      expect.arrayContaining(["'self'", 'https://rentals-prod.firebaseapp.com', 'https://www.google.com/recaptcha/']),
    );
    expect(csp['script-src']).toEqual(expect.arrayContaining(["'self'", 'https://www.google.com/recaptcha/']));
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('in development: the emulator and Vite on loopback ports are allowed, and no HSTS over plain HTTP', async () => {
    const res = await fetch(`${dev.url}/healthz`);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp['connect-src']).toEqual(expect.arrayContaining(['http://127.0.0.1:*', 'ws://localhost:*']));
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('in production on plain http://localhost (docker compose up): no request upgrading and no HSTS, which would break the page', async () => {
    const local = await startTestApp(db, { envOverrides: { NODE_ENV: 'production', publicUrl: 'http://localhost:4000' } });
    try {
      const res = await fetch(`${local.url}/healthz`);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp['upgrade-insecure-requests']).toBeUndefined();
      expect(csp['connect-src']).toEqual(expect.arrayContaining(["'self'", 'ws://localhost:4000']));
      expect(res.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await local.stop();
    }
  });
});
