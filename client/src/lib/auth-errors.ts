// How the server says that a request's identity was refused (issue 7 point 3):
// - a GraphQL error with `extensions.code` 'UNAUTHENTICATED' (HTTP 401 when answered before GraphQL
//   runs, REST `{ error, code: 'UNAUTHENTICATED' }`): the token or session is not valid any more;
// - 'SERVICE_UNAVAILABLE' (HTTP 503, 'Sign-in service unavailable, try again'): the identity provider
//   cannot be reached. That is an outage, not a sign-out.
// - on a public read, a refused token is answered as for an anonymous visitor with the response
//   header `X-Auth-Token-Refused: expired|revoked|invalid`.

export type AuthErrorCode = 'UNAUTHENTICATED' | 'SERVICE_UNAVAILABLE';

export const TOKEN_REFUSED_HEADER = 'x-auth-token-refused';

export const SERVICE_UNAVAILABLE_MESSAGE = 'Sign-in service unavailable, try again';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function asCode(value: unknown): AuthErrorCode | null {
  return value === 'UNAUTHENTICATED' || value === 'SERVICE_UNAVAILABLE' ? value : null;
}

/** The auth code among GraphQL errors (`[{ extensions: { code } }]`), if any. */
export function codeOfGraphQLErrors(errors: unknown): AuthErrorCode | null {
  if (!Array.isArray(errors)) return null;
  let found: AuthErrorCode | null = null;
  for (const error of errors) {
    const code = isObject(error) && isObject(error.extensions) ? asCode(error.extensions.code) : null;
    // An outage wins: it must never be mistaken for a sign-out.
    if (code === 'SERVICE_UNAVAILABLE') return code;
    found ??= code;
  }
  return found;
}

/** The auth code of a JSON body: GraphQL `{ errors }` or REST `{ error, code }`. */
export function codeOfBody(bodyText: unknown): AuthErrorCode | null {
  if (typeof bodyText !== 'string' || bodyText === '') return null;
  try {
    const body: unknown = JSON.parse(bodyText);
    if (!isObject(body)) return null;
    return asCode(body.code) ?? codeOfGraphQLErrors(body.errors);
  } catch {
    return null;
  }
}

/**
 * The auth code of any error the client meets: Apollo's CombinedGraphQLErrors (`errors`), its
 * ServerError (`statusCode` + `bodyText`), the REST ApiError (`status` + `body`), or a plain
 * `{ extensions: { code } }`. A 401 or 503 without a readable code counts by its status.
 */
export function authErrorCode(error: unknown): AuthErrorCode | null {
  if (!isObject(error)) return null;
  const fromErrors = codeOfGraphQLErrors(error.errors);
  if (fromErrors) return fromErrors;
  if (isObject(error.extensions)) {
    const code = asCode(error.extensions.code);
    if (code) return code;
  }
  const fromBody = codeOfBody(error.bodyText) ?? codeOfBody(error.body);
  if (fromBody) return fromBody;
  const status = typeof error.statusCode === 'number' ? error.statusCode : typeof error.status === 'number' ? error.status : null;
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 503) return 'SERVICE_UNAVAILABLE';
  return null;
}

/** True when the error says the viewer's identity was refused (sign in again). */
export function isUnauthenticated(error: unknown): boolean {
  return authErrorCode(error) === 'UNAUTHENTICATED';
}

/** True when the error says the identity provider is unreachable (try again later; still signed in). */
export function isServiceUnavailable(error: unknown): boolean {
  return authErrorCode(error) === 'SERVICE_UNAVAILABLE';
}

/** The server's own words for a refused GraphQL operation ('This open house is full'), else `fallback`. */
export function serverMessage(err: unknown, fallback = 'Please try again.'): string {
  // Apollo's CombinedGraphQLErrors carries them as `errors` (read by shape: this file loads no Apollo).
  const errors = (err as { errors?: unknown } | null)?.errors;
  const first = Array.isArray(errors) ? (errors[0] as { message?: unknown } | undefined) : undefined;
  return typeof first?.message === 'string' && first.message ? first.message : fallback;
}
