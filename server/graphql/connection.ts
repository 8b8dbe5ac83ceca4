/**
 * A forward-only keyset page as a Relay connection: page info from the edges, and a `totalCount`
 * that runs its query at most once, and only when the field is selected.
 */
export function keysetConnection<E extends { cursor: string }>(
  edges: E[],
  opts: { hasNextPage: boolean; after: string | null | undefined; count: () => Promise<number> },
) {
  let count: Promise<number> | undefined;
  return {
    edges,
    pageInfo: {
      hasNextPage: opts.hasNextPage,
      hasPreviousPage: opts.after != null,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount: () => (count ??= opts.count()),
  };
}

/** The shape the `totalCount` field of such a connection resolves from. */
export interface ConnectionWithCount {
  totalCount: () => Promise<number>;
}
