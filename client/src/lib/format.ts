import { formatCount } from '@common/format';
import { dateFormat } from '@common/i18n/dates';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  studio: { id: 'listing.studio', defaultMessage: 'Studio' },
  beds: { id: 'listing.beds', defaultMessage: '{count, plural, one {# bed} other {# beds}}' },
  baths: { id: 'listing.baths', defaultMessage: '{count, plural, one {# bath} other {# baths}}' },
  listedToday: { id: 'listing.listedToday', defaultMessage: 'Listed today' },
  listedYesterday: { id: 'listing.listedYesterday', defaultMessage: 'Listed yesterday' },
  listedDaysAgo: { id: 'listing.listedDaysAgo', defaultMessage: 'Listed {days} days ago' },
});

/**
 * A calendar date (YYYY-MM-DD) as 'Dec 1, 2026' ('1 dic 2026', '2026年12月1日'); the date is not shifted
 * by the viewer's time zone.
 */
export function formatDate(date: string, style: 'short' | 'long' = 'short'): string {
  const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return dateFormat(`calendar-${style}`, { month: style, day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(parsed);
}

/** 'Studio' for 0 bedrooms, otherwise '2 beds' / '1 bed' (plural unless exactly 1). */
export function bedsLabel(bedrooms: number): string {
  return bedrooms === 0 ? formatMessage(messages.studio) : formatMessage(messages.beds, { count: bedrooms });
}

export function bathsLabel(bathrooms: number): string {
  return formatMessage(messages.baths, { count: bathrooms });
}

/** A rating to one decimal: 4.8. */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

/** The path of a listing's page: by slug when it has one. */
export function propertyPath(property: { id: string; slug?: string | null }): string {
  return `/properties/${encodeURIComponent(property.slug || property.id)}`;
}

/** Days on market in words (the server counts them: `Property.daysOnMarket`): 'Listed 12 days ago'. */
export function listedLabel(days: number): string {
  if (days <= 0) return formatMessage(messages.listedToday);
  if (days === 1) return formatMessage(messages.listedYesterday);
  return formatMessage(messages.listedDaysAgo, { days: formatCount(days) });
}
