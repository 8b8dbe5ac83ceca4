/**
 * An instant the database can store and ISO writes with four digits: years 1 to 9999. JavaScript's
 * Date parses years up to ±275,760, which PostgreSQL's timestamps refuse (a 500 once, issue 24 item 10).
 */
export function parseStorableInstant(text: string): Date | null {
  const d = new Date(text);
  if (Number.isNaN(d.getTime())) return null;
  const year = d.getUTCFullYear();
  return year >= 1 && year <= 9999 ? d : null;
}
