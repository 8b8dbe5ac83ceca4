import dns from 'node:dns';
import { ipAddressOf, isLoopbackAddress, refusedAddress } from '../../core/address.js';

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

export { refusedAddress };

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
  const literal = ipAddressOf(host);
  const loopback = literal ? isLoopbackAddress(literal) : LOOPBACK_NAME.test(host);
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
        // Which address is kept to ourselves: the log is the partner's, and would map our network's names.
        if (why)
          return callback(
            new RefusedAddressError(`Refused: ${hostname} resolves to a private, loopback or reserved address.`),
            [],
          );
      }
      if (!list.length) return callback(new RefusedAddressError(`${hostname} has no address.`), []);
      if (options.all) callback(null, list);
      else callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
