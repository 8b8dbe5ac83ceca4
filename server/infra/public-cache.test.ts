import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createPublicCache, MAX_BODY_BYTES, MAX_CHARACTERS } from './public-cache.js';

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
