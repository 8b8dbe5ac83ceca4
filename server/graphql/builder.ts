import SchemaBuilder from '@pothos/core';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import { GraphQLError } from 'graphql';
import { GraphQLDate, GraphQLDateTimeISO } from 'graphql-scalars';
import type PrismaTypes from '../db/generated/pothos-types.js';
import { getDatamodel } from '../db/generated/pothos-types.js';
import type { GraphQLContext } from './context.js';
import { parseStorableInstant } from '../../common/instant.js';

/** Plugins and scalars only; every type lives in its module (server/modules/<feature>/<feature>.schema.ts). */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  PrismaTypes: PrismaTypes;
  DefaultFieldNullability: false;
  DefaultEdgesNullability: { list: false; items: false };
  DefaultNodeNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    Date: { Input: Date; Output: Date };
  };
}>({
  plugins: [PrismaPlugin, RelayPlugin],
  defaultFieldNullability: false,
  prisma: {
    client: (ctx) => ctx.prisma,
    dmmf: getDatamodel(),
    exposeDescriptions: false,
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
    // Every connection's page is capped (docs/decisions/0011-bounded-graphql.md).
    defaultConnectionSize: 20,
    maxConnectionSize: 50,
  },
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    edgesFieldOptions: { nullable: { list: false, items: false } },
    nodeFieldOptions: { nullable: false },
  },
});

builder.queryType({});
builder.mutationType({});

// The date scalars are graphql-scalars' (docs/decisions/0046): `DateTime` parses RFC 3339 date-times
// and writes ISO-8601 strings in UTC (its DateTimeISO); `Date` reads and writes YYYY-MM-DD and
// refuses dates that are not on the calendar. Ours on top: names and descriptions stay as they were,
// and an instant must lie between the years 1 and 9999, which the database stores (common/instant.ts).
function storable(d: Date): Date {
  const kept = parseStorableInstant(d.toISOString());
  if (!kept) throw new GraphQLError('DateTime must be between the years 1 and 9999');
  return kept;
}

builder.scalarType('DateTime', {
  description: 'An instant, as an ISO-8601 string in UTC, between the years 1 and 9999.',
  serialize: (value) => GraphQLDateTimeISO.serialize(value) as string,
  parseValue: (value) => storable(GraphQLDateTimeISO.parseValue(value) as Date),
  parseLiteral: (ast) => storable(GraphQLDateTimeISO.parseLiteral(ast) as Date),
});

builder.scalarType('Date', {
  description: 'A calendar date, YYYY-MM-DD.',
  serialize: (value) => GraphQLDate.serialize(value) as string,
  parseValue: (value) => GraphQLDate.parseValue(value) as Date,
  parseLiteral: (ast) => GraphQLDate.parseLiteral(ast) as Date,
});
