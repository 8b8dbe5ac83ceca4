import { createHash, randomBytes } from 'node:crypto';
import type { PrismaClient } from '../../db/client.js';

/**
 * Partner API keys (docs/decisions/0024-partner-api.md): `pk_live_` and 32 random bytes (base64url),
 * shown once when made; the database keeps the SHA-256 of the whole key and its first 16 characters.
 */
export const PARTNER_KEY_PREFIX = 'pk_live_';
const PREFIX_SHOWN = 16;
const KEY_RE = /^pk_live_[A-Za-z0-9_-]{43}$/;

export const isPartnerKeyShaped = (token: string) => token.startsWith('pk_');
export const hashPartnerKey = (key: string) => createHash('sha256').update(key).digest('hex');

export interface PartnerKeyRow {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

const listed = { id: true, name: true, prefix: true, createdAt: true, revokedAt: true, lastUsedAt: true } as const;

/** Makes a key for a partner; the only time the key itself exists outside the partner's hands. */
export async function createPartnerKey(prisma: PrismaClient, name: string): Promise<{ key: string; row: PartnerKeyRow }> {
  const clean = name.trim();
  if (!clean || clean.length > 100) throw new Error('A partner name is 1 to 100 characters.');
  const key = `${PARTNER_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await prisma.partnerKey.create({
    data: { name: clean, prefix: key.slice(0, PREFIX_SHOWN), keyHash: hashPartnerKey(key) },
    select: listed,
  });
  return { key, row };
}

export function listPartnerKeys(prisma: PrismaClient): Promise<PartnerKeyRow[]> {
  return prisma.partnerKey.findMany({ select: listed, orderBy: { createdAt: 'asc' } });
}

/** The short id `npm run partner -- list` shows: the id's first 8 characters. */
export const shortPartnerKeyId = (id: string) => id.slice(0, 8);
/** An id prefix shorter than this is not taken (it would name too many keys by chance). */
const MIN_ID_PREFIX = 4;

export type RevokeOutcome =
  | { revoked: PartnerKeyRow }
  | { ambiguous: PartnerKeyRow[] }
  | { alreadyRevoked: PartnerKeyRow }
  | { notFound: true };

/**
 * Revokes one key named the way `list` shows it (issue 58 item 13c): its short id or any longer
 * start of its id (at least 4 characters), its whole id, or its key prefix (`pk_live_AbCd1234`,
 * with or without the list's `…`). A name that fits more than one key revokes nothing.
 */
export async function revokePartnerKey(prisma: PrismaClient, given: string): Promise<RevokeOutcome> {
  const found = await findPartnerKey(prisma, given);
  if (!('found' in found)) return found;
  const row = found.found;
  if (row.revokedAt) return { alreadyRevoked: row };
  const revokedAt = new Date();
  const { count } = await prisma.partnerKey.updateMany({ where: { id: row.id, revokedAt: null }, data: { revokedAt } });
  return count ? { revoked: { ...row, revokedAt } } : { alreadyRevoked: row };
}

/** The one key a name given the way `list` shows it names (see revokePartnerKey). */
export async function findPartnerKey(
  prisma: PrismaClient,
  given: string,
): Promise<{ found: PartnerKeyRow } | { ambiguous: PartnerKeyRow[] } | { notFound: true }> {
  const name = given.trim().replace(/…$|\.\.\.$/, '');
  if (!name) return { notFound: true };
  const lower = name.toLowerCase();
  const rows = await prisma.partnerKey.findMany({ select: listed, orderBy: { createdAt: 'asc' } });
  const matches = rows.filter((r) =>
    name.startsWith(PARTNER_KEY_PREFIX)
      ? r.prefix.startsWith(name) || name.startsWith(r.prefix)
      : name.length >= MIN_ID_PREFIX && r.id.toLowerCase().startsWith(lower),
  );
  if (matches.length === 0) return { notFound: true };
  if (matches.length > 1) return { ambiguous: matches };
  return { found: matches[0]! };
}

export interface Partner {
  id: string;
  name: string;
}

/**
 * Checks keys against the database, remembering answers for `ttlMs` (30 s): a revoked key stops
 * working within that time on every instance. `lastUsedAt` is written at most once a minute per key.
 */
export class PartnerKeys {
  private readonly known = new Map<string, { partner: Partner | null; until: number }>();
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly prisma: PrismaClient,
    private readonly ttlMs = 30_000,
  ) {}

  async verify(key: string): Promise<Partner | null> {
    if (!KEY_RE.test(key)) return null;
    const hash = hashPartnerKey(key);
    const now = Date.now();
    const hit = this.known.get(hash);
    let partner: Partner | null;
    if (hit && hit.until > now) {
      partner = hit.partner;
    } else {
      const row = await this.prisma.partnerKey.findUnique({
        where: { keyHash: hash },
        select: { id: true, name: true, revokedAt: true },
      });
      partner = row && !row.revokedAt ? { id: row.id, name: row.name } : null;
      if (this.known.size > 10_000) this.known.clear();
      this.known.set(hash, { partner, until: now + this.ttlMs });
    }
    if (partner && (this.touched.get(partner.id) ?? 0) < now - 60_000) {
      this.touched.set(partner.id, now);
      this.prisma.partnerKey.update({ where: { id: partner.id }, data: { lastUsedAt: new Date() } }).catch(() => undefined);
    }
    return partner;
  }
}
