import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { noBody } from '../../http/no-body.js';
import { limitRequests, restTooMany } from '../../http/rate-limit.js';
import type { RateLimits } from '../../infra/rate-limits.js';
import multer from 'multer';
import { z } from 'zod';
import type { PrismaClient } from '../../db/client.js';
import type { Env } from '../../env.js';
import { AppError, fromZod } from '../../core/errors.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import { inLocale } from '../../core/locale.js';
import { requestLocale } from '../../http/locale.js';
import type { Logger } from '../../logger.js';
import { requireUser } from '../../core/authz.js';
import { detectPhotoType, PhotoRejectedError, processPhoto, unsupportedMessage } from './photo.js';
import type { Storage } from './storage.js';
import { assertRoomInDraft, deleteUpload, discardUpload, storeUpload } from './uploads.service.js';

/**
 * POST /api/uploads (SPEC part 5, issue 8): one photo per request, multipart field `file`, optional
 * text field `draftId`; sign-in required. Answers 201 `{ url, thumbnailUrl, width, height, placeholder }`,
 * or `{ error, code }` with 401, 400, 409 (11th photo), 413 (too big), 415 (not a JPEG, PNG, WebP or
 * HEIC photo), 422 (too many pixels), 429 (too many uploads). The body streams to a temporary file
 * under DATA_DIR/tmp/uploads that is removed whatever happens; see docs/decisions/0014-photo-uploads.md.
 */

// In the request's language (server/core/locale.ts).
const messages = defineMessages({
  signIn: { id: 'server.upload.signIn', defaultMessage: 'Please sign in before uploading photos.' },
  tooManyUploads: { id: 'server.upload.tooManyUploads', defaultMessage: 'Too many uploads. Please wait a minute.' },
  tooLarge: { id: 'server.upload.tooLarge', defaultMessage: 'Photos can be at most {mb} MB.' },
  interrupted: {
    id: 'server.upload.interrupted',
    defaultMessage: 'The upload was interrupted or malformed; please try again.',
  },
});

/** What an upload without a signed-in account answers. */
export const signInToUploadMessage = (): string => formatMessage(messages.signIn);

export const draftIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, _ or -')
  .default('default');

export interface UploadRoutesDeps {
  env: Pick<Env, 'UPLOAD_MAX_MB' | 'dataDir'>;
  prisma: PrismaClient;
  storage: Storage;
  log: Logger;
  /** The app's rate limits (uploads per user and minute: RATE_LIMITS.uploads). */
  limits: RateLimits;
}

/** Where request bodies are streamed; each file is removed when its request ends. */
export function uploadTempDir(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'uploads');
}

function sendError(res: Response, status: number, code: string, error: string) {
  if (!res.headersSent) res.status(status).json({ error, code });
}

/** Removes what a crashed process left in the temporary folder (files older than an hour). */
function sweepStaleTempFiles(dir: string, log: Logger) {
  const cutoff = Date.now() - 60 * 60_000;
  fs.promises
    .readdir(dir)
    .then((names) =>
      Promise.all(
        names.map(async (name) => {
          const file = path.join(dir, name);
          const stat = await fs.promises.stat(file).catch(() => null);
          if (stat && stat.mtimeMs < cutoff) await fs.promises.rm(file, { force: true });
        }),
      ),
    )
    .catch((err: unknown) => log.warn({ err }, 'could not sweep old upload temp files'));
}

export function uploadRoutes(deps: UploadRoutesDeps): express.Router {
  const { env, prisma, storage, log } = deps;
  const maxBytes = Math.floor(env.UPLOAD_MAX_MB * 1024 * 1024);
  const tmpDir = uploadTempDir(env.dataDir);
  fs.mkdirSync(tmpDir, { recursive: true });
  sweepStaleTempFiles(tmpDir, log);

  const receive = multer({
    storage: multer.diskStorage({
      destination: tmpDir,
      filename: (_req, _file, cb) => cb(null, `${randomUUID()}.part`),
    }),
    limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 100 },
    // File names as browsers send them (UTF-8); @types/multer does not know the option yet.
    ...{ defParamCharset: 'utf8' },
  }).single('file');

  const router = express.Router();

  /** Sign-in first, before a byte of the body is read. */
  const signedIn = async (req: Request, res: Response, next: NextFunction) => {
    // Through the error handler: a provider outage turns this into 503, not 401.
    if (!req.viewer) throw new AppError('UNAUTHENTICATED', signInToUploadMessage());
    res.locals.user = await requireUser(prisma, req.viewer);
    next();
  };

  const perUser = limitRequests(deps.limits.uploads, {
    key: (req) => `upload:${req.viewer!.uid}`,
    refuse: restTooMany(() => formatMessage(messages.tooManyUploads)),
  });

  /**
   * Streams the multipart body to a temporary file; limits become 413/400 answers. What follows
   * runs in the request's language again (the body's stream events do not carry it).
   */
  const receiveFile = (req: Request, res: Response, next: NextFunction) => {
    receive(req, res, (err: unknown) =>
      inLocale(requestLocale(req), () => {
        if (!err) return next();
        if (err instanceof multer.MulterError) {
          if (err.code === 'LIMIT_FILE_SIZE') {
            return sendError(res, 413, 'PAYLOAD_TOO_LARGE', formatMessage(messages.tooLarge, { mb: env.UPLOAD_MAX_MB }));
          }
          return sendError(res, 400, 'BAD_USER_INPUT', 'Send one photo per request, in the multipart field "file".');
        }
        // A malformed or interrupted body (the client went away, a broken boundary).
        req.log?.info({ err }, 'upload body not received');
        sendError(res, 400, 'BAD_USER_INPUT', formatMessage(messages.interrupted));
      }),
    );
  };

  /** DELETE /api/uploads?url=…: a photo removed in the form before any listing showed it. */
  router.delete('/uploads', noBody, signedIn, async (req: Request, res: Response) => {
    const url = (req.query as Record<string, unknown>).url;
    if (typeof url !== 'string' || url.length === 0 || url.length > 1000) throw new AppError('BAD_USER_INPUT', 'url is required');
    await discardUpload({ prisma, storage, log }, (res.locals.user as { id: string }).id, url);
    res.set('Cache-Control', 'no-store').json({ ok: true });
  });

  router.post('/uploads', signedIn, perUser, receiveFile, async (req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store');
    const file = req.file;
    // The client going away after the body arrived: what was stored for it is removed again.
    let gone = false;
    res.on('close', () => {
      if (!res.writableFinished) gone = true;
    });
    // The temporary file is gone before any answer is sent: a client that reads the answer knows
    // nothing of its upload is left behind.
    const removeTemp = async () => {
      if (file) await fs.promises.rm(file.path, { force: true });
    };
    const reply = async (send: () => void) => {
      await removeTemp();
      send();
    };
    try {
      const user = res.locals.user as { id: string };
      const body = (req.body ?? {}) as Record<string, unknown>;
      const draft = draftIdSchema.safeParse(body.draftId === '' ? undefined : body.draftId);
      if (!draft.success) throw fromZod(draft.error);
      if (!file) {
        return sendError(res, 400, 'BAD_USER_INPUT', 'Choose a photo to upload (multipart field "file").');
      }
      if (file.size === 0) return await reply(() => sendError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', unsupportedMessage()));
      const draftId = draft.data;
      await assertRoomInDraft(prisma, user.id, draftId);

      const type = await detectPhotoType(file.path);
      if (!type) return await reply(() => sendError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', unsupportedMessage()));
      const photo = await processPhoto(file.path, type);
      await removeTemp();
      if (gone) return;

      const stored = await storeUpload(
        { prisma, storage, log: req.log ?? log },
        { ownerId: user.id, draftId, originalName: file.originalname, photo },
      );
      if (gone) {
        await deleteUpload({ prisma, storage, log: req.log ?? log }, stored.id);
        return;
      }
      res.status(201).json({
        url: stored.url,
        thumbnailUrl: stored.thumbnailUrl,
        width: stored.width,
        height: stored.height,
        placeholder: stored.placeholder,
      });
    } catch (err) {
      if (err instanceof PhotoRejectedError) return await reply(() => sendError(res, err.status, err.code, err.message));
      throw err;
    } finally {
      // Thrown errors are answered by the error handler after this has run.
      await removeTemp();
    }
  });

  return router;
}
