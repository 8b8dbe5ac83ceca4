import type { PrismaClient } from '../../db/client.js';
import { AppError } from '../../core/errors.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import type { Logger } from '../../logger.js';
import { OUTPUT, photoKeys, type ProcessedPhoto } from './photo.js';
import type { Storage } from './storage.js';

/** SPEC part 5: a listing has at most 10 photos; the uploads of one draft are held to the same. */
export const MAX_PHOTOS_PER_DRAFT = 10;

// In the request's language (server/core/locale.ts).
const messages = defineMessages({
  tooManyPhotos: { id: 'server.upload.tooManyPhotos', defaultMessage: 'A listing can have at most {max} photos.' },
  photoNotFound: { id: 'server.upload.photoNotFound', defaultMessage: 'That photo does not exist.' },
  photoOnListing: {
    id: 'server.upload.photoOnListing',
    defaultMessage: 'This photo is on a listing: remove it there and save the listing.',
  },
});

/** 'A listing can have at most 10 photos.' (the form's limit, and a draft's uploads'). */
export const tooManyPhotosMessage = (max: number = MAX_PHOTOS_PER_DRAFT): string =>
  formatMessage(messages.tooManyPhotos, { max });

export interface UploadResult {
  id: string;
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  placeholder: string;
}

type Db = Pick<PrismaClient, '$queryRaw'>;

/**
 * The photos of a draft that still count: uploaded to it and not yet on a listing (once saved with a
 * listing, the listing's own limit of 10 applies; a photo removed in the form is deleted, see
 * `discardUpload`).
 */
export async function photosInDraft(db: Db, ownerId: string, draftId: string): Promise<number> {
  const rows = await db.$queryRaw<Array<{ n: number }>>`
    SELECT count(*)::int AS n FROM "Upload" u
    WHERE u."ownerId" = ${ownerId} AND u."draftId" = ${draftId}
      AND NOT EXISTS (SELECT 1 FROM "PropertyPhoto" p WHERE p."storageKey" = u."storageKey")`;
  return rows[0]?.n ?? 0;
}

/** Refuses early (before any decoding) when the draft already has its 10 photos. */
export async function assertRoomInDraft(prisma: PrismaClient, ownerId: string, draftId: string): Promise<void> {
  if ((await photosInDraft(prisma, ownerId, draftId)) >= MAX_PHOTOS_PER_DRAFT)
    throw new AppError('CONFLICT', tooManyPhotosMessage());
}

/**
 * Deletes a photo the user uploaded and removed from the form before any listing showed it (its row
 * and both files). A photo on a listing is removed by saving the listing without it instead.
 */
export async function discardUpload(
  deps: { prisma: PrismaClient; storage: Storage; log: Logger },
  ownerId: string,
  url: string,
): Promise<void> {
  const upload = await deps.prisma.upload.findFirst({ where: { ownerId, url } });
  if (!upload) throw new AppError('NOT_FOUND', formatMessage(messages.photoNotFound));
  const shown = await deps.prisma.propertyPhoto.findFirst({ where: { storageKey: upload.storageKey }, select: { id: true } });
  if (shown) throw new AppError('CONFLICT', formatMessage(messages.photoOnListing));
  await deps.prisma.upload.delete({ where: { id: upload.id } });
  for (const key of [upload.storageKey, upload.thumbnailKey]) {
    await deps.storage.delete(key).catch((err: unknown) => deps.log.warn({ err, key }, 'deleting a discarded photo failed'));
  }
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
        const count = await photosInDraft(tx, ownerId, draftId);
        if (count >= MAX_PHOTOS_PER_DRAFT) throw new AppError('CONFLICT', tooManyPhotosMessage());

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
