import { isIP } from 'node:net';

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
