import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { ZodError } from 'zod';

export const ERROR_CODES = ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'BAD_USER_INPUT', 'CONFLICT', 'RATE_LIMITED'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const HTTP_STATUS: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_USER_INPUT: 400,
  CONFLICT: 409,
  RATE_LIMITED: 429,
};

/** A domain error: services throw it, GraphQL maps it to extensions.code, REST to a status. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Turns a ZodError into a BAD_USER_INPUT AppError naming the first failing field. */
export function fromZod(err: ZodError): AppError {
  const first = err.issues[0];
  const field = first?.path.join('.') ?? '';
  const message = first ? (field ? `${field}: ${first.message}` : first.message) : 'Invalid input';
  return new AppError('BAD_USER_INPUT', message, {
    fields: err.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}

export function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return fromZod(err);
  return null;
}

/**
 * Apollo's formatError: domain errors keep their message and code; GraphQL validation errors pass;
 * anything unexpected is logged by the caller and masked.
 */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown, log: (err: unknown) => void): GraphQLFormattedError {
  const original = error instanceof GraphQLError ? (error.originalError ?? null) : null;
  const app = toAppError(original);
  if (app) {
    return { ...formatted, message: app.message, extensions: { code: app.code, ...(app.details ?? {}) } };
  }
  const code = formatted.extensions?.code;
  const known =
    typeof code === 'string' &&
    ['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'BAD_REQUEST', 'PERSISTED_QUERY_NOT_FOUND', 'OPERATION_RESOLUTION_FAILURE', ...ERROR_CODES].includes(code);
  if (known && !original) return formatted;
  log(original ?? error);
  return { message: 'Internal server error', locations: formatted.locations, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}
