// Display formatters shared by the client and the server (SPEC part 9: prices in USD with thousands
// separators and no decimals).

// Made on first use, not when the module loads: the first number format of a page loads the
// browser's locale data, a long task on a slow phone (profiled: 100 ms on Lighthouse's 4× slower
// CPU), which a screen that shows no price (the listing form at first) does not pay for.
let usd: Intl.NumberFormat | undefined;
let count: Intl.NumberFormat | undefined;

/** Formats whole US dollars: `3450` → `$3,450`. Fractions are rounded to the nearest dollar. */
export function formatPrice(amount: number): string {
  usd ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  return usd.format(amount);
}

/** Formats a count with thousands separators and at most one decimal: `1234` → `1,234`, `1.5` → `1.5`. */
export function formatCount(value: number): string {
  count ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
  return count.format(value);
}

/**
 * A count followed by the singular word when the count is exactly 1 and the plural otherwise
 * (SPEC part 2: plural 's' unless the count is exactly 1): `pluralize(2, 'bed')` → `2 beds`,
 * `pluralize(1, 'property', 'properties')` → `1 property`.
 */
export function pluralize(value: number, singular: string, plural: string = `${singular}s`): string {
  return `${formatCount(value)} ${value === 1 ? singular : plural}`;
}

/** Up to two initials for an avatar fallback: `Jane Doe` → `JD`, `jane@example.com` → `J`. */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s@]+/)
    .filter((word) => word.length > 0);
  if (words.length === 0) return '';
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 && !name.includes('@') ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}
