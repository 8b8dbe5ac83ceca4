import { formatCount, formatPrice, pluralize } from './format.js';

// ---------------------------------------------------------------------------------------------------
// Net-effective rent (issue 26 item 2). The advertised price stays the gross rent: what the lease
// says and what each month's bill is, bar the free ones (the move-in total counts it). The net
// effective rent spreads the free months over the lease: gross x (lease - free) / lease, to the dollar.
// ---------------------------------------------------------------------------------------------------

export interface ConcessionFacts {
  /** Months free (halves allowed); null or 0 without a concession. */
  monthsFree: number | null;
  /** The months of the lease the free months come with. */
  leaseMonths: number | null;
}

/** No concession. */
export const NO_CONCESSION = { monthsFree: null, leaseMonths: null, terms: null } as const;

/** Whether there is a concession to speak of. */
export function hasConcession(c: ConcessionFacts): c is { monthsFree: number; leaseMonths: number } {
  return c.monthsFree !== null && c.monthsFree > 0 && c.leaseMonths !== null && c.leaseMonths > c.monthsFree;
}

/** The net effective monthly rent: the gross rent without a concession. */
export function netEffectiveRent(price: number, c: ConcessionFacts): number {
  if (!hasConcession(c)) return price;
  return Math.round((price * (c.leaseMonths - c.monthsFree)) / c.leaseMonths);
}

/** '1 month free on 12', '1.5 months free on 13'. */
export function concessionLabel(c: { monthsFree: number; leaseMonths: number }): string {
  return `${pluralize(c.monthsFree, 'month')} free on ${formatCount(c.leaseMonths)}`;
}

/** '$3,300 net effective, 1 month free on 12'; null without a concession. */
export function netEffectiveLabel(netEffectivePrice: number, c: ConcessionFacts): string | null {
  return hasConcession(c) ? `${formatPrice(netEffectivePrice)} net effective, ${concessionLabel(c)}` : null;
}

/** The stored columns of a listing's concession and its net effective rent (written with the price, never apart). */
export function concessionColumns(price: number, c: ConcessionFacts & { terms: string | null }) {
  const kept = hasConcession(c);
  return {
    concessionMonthsFree: kept ? c.monthsFree : null,
    concessionLeaseMonths: kept ? c.leaseMonths : null,
    concessionTerms: kept ? c.terms : null,
    netEffectivePrice: netEffectiveRent(price, c),
  };
}
