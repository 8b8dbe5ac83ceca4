import { ApolloClient, ApolloLink, execute, InMemoryCache } from '@apollo/client';
import { parse } from 'graphql';
import { Observable, firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionLink, setSessionBridge, type RefreshOutcome } from './session-link';

// A made-up operation: parsed here rather than with the gql tag, which codegen would check against the schema.
const SAVE = parse('mutation Save { save }');

const refused = { errors: [{ message: 'Sign in again', extensions: { code: 'UNAUTHENTICATED' } }] };
const saved = { data: { save: true } };

/** The session link in front of a server that refuses the first request, and what each request carried. */
function chain(bridge: { hasCookieSession: boolean; refresh: RefreshOutcome }) {
  const sent: Array<string | null> = [];
  let token: string | null = null;
  const refreshToken = vi.fn(() => {
    token = 'fresh';
    return Promise.resolve(bridge.refresh);
  });
  const endSession = vi.fn(() => Promise.resolve());
  setSessionBridge({
    getToken: () => Promise.resolve(token),
    refreshToken,
    endSession,
    hasCookieSession: () => bridge.hasCookieSession,
  });
  const addToken = new ApolloLink((operation, forward) => {
    if (token) operation.setContext({ headers: { authorization: `Bearer ${token}` } });
    return forward(operation);
  });
  const server = new ApolloLink((operation) => {
    const auth = (operation.getContext() as { headers?: Record<string, string> }).headers?.authorization ?? null;
    sent.push(auth);
    return new Observable((observer) => {
      observer.next(sent.length === 1 ? refused : saved);
      observer.complete();
    });
  });
  const link = ApolloLink.from([createSessionLink(), addToken, server]);
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  const run = () => firstValueFrom(execute(link, { query: SAVE }, { client }));
  return { run, sent, refreshToken, endSession };
}

afterEach(() => setSessionBridge(null));

describe('the session link and a session of the server cookie (docs/decisions/0023)', () => {
  it('refreshes once and retries with the token when a cookie-session request is refused', async () => {
    const { run, sent, refreshToken, endSession } = chain({ hasCookieSession: true, refresh: 'refreshed' });
    await expect(run()).resolves.toEqual(saved);
    expect(sent).toEqual([null, 'Bearer fresh']);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(endSession).not.toHaveBeenCalled();
  });

  it('leaves a signed-out visitor alone: the refusal is the answer', async () => {
    const { run, sent, refreshToken } = chain({ hasCookieSession: false, refresh: 'refreshed' });
    await expect(run()).resolves.toEqual(refused);
    expect(sent).toEqual([null]);
    expect(refreshToken).not.toHaveBeenCalled();
  });

  it('ends the session when there is no token to refresh', async () => {
    vi.useFakeTimers();
    try {
      const { run, refreshToken, endSession } = chain({ hasCookieSession: true, refresh: 'signed-out' });
      const answer = run();
      await vi.runAllTimersAsync();
      await expect(answer).resolves.toEqual(refused);
      expect(refreshToken).toHaveBeenCalledTimes(1);
      expect(endSession).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
