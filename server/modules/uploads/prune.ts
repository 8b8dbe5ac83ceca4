import type { PrismaClient } from '../../db/client.js';
import type { Storage } from './storage.js';

/** Uploads never attached to a listing are kept this long (a form left open, a draft saved later). */
export const ORPHAN_UPLOAD_DAYS = 7;

/**
 * Forgets uploads older than ORPHAN_UPLOAD_DAYS that no listing shows, and deletes their files.
 * Answers how many were removed. Runs now and then (server/app.ts).
 */
export async function pruneOrphanUploads(prisma: PrismaClient, storage: Storage, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - ORPHAN_UPLOAD_DAYS * 24 * 60 * 60 * 1000);
  const orphans = await prisma.$queryRaw<Array<{ id: string; storageKey: string; thumbnailKey: string }>>`
    SELECT u."id"::text AS id, u."storageKey", u."thumbnailKey" FROM "Upload" u
    WHERE u."createdAt" < ${before}
      AND NOT EXISTS (SELECT 1 FROM "PropertyPhoto" p WHERE p."storageKey" = u."storageKey")
    LIMIT 500`;
  if (orphans.length === 0) return 0;
  await prisma.upload.deleteMany({ where: { id: { in: orphans.map((o) => o.id) } } });
  for (const o of orphans) {
    await storage.delete(o.storageKey).catch(() => undefined);
    await storage.delete(o.thumbnailKey).catch(() => undefined);
  }
  return orphans.length;
}
