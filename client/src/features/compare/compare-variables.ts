// Apart from compare-selection.ts, which the listings page loads (its 'Compare' tick box): only the
// Compare screen needs this.

/** The Compare query's variables for up to 3 ids: `property` is asked only for the ids there are (one without an id is refused). */
export function compareVariables(ids: readonly string[]) {
  return { a: ids[0] ?? '', b: ids[1] ?? null, c: ids[2] ?? null, withB: ids.length > 1, withC: ids.length > 2 };
}
