import { BlockList, isIP } from 'node:net';

/**
 * The network a client address stands for: an IPv4 address as is (an IPv4-mapped IPv6 address as
 * its IPv4), an IPv6 address by its /64 (one subscriber's network: a host picks any of its 2^64
 * addresses at will). Null when it is not an address. Per-address rate limits and report standing
 * both count by it.
 */
export function networkOf(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (isIP(address) === 4) return address;
  if (isIP(address) === 6) return expandIpv6(address).slice(0, 4).join(':') + '::/64';
  return null;
}

function expandIpv6(address: string): string[] {
  const [head = '', tail = ''] = address.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = address.includes('::') ? Array<string>(8 - left.length - right.length).fill('0') : [];
  return [...left, ...fill, ...right].map((part) => part.toLowerCase().replace(/^0+(?=.)/, ''));
}

// --- where the server may send a request (partners' webhooks) ------------------------------------------

const REFUSED = new BlockList();
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
// IPv6: unspecified and IPv4-compatible (::/96), discard, NAT64 and 6to4 (they reach IPv4 addresses
// unchecked), documentation,
// unique local, link-local, site-local, multicast.
for (const [net6, bits] of [
  ['::', 96],
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

const LOOPBACK = new BlockList();
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
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/**
 * Why an address may not be sent to from here (a partner's webhook, issue 53 item 2: SSRF), or null
 * when it may: private, shared, link-local, multicast, reserved and documentation ranges never;
 * loopback only when allowed (development and tests).
 */
export function refusedAddress(address: string, opts: { allowLoopback: boolean }): string | null {
  if (!isIP(address)) return `${address} is not an IP address`;
  const { address: a, family } = unmapped(address);
  if (LOOPBACK.check(a, family)) return opts.allowLoopback ? null : `${address} is a loopback address`;
  if (REFUSED.check(a, family)) return `${address} is a private, link-local or reserved address`;
  return null;
}

/** The IP address a URL's host is, when it is one (brackets of an IPv6 literal taken off). */
export function ipAddressOf(host: string): string | null {
  return isIP(host) ? host : null;
}

/** Whether an address is this machine's (127.0.0.0/8, ::1, or either written as IPv4-mapped). */
export function isLoopbackAddress(address: string): boolean {
  const { address: a, family } = unmapped(address);
  return LOOPBACK.check(a, family);
}
