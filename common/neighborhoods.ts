// The neighborhoods of each borough by name (SPEC part 3, "Borough to neighborhood lists"), and how a
// name or slug in a URL is matched: all the listings page needs of them. Their geography (centroids,
// postal codes, streets, rents) is in common/nyc.ts, which the page does not load (about 3.5 KB gzip;
// docs/decisions/0053-deferred-controls.md); common/nyc.test.ts keeps the two lists equal.

import type { Borough } from './options.js';

/** Each borough's neighborhoods, in SPEC order. */
export const NEIGHBORHOOD_NAMES: Readonly<Record<Borough, readonly string[]>> = {
  MANHATTAN: [
    'Upper East Side',
    'Upper West Side',
    'Harlem',
    'Midtown',
    'Chelsea',
    'Greenwich Village',
    'SoHo',
    'Lower East Side',
    'Financial District',
    'Tribeca',
    'Inwood',
    'Washington Heights',
  ],
  BROOKLYN: [
    'Williamsburg',
    'Greenpoint',
    'Bushwick',
    'Bedford-Stuyvesant',
    'Crown Heights',
    'Park Slope',
    'Brooklyn Heights',
    'DUMBO',
    'Bay Ridge',
    'Bensonhurst',
    'Flatbush',
  ],
  QUEENS: ['Astoria', 'Long Island City', 'Sunnyside', 'Jackson Heights', 'Flushing', 'Forest Hills', 'Jamaica', 'Bayside'],
  BRONX: ['Riverdale', 'Kingsbridge', 'Fordham', 'Mott Haven', 'Throggs Neck', 'Pelham Bay'],
  STATEN_ISLAND: ['St. George', 'Tompkinsville', 'Great Kills', 'Tottenville', 'New Dorp', 'South Beach'],
};

/** A neighborhood's slug: kebab-case of its name ('Bedford-Stuyvesant' → 'bedford-stuyvesant'). */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export interface NeighborhoodName {
  name: string;
  borough: Borough;
}

const byKey = new Map<string, NeighborhoodName>();
for (const [borough, names] of Object.entries(NEIGHBORHOOD_NAMES) as [Borough, readonly string[]][]) {
  for (const name of names) {
    byKey.set(name.toLowerCase(), { name, borough });
    byKey.set(slugify(name), { name, borough });
  }
}

/** A neighborhood by its name or slug, case-insensitively; undefined when unknown. */
export function findNeighborhoodName(nameOrSlug: string): NeighborhoodName | undefined {
  const key = nameOrSlug.trim().toLowerCase();
  return byKey.get(key) ?? byKey.get(slugify(key));
}
