import { queryFromInfo } from '@pothos/plugin-prisma';
import type { GraphQLResolveInfo } from 'graphql';
import type { GraphQLContext } from '../context.js';

/**
 * A root field that loads rows with the document's Prisma query gives the planned path (planned.ts)
 * its resolver under this extension: the same function Pothos' path runs, which takes that query.
 * Pothos works out the query from the document's selection on every request (`queryFromInfo`): 7 % of
 * a detail page's CPU under load (profiled, decision 0054). The planned path works it out once and
 * keeps it, by what it depends on: the values of the variables the field's selection reads (arguments
 * and `@include`/`@skip` below the root field; its own arguments, such as a listing's id, do not
 * change what is selected), and the viewer and partner the schema's `select` functions read
 * (`Property.isSaved` selects the viewer's favorite).
 */
export const KEPT_QUERY = 'plannedKeptQuery';

type Resolve<A> = (query: never, root: unknown, args: A, context: GraphQLContext, info: GraphQLResolveInfo) => unknown;

export interface KeptQuery {
  /** Where the rows are below the field (`queryFromInfo`'s `typeName` and `path`); none for a `prismaField`. */
  typeName?: string;
  path?: string[];
  resolve: Resolve<never>;
}

/**
 * The `resolve` and `extensions` of a root `prismaField` whose resolver is `resolve` (Pothos' path runs it
 * with the query it works out; the planned path with the one it kept): one function for both.
 */
export function keptQuery<F extends Resolve<never>>(resolve: F) {
  return { resolve, extensions: { [KEPT_QUERY]: { resolve } satisfies KeptQuery } as Record<string, unknown> };
}

/**
 * The `resolve` and `extensions` of a root `t.field` or `t.connection` whose rows are at `where` below
 * it: Pothos' path works out the query on each request, the planned path keeps it.
 */
export function keptQueryField<Q, A, R>(
  where: { typeName: string; path: string[] },
  resolve: (query: Q, root: unknown, args: A, context: GraphQLContext, info: GraphQLResolveInfo) => R,
) {
  return {
    resolve: (root: unknown, args: A, context: GraphQLContext, info: GraphQLResolveInfo): R =>
      resolve(queryFromInfo({ context, info, ...where }) as Q, root, args, context, info),
    extensions: { [KEPT_QUERY]: { ...where, resolve } satisfies KeptQuery } as Record<string, unknown>,
  };
}
