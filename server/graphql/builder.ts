import SchemaBuilder from '@pothos/core';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import { GraphQLError, Kind } from 'graphql';
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

/** An ISO-8601 instant between the years 1 and 9999 (common/instant.ts). */
function parseInstant(text: string): Date {
  if (Number.isNaN(new Date(text).getTime())) throw new GraphQLError('Invalid DateTime');
  const d = parseStorableInstant(text);
  if (!d) throw new GraphQLError('DateTime must be between the years 1 and 9999');
  return d;
}

builder.scalarType('DateTime', {
  description: 'An instant, as an ISO-8601 string in UTC, between the years 1 and 9999.',
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    if (typeof value !== 'string') throw new GraphQLError('DateTime must be a string');
    return parseInstant(value);
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new GraphQLError('DateTime must be a string');
    return parseInstant(ast.value);
  },
});

builder.scalarType('Date', {
  description: 'A calendar date, YYYY-MM-DD.',
  serialize: (value) => value.toISOString().slice(0, 10),
  parseValue: (value) => {
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new GraphQLError('Date must be YYYY-MM-DD');
    return new Date(`${value}T00:00:00.000Z`);
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING || !/^\d{4}-\d{2}-\d{2}$/.test(ast.value)) throw new GraphQLError('Date must be YYYY-MM-DD');
    return new Date(`${ast.value}T00:00:00.000Z`);
  },
});
