/**
 * Keyset cursors, written one way for every connection and every REST page (issue 52 item 5): a
 * cursor is base64url of the JSON `{ k: kind, ...key }`, where the kind names the list it pages (a
 * cursor of one list is refused by another) and the key holds the last row's sort values and id.
 * A page is then `WHERE (value, id) after (cursor value, cursor id)`: no OFFSET, stable while new
 * rows arrive. Whatever a client sends is checked before a query reads it; a cursor that is not one
 * of ours (not base64url JSON, another kind, a value of the wrong type or out of range) is one
 * BAD_USER_INPUT with the same words everywhere.
 */
import { parseStorableInstant } from '../../common/instant.js';
import { AppError } from './errors.js';
import { isUuid } from './ids.js';
import { say } from './texts.js';

/** The lists paged by keyset cursors: the search, reviews, saved listings, a thread's messages, conversations, the change feed. */
export type CursorKind = 'search' | 'reviews' | 'saved' | 'messages' | 'threads' | 'changes' | 'deliveries';

/** Longer than any cursor we make (a search cursor of the longest sort is under 200 characters). */
const MAX_CURSOR_LENGTH = 1_000;

/** The answer to a cursor that is not one of ours. */
export function invalidCursor(): AppError {
  return new AppError('BAD_USER_INPUT', say('invalidCursor'));
}

/** The cursor of `kind` after a row whose sort values and id are `key` (no key named `k`). */
export function encodeCursor(kind: CursorKind, key: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify({ k: kind, ...key })).toString('base64url');
}

/**
 * The key of a cursor of `kind`, as `read` finds it valid (it returns null, or throws, for a key it
 * refuses); BAD_USER_INPUT for anything else.
 */
export function decodeCursor<T>(kind: CursorKind, cursor: string, read: (key: Record<string, unknown>) => T | null): T {
  try {
    if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalidCursor();
    const { k, ...key } = parsed as Record<string, unknown>;
    if (k !== kind) throw invalidCursor();
    const value = read(key);
    if (value === null) throw invalidCursor();
    return value;
  } catch {
    throw invalidCursor();
  }
}

/** A cursor's instant: an ISO string the database can compare with (years 1 to 9999). */
export function cursorInstant(value: unknown): Date | null {
  return typeof value === 'string' ? parseStorableInstant(value) : null;
}

/** A cursor's row id: a uuid. */
export function cursorId(value: unknown): string | null {
  return typeof value === 'string' && isUuid(value) ? value : null;
}

/** The key of the lists ordered newest first by (an instant, id): reviews, saved listings, messages, conversations. */
export interface TimeKey {
  at: Date;
  id: string;
}

/** The cursor of `kind` after the row at (`at`, `id`). */
export function encodeTimeCursor(kind: CursorKind, row: TimeKey): string {
  return encodeCursor(kind, { t: row.at.toISOString(), id: row.id });
}

/** The (instant, id) of a cursor of `kind`; BAD_USER_INPUT when it is not one. */
export function decodeTimeCursor(kind: CursorKind, cursor: string): TimeKey {
  return decodeCursor(kind, cursor, (key) => {
    const at = cursorInstant(key.t);
    const id = cursorId(key.id);
    return at && id && Object.keys(key).length === 2 ? { at, id } : null;
  });
}

/**
 * The page info of a forward-only keyset page (a Relay connection's): from its edges, whether a row
 * follows, and the cursor it was asked after (an empty page's end is where it began, so a reader
 * following a feed resumes there).
 */
export function forwardPageInfo(
  edges: ReadonlyArray<{ cursor: string }>,
  hasNextPage: boolean,
  after: string | null | undefined,
) {
  return {
    hasNextPage,
    hasPreviousPage: Boolean(after),
    startCursor: edges[0]?.cursor ?? null,
    endCursor: edges.at(-1)?.cursor ?? after ?? null,
  };
}
