import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { authErrorCode, isServiceUnavailable, isUnauthenticated } from './auth-errors';

function serverError(status: number, body: unknown): ServerError {
  const bodyText = typeof body === 'string' ? body : JSON.stringify(body);
  return new ServerError(`Response not successful: Received status code ${status}`, {
    response: new Response(bodyText, { status }),
    bodyText,
  });
}

describe('authErrorCode', () => {
  it('reads the code of GraphQL errors', () => {
    const error = new CombinedGraphQLErrors({
      data: null,
      errors: [{ message: 'Sign in first', extensions: { code: 'UNAUTHENTICATED' } }],
    });
    expect(authErrorCode(error)).toBe('UNAUTHENTICATED');
    expect(isUnauthenticated(error)).toBe(true);
  });

  it('prefers SERVICE_UNAVAILABLE over UNAUTHENTICATED: an outage is never a sign-out', () => {
    const error = new CombinedGraphQLErrors({
      data: null,
      errors: [
        { message: 'a', extensions: { code: 'UNAUTHENTICATED' } },
        { message: 'Sign-in service unavailable, try again', extensions: { code: 'SERVICE_UNAVAILABLE' } },
      ],
    });
    expect(authErrorCode(error)).toBe('SERVICE_UNAVAILABLE');
    expect(isUnauthenticated(error)).toBe(false);
  });

  it('reads a GraphQL body or a REST body of an HTTP error', () => {
    expect(authErrorCode(serverError(401, { errors: [{ message: 'x', extensions: { code: 'UNAUTHENTICATED' } }] }))).toBe(
      'UNAUTHENTICATED',
    );
    expect(
      authErrorCode(serverError(503, { error: 'Sign-in service unavailable, try again', code: 'SERVICE_UNAVAILABLE' })),
    ).toBe('SERVICE_UNAVAILABLE');
    expect(
      isServiceUnavailable(new ApiError(503, JSON.stringify({ error: 'x', code: 'SERVICE_UNAVAILABLE' }), 'Service Unavailable')),
    ).toBe(true);
    expect(isUnauthenticated(new ApiError(401, JSON.stringify({ error: 'x', code: 'UNAUTHENTICATED' }), 'Unauthorized'))).toBe(
      true,
    );
  });

  it('falls back on the status when the body says nothing', () => {
    expect(authErrorCode(serverError(401, 'nope'))).toBe('UNAUTHENTICATED');
    expect(authErrorCode(serverError(503, ''))).toBe('SERVICE_UNAVAILABLE');
  });

  it('is null for every other error', () => {
    expect(authErrorCode(serverError(500, 'boom'))).toBeNull();
    expect(
      authErrorCode(new CombinedGraphQLErrors({ data: null, errors: [{ message: 'x', extensions: { code: 'FORBIDDEN' } }] })),
    ).toBeNull();
    expect(authErrorCode(new TypeError('Failed to fetch'))).toBeNull();
    expect(authErrorCode(null)).toBeNull();
    expect(authErrorCode('UNAUTHENTICATED')).toBeNull();
  });
});
