import { newYorkParts } from './tours.js';
/**
 * Price drops and freshness of a listing (issue 14 item 3): the rules the server applies when it
 * answers `Property.priceDrop` / `Property.isNew` (REST `price_drop` / `is_new`), kept in one place
 * so every client reads the same windows. The server decides (at the time of the request); clients
 * show what it says and never recompute it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A drop of the asking rent is shown ('Price drop $250') for this many days after it happened. */
export const PRICE_DROP_WINDOW_DAYS = 14;

/** A listing is 'New' for this many days after it went on the market (its first publication). */
export const NEW_LISTING_DAYS = 3;

export interface PriceDrop {
  /** Old rent minus new rent, whole dollars (> 0). */
  amount: number;
  at: Date;
}

/** The listing's last drop when it happened within PRICE_DROP_WINDOW_DAYS of `now` (and not in the future), else null. */
export function recentPriceDrop(
  p: { priceDroppedAt: Date | null; priceDropAmount: number | null },
  now: Date = new Date(),
): PriceDrop | null {
  if (!p.priceDroppedAt || !p.priceDropAmount || p.priceDropAmount <= 0) return null;
  const age = now.getTime() - p.priceDroppedAt.getTime();
  return age >= 0 && age < PRICE_DROP_WINDOW_DAYS * DAY_MS ? { amount: p.priceDropAmount, at: p.priceDroppedAt } : null;
}

/** Whether a listing on the market since `listedAt` (null: never published) is under NEW_LISTING_DAYS old at `now`. */
export function isNewListing(listedAt: Date | null, now: Date = new Date()): boolean {
  if (!listedAt) return false;
  const age = now.getTime() - listedAt.getTime();
  return age < NEW_LISTING_DAYS * DAY_MS;
}

const HOUR_MS = 60 * 60 * 1000;
/** New York's calendar day of each UTC hour asked about (bounded: emptied past 50,000 hours). */
const dayOfHour = new Map<number, number>();

/**
 * The New York calendar day of an instant, as a day number (days since 1970-01-01). New York is a
 * whole number of hours from UTC, and changes that number on the hour, so its date is the same
 * through each UTC hour: worked out once per hour (Intl's formatToParts is slow, and a page of
 * listings asks twice per card).
 */
function newYorkDayNumber(at: Date): number {
  const hour = Math.floor(at.getTime() / HOUR_MS);
  let dayNumber = dayOfHour.get(hour);
  if (dayNumber === undefined) {
    const { year, month, day } = newYorkParts(hour * HOUR_MS);
    dayNumber = Date.UTC(year, month - 1, day) / DAY_MS;
    if (dayOfHour.size >= 50_000) dayOfHour.clear();
    dayOfHour.set(hour, dayNumber);
  }
  return dayNumber;
}

/**
 * Days on market (issue 26 item 7): New York calendar days from the day a listing went on the market
 * to `now` (0 on that day); null for a listing never published.
 */
export function daysOnMarket(listedAt: Date | null, now: Date = new Date()): number | null {
  if (!listedAt) return null;
  return Math.max(0, newYorkDayNumber(now) - newYorkDayNumber(listedAt));
}

/**
 * The price-drop columns a recorded change of the asking rent sets: a lower rent records the drop
 * (amount = old − new, at the change's time); a higher one clears it (the drop is no longer the
 * latest word on the price). A first price (no old one) clears too. No change: undefined (keep).
 */
export function priceDropColumns(
  change: { oldPrice: number | null; newPrice: number } | null,
  at: Date,
): { priceDroppedAt: Date | null; priceDropAmount: number | null } | undefined {
  if (!change) return undefined;
  if (change.oldPrice !== null && change.newPrice < change.oldPrice) {
    return { priceDroppedAt: at, priceDropAmount: change.oldPrice - change.newPrice };
  }
  return { priceDroppedAt: null, priceDropAmount: null };
}
