import type { PrismaClient } from '../../db/client.js';
import { AppError } from '../../graphql/errors.js';
import type { Logger } from '../../logger.js';
import { OUTPUT, photoKeys, type ProcessedPhoto } from './photo.js';
import type { Storage } from './storage.js';

/** SPEC part 5: a listing has at most 10 photos; the uploads of one draft are held to the same. */
export const MAX_PHOTOS_PER_DRAFT = 10;
export const TOO_MANY_PHOTOS_MESSAGE = 'A listing can have at most 10 photos.';

export interface UploadResult {
  id: string;
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  placeholder: string;
}

/** Refuses early (before any decoding) when the draft already has its 10 photos. */
export async function assertRoomInDraft(prisma: PrismaClient, ownerId: string, draftId: string): Promise<void> {
  const count = await prisma.upload.count({ where: { ownerId, draftId } });
  if (count >= MAX_PHOTOS_PER_DRAFT) throw new AppError('CONFLICT', TOO_MANY_PHOTOS_MESSAGE);
}

/**
 * Stores both renditions and records the Upload row, all or nothing. One user's uploads to one
 * draft are serialized by a transaction-scoped advisory lock, so the 10-photo count is exact under
 * concurrent requests and a key is known to be unused before anything is written to it (nothing is
 * ever overwritten, so a failure may delete what it wrote). Any failure removes the objects written.
 */
export async function storeUpload(
  deps: { prisma: PrismaClient; storage: Storage; log: Logger },
  input: { ownerId: string; draftId: string; originalName?: string; photo: ProcessedPhoto },
): Promise<UploadResult> {
  const { prisma, storage, log } = deps;
  const { ownerId, draftId, photo } = input;
  const written: string[] = [];
  try {
    return await prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`uploads/${ownerId}/${draftId}`}, 0))`;
        const count = await tx.upload.count({ where: { ownerId, draftId } });
        if (count >= MAX_PHOTOS_PER_DRAFT) throw new AppError('CONFLICT', TOO_MANY_PHOTOS_MESSAGE);

        let timestamp = Date.now();
        let keys = photoKeys({ uid: ownerId, draftId, timestamp, index: count + 1, originalName: input.originalName });
        // Under the lock no one else writes this prefix; a key already taken (same millisecond) moves on.
        while (
          await tx.upload.findFirst({ where: { OR: [{ storageKey: keys.storageKey }, { thumbnailKey: keys.thumbnailKey }] } })
        ) {
          timestamp += 1;
          keys = photoKeys({ uid: ownerId, draftId, timestamp, index: count + 1, originalName: input.originalName });
        }

        written.push(keys.storageKey);
        const large = await storage.put(keys.storageKey, photo.large.data, OUTPUT.contentType);
        written.push(keys.thumbnailKey);
        const thumb = await storage.put(keys.thumbnailKey, photo.thumbnail.data, OUTPUT.contentType);

        const row = await tx.upload.create({
          data: {
            ownerId,
            draftId,
            storageKey: keys.storageKey,
            thumbnailKey: keys.thumbnailKey,
            url: large.url,
            thumbnailUrl: thumb.url,
            width: photo.large.width,
            height: photo.large.height,
            placeholder: photo.placeholder,
            contentType: OUTPUT.contentType,
            bytes: photo.large.data.length,
          },
        });
        return {
          id: row.id,
          url: row.url,
          thumbnailUrl: row.thumbnailUrl,
          width: row.width,
          height: row.height,
          placeholder: row.placeholder,
        };
      },
      { maxWait: 15_000, timeout: 30_000 },
    );
  } catch (err) {
    await removeObjects(storage, written, log);
    throw err;
  }
}

/** Deletes an upload's row and both objects (a cancelled request, a removed photo). */
export async function deleteUpload(deps: { prisma: PrismaClient; storage: Storage; log: Logger }, id: string): Promise<void> {
  const row = await deps.prisma.upload.findUnique({ where: { id } });
  if (!row) return;
  await deps.prisma.upload.delete({ where: { id } });
  await removeObjects(deps.storage, [row.storageKey, row.thumbnailKey], deps.log);
}

/** Best effort: a storage failure here is logged (the object is an orphan), never thrown over the real error. */
export async function removeObjects(storage: Storage, keys: string[], log: Logger): Promise<void> {
  await Promise.all(
    keys.map((key) => storage.delete(key).catch((err: unknown) => log.error({ err, key }, 'could not remove a stored photo'))),
  );
}
