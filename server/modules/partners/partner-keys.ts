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

/** Revokes a key by its id or its shown prefix; answers the keys revoked (none when nothing matched). */
export async function revokePartnerKey(prisma: PrismaClient, idOrPrefix: string): Promise<number> {
  const key = idOrPrefix.trim();
  const byId = /^[0-9a-f-]{36}$/i.test(key);
  const { count } = await prisma.partnerKey.updateMany({
    where: { ...(byId ? { id: key } : { prefix: key }), revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return count;
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
