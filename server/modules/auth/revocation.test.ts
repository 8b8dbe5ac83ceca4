import { describe, expect, it } from 'vitest';
import type { AccountTokenState } from './identity.js';
import { revokeEndedSession, RevocationCache } from './revocation.js';

/** A provider that records revocations in whole seconds, as Firebase does, on a clock of the test's. */
function fakeProvider(clock: { ms: number }, lagMs = 0) {
  const state: AccountTokenState = { validAfterMs: 0, disabled: false };
  return {
    revocations: 0,
    state,
    async revokeSessions() {
      this.revocations++;
      state.validAfterMs = Math.floor((clock.ms - lagMs) / 1000) * 1000;
    },
    async accountTokenState() {
      return { ...state };
    },
  };
}

describe('revokeEndedSession (issue 58 item 13a)', () => {
  const sleeper = (clock: { ms: number }) => ({
    now: () => clock.ms,
    sleep: async (ms: number) => void (clock.ms += ms),
  });

  it('revokes a session signed in within the same second as its sign-out', async () => {
    const clock = { ms: 1_700_000_000_250 };
    const provider = fakeProvider(clock);
    const revocations = new RevocationCache(provider, 60_000, () => clock.ms);
    const authTime = Math.floor(clock.ms / 1000);
    expect(await revocations.status({ uid: 'u', authTime })).toBe('valid');
    await revokeEndedSession({ identity: provider, revocations }, 'u', authTime, sleeper(clock));
    expect(await revocations.status({ uid: 'u', authTime })).toBe('revoked');
    expect(await revocations.status({ uid: 'u', authTime }, { fresh: true })).toBe('revoked');
    expect(await revocations.status({ uid: 'u', authTime: authTime + 1 }, { fresh: true })).toBe('valid');
    expect(clock.ms - 1_700_000_000_250).toBeLessThanOrEqual(750);
  });

  it('does not wait when the sign-in is from an earlier second', async () => {
    const clock = { ms: 1_700_000_005_100 };
    const provider = fakeProvider(clock);
    const revocations = new RevocationCache(provider, 60_000, () => clock.ms);
    await revokeEndedSession({ identity: provider, revocations }, 'u', 1_700_000_000, sleeper(clock));
    expect(clock.ms).toBe(1_700_000_005_100);
    expect(provider.revocations).toBe(1);
    expect(await revocations.status({ uid: 'u', authTime: 1_700_000_000 }, { fresh: true })).toBe('revoked');
  });

  it("revokes again when the provider's clock was behind", async () => {
    const clock = { ms: 1_700_000_000_900 };
    const provider = fakeProvider(clock, 200);
    const revocations = new RevocationCache(provider, 60_000, () => clock.ms);
    const authTime = 1_700_000_000;
    await revokeEndedSession({ identity: provider, revocations }, 'u', authTime, sleeper(clock));
    expect(provider.revocations).toBe(2);
    expect(await revocations.status({ uid: 'u', authTime }, { fresh: true })).toBe('revoked');
  });
});
