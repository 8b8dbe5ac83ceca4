import dns from 'node:dns';
import net from 'node:net';

/**
 * Where a webhook may go (issue 53 item 2; docs/decisions/0064-webhooks.md): a public address only.
 * A partner names the URL, and our server makes the request, so an address inside our network (a
 * private range, the cloud's link-local metadata service, loopback) would let a partner reach what the
 * internet cannot (SSRF). The check runs twice: on the URL when it is registered (an IP literal or a
 * loopback name), and on every address the name resolves to when it is delivered, in the lookup of the
 * connection itself, so a name that resolves to a public address at registration and a private one
 * later (DNS rebinding) is refused too, and the connection goes to the address checked.
 *
 * Loopback is allowed only where the app is told so (WEBHOOKS_ALLOW_LOOPBACK: development and tests,
 * whose receivers run on this machine); every other range below is refused everywhere.
 */

const REFUSED = new net.BlockList();
// IPv4: this network, private (RFC 1918), shared (CGNAT), link-local (cloud metadata), the IETF's,
// documentation, benchmarking, multicast, reserved and broadcast.
for (const [net4, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  REFUSED.addSubnet(net4, bits, 'ipv4');
// IPv6: unspecified, discard, NAT64 and 6to4 (they reach IPv4 addresses unchecked), documentation,
// unique local, link-local, site-local, multicast.
for (const [net6, bits] of [
  ['::', 128],
  ['100::', 64],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  REFUSED.addSubnet(net6, bits, 'ipv6');

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** An IPv4 address written as IPv6 ('::ffff:10.0.0.1'), as the IPv4 address it is. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const n = (parseInt(hex[1]!, 16) << 16) | parseInt(hex[2]!, 16);
    return { address: [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'), family: 'ipv4' };
  }
  return { address, family: net.isIPv6(address) ? 'ipv6' : 'ipv4' };
}

/** Why an address may not be sent to, or null when it may. */
export function refusedAddress(address: string, opts: { allowLoopback: boolean }): string | null {
  if (!net.isIP(address)) return `${address} is not an IP address`;
  const { address: a, family } = unmapped(address);
  if (LOOPBACK.check(a, family)) return opts.allowLoopback ? null : `${address} is a loopback address`;
  if (REFUSED.check(a, family)) return `${address} is a private, link-local or reserved address`;
  return null;
}

export interface WebhookUrlRules {
  /** Loopback receivers (http or https) are allowed: development and tests only. */
  allowLoopback: boolean;
}

const LOOPBACK_NAME = /^(localhost|.*\.localhost)\.?$/i;
export const WEBHOOK_URL_MAX = 2_000;

/**
 * Why a URL is no webhook endpoint, or null when it is one: absolute https (http only to an allowed
 * loopback receiver), no credentials, no fragment, and no host that is a refused address or a loopback
 * name. A name is resolved only when delivering (`guardedLookup`).
 */
export function webhookUrlProblem(raw: string, rules: WebhookUrlRules): string | null {
  if (raw.length > WEBHOOK_URL_MAX) return `The URL is longer than ${WEBHOOK_URL_MAX} characters.`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The URL is not a valid absolute URL.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The URL must start with https://.';
  if (url.username || url.password) return 'The URL may not carry a user name or password.';
  if (url.hash) return 'The URL may not have a fragment (#…).';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = net.isIP(host) ? host : null;
  const loopback = literal ? LOOPBACK.check(unmapped(literal).address, unmapped(literal).family) : LOOPBACK_NAME.test(host);
  if (loopback && !rules.allowLoopback) return 'The URL points at this server (loopback): give a public address.';
  if (literal) {
    const why = refusedAddress(literal, rules);
    if (why) return `The URL points at a private network: ${why}.`;
  }
  if (url.protocol === 'http:' && !loopback) return 'The URL must start with https://.';
  return null;
}

/** The error a refused address gives the connection (and the delivery log). */
export class RefusedAddressError extends Error {
  readonly code = 'EWEBHOOKADDRESS';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that resolves the name and refuses it when any of its addresses is
 * refused: the socket then connects to an address this function checked, never to one resolved again.
 */
export function guardedLookup(rules: WebhookUrlRules) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as dns.LookupAddress[];
      for (const a of list) {
        const why = refusedAddress(a.address, rules);
        if (why) return callback(new RefusedAddressError(`Refused: ${hostname} resolves to ${why}.`), []);
      }
      if (!list.length) return callback(new RefusedAddressError(`${hostname} has no address.`), []);
      if (options.all) callback(null, list);
      else callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
