import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { canonicalJson, createPublicCache, MAX_BODY_BYTES, MAX_CHARACTERS, readKey } from './public-cache.js';

// The in-process store of the public cache (no REDIS_URL): answers kept as they were given, and bounded
// in characters as well as in entries (2,000 answers of up to 512 KB would be a gigabyte).
describe('the public cache in process', () => {
  const cache = () => createPublicCache({ ttlSeconds: 60, log: pino({ level: 'silent' }) });

  it('gives back an answer exactly as it was stored, line breaks and all, until a listing changes', async () => {
    const c = cache();
    const body = '{"a":"x\\ny"}\n<p>\n</p>';
    await c.set(c.begin()!, 'k', body, 'search');
    expect(await c.get(c.begin()!, 'k')).toBe(body);
    c.heard(
      { type: 'listing.changed', listingId: '00000000-0000-4000-8000-000000000001', wasPublic: true, isPublic: true } as never,
      'e1',
      true,
    );
    expect(await c.get(c.begin()!, 'k')).toBeNull();
  });

  it("empties a page rendered on the server when an open house's places change, and keeps the search pages", async () => {
    const c = cache();
    const listingId = '00000000-0000-4000-8000-000000000002';
    await c.set(c.begin()!, 'page', '<html>3 places left</html>', 'page');
    await c.set(c.begin()!, 'search', '{"cards":[]}', 'search');
    await c.set(c.begin()!, 'detail', '{"places":3}', { listingId });
    c.heard({ type: 'openHouse.rsvpChanged', openHouseId: 'o1', listingId, nowGoing: ['u1'] } as never, 'e2', true);
    expect(await c.get(c.begin()!, 'page')).toBeNull();
    expect(await c.get(c.begin()!, 'detail')).toBeNull();
    expect(await c.get(c.begin()!, 'search')).toBe('{"cards":[]}');
    // A listing's visible change empties pages as it empties search pages.
    await c.set(c.begin()!, 'page', '<html>again</html>', 'page');
    c.heard({ type: 'listing.changed', listingId, wasPublic: true, isPublic: true } as never, 'e3', true);
    expect(await c.get(c.begin()!, 'page')).toBeNull();
    await c.close();
  });

  it('drops its oldest answers past MAX_CHARACTERS in all, and never keeps one past MAX_BODY_BYTES', async () => {
    const c = cache();
    const body = 'x'.repeat(MAX_BODY_BYTES - 1);
    const fit = Math.floor(MAX_CHARACTERS / (body.length + 100));
    for (let i = 0; i <= fit; i++) await c.set(c.begin()!, `k${i}`, body, 'search');
    expect(await c.get(c.begin()!, 'k0')).toBeNull();
    expect(await c.get(c.begin()!, `k${fit}`)).toBe(body);
    expect(await c.get(c.begin()!, 'k2')).toBe(body);
    await c.set(c.begin()!, 'big', 'x'.repeat(MAX_BODY_BYTES + 1), 'search');
    expect(await c.get(c.begin()!, 'big')).toBeNull();
    await c.close();
  });
});

describe('the key of what was read', () => {
  it('is the same for equal reads however their members were ordered, and differs for any other value', () => {
    const a = { filter: { borough: 'BROOKLYN', minPrice: 2000, amenities: ['DOORMAN', 'GYM'] }, first: 12, after: null };
    const b = {
      after: null,
      first: 12,
      filter: { minPrice: 2000, amenities: ['DOORMAN', 'GYM'], borough: 'BROOKLYN', noFee: undefined },
    };
    expect(canonicalJson(b)).toBe(canonicalJson(a));
    expect(canonicalJson(a)).toBe(JSON.stringify(JSON.parse(canonicalJson(a))));
    expect(canonicalJson({ at: new Date('2026-01-02T00:00:00Z'), list: [undefined, 1] })).toBe(
      '{"at":"2026-01-02T00:00:00.000Z","list":[null,1]}',
    );
    const key = (args: unknown, shape = 'rest', locale = 'en') =>
      readKey({ reads: [{ field: 'properties', args }], shape, locale });
    expect(key(b)).toBe(key(a));
    expect(key({ ...a, first: 13 })).not.toBe(key(a));
    expect(key({ ...a, filter: { ...a.filter, amenities: ['GYM', 'DOORMAN'] } })).not.toBe(key(a));
    expect(key(a, 'graphql:x')).not.toBe(key(a));
    expect(key(a, 'rest', 'es')).not.toBe(key(a));
  });
});
