import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env.js';
import { helmetHeaders, securityHeaders } from './security-headers.js';

/** The headers a middleware leaves on a fresh answer (one that says it is Express's, as Express does). */
function headersOf(middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => void) {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  res.setHeader('X-Powered-By', 'Express');
  let called = 0;
  middleware(req, res, () => void (called += 1));
  return { headers: res.getHeaders(), called };
}

describe('security headers worked out once', () => {
  it.each([
    ['development', {}],
    [
      'production over HTTPS',
      {
        NODE_ENV: 'production',
        publicUrl: 'https://rentals.example.com',
        FIREBASE_AUTH_DOMAIN: 'rentals-prod.firebaseapp.com',
        MAP_ORIGINS: 'https://tiles.example.net',
      },
    ],
  ])("are helmet's own, in %s", (_name, overrides) => {
    // As the app's tests set a production configuration (tests/integration/security-headers.test.ts).
    const env = { ...loadEnv({}), ...overrides } as ReturnType<typeof loadEnv>;
    const once = securityHeaders(env);
    const helmet = helmetHeaders(env);
    const expected = headersOf(helmet as never);
    expect(expected.headers['content-security-policy']).toBeTruthy();
    expect(expected.headers['x-powered-by']).toBeUndefined();
    expect(Boolean(expected.headers['strict-transport-security'])).toBe(env.NODE_ENV === 'production');
    // Twice: what the first answer got, every later one gets.
    expect(headersOf(once as never)).toEqual(expected);
    expect(headersOf(once as never)).toEqual(expected);
  });
});
