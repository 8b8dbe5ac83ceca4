import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createProperty } from '../factories/index.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';

// Issue 58 item 13b: a calendar file links to the configured public URL, whatever Host the request names.

const PUBLIC_URL = 'https://rentals.example.test';

describe.each(transportBackends)('calendar links on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = await startTestApp(db, { env: { PUBLIC_URL } });
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  it("an open house's .ics links to PUBLIC_URL, not to the request's Host or X-Forwarded-Host", async () => {
    const { user, agent } = await createAgent(db.prisma);
    const listing = await createProperty(db.prisma, { userId: user.id, agentId: agent.id });
    const startsAt = new Date(Date.now() + 3 * 86_400_000);
    const openHouse = await db.prisma.openHouse.create({
      data: { propertyId: listing.id, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) },
    });
    const url = new URL(`${app.url}/api/open-houses/${openHouse.id}/calendar.ics`);
    // A raw request names another host (fetch would not let a Host header through).
    const http = await import('node:http');
    const text = await new Promise<string>((resolve, reject) => {
      http
        .get(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            headers: { host: 'phish.example', 'x-forwarded-host': 'phish.example' },
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8').on('data', (c: string) => (body += c));
            res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`status ${res.statusCode}`))));
          },
        )
        .on('error', reject);
    });
    expect(text).not.toContain('phish.example');
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('url')).toBe(`${PUBLIC_URL}/properties/${listing.slug}`);
    expect(String(vevent.getFirstPropertyValue('description'))).toContain(`${PUBLIC_URL}/properties/${listing.slug}`);
  });
});
