import { defineMessages, formatMessage } from '@common/i18n/messages';
import { formatNewYorkDay } from '@common/i18n/dates';
import { formatPrice } from '@common/format';

/** One recorded asking rent (a row of `Property.priceHistory`). */
export interface PricePoint {
  newPrice: number;
  oldPrice?: number | null;
  changedAt: string;
}

export interface StepChart {
  /** The SVG path of the asking rent as a step line in a `width` × `height` box (y grows downwards). */
  path: string;
  /** Where each recorded price starts (the dots). */
  points: Array<{ x: number; y: number }>;
  min: number;
  max: number;
}

/**
 * The asking rent over time as a step line: each price holds until the next change, the last one
 * until `now`. Prices are scaled between the lowest and highest (a flat history sits mid-height),
 * with `pad` units kept free at the top and bottom.
 */
export function stepChart(history: readonly PricePoint[], now: Date, width: number, height: number, pad = 8): StepChart | null {
  if (history.length === 0) return null;
  const times = history.map((h) => new Date(h.changedAt).getTime());
  const start = times[0]!;
  const end = Math.max(now.getTime(), times[times.length - 1]!);
  const prices = history.map((h) => h.newPrice);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const span = end - start || 1;
  const x = (t: number) => round(((t - start) / span) * width);
  const y = (p: number) => (max === min ? height / 2 : round(pad + ((max - p) / (max - min)) * (height - 2 * pad)));
  const points = history.map((h, i) => ({ x: x(times[i]!), y: y(h.newPrice) }));
  let path = `M${points[0]!.x} ${points[0]!.y}`;
  for (let i = 1; i < points.length; i++) path += ` H${points[i]!.x} V${points[i]!.y}`;
  path += ` H${x(end)}`;
  return { path, points, min, max };
}

const round = (n: number) => Math.round(n * 10) / 10;

const messages = defineMessages({
  none: { id: 'details.priceSummaryNone', defaultMessage: 'No price history.' },
  unchanged: { id: 'details.priceSummaryUnchanged', defaultMessage: 'Asking rent {price} since {since}, unchanged.' },
  changed: {
    id: 'details.priceSummaryChanged',
    defaultMessage: 'Asking rent from {from} on {since} to {to} on {until}: {changes}.',
  },
  drops: { id: 'details.priceSummaryDrops', defaultMessage: '{count, plural, one {# drop} other {# drops}}' },
  rises: { id: 'details.priceSummaryRises', defaultMessage: '{count, plural, one {# increase} other {# increases}}' },
  both: { id: 'details.priceSummaryBoth', defaultMessage: '{drops} and {rises}' },
  noChange: { id: 'details.priceSummaryNoChange', defaultMessage: 'no change' },
});

/** A day of the price history in the page's language ('Oct 1, 2026'). */
const day = (at: string) => formatNewYorkDay(new Date(at));

/** The chart's accessible summary, in the page's language: first and current rent, the drops and rises, the range. */
export function priceHistorySummary(history: readonly PricePoint[]): string {
  if (history.length === 0) return formatMessage(messages.none);
  const first = history[0]!;
  const last = history[history.length - 1]!;
  let drops = 0;
  let rises = 0;
  for (let i = 1; i < history.length; i++) {
    const before = history[i - 1]!.newPrice;
    if (history[i]!.newPrice < before) drops++;
    else if (history[i]!.newPrice > before) rises++;
  }
  const since = day(first.changedAt);
  if (history.length === 1) return formatMessage(messages.unchanged, { price: formatPrice(first.newPrice), since });
  const dropsText = drops ? formatMessage(messages.drops, { count: drops }) : '';
  const risesText = rises ? formatMessage(messages.rises, { count: rises }) : '';
  const changes =
    dropsText && risesText
      ? formatMessage(messages.both, { drops: dropsText, rises: risesText })
      : dropsText || risesText || formatMessage(messages.noChange);
  return formatMessage(messages.changed, {
    from: formatPrice(first.newPrice),
    since,
    to: formatPrice(last.newPrice),
    until: day(last.changedAt),
    changes,
  });
}
