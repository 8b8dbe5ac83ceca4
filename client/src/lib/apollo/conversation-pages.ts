// Pure merge rules for the two keyset-paged lists of messaging (issue 9), used by the field policies
// in type-policies.ts and unit-tested on their own. They work on any item type: the cache passes
// references and reads their fields through `readField`; the tests pass plain objects.

/** `Thread.messages`: one page, items oldest first; `olderCursor` asks for the page before it. */
export interface MessagePageLike<T> {
  readonly __typename?: string;
  readonly items: readonly T[];
  readonly hasOlder: boolean;
  readonly olderCursor?: string | null;
}

/** `Query.threads`: one page, most recent first; `endCursor` asks for the page after it. */
export interface ThreadPageLike<T> {
  readonly __typename?: string;
  readonly items: readonly T[];
  readonly hasMore: boolean;
  readonly endCursor?: string | null;
}

/** How to read an item's identity and the instant it is ordered by (ISO-8601, so strings compare). */
export interface ItemKeys<T> {
  id(item: T): string | undefined;
  at(item: T): string | undefined;
}

/** Ascending by (instant, id), the server's keyset order. */
function compareAsc<T>(keys: ItemKeys<T>) {
  return (a: T, b: T): number => {
    const at = (keys.at(a) ?? '').localeCompare(keys.at(b) ?? '');
    return at !== 0 ? at : (keys.id(a) ?? '').localeCompare(keys.id(b) ?? '');
  };
}

/** Every item once (the later copy of an id wins), sorted oldest first. */
export function uniqueChronological<T>(items: readonly T[], keys: ItemKeys<T>): T[] {
  const byId = new Map<string, T>();
  const anonymous: T[] = [];
  for (const item of items) {
    const id = keys.id(item);
    if (id === undefined) anonymous.push(item);
    else byId.set(id, item);
  }
  return [...byId.values(), ...anonymous].sort(compareAsc(keys));
}

/**
 * Merges a page of `Thread.messages` into what the cache holds.
 *
 * - An older page (`before` set) goes in front of the loaded messages; its `hasOlder`/`olderCursor`
 *   become the list's, since it is now the oldest page loaded.
 * - The newest page (no `before`: the first load, or the refetch after a reconnect) is joined with
 *   the loaded messages, without duplicates (messages added live are already there). When it does
 *   not reach the loaded messages while older ones exist, messages may be missing in between: the
 *   loaded ones are dropped and the list starts again from the newest page.
 */
export function mergeMessagePages<T, P extends MessagePageLike<T>>(
  existing: P | undefined,
  incoming: P,
  args: { before?: string | null } | null | undefined,
  keys: ItemKeys<T>,
): P {
  if (!existing) return incoming;
  if (args?.before) {
    return {
      ...existing,
      items: uniqueChronological([...incoming.items, ...existing.items], keys),
      hasOlder: incoming.hasOlder,
      olderCursor: incoming.olderCursor ?? null,
    };
  }
  if (existing.items.length === 0) return incoming;
  const loaded = new Set(existing.items.map((item) => keys.id(item)));
  const overlaps = incoming.items.some((item) => loaded.has(keys.id(item)));
  if (!overlaps && incoming.hasOlder) return incoming;
  const items = uniqueChronological([...existing.items, ...incoming.items], keys);
  // The oldest loaded message decides where the next older page starts.
  const oldestExisting = existing.items[0];
  const oldestIncoming = incoming.items[0];
  const existingIsOlder =
    oldestIncoming === undefined || (oldestExisting !== undefined && compareAsc(keys)(oldestExisting, oldestIncoming) <= 0);
  return existingIsOlder
    ? { ...incoming, items, hasOlder: existing.hasOlder, olderCursor: existing.olderCursor ?? null }
    : { ...incoming, items };
}

/**
 * Merges a page of `Query.threads`: the first page (no `after`) starts the list again (it is the
 * server's current order, e.g. after a reconnect); a next page is appended without duplicates.
 */
export function mergeThreadPages<T, P extends ThreadPageLike<T>>(
  existing: P | undefined,
  incoming: P,
  args: { after?: string | null } | null | undefined,
  keys: Pick<ItemKeys<T>, 'id'>,
): P {
  if (!existing || !args?.after) return incoming;
  const seen = new Set(existing.items.map((item) => keys.id(item)));
  return { ...incoming, items: [...existing.items, ...incoming.items.filter((item) => !seen.has(keys.id(item)))] };
}

/** Conversations most recent first (by `lastMessageAt`, then id, as the server orders them). */
export function sortMostRecentFirst<T>(items: readonly T[], keys: ItemKeys<T>): T[] {
  const asc = compareAsc(keys);
  return [...items].sort((a, b) => asc(b, a));
}

/** Inserts `item` at its place in an oldest-first list unless an item with its id is there already. */
export function insertChronological<T>(items: readonly T[], item: T, keys: ItemKeys<T>): T[] {
  const id = keys.id(item);
  if (items.some((existing) => keys.id(existing) === id)) return items as T[];
  return uniqueChronological([...items, item], keys);
}
