/**
 * The domain's errors, known to every layer and to no transport: services throw AppError; the
 * GraphQL adapter maps it to extensions.code (server/graphql/errors.ts), REST to an HTTP status
 * (server/http/errors.ts).
 */
import { ZodError } from 'zod';
import { defineMessages, formatMessage } from '../../common/i18n/messages.js';

// In the request's language (server/core/locale.ts).
const messages = defineMessages({
  invalidInput: { id: 'server.error.invalidInput', defaultMessage: 'Invalid input' },
  duplicate: { id: 'server.error.duplicate', defaultMessage: 'That already exists (it may have just been submitted twice).' },
  notFound: { id: 'server.error.notFound', defaultMessage: 'That does not exist.' },
  badId: { id: 'server.error.badId', defaultMessage: 'Invalid id or cursor: a value has the wrong format.' },
  badCharacters: {
    id: 'server.error.badCharacters',
    defaultMessage: 'Invalid input: a value contains characters that cannot be stored.',
  },
  unavailable: {
    id: 'server.error.unavailable',
    defaultMessage: 'The service is temporarily unavailable. Please try again in a moment.',
  },
  internal: { id: 'server.error.internal', defaultMessage: 'Internal server error' },
});

/** A refused input's answer when no check said why. */
export const invalidInputMessage = (): string => formatMessage(messages.invalidInput);

/** What an unexpected failure answers (its details are logged, never shown). */
export const internalErrorMessage = (): string => formatMessage(messages.internal);

export const ERROR_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'BAD_USER_INPUT',
  'CONFLICT',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

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
  const message = first ? (field ? `${field}: ${first.message}` : first.message) : invalidInputMessage();
  return new AppError('BAD_USER_INPUT', message, {
    fields: err.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}

const BAD_ENCODING = new Set(['22021', '22P05']);

/** The PostgreSQL code under a Prisma driver adapter error (meta.driverAdapterError.cause.code). */
function driverCauseCode(err: unknown): unknown {
  const meta = (err as { meta?: { driverAdapterError?: { cause?: { code?: unknown } } } }).meta;
  return meta?.driverAdapterError?.cause?.code;
}

/**
 * Prisma's known request errors that are the client's doing: a unique constraint (P2002, e.g. a
 * double-submitted form), a record that does not exist (P2025), a malformed value (P2023, P2007).
 */
function fromPrisma(err: unknown): AppError | null {
  const e = err as { name?: string; code?: unknown } | null;
  if (!e || e.name !== 'PrismaClientKnownRequestError' || typeof e.code !== 'string') return null;
  switch (e.code) {
    case 'P2002':
      return new AppError('CONFLICT', formatMessage(messages.duplicate));
    case 'P2025':
      return new AppError('NOT_FOUND', formatMessage(messages.notFound));
    case 'P2023':
    case 'P2007':
      return new AppError('BAD_USER_INPUT', formatMessage(messages.badId));
    default:
      // A value the database's encoding cannot hold (22021, e.g. NUL; 22P05): the caller's input.
      if (BAD_ENCODING.has(String(driverCauseCode(err)))) {
        return new AppError('BAD_USER_INPUT', formatMessage(messages.badCharacters));
      }
      return null;
  }
}

/** What a request answers while the database (or another dependency) does not: a 503, retry later. */
export const unavailableMessage = (): string => formatMessage(messages.unavailable);

/** Prisma's codes for a database it cannot reach or lost (driver adapter error kinds, mapped by Prisma). */
const PRISMA_UNAVAILABLE = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2037']);
/** Socket errors of a connection that could not be made or was cut. */
const SOCKET_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
/** `pg`'s own errors for a lost or unobtainable connection (they carry no code). */
const PG_UNAVAILABLE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** Driver adapter error kinds of a database that cannot be reached or went away. */
const ADAPTER_UNAVAILABLE = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

type ErrorLike = { name?: unknown; code?: unknown; kind?: unknown; message?: unknown; cause?: unknown; meta?: unknown };

/**
 * Whether an error means the database was unreachable or went away mid-request (PostgreSQL stopped,
 * restarting, refusing connections), rather than a bug: looked for along the error's `cause` chain
 * and in Prisma's `meta.driverAdapterError` (a raw query's P2010 carries the driver's error there),
 * since Prisma, the driver adapter and `pg` each wrap the one below.
 */
export function isUnavailable(err: unknown): boolean {
  const queue: unknown[] = [err];
  for (let seen = 0; queue.length > 0 && seen < 12; seen++) {
    const e = queue.shift() as ErrorLike | null | undefined;
    if (!e || typeof e !== 'object') continue;
    const code = typeof e.code === 'string' ? e.code : '';
    if (e.name === 'PrismaClientInitializationError') return true;
    if (PRISMA_UNAVAILABLE.has(code) || SOCKET_UNAVAILABLE.has(code)) return true;
    if (typeof e.kind === 'string' && ADAPTER_UNAVAILABLE.has(e.kind)) return true;
    // SQLSTATE class 08 (connection exception), 57P01-57P03 (admin/crash shutdown, cannot connect now), 53300 (too many connections).
    if (/^(08...|57P0[1-3]|53300)$/.test(code)) return true;
    if (typeof e.message === 'string' && PG_UNAVAILABLE.test(e.message)) return true;
    queue.push(e.cause, (e.meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError);
  }
  return false;
}

export function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (isUnavailable(err)) return Object.assign(new AppError('SERVICE_UNAVAILABLE', unavailableMessage()), { cause: err });
  if (err instanceof ZodError) return fromZod(err);
  return fromPrisma(err);
}
