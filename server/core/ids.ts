const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a key is a row's id (a uuid), not a slug or garbage: a query by a non-uuid id would fail in SQL. */
export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}
