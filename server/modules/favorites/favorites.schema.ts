import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../../graphql/builder.js';
import { keysetConnection, type ConnectionWithCount } from '../../graphql/connection.js';
import { AppError } from '../../core/errors.js';
import { requireViewer } from '../../core/authz.js';
import { PropertyRef } from '../listings/index.schema.js';
import { encodeSavedCursor, savedListingsPage, saveListing, unsaveListing } from './favorites.service.js';

/**
 * `Property.isSaved` is read from the page's own SQL statement: for a signed-in viewer the field
 * selects at most one of the listing's favorites of that viewer, which Prisma's relationJoins
 * joins into the same query (no N+1); for an anonymous viewer it selects nothing and is false.
 */
builder.prismaObjectField('Property', 'isSaved', (t) =>
  t.boolean({
    description: 'Whether the signed-in viewer saved this listing (always false when signed out).',
    select: (_args, ctx) =>
      ctx.viewer ? { favorites: { where: { userId: ctx.viewer.uid }, select: { id: true }, take: 1 } } : {},
    resolve: (property, _args, ctx) => (ctx.viewer ? (property.favorites?.length ?? 0) > 0 : false),
  }),
);

type SavedEdgeShape = { cursor: string; savedAt: Date; priceAtSave: number | null; node: unknown };

builder.queryFields((t) => ({
  savedProperties: t.connection(
    {
      type: PropertyRef,
      description: "The signed-in viewer's saved listings, newest saved first (UNAUTHENTICATED when signed out).",
      resolve: async (_root, args, ctx, info) => {
        const viewer = requireViewer(ctx.viewer);
        if (args.last != null || args.before != null) {
          throw new AppError('BAD_USER_INPUT', 'Only forward paging (first, after) is supported');
        }
        const query = queryFromInfo({ context: ctx, info, typeName: 'Property', path: ['edges', 'node'] });
        const page = await savedListingsPage(ctx.prisma, viewer.uid, { first: args.first, after: args.after }, query as object);
        const edges: SavedEdgeShape[] = page.rows.map((row) => ({
          cursor: encodeSavedCursor(row),
          savedAt: row.createdAt,
          priceAtSave: row.priceAtSave,
          node: row.property,
        }));
        return keysetConnection(edges, { hasNextPage: page.hasNextPage, after: args.after, count: page.count }) as never;
      },
    },
    {
      name: 'SavedPropertyConnection',
      fields: (c) => ({
        totalCount: c.int({
          description: 'How many listings the viewer saved (all pages).',
          resolve: (conn) => (conn as unknown as ConnectionWithCount).totalCount(),
        }),
      }),
    },
    {
      name: 'SavedPropertyEdge',
      fields: (e) => ({
        savedAt: e.field({ type: 'DateTime', resolve: (edge) => (edge as unknown as SavedEdgeShape).savedAt }),
        priceAtSave: e.int({
          nullable: true,
          description: "The monthly rent when the viewer saved it (compare with the listing's price for the change since).",
          resolve: (edge) => (edge as unknown as SavedEdgeShape).priceAtSave,
        }),
      }),
    },
  ),
}));

builder.mutationFields((t) => ({
  saveProperty: t.prismaField({
    type: 'Property',
    description:
      'Saves a visible listing (by id or slug) for the signed-in viewer; idempotent. Returns the listing (isSaved true).',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const { id } = await saveListing(ctx.prisma, ctx.viewer, String(args.id));
      return ctx.prisma.property.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
  unsaveProperty: t.prismaField({
    type: 'Property',
    description:
      "Removes a listing (by id or slug) from the signed-in viewer's saved listings; idempotent. Returns the listing (isSaved false).",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const { id } = await unsaveListing(ctx.prisma, ctx.viewer, String(args.id));
      return ctx.prisma.property.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
}));
