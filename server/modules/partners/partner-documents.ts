import { createHash } from 'node:crypto';
import type { PrismaClient } from '../../db/client.js';

/**
 * Queries partners persist (issue 53 item 4), as Apollo's automatic persisted queries do: a key sends
 * a query with its SHA-256 once (POST, `extensions.persistedQuery.sha256Hash`), and from then on asks
 * for it by the hash alone, by GET if it likes, so that a CDN can keep the answer. A text is stored
 * once whoever sends it; each key persists at most `perKey` texts of at most `maxLength` characters
 * (the documents' other limits, depth, cost and aliases, hold when they run).
 */
export const PARTNER_DOCUMENT_LIMITS = { perKey: 500, maxLength: 20_000 } as const;

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

export type PersistOutcome = 'persisted' | 'hashMismatch' | 'tooLong' | 'tooMany';

export interface PartnerDocuments {
  /** The text persisted under this hash (hex), if any. */
  get(hash: string): Promise<string | undefined>;
  /** Persists `text` under `hash` for the key: refused when the hash is not the text's, or the text is too long or one too many. */
  persist(keyId: string, hash: string, text: string): Promise<PersistOutcome>;
}

/** Texts read once are kept in memory (a hash's text never changes), at most this many. */
const REMEMBERED = 2_000;

export function createPartnerDocuments(prisma: PrismaClient): PartnerDocuments {
  const remembered = new Map<string, string>();
  const remember = (hash: string, text: string) => {
    if (remembered.size >= REMEMBERED) remembered.delete(remembered.keys().next().value!);
    remembered.set(hash, text);
  };
  return {
    async get(hash) {
      const hex = hash.replace(/^sha256:/, '').toLowerCase();
      if (!/^[0-9a-f]{64}$/.test(hex)) return undefined;
      const known = remembered.get(hex);
      if (known !== undefined) return known;
      const row = await prisma.partnerDocument.findUnique({ where: { hash: hex }, select: { text: true } });
      if (row) remember(hex, row.text);
      return row?.text;
    },
    async persist(keyId, hash, text) {
      const hex = hash.replace(/^sha256:/, '').toLowerCase();
      if (sha256Hex(text) !== hex) return 'hashMismatch';
      if (text.length > PARTNER_DOCUMENT_LIMITS.maxLength) return 'tooLong';
      if (remembered.has(hex)) return 'persisted';
      return prisma.$transaction(async (tx) => {
        // One key's texts are counted one at a time.
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`partner-documents/${keyId}`}, 0))`;
        if (await tx.partnerDocument.findUnique({ where: { hash: hex }, select: { hash: true } })) return 'persisted' as const;
        if ((await tx.partnerDocument.count({ where: { keyId } })) >= PARTNER_DOCUMENT_LIMITS.perKey) return 'tooMany' as const;
        await tx.partnerDocument.createMany({ data: [{ hash: hex, text, keyId }], skipDuplicates: true });
        remember(hex, text);
        return 'persisted' as const;
      });
    },
  };
}
