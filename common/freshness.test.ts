import { describe, expect, it } from 'vitest';
import { isAvailableNow } from './available.js';
import {
  daysOnMarket,
  isNewListing,
  NEW_LISTING_DAYS,
  PRICE_DROP_WINDOW_DAYS,
  priceDropColumns,
  recentPriceDrop,
} from './freshness.js';

const DAY = 24 * 3_600_000;
const NOW = new Date('2026-11-24T12:00:00Z');
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

describe('price drops and freshness', () => {
  it('shows a drop for 14 days, not after, not a future or empty one', () => {
    expect(PRICE_DROP_WINDOW_DAYS).toBe(14);
    expect(recentPriceDrop({ priceDroppedAt: ago(13.99), priceDropAmount: 250 }, NOW)).toEqual({ amount: 250, at: ago(13.99) });
    expect(recentPriceDrop({ priceDroppedAt: ago(14), priceDropAmount: 250 }, NOW)).toBeNull();
    expect(recentPriceDrop({ priceDroppedAt: ago(-1), priceDropAmount: 250 }, NOW)).toBeNull();
    expect(recentPriceDrop({ priceDroppedAt: null, priceDropAmount: null }, NOW)).toBeNull();
    expect(recentPriceDrop({ priceDroppedAt: ago(1), priceDropAmount: 0 }, NOW)).toBeNull();
  });

  it("calls a listing 'New' for 3 days", () => {
    expect(NEW_LISTING_DAYS).toBe(3);
    expect(isNewListing(ago(2.99), NOW)).toBe(true);
    expect(isNewListing(ago(3), NOW)).toBe(false);
  });

  it('sets the columns on a drop, clears them on a rise or a first price, keeps them with no change', () => {
    expect(priceDropColumns({ oldPrice: 3000, newPrice: 2750 }, NOW)).toEqual({ priceDroppedAt: NOW, priceDropAmount: 250 });
    expect(priceDropColumns({ oldPrice: 2750, newPrice: 2900 }, NOW)).toEqual({ priceDroppedAt: null, priceDropAmount: null });
    expect(priceDropColumns({ oldPrice: null, newPrice: 2900 }, NOW)).toEqual({ priceDroppedAt: null, priceDropAmount: null });
    expect(priceDropColumns(null, NOW)).toBeUndefined();
  });
});

describe('days on market (issue 26 item 7)', () => {
  it('counts New York calendar days, whatever the hour', () => {
    // 11 pm in New York on Nov 24 (04:00 UTC on Nov 25), and 1 am on Nov 25 in New York.
    const listed = new Date('2026-11-25T04:00:00Z');
    expect(daysOnMarket(listed, new Date('2026-11-25T06:00:00Z'))).toBe(1);
    expect(daysOnMarket(listed, new Date('2026-11-25T04:30:00Z'))).toBe(0);
    expect(daysOnMarket(listed, new Date('2026-12-07T17:00:00Z'))).toBe(13);
    // Across the change to standard time (Nov 1, 2026).
    expect(daysOnMarket(new Date('2026-10-31T12:00:00Z'), new Date('2026-11-02T12:00:00Z'))).toBe(2);
    expect(daysOnMarket(null)).toBeNull();
  });

  it("gives the day New York's own clock gives, minute by minute around midnights and both clock changes", () => {
    // The day is worked out once per UTC hour: checked against Intl for every 7th minute of the days
    // around the 2026 changes (Mar 8, Nov 1) and an ordinary midnight.
    const nyDay = (t: number) => {
      const [m, d, y] = new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
      })
        .format(t)
        .split('/')
        .map(Number);
      return Date.UTC(y!, m! - 1, d!) / DAY;
    };
    const epoch = new Date(Date.UTC(2026, 0, 1));
    for (const start of ['2026-03-07T00:00:00Z', '2026-10-31T00:00:00Z', '2026-11-24T00:00:00Z']) {
      for (let t = Date.parse(start); t < Date.parse(start) + 3 * DAY; t += 7 * 60_000) {
        expect(daysOnMarket(epoch, new Date(t)), new Date(t).toISOString()).toBe(nyDay(t) - nyDay(epoch.getTime()));
      }
    }
  });

  it("is 'New' for 3 days from the listing's first day on the market, never as a draft", () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(isNewListing(new Date('2026-11-23T12:00:01Z'), now)).toBe(true);
    expect(isNewListing(null, now)).toBe(false);
  });

  it("is 'Available now' from the available day in New York on, and for any day gone by (issue 59 item 5)", () => {
    const dec6 = '2026-12-06';
    // 11 pm on Dec 5 in New York (4 am UTC on Dec 6): not yet.
    expect(isAvailableNow(dec6, new Date('2026-12-06T04:00:00Z'))).toBe(false);
    // 1 am on Dec 6 in New York.
    expect(isAvailableNow(dec6, new Date('2026-12-06T06:00:00Z'))).toBe(true);
    expect(isAvailableNow('2020-01-15', new Date('2026-12-06T06:00:00Z'))).toBe(true);
  });
});
