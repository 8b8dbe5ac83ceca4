import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_ORIGIN } from './origin.js';

/** Sends a GraphQL operation to the server under test, as a signed-out visitor. */
export async function gql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  // The context may carry the session cookie: send the Origin a browser would (the CSRF check).
  const res = await request.post('/graphql', { data: { query, variables }, headers: { origin: E2E_ORIGIN } });
  expect(res.ok(), `GraphQL answered ${res.status()}`).toBe(true);
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as T;
}

/** How many active listings match a GraphQL PropertyFilter. */
export async function countFor(request: APIRequestContext, filter: Record<string, unknown>): Promise<number> {
  const data = await gql<{ properties: { totalCount: number } }>(
    request,
    'query Count($filter: PropertyFilter) { properties(filter: $filter, first: 1) { totalCount } }',
    { filter },
  );
  return data.properties.totalCount;
}

export interface ListingSummary {
  id: string;
  slug: string;
  title: string;
  price: number;
  bedrooms: number;
  bathrooms: number;
  listingType: string;
  location: { lat: number; lng: number } | null;
  photos: { id: string }[];
  openHouses: { id: string }[];
  agent: { id: string; displayName: string } | null;
}

const LISTING_FIELDS = `id slug title price bedrooms bathrooms listingType location { lat lng } photos { id } openHouses { id } agent { id displayName }`;

/** Every active listing, newest first (a few pages of 50). */
export async function allListings(request: APIRequestContext): Promise<ListingSummary[]> {
  const out: ListingSummary[] = [];
  let after: string | null = null;
  for (;;) {
    const data: {
      properties: { edges: { node: ListingSummary }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
    } = await gql(
      request,
      `query All($after: String) { properties(first: 50, after: $after) { edges { node { ${LISTING_FIELDS} } } pageInfo { hasNextPage endCursor } } }`,
      { after },
    );
    out.push(...data.properties.edges.map((edge) => edge.node));
    if (!data.properties.pageInfo.hasNextPage) return out;
    after = data.properties.pageInfo.endCursor;
  }
}

/** The first page of the search as the listings page asks for it. */
export async function firstPage(request: APIRequestContext, filter: Record<string, unknown> = {}, sort = 'NEWEST') {
  const data = await gql<{ properties: { totalCount: number; edges: { node: ListingSummary }[] } }>(
    request,
    `query Page($filter: PropertyFilter, $sort: PropertySort) { properties(filter: $filter, sort: $sort, first: 12) { totalCount edges { node { ${LISTING_FIELDS} } } } }`,
    { filter, sort },
  );
  return data.properties;
}

/** The results section of the listings page and its parts. */
export function results(page: Page) {
  const section = page.getByRole('region', { name: 'Search results' });
  return {
    section,
    count: section.getByText(/^\d[\d,]* propert(y|ies)$/),
    cards: section.locator('article'),
  };
}

/** The number shown in the '{n} properties' line. */
export async function shownCount(page: Page): Promise<number> {
  const text = (await results(page).count.textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

/** Waits until the count line shows the number of listings matching `filter` on the server. */
export async function expectCountMatches(page: Page, request: APIRequestContext, filter: Record<string, unknown>) {
  const expected = await countFor(request, filter);
  await expect(results(page).count).toHaveText(
    `${expected.toLocaleString('en-US')} ${expected === 1 ? 'property' : 'properties'}`,
  );
  return expected;
}

/** The prices shown on the cards, in page order. */
export async function cardPrices(cards: Locator): Promise<number[]> {
  return cards.locator('[data-price]').evaluateAll((elements) => elements.map((el) => Number((el as HTMLElement).dataset.price)));
}

/** Picks an option of a select by its accessible name. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).selectOption({ label: option });
}

/** The query string of the page, as an object. */
export function query(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}
