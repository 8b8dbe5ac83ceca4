import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.js';

describe('loadEnv', () => {
  it('needs nothing: embedded defaults', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(4000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.dataDir).toBe(path.resolve('.data'));
    expect(env.publicUrl).toBe('http://localhost:4000');
    expect(env.SEED_ON_EMPTY).toBe(true);
  });

  it('listens on 127.0.0.1 in emulator mode unless HOST is set, on all addresses with a real project', () => {
    expect(loadEnv({}).HOST).toBe('127.0.0.1');
    expect(loadEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    const real = { FIREBASE_PROJECT_ID: 'nyc-prod', FIREBASE_API_KEY: 'k', FIREBASE_AUTH_DOMAIN: 'nyc-prod.firebaseapp.com' };
    expect(loadEnv(real).HOST).toBe('0.0.0.0');
    expect(loadEnv({ ...real, HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
  });

  it('seeds an empty database by default, except in production', () => {
    const real = { FIREBASE_PROJECT_ID: 'nyc-prod', FIREBASE_API_KEY: 'k', FIREBASE_AUTH_DOMAIN: 'nyc-prod.firebaseapp.com' };
    expect(loadEnv({}).SEED_ON_EMPTY).toBe(true);
    expect(loadEnv({ ...real, NODE_ENV: 'production' }).SEED_ON_EMPTY).toBe(false);
    expect(loadEnv({ ...real, NODE_ENV: 'production', SEED_ON_EMPTY: 'true' }).SEED_ON_EMPTY).toBe(true);
  });

  it('takes an http(s) TOKEN_SYNC_URL, https only in production, never with a password', () => {
    const real = { FIREBASE_PROJECT_ID: 'nyc-prod', FIREBASE_API_KEY: 'k', FIREBASE_AUTH_DOMAIN: 'nyc-prod.firebaseapp.com' };
    expect(loadEnv({}).TOKEN_SYNC_URL).toBeUndefined();
    expect(loadEnv({ TOKEN_SYNC_URL: 'http://127.0.0.1:9398/sync' }).TOKEN_SYNC_URL).toBe('http://127.0.0.1:9398/sync');
    expect(loadEnv({ ...real, NODE_ENV: 'production', TOKEN_SYNC_URL: 'https://sync.example.com/t' }).TOKEN_SYNC_URL).toBe(
      'https://sync.example.com/t',
    );
    expect(() => loadEnv({ TOKEN_SYNC_URL: 'sync.example.com' })).toThrow(/TOKEN_SYNC_URL/);
    expect(() => loadEnv({ TOKEN_SYNC_URL: 'ftp://sync.example.com/' })).toThrow(/TOKEN_SYNC_URL: must be an http/);
    expect(() => loadEnv({ TOKEN_SYNC_URL: 'https://user:secret@sync.example.com/' })).toThrow(/user name or password/);
    expect(() => loadEnv({ ...real, NODE_ENV: 'production', TOKEN_SYNC_URL: 'http://sync.example.com/' })).toThrow(
      /TOKEN_SYNC_URL: must be https:\/\/ in production/,
    );
  });

  it('lets webhooks go to loopback outside production only (SSRF)', () => {
    const real = { FIREBASE_PROJECT_ID: 'nyc-prod', FIREBASE_API_KEY: 'k', FIREBASE_AUTH_DOMAIN: 'nyc-prod.firebaseapp.com' };
    expect(loadEnv({}).WEBHOOKS_ALLOW_LOOPBACK).toBe(true);
    expect(loadEnv({ WEBHOOKS_ALLOW_LOOPBACK: 'false' }).WEBHOOKS_ALLOW_LOOPBACK).toBe(false);
    expect(loadEnv({ ...real, NODE_ENV: 'production' }).WEBHOOKS_ALLOW_LOOPBACK).toBe(false);
    expect(() => loadEnv({ ...real, NODE_ENV: 'production', WEBHOOKS_ALLOW_LOOPBACK: 'true' })).toThrow(
      /WEBHOOKS_ALLOW_LOOPBACK: refused in production/,
    );
  });

  it('treats empty strings as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(4000);
  });

  it('accepts production settings', () => {
    const env = loadEnv({
      DATABASE_URL: 'postgresql://u:p@db:5432/app',
      REDIS_URL: 'redis://cache:6379',
      PORT: '8080',
      SEED_ON_EMPTY: 'false',
    });
    expect(env.DATABASE_URL).toBe('postgresql://u:p@db:5432/app');
    expect(env.PORT).toBe(8080);
    expect(env.SEED_ON_EMPTY).toBe(false);
  });

  it('lists every bad variable in one readable error', () => {
    let error: unknown;
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://x', LOG_LEVEL: 'loud' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL: must be a postgres/);
    expect(problems).toMatch(/REDIS_URL/);
    expect(problems).toMatch(/LOG_LEVEL/);
    expect((error as EnvError).message).toMatch(/^Invalid configuration:\n {2}- /);
  });
});

describe('identity configuration', () => {
  it('uses the Auth emulator when no Firebase project is configured', () => {
    const env = loadEnv({});
    expect(env.authEmulator).toBe(true);
    expect(env.AUTH_EMULATOR_PORT).toBe(9099);
  });

  it('uses the real project when configured', () => {
    const env = loadEnv({
      FIREBASE_PROJECT_ID: 'nyc-rentals-prod',
      FIREBASE_API_KEY: 'key',
      FIREBASE_AUTH_DOMAIN: 'nyc-rentals-prod.firebaseapp.com',
    });
    expect(env.authEmulator).toBe(false);
  });

  it('refuses production with the emulator, with a clear message', () => {
    for (const vars of [
      { NODE_ENV: 'production' },
      {
        NODE_ENV: 'production',
        FIREBASE_PROJECT_ID: 'x-prod',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        FIREBASE_API_KEY: 'k',
        FIREBASE_AUTH_DOMAIN: 'd',
      },
    ]) {
      expect(() => loadEnv(vars)).toThrow(/NODE_ENV=production with the Firebase Auth emulator is refused/);
    }
  });

  it('needs the web config with a real project', () => {
    expect(() => loadEnv({ FIREBASE_PROJECT_ID: 'nyc-rentals-prod' })).toThrow(/FIREBASE_API_KEY: required/);
  });

  it('allows the public origin and, outside production, the dev origins', () => {
    const env = loadEnv({ PUBLIC_URL: 'https://rentals.example.com/', ALLOWED_ORIGINS: 'https://partner.example.com' });
    expect(env.allowedOrigins).toEqual(
      expect.arrayContaining(['https://rentals.example.com', 'http://localhost:5173', 'https://partner.example.com']),
    );
  });
});

describe('e-mail configuration', () => {
  it('writes to the outbox unless SMTP_URL is set, and accepts only smtp:// or smtps:// URLs', () => {
    const env = loadEnv({});
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_FROM).toBe('NYC Rentals <no-reply@nycrentals.local>');
    expect(loadEnv({ SMTP_URL: 'smtps://user:pass@mail.example.com:465' }).SMTP_URL).toBe(
      'smtps://user:pass@mail.example.com:465',
    );
    expect(loadEnv({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Rentals <hi@example.com>' }).MAIL_FROM).toBe(
      'Rentals <hi@example.com>',
    );
    for (const bad of ['http://mail.example.com', 'mail.example.com:25']) {
      expect(() => loadEnv({ SMTP_URL: bad })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    }
  });
});
