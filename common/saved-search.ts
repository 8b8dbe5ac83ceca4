import { z } from 'zod';
import { AlertFrequencyValues, boroughLabels, type Borough, type PropertyType } from './options.js';
import { propertyTypeLabels } from './listing-labels.js';

export { AlertFrequencyValues, type AlertFrequency } from './options.js';
export { alertFrequencyLabels } from './listing-labels.js';

/** Saved searches and their alerts (issue 14 item 1). Imported by the browser: no Prisma here. */
export const SAVED_SEARCH_NAME_MAX = 120;
/** How many saved searches one account may keep. */
export const SAVED_SEARCHES_PER_USER = 50;

// Control characters (line breaks included) have no place in a name shown in menus and subjects.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export const savedSearchNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name for this search')
  .max(SAVED_SEARCH_NAME_MAX, `Keep the name under ${SAVED_SEARCH_NAME_MAX} characters`)
  .refine((v) => !CONTROL.test(v), 'The name cannot contain line breaks or control characters');

export const alertFrequencySchema = z.enum(AlertFrequencyValues, { message: 'Alerts are instant, daily or off' });

/** The parts of a filter a summary reads (the GraphQL PropertyFilter shape). */
export interface SummaryFilter {
  search?: string | null;
  borough?: Borough | null;
  neighborhood?: string | null;
  minPrice?: number | null;
  maxPrice?: number | null;
  priceBasis?: string | null;
  minBeds?: number | null;
  propertyType?: PropertyType | null;
  pets?: string | null;
  lines?: readonly string[] | null;
  walkMinutes?: number | null;
  commuteMaxMinutes?: number | null;
  area?: readonly unknown[] | null;
  accessibility?: readonly string[] | null;
}

const dollars = (n: number) => `$${n.toLocaleString('en-US')}`;

/** A readable default name: '2+ beds in Brooklyn under $3,500'. */
export function summarizeFilter(f: SummaryFilter): string {
  const parts: string[] = [];
  const type = f.propertyType ? `${propertyTypeLabels[f.propertyType]}s` : null;
  if (f.minBeds === 0) parts.push('Studios');
  else if (f.minBeds != null) parts.push(`${f.minBeds}+ beds${type ? ` (${type.toLowerCase()})` : ''}`);
  else parts.push(type ?? 'Rentals');
  if (f.neighborhood) parts.push(`in ${f.neighborhood}`);
  else if (f.borough) parts.push(`in ${boroughLabels[f.borough]}`);
  if (f.area?.length) parts.push('in a drawn area');
  const net = f.priceBasis === 'NET_EFFECTIVE' ? ' net effective' : '';
  if (f.minPrice != null && f.maxPrice != null) parts.push(`${dollars(f.minPrice)}–${dollars(f.maxPrice)}${net}`);
  else if (f.maxPrice != null) parts.push(`under ${dollars(f.maxPrice)}${net}`);
  else if (f.minPrice != null) parts.push(`from ${dollars(f.minPrice)}${net}`);
  const pets = (f.pets ?? '').toLowerCase();
  if (pets === 'allowed') parts.push('pets allowed');
  else if (pets === 'cats') parts.push('cats OK');
  else if (pets === 'dogs') parts.push('dogs OK');
  else if (pets === 'none') parts.push('no pets');
  if (f.lines?.length) parts.push(`near the ${f.lines.join(', ')}`);
  else if (f.walkMinutes != null) parts.push(`${f.walkMinutes} min to the subway`);
  if (f.commuteMaxMinutes != null) parts.push(`≤ ${f.commuteMaxMinutes} min commute`);
  if (f.accessibility?.length) parts.push('accessible');
  const search = f.search?.trim();
  if (search) parts.push(`matching “${search}”`);
  const name = parts.join(' ');
  return name.length > SAVED_SEARCH_NAME_MAX ? `${name.slice(0, SAVED_SEARCH_NAME_MAX - 1)}…` : name;
}
