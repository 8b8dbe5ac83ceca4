import { Prisma } from '../../db/generated/prisma/client.js';

/**
 * Typo-tolerant text matching through pg_trgm (docs/decisions/0008-server-search-favorites-views.md).
 *
 * The typed text is split into words; a row matches when EVERY word is found in one of the
 * searched columns as a case-insensitive substring (`ILIKE '%word%'`). A word of four letters or
 * more that occurs nowhere (a misspelling) is matched by near spelling instead: `word <% column`,
 * pg_trgm's word similarity, at a threshold of 0.5 (so 'bedfrod' finds 'Bedford' and 'wiliamsburg'
 * finds 'Williamsburg'). Spelling is corrected only for words that occur nowhere so that a common,
 * correctly spelled word ('apartment') neither drags in look-alikes ('Bradford' for 'bedford') nor
 * makes PostgreSQL compute similarities on every row that lacks it: the "occurs nowhere" test is
 * an uncorrelated EXISTS, evaluated once per statement. Both operators are served by the GIN
 * trigram indexes of the searched columns. The threshold is a session setting of every connection
 * (server/db/client.ts), so a text search is plain statements, no transaction.
 */

/** Words shorter than this are matched as substrings only (their trigrams say too little). */
export const FUZZY_MIN_LENGTH = 4;
/** Words of the text that take part in a search; the rest are ignored. */
export const MAX_SEARCH_WORDS = 8;

/** The words of a search text: lower-case letters and digits, deduplicated, at most MAX_SEARCH_WORDS. */
export function searchWords(text: string): string[] {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/** Escapes LIKE wildcards so a typed '%' or '_' is matched literally. */
export function likeEscape(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * SQL that is true when every word matches at least one of the columns (trusted SQL fragments such
 * as `p."address"`, cheapest first: predicates are tried in order). `occurs(pattern)` is SQL that is
 * true when some row of the searched set has the ILIKE pattern in one of its columns; without it,
 * near spellings are always accepted (for small sets). Empty `words` gives TRUE.
 */
export function wordsMatchSql(
  words: readonly string[],
  columns: readonly Prisma.Sql[],
  occurs?: (pattern: string) => Prisma.Sql,
): Prisma.Sql {
  if (words.length === 0) return Prisma.sql`TRUE`;
  const perWord = words.map((word) => {
    const pattern = `%${likeEscape(word)}%`;
    const exact = columns.map((col) => Prisma.sql`${col} ILIKE ${pattern}`);
    if (word.length < FUZZY_MIN_LENGTH) return Prisma.sql`(${Prisma.join(exact, ' OR ')})`;
    const near = Prisma.join(
      columns.map((col) => Prisma.sql`${word} <% ${col}`),
      ' OR ',
    );
    const fuzzy = occurs ? Prisma.sql`(NOT ${occurs(pattern)} AND (${near}))` : Prisma.sql`${near}`;
    return Prisma.sql`(${Prisma.join(exact, ' OR ')} OR ${fuzzy})`;
  });
  return Prisma.join(perWord, ' AND ');
}
