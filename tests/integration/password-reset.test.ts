// Password reset inside the app (issue 24 item 2): POST /api/auth/password-reset mails a link to the
// app's own /reset-password page whose code the identity provider accepts; the answer is the same for
// an address no account uses (and no mail goes); bad input is 400; the per-address limit (5 a minute)
// and the per-e-mail limit (3 an hour) keep their real values.
import { RATE_LIMITS } from '../../server/infra/rate-limits.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestPasswordReset } from '../../server/modules/auth/auth.service.js';
import { emulatorUrl, signInInEmulator, signUpInEmulator, testIdentity } from '../setup/identity.js';
import { outbox, waitUntil } from '../setup/outbox.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, type TestDatabase } from '../setup/test-db.js';

describe('password reset', () => {
  let db: TestDatabase;
  let app: TestApp;
  let address = 0;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    // Behind a trusted proxy, each test asks from an address of its own (the per-address limit is real).
    app = await startTestApp(db, { env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  /** A request from one client address (a new one unless given). */
  const ask = (body: unknown, from = `203.0.113.${++address}`) =>
    fetch(`${app.url}/api/auth/password-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:5173', 'x-forwarded-for': from },
      body: JSON.stringify(body),
    });

  const mailTo = (email: string) =>
    waitUntil(`the reset e-mail to ${email}`, async () => (await outbox(app)).find((m) => m.includes(`To: ${email}`)));

  it("mails a link to the app's own page; its code sets a new password with the provider", async () => {
    const account = await signUpInEmulator();
    const res = await ask({ email: account.email });
    expect(res.status).toBe(202);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ ok: true });

    const mail = await mailTo(account.email);
    expect(mail).toContain('Subject: Reset your NYC Rentals password');
    const link = /(https?:\/\/\S+?\/reset-password\?oobCode=[\w-]+)/.exec(mail)?.[1];
    expect(link, mail).toBeDefined();
    const url = new URL(link!);
    expect(url.pathname).toBe('/reset-password');
    const code = url.searchParams.get('oobCode');
    expect(code).toBeTruthy();

    // What the page does in the browser (verifyPasswordResetCode, confirmPasswordReset), through the
    // provider's REST API: the code names the account, then sets the new password once.
    const reset = (body: Record<string, string>) =>
      fetch(emulatorUrl('/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=demo-api-key'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const checked = await reset({ oobCode: code! });
    expect(await checked.json()).toMatchObject({ email: account.email, requestType: 'PASSWORD_RESET' });
    expect((await reset({ oobCode: code!, newPassword: 'a-new-password' })).status).toBe(200);
    await expect(signInInEmulator(account.email, 'a-new-password')).resolves.toMatchObject({ uid: account.uid });
    await expect(signInInEmulator(account.email, account.password)).rejects.toThrow();
    expect((await reset({ oobCode: code!, newPassword: 'another-one' })).status).toBe(400);
  });

  it('answers an address no account uses as any other, and mails nothing', async () => {
    const res = await ask({ email: 'nobody-here@example.com' });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ ok: true });
    const limits = { passwordResetEmail: { take: async () => ({ allowed: true as const }), points: 3, durationSeconds: 3600 } };
    const sent: unknown[] = [];
    const { deliver } = await requestPasswordReset(
      {
        identity: testIdentity(),
        mailer: { kind: 'outbox', send: async (m) => void sent.push(m), close: async () => undefined },
        limits: limits as never,
        publicUrl: 'http://localhost:3000',
      },
      { email: 'nobody-here@example.com' },
    );
    expect(await deliver()).toBe('no-account');
    expect(sent).toEqual([]);
  });

  it('refuses a malformed or missing e-mail with 400', async () => {
    for (const body of [{}, { email: 'not-an-email' }, { email: `${'a'.repeat(250)}@example.com` }, { email: 42 }]) {
      const res = await ask(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'BAD_USER_INPUT' });
    }
  });

  it(`sends at most ${RATE_LIMITS.passwordResetEmail.points} reset e-mails an hour to one address, whoever asks`, async () => {
    const account = await signUpInEmulator();
    for (let i = 0; i < RATE_LIMITS.passwordResetEmail.points; i++)
      expect((await ask({ email: account.email })).status).toBe(202);
    const refused = await ask({ email: account.email.toUpperCase() });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it(`takes at most ${RATE_LIMITS.authPasswordReset.points} requests a minute from one client address`, async () => {
    const from = '198.51.100.7';
    for (let i = 0; i < RATE_LIMITS.authPasswordReset.points; i++) {
      expect((await ask({ email: `someone-${i}@example.com` }, from)).status).toBe(202);
    }
    expect((await ask({ email: 'someone-else@example.com' }, from)).status).toBe(429);
    expect((await ask({ email: 'someone-else@example.com' })).status).toBe(202);
  });

  it('an e-mail still on its way when the app shuts down is sent before it stops, never after', async () => {
    const own = await startTestApp(db, { env: { TRUST_PROXY: 'true' } });
    try {
      const account = await signUpInEmulator();
      const res = await fetch(`${own.url}/api/auth/password-reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:5173', 'x-forwarded-for': '192.0.2.77' },
        body: JSON.stringify({ email: account.email }),
      });
      expect(res.status).toBe(202);
      await own.close(); // at once: the e-mail was still being made
      expect((await outbox(own)).filter((m) => m.includes(`To: ${account.email}`))).toHaveLength(1);
    } finally {
      await own.stop();
    }
  });
});
