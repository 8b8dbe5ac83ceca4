import { GraphQLError, Kind, type GraphQLFormattedError } from 'graphql';
import { AppError, ERROR_CODES, internalErrorMessage, toAppError } from '../core/errors.js';
import { say } from '../core/texts.js';
import { stripSuggestions } from './limits.js';

/** A domain error, or one of Pothos' argument checks (a forged connection cursor, conflicting paging arguments). */
function fromGraphQLExecution(err: unknown): AppError | null {
  if ((err as Error | null)?.name === 'PothosValidationError') {
    const message = (err as Error).message;
    return new AppError('BAD_USER_INPUT', message.startsWith('Invalid cursor') ? say('invalidCursor') : message);
  }
  return toAppError(err);
}

/** Codes of errors that are the client's doing (Apollo's own and ours): shown as they are. */
const CLIENT_ERROR_CODES = new Set<string>([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
  ...ERROR_CODES,
]);

/**
 * Apollo's formatError: domain errors (and Prisma's client errors) keep their message and code;
 * parse, validation and variable errors keep Apollo's code and message (field suggestions removed
 * in production); anything unexpected is logged by the caller and masked: no message, no stack.
 */
/** The nodes of values written in a document: a validation error on one is about the caller's input. */
const REFUSED_VALUE = new Set<Kind>([Kind.STRING, Kind.INT, Kind.FLOAT, Kind.BOOLEAN, Kind.ENUM]);

export function formatGraphQLError(
  formatted: GraphQLFormattedError,
  error: unknown,
  log: (err: unknown) => void,
  opts: { production?: boolean } = {},
): GraphQLFormattedError {
  const original = error instanceof GraphQLError ? (error.originalError ?? null) : null;
  const app = fromGraphQLExecution(original ?? error);
  if (app) {
    return {
      message: app.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: app.code, ...(app.details ?? {}) },
    };
  }
  const code = formatted.extensions?.code;
  // Apollo wraps graphql-js' own errors, keeping the GraphQLError as originalError; a plain Error
  // thrown by a resolver is what must never be shown.
  const clientError = typeof code === 'string' && CLIENT_ERROR_CODES.has(code) && (!original || original instanceof GraphQLError);
  if (clientError) {
    const { stacktrace: _s, ...extensions } = formatted.extensions ?? {};
    // A value written in the document that its type refuses (a bad `updatedSince` date) is the
    // caller's input, as the same value sent as a variable is: BAD_USER_INPUT either way (issue 53 item 4).
    // Such an error is reported on the value itself (graphql-js' ValuesOfCorrectTypeRule, or the scalar's
    // own refusal); every other validation error on a field, argument, variable or operation.
    if (
      code === 'GRAPHQL_VALIDATION_FAILED' &&
      error instanceof GraphQLError &&
      REFUSED_VALUE.has(error.nodes?.[0]?.kind as Kind)
    ) {
      extensions.code = 'BAD_USER_INPUT';
    }
    return { ...formatted, message: opts.production ? stripSuggestions(formatted.message) : formatted.message, extensions };
  }
  log(original ?? error);
  return {
    message: internalErrorMessage(),
    locations: formatted.locations,
    path: formatted.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  };
}
