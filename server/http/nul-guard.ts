import type { NextFunction, Request, Response } from 'express';
import { defineMessages, formatMessage } from '../../common/i18n/messages.js';

/**
 * PostgreSQL text cannot hold U+0000: a value carrying it fails in the database (22021, "invalid byte
 * sequence"), which is the client's doing but surfaced as a server error, and on PGlite it also
 * drops the connection. No real input contains it, so GraphQL requests carrying one (in a variable,
 * an inline literal's `\u0000` escape, or an extension) are refused before anything runs.
 */
const messages = defineMessages({
  nul: {
    id: 'server.error.nul',
    defaultMessage: 'Invalid input: a value contains control characters (NUL cannot be stored).',
  },
});

/** The refusal, in the request's language. */
export const nulMessage = (): string => formatMessage(messages.nul);

/** True when a string anywhere in the value (walked to a bounded depth) holds U+0000. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (k.includes('\0') || containsNul(v, depth + 1)) return true;
  }
  return false;
}

const ESCAPED_NUL = /\\u0000|\\u\{0+\}/i;

/** A GraphQL payload ({query, variables, extensions, operationName}) that would put NUL in the database. */
export function graphqlPayloadHasNul(payload: unknown): boolean {
  if (!payload || typeof payload !== 'object') return false;
  const { query, variables, extensions } = payload as Record<string, unknown>;
  // An inline string literal spells it as an escape (block strings cannot produce it); over GET,
  // variables and extensions arrive as JSON text, where it is an escape too.
  for (const text of [query, variables, extensions]) if (typeof text === 'string' && ESCAPED_NUL.test(text)) return true;
  return containsNul(payload);
}

/** Express middleware for /graphql, after the JSON body parser (GET requests carry it in the query). */
export function refuseNulGraphql(req: Request, res: Response, next: NextFunction) {
  const payload = req.method === 'GET' ? req.query : req.body;
  if (graphqlPayloadHasNul(payload) || (Array.isArray(payload) && payload.some(graphqlPayloadHasNul))) {
    res.status(400).json({ errors: [{ message: nulMessage(), extensions: { code: 'BAD_USER_INPUT' } }] });
    return;
  }
  next();
}
