import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTokenSync } from './token-sync';

// The token sync against a real HTTP server on loopback: what arrives there, and that no failure
// (an error status, a refused connection, a server that never answers, no configuration) escapes.

interface Received {
  method: string;
  url: string;
  authorization: string | null;
  cookie: string | null;
  body: string;
}

let server: http.Server;
let base: string;
const received: Received[] = [];
/** 'arrived POST', 'answered POST', … in the order the server saw them. */
const events: string[] = [];
/** How the server answers the next requests. */
let behaviour: { status: number; delayMs?: number; hang?: boolean } = { status: 204 };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization ?? null,
        cookie: req.headers.cookie ?? null,
        body,
      });
      events.push(`arrived ${req.method}`);
      if (behaviour.hang) return;
      setTimeout(() => {
        events.push(`answered ${req.method}`);
        res.writeHead(behaviour.status).end();
      }, behaviour.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  received.length = 0;
  events.length = 0;
  behaviour = { status: 204 };
  vi.restoreAllMocks();
});

/** A token sync to `url` whose fetch calls are recorded (and really sent). */
function syncTo(url: string | null, opts: { pageOrigin?: string; timeoutMs?: number } = {}) {
  const inits: RequestInit[] = [];
  const spyFetch: typeof fetch = (input, init) => {
    inits.push(init ?? {});
    return fetch(input, init);
  };
  const sync = createTokenSync({
    url: () => Promise.resolve(url),
    fetch: spyFetch,
    pageOrigin: opts.pageOrigin ?? 'https://rentals.example.com',
    timeoutMs: opts.timeoutMs,
  });
  return { sync, inits };
}

describe('token sync', () => {
  it('POSTs the bearer token after sign-in and sends DELETE without one on sign-out, cross-origin without credentials', async () => {
    const warn = vi.spyOn(console, 'warn');
    const { sync, inits } = syncTo(`${base}/v1/token?app=rentals`);
    await sync.signedIn('uid-1', 'id-token-1');
    await sync.signedOut();
    expect(received).toEqual([
      { method: 'POST', url: '/v1/token?app=rentals', authorization: 'Bearer id-token-1', cookie: null, body: '' },
      { method: 'DELETE', url: '/v1/token?app=rentals', authorization: null, cookie: null, body: '' },
    ]);
    expect(inits.map((i) => i.credentials)).toEqual(['omit', 'omit']);
    expect(warn).not.toHaveBeenCalled();
  });

  it('sends cookies only to a URL of the page itself', async () => {
    const { sync, inits } = syncTo(`${base}/sync`, { pageOrigin: base });
    await sync.signedIn('uid-1', 'id-token-1');
    expect(received).toHaveLength(1);
    expect(inits[0]?.credentials).toBe('same-origin');
  });

  it('sends nothing when no URL is configured', async () => {
    const { sync, inits } = syncTo(null);
    await sync.signedIn('uid-1', 'id-token-1');
    await sync.signedOut();
    expect(inits).toEqual([]);
    expect(received).toEqual([]);
  });

  it('keeps the order: a quick sign-out does not overtake a slow sign-in call', async () => {
    behaviour = { status: 204, delayMs: 150 };
    const { sync } = syncTo(`${base}/sync`);
    const posted = sync.signedIn('uid-1', 'id-token-1');
    const deleted = sync.signedOut();
    await Promise.all([posted, deleted]);
    expect(events).toEqual(['arrived POST', 'answered POST', 'arrived DELETE', 'answered DELETE']);
  });

  it("POSTs a refreshed token of the user it was given, and nobody else's", async () => {
    const { sync } = syncTo(`${base}/sync`);
    await sync.tokenChanged('uid-1', 'before-sign-in'); // not signed in here: nothing
    await sync.signedIn('uid-1', 'id-token-1');
    await sync.tokenChanged('uid-1', 'id-token-1'); // the same token: nothing
    await sync.tokenChanged('uid-2', 'someone-else'); // another user: nothing
    await sync.tokenChanged('uid-1', 'id-token-2');
    await sync.signedOut();
    await sync.tokenChanged('uid-1', 'after-sign-out'); // signed out: nothing
    sync.restored('uid-3'); // a user the SDK stored on an earlier visit
    await sync.tokenChanged('uid-3', 'restored-refresh');
    expect(received.map((r) => `${r.method} ${r.authorization ?? '-'}`)).toEqual([
      'POST Bearer id-token-1',
      'POST Bearer id-token-2',
      'DELETE -',
      'POST Bearer restored-refresh',
    ]);
  });

  it('only logs an error status', async () => {
    behaviour = { status: 500 };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { sync } = syncTo(`${base}/sync`);
    await expect(sync.signedIn('uid-1', 'id-token-1')).resolves.toBeUndefined();
    await expect(sync.signedOut()).resolves.toBeUndefined();
    expect(received.map((r) => r.method)).toEqual(['POST', 'DELETE']);
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([
      `Token sync POST ${base}/sync answered 500`,
      `Token sync DELETE ${base}/sync answered 500`,
    ]);
  });

  it('only logs a refused connection, and the next call still goes out', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let url = `http://127.0.0.1:${port}/sync`;
    const sync = createTokenSync({ url: () => Promise.resolve(url), pageOrigin: 'https://rentals.example.com' });
    await expect(sync.signedIn('uid-1', 'id-token-1')).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Token sync POST failed', expect.any(TypeError));
    url = `${base}/sync`;
    await sync.signedOut();
    expect(received.map((r) => r.method)).toEqual(['DELETE']);
  });

  it('gives up on a server that never answers, and only logs it', async () => {
    behaviour = { status: 204, hang: true };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { sync } = syncTo(`${base}/sync`, { timeoutMs: 200 });
    const started = Date.now();
    await expect(sync.signedIn('uid-1', 'id-token-1')).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(received).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith('Token sync POST failed', expect.objectContaining({ name: 'TimeoutError' }));
  });

  it('only logs a missing client configuration', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const sync = createTokenSync({ url: () => Promise.reject(new Error('503: Service Unavailable')) });
    await expect(sync.signedIn('uid-1', 'id-token-1')).resolves.toBeUndefined();
    await expect(sync.signedOut()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/client configuration is unavailable/);
    expect(received).toEqual([]);
  });
});
