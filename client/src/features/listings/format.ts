import { pluralize } from '@common/format';

const dateOnly = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const dateOnlyLong = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A calendar date (YYYY-MM-DD) as 'Dec 1, 2026'; the date is not shifted by the viewer's time zone. */
export function formatDate(date: string, style: 'short' | 'long' = 'short'): string {
  const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return (style === 'long' ? dateOnlyLong : dateOnly).format(parsed);
}

/** 'Studio' for 0 bedrooms, otherwise '2 beds' / '1 bed' (plural unless exactly 1). */
export function bedsLabel(bedrooms: number): string {
  return bedrooms === 0 ? 'Studio' : pluralize(bedrooms, 'bed');
}

export function bathsLabel(bathrooms: number): string {
  return pluralize(bathrooms, 'bath');
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
  if (days <= 0) return 'Listed today';
  if (days === 1) return 'Listed yesterday';
  return `Listed ${days.toLocaleString('en-US')} days ago`;
}
