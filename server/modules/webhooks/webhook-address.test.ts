import type dns from 'node:dns';
import { describe, expect, it } from 'vitest';
import { guardedLookup, refusedAddress, webhookUrlProblem } from './webhook-address.js';

// Where a webhook may go (SSRF; issue 53 item 2): public addresses only, loopback where allowed.

const prod = { allowLoopback: false };
const dev = { allowLoopback: true };

describe('refusedAddress', () => {
  it.each([
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    'fd12::1',
    'fe80::1',
    'ff02::1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1',
    '::a00:1',
  ])('refuses %s everywhere', (address) => {
    expect(refusedAddress(address, prod)).toMatch(/private, link-local or reserved/);
    expect(refusedAddress(address, dev)).toMatch(/private, link-local or reserved/);
  });

  it.each(['127.0.0.1', '127.5.5.5', '::1', '::ffff:127.0.0.1'])('refuses loopback %s unless allowed', (address) => {
    expect(refusedAddress(address, prod)).toMatch(/loopback/);
    expect(refusedAddress(address, dev)).toBeNull();
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::1111'])('takes the public address %s', (address) => {
    expect(refusedAddress(address, prod)).toBeNull();
  });
});

describe('webhookUrlProblem', () => {
  it('takes https on a public name or address, and http to loopback only where allowed', () => {
    expect(webhookUrlProblem('https://hooks.partner.example/nyc?x=1', prod)).toBeNull();
    expect(webhookUrlProblem('https://93.184.215.14:8443/h', prod)).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:9000/h', dev)).toBeNull();
    expect(webhookUrlProblem('http://localhost:9000/h', dev)).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:9000/h', prod)).toMatch(/loopback/);
    expect(webhookUrlProblem('https://localhost/h', prod)).toMatch(/loopback/);
    expect(webhookUrlProblem('https://api.localhost./h', prod)).toMatch(/loopback/);
    expect(webhookUrlProblem('https://[::1]/h', prod)).toMatch(/loopback/);
    expect(webhookUrlProblem('http://hooks.partner.example/h', dev)).toMatch(/https/);
    expect(webhookUrlProblem('https://10.0.0.8/h', dev)).toMatch(/private network/);
    expect(webhookUrlProblem('https://h.example/#frag', prod)).toMatch(/fragment/);
    expect(webhookUrlProblem(`https://h.example/${'a'.repeat(2_000)}`, prod)).toMatch(/longer than/);
  });
});

describe('guardedLookup', () => {
  const lookup = (host: string, rules: { allowLoopback: boolean }, all: boolean) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: string | dns.LookupAddress[] }>((resolve) =>
      guardedLookup(rules)(host, { all }, (err, address) => resolve({ err, address })),
    );

  it('refuses a name that resolves to a refused address, at the connection', async () => {
    const refused = await lookup('localhost', prod, false);
    expect(refused.err?.message).toBe('Refused: localhost resolves to a private, loopback or reserved address.');
    const allowed = await lookup('localhost', dev, false);
    expect(allowed.err).toBeNull();
    expect(['127.0.0.1', '::1']).toContain(allowed.address);
    const all = await lookup('localhost', dev, true);
    expect(Array.isArray(all.address)).toBe(true);
  });
});
