import type { AccountTokenState, IdentityProvider } from './identity.js';

/**
 * Revocation without a network call per request (docs/decisions/0010-identity-off-the-hot-path.md).
 *
 * A credential is revoked when the sign-in it comes from (`auth_time`) is older than the moment
 * the user's tokens became invalid (sign-out everywhere, password change, an admin's revocation),
 * or when the account is disabled or gone. That moment is one network call to the identity
 * provider; it is cached per user for at most `ttlMs` (60 s). Where it matters (minting a session
 * cookie, every mutation and REST write, opening a WebSocket) the check is fresh.
 *
 * When the provider cannot be reached, a stale entry is used for ordinary reads; without one the
 * answer is 'unavailable' (never 'revoked': an outage is not a sign-out).
 */

export const REVOCATION_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 100_000;

export type RevocationStatus = 'valid' | 'revoked' | 'unavailable';

interface Entry {
  state: AccountTokenState | null; // null: the account does not exist
  fetchedAt: number;
}

export interface CredentialTimes {
  uid: string;
  /** Seconds since the epoch. */
  authTime: number;
}

export type RevokedListener = (uid: string, validAfterMs: number) => void;

export class RevocationCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<Entry>>();
  private readonly listeners = new Set<RevokedListener>();

  constructor(
    private readonly identity: Pick<IdentityProvider, 'accountTokenState'>,
    private readonly ttlMs = REVOCATION_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the credential is still valid; `fresh` asks the provider now instead of reading the cache. */
  async status(cred: CredentialTimes, opts: { fresh?: boolean } = {}): Promise<RevocationStatus> {
    const cached = this.entries.get(cred.uid);
    let entry: Entry | undefined = cached && !opts.fresh && this.now() - cached.fetchedAt < this.ttlMs ? cached : undefined;
    if (!entry) {
      try {
        entry = await this.fetch(cred.uid);
      } catch {
        if (opts.fresh || !cached) return 'unavailable';
        entry = cached; // an outage: the last known state is better than signing everyone out
      }
    }
    return isRevoked(entry.state, cred.authTime) ? 'revoked' : 'valid';
  }

  /** This server revoked the user's sessions now (sign-out): remember it without asking. */
  markRevoked(uid: string, atMs = this.now()): void {
    // The provider records the instant in whole seconds; credentials from a sign-in in that same
    // second stay valid there, and so here.
    const validAfterMs = Math.floor(atMs / 1000) * 1000;
    const prev = this.entries.get(uid)?.state;
    this.set(uid, {
      state: { validAfterMs: Math.max(validAfterMs, prev?.validAfterMs ?? 0), disabled: prev?.disabled ?? false },
      fetchedAt: this.now(),
    });
    this.emit(uid, validAfterMs);
  }

  /** Called when a user's credentials were found revoked (sign-out here, or a fresher state fetched). */
  onRevoked(listener: RevokedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Drops what is known of a user (the next check asks the provider). */
  forget(uid: string): void {
    this.entries.delete(uid);
  }

  /** Makes what is known of a user `ms` older (tests of the cache's lifetime). */
  age(uid: string, ms: number): void {
    const entry = this.entries.get(uid);
    if (entry) entry.fetchedAt -= ms;
  }

  get size(): number {
    return this.entries.size;
  }

  private fetch(uid: string): Promise<Entry> {
    let pending = this.inflight.get(uid);
    if (!pending) {
      pending = this.identity
        .accountTokenState(uid)
        .then((state) => {
          const prev = this.entries.get(uid)?.state;
          const entry = { state, fetchedAt: this.now() };
          this.set(uid, entry);
          const newlyRevoked =
            state === null || state.disabled || (prev !== undefined && prev !== null && state.validAfterMs > prev.validAfterMs);
          if (newlyRevoked) this.emit(uid, state?.validAfterMs ?? Number.MAX_SAFE_INTEGER);
          return entry;
        })
        .finally(() => this.inflight.delete(uid));
      this.inflight.set(uid, pending);
    }
    return pending;
  }

  private set(uid: string, entry: Entry) {
    this.entries.delete(uid);
    this.entries.set(uid, entry);
    while (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  private emit(uid: string, validAfterMs: number) {
    for (const l of this.listeners) l(uid, validAfterMs);
  }
}

export function isRevoked(state: AccountTokenState | null, authTimeSeconds: number): boolean {
  if (!state || state.disabled) return true;
  return authTimeSeconds * 1000 < state.validAfterMs;
}

/**
 * Revokes every session of a user, the one a sign-out ends included (its sign-in at `authTimeSeconds`).
 * The provider records the instant in whole seconds and keeps a sign-in of that same second valid
 * (`auth_time * 1000 < validAfterMs`): a sign-out within the second of its sign-in left that session
 * signed in (issue 58 item 13a). So the revocation is made once that second is over (a wait of at
 * most a second, only then), checked, and made again should the provider's clock have been behind.
 */
export async function revokeEndedSession(
  deps: { identity: Pick<IdentityProvider, 'revokeSessions'>; revocations: RevocationCache },
  uid: string,
  authTimeSeconds: number,
  clock: { now: () => number; sleep: (ms: number) => Promise<void> } = {
    now: Date.now,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  },
): Promise<void> {
  const endsAfterMs = (authTimeSeconds + 1) * 1000;
  for (let attempt = 0; ; attempt++) {
    const wait = endsAfterMs - clock.now();
    if (wait > 0) await clock.sleep(wait);
    await deps.identity.revokeSessions(uid);
    if (attempt >= 1 || (await deps.revocations.status({ uid, authTime: authTimeSeconds }, { fresh: true })) !== 'valid') break;
    await clock.sleep(1000);
  }
  // And this server's open sockets of the user close now.
  deps.revocations.markRevoked(uid, Math.max(clock.now(), endsAfterMs));
}
