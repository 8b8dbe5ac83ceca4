/**
 * The words of a text search, or '' when it has none: a search of only emoji, symbols or punctuation
 * ('🏠', '***') matches nothing the search can look for, so it is no filter at all (no chip that
 * filters nothing; issue 59 item 5). Trimmed, at most 120 characters.
 */
export function searchText(raw: string | null | undefined): string {
  const text = (raw ?? '').trim().slice(0, 120);
  return /[\p{L}\p{N}]/u.test(text) ? text : '';
}
