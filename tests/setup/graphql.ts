import { graphql, type ExecutionResult } from 'graphql';
import { pino } from 'pino';
import type { PrismaClient } from '../../server/db/client.js';
import type { Viewer } from '../../server/core/viewer.js';
import { getSchema } from '../../server/graphql/schema.js';
import { TEST_ORIGIN } from './ws-client.js';

/** Runs an operation against the real schema, in-process (no HTTP), as a given viewer. */
export async function execute<T = Record<string, unknown>>(
  prisma: PrismaClient,
  source: string,
  variables: Record<string, unknown> = {},
  viewer: Viewer | null = null,
): Promise<ExecutionResult<T>> {
  return (await graphql({
    schema: getSchema(),
    source,
    variableValues: variables,
    contextValue: { prisma, viewer, log: pino({ level: 'silent' }) },
  })) as ExecutionResult<T>;
}

/** Like `execute` but fails on errors and returns data. */
export async function query<T = Record<string, unknown>>(
  prisma: PrismaClient,
  source: string,
  variables: Record<string, unknown> = {},
  viewer: Viewer | null = null,
): Promise<T> {
  const result = await execute<T>(prisma, source, variables, viewer);
  if (result.errors?.length) throw new Error(result.errors.map((e) => e.message).join('; '));
  return result.data as T;
}

/**
 * A GraphQL call through an app's HTTP endpoint, as a browser of the allowed origin makes it, with
 * the account's Bearer token (or none): answers the JSON body as it came.
 */
export async function postGraphql(
  baseUrl: string,
  who: { bearer: { authorization: string } } | null,
  source: string,
  variables: Record<string, unknown> = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<any> {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...(who ? who.bearer : {}) },
    body: JSON.stringify({ query: source, variables }),
  });
  return res.json();
}

/**
 * An answer's text without what a partner key had left when it asked (`extensions.cost.budget`: the
 * key's state, one request fewer each time), for comparing two answers to the same query.
 */
export function withoutBudget(text: string): string {
  return text.replace(/"budget":\{"limit":\d+,"remaining":\d+,"resetSeconds":\d+,"windowSeconds":\d+\}/g, '"budget":{}');
}
