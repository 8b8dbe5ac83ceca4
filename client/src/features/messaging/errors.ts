import { CombinedGraphQLErrors } from '@apollo/client/errors';

/**
 * The server's own words about a refused operation (a rate limit, a message too long, 'You are the
 * agent for this listing.'), or null when it gave none (network failure, masked internal error).
 */
export function serverMessage(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const explained = error.errors.find((e) => e.message && e.extensions?.code !== 'INTERNAL_SERVER_ERROR');
  return explained?.message ?? null;
}
