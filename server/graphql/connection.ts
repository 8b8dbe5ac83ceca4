import {
  getDirectiveValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  Kind,
  type GraphQLResolveInfo,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql';

/**
 * A forward-only keyset page as a Relay connection: page info from the edges, and a `totalCount`
 * that runs its query at most once, and only when a field that needs it is selected.
 */
export function keysetConnection<E extends { cursor: string }, C = number>(
  edges: E[],
  opts: { hasNextPage: boolean; after: string | null | undefined; count: () => Promise<C> },
) {
  let count: Promise<C> | undefined;
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
export interface ConnectionWithCount<C = number> {
  totalCount: () => Promise<C>;
}

/**
 * Whether the field being resolved selects any of `names` directly (through fragments too, honouring
 * @include / @skip): a connection reads its count in the page's own statement only when asked for.
 */
export function selectsAnyField(info: GraphQLResolveInfo, names: readonly string[]): boolean {
  const visit = (set: SelectionSetNode | undefined, seen: Set<string>): boolean => {
    for (const sel of set?.selections ?? []) {
      if (!shouldInclude(info, sel)) continue;
      if (sel.kind === Kind.FIELD) {
        if (names.includes(sel.name.value)) return true;
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        if (visit(sel.selectionSet, seen)) return true;
      } else if (!seen.has(sel.name.value)) {
        seen.add(sel.name.value);
        if (visit(info.fragments[sel.name.value]?.selectionSet, seen)) return true;
      }
    }
    return false;
  };
  return info.fieldNodes.some((node) => visit(node.selectionSet, new Set()));
}

function shouldInclude(info: GraphQLResolveInfo, node: SelectionNode): boolean {
  const skip = getDirectiveValues(GraphQLSkipDirective, node, info.variableValues);
  if (skip?.if === true) return false;
  const include = getDirectiveValues(GraphQLIncludeDirective, node, info.variableValues);
  return include?.if !== false;
}
