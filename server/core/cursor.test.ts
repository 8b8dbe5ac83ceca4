import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { decodeCursor, decodeTimeCursor, encodeCursor, encodeTimeCursor } from './cursor.js';

const ID = '3f2b8c1e-9a4d-4c2b-8e1f-0a1b2c3d4e5f';
const AT = new Date('2026-03-14T15:09:26.535Z');

/** What decoding answers: the key, or the error's code and words. */
function attempt<T>(decode: () => T): T | { code: string; message: string } {
  try {
    return decode();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { code: err.code, message: err.message };
  }
}

const REFUSED = { code: 'BAD_USER_INPUT', message: 'Invalid cursor: start again from the first page' };
const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

describe('keyset cursors', () => {
  it('round-trips an (instant, id) key of each kind', () => {
    for (const kind of ['reviews', 'saved', 'messages', 'threads'] as const) {
      const cursor = encodeTimeCursor(kind, { at: AT, id: ID });
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeTimeCursor(kind, cursor)).toEqual({ at: AT, id: ID });
    }
  });

  it('round-trips any key through a reader, which sees the key without its kind', () => {
    const cursor = encodeCursor('search', { s: 'price_low', v: 2500, id: ID });
    expect(decodeCursor('search', cursor, (key) => key)).toEqual({ s: 'price_low', v: 2500, id: ID });
  });

  it('refuses a cursor of another kind, with the same answer as any bad cursor', () => {
    const review = encodeTimeCursor('reviews', { at: AT, id: ID });
    expect(attempt(() => decodeTimeCursor('saved', review))).toEqual(REFUSED);
    expect(attempt(() => decodeTimeCursor('messages', review))).toEqual(REFUSED);
    const search = encodeCursor('search', { t: AT.toISOString(), id: ID });
    expect(attempt(() => decodeTimeCursor('threads', search))).toEqual(REFUSED);
    // Without a kind (the cursors written before this helper) is no kind.
    expect(attempt(() => decodeTimeCursor('reviews', b64({ t: AT.toISOString(), id: ID })))).toEqual(REFUSED);
  });

  it('refuses tampered cursors: not base64url, not JSON, not an object, bad values, extra keys, too long', () => {
    const tampered = [
      '',
      'forged!',
      'bm9wZQ', // "nope"
      b64('[1,2]'),
      b64('null'),
      b64(`${AT.toISOString()}|${ID}`),
      b64({ k: 'reviews', t: AT.toISOString(), id: 'not-a-uuid' }),
      b64({ k: 'reviews', t: '+099999-01-01T00:00:00Z', id: ID }),
      b64({ k: 'reviews', t: 'yesterday', id: ID }),
      b64({ k: 'reviews', t: 1e20, id: ID }),
      b64({ k: 'reviews', t: AT.toISOString(), id: ID, extra: 1 }),
      encodeTimeCursor('reviews', { at: AT, id: ID }) + 'x'.repeat(1_000),
    ];
    for (const cursor of tampered)
      expect(
        attempt(() => decodeTimeCursor('reviews', cursor)),
        cursor,
      ).toEqual(REFUSED);
    // A flipped character of a good cursor.
    const good = encodeTimeCursor('reviews', { at: AT, id: ID });
    const flipped = good.slice(0, 5) + (good[5] === 'A' ? 'B' : 'A') + good.slice(6);
    expect(attempt(() => decodeTimeCursor('reviews', flipped))).toEqual(REFUSED);
  });

  it("refuses what a list's reader refuses, or throws on, with the same answer", () => {
    const cursor = encodeCursor('search', { s: 'newest', v: 'x', id: ID });
    expect(attempt(() => decodeCursor('search', cursor, () => null))).toEqual(REFUSED);
    expect(
      attempt(() =>
        decodeCursor('search', cursor, () => {
          throw new Error('bad value');
        }),
      ),
    ).toEqual(REFUSED);
  });
});
