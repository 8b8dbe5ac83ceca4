import type { GraphQLResolveInfo } from 'graphql';
import type { GraphQLContext } from './context.js';

/**
 * A root `prismaField` gives the planned path (planned.ts) its resolver under this extension: the
 * same function Pothos runs, which takes the field's Prisma query. Pothos works out that query from
 * the document's selection on every request (`queryFromInfo`): 7 % of a detail page's CPU under load
 * (profiled, decision 0054). The planned path works it out once and keeps it, by what it depends on:
 * the values of the variables the field's selection reads (arguments and `@include`/`@skip` below the
 * root field; its own arguments, such as a listing's id, do not change what is selected), and the
 * viewer and partner the schema's `select` functions read (`Property.isSaved` selects the viewer's
 * favorite).
 */
export const KEPT_QUERY = 'plannedKeptQuery';

export interface KeptQuery {
  resolve: (query: never, root: unknown, args: never, context: GraphQLContext, info: GraphQLResolveInfo) => unknown;
}
