import fs from 'node:fs/promises';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createAgent, createProperty } from '../factories/index.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';

describe.each(transportBackends)('the HTTP server on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let clientDir: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const { user, agent } = await createAgent(db.prisma);
    await createProperty(db.prisma, { userId: user.id, agentId: agent.id }, { title: 'Garden Duplex in Park Slope' });
    app = await startTestApp(db);
    clientDir = path.join(app.dataDir, 'client');
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const gql = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('reports health with the database checked', async () => {
    const res = await fetch(`${app.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers GraphQL over HTTP', async () => {
    const res = await gql({ query: '{ properties(first: 5) { totalCount edges { node { title } } } }' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: { properties: { totalCount: number; edges: Array<{ node: { title: string } }> } };
    };
    expect(body.data.properties.totalCount).toBe(1);
    expect(body.data.properties.edges[0]?.node.title).toBe('Garden Duplex in Park Slope');
  });

  it('refuses a simple cross-site GET request (CSRF prevention)', async () => {
    const res = await fetch(`${app.url}/graphql?query=${encodeURIComponent('{ agents { totalCount } }')}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/CSRF/i);
  });

  it('maps domain errors to extensions.code and masks nothing it should not', async () => {
    const res = await gql({ query: '{ properties(after: "forged") { totalCount } }' });
    const body = (await res.json()) as { errors: Array<{ message: string; extensions: { code: string } }> };
    expect(body.errors[0]?.extensions.code).toBe('BAD_USER_INPUT');
    expect(body.errors[0]?.message).toMatch(/Invalid cursor/);
  });

  it('answers GraphQL over a real WebSocket (graphql-ws) on the same port', async () => {
    const client = createClient({ url: app.url.replace('http', 'ws') + '/graphql', webSocketImpl: WebSocket, retryAttempts: 0 });
    try {
      const result = await new Promise<unknown>((resolve, reject) => {
        let value: unknown;
        client.subscribe(
          { query: '{ properties(first: 1) { edges { node { title } } } }' },
          { next: (v) => (value = v), error: reject, complete: () => resolve(value) },
        );
      });
      expect(result).toEqual({ data: { properties: { edges: [{ node: { title: 'Garden Duplex in Park Slope' } }] } } });
    } finally {
      await client.dispose();
    }
  });

  it('serves stored photos from /media and 404s unknown ones', async () => {
    await app.storage.put('test/pixel.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg');
    const ok = await fetch(`${app.url}/media/test/pixel.jpg`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/jpeg');
    expect(ok.headers.get('cache-control')).toContain('immutable');
    expect(new Uint8Array(await ok.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]));
    expect((await fetch(`${app.url}/media/test/missing.jpg`)).status).toBe(404);
    expect((await fetch(`${app.url}/media/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await fetch(`${app.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  });

  it('sets security headers', async () => {
    const res = await fetch(`${app.url}/healthz`);
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves the built client for every route (SPA fallback)', async () => {
    await fs.mkdir(path.join(clientDir, 'assets'), { recursive: true });
    await fs.writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>NYC Rentals</title>');
    const spa = await startTestApp(db, { clientDir });
    try {
      for (const route of ['/', '/listings', '/properties/some-slug', '/no/such/page']) {
        const res = await fetch(`${spa.url}${route}`);
        expect(res.status).toBe(200);
        expect(await res.text()).toContain('<title>NYC Rentals</title>');
      }
    } finally {
      await spa.stop();
    }
  });
});
