import type { PrismaClient } from '../../db/client.js';
import type { Logger } from '../../logger.js';

/**
 * Who is online, for the e-mail sent to those who are not (issue 9): `User.lastSeenAt` is moved
 * forward by signed-in requests and, every minute, for everyone holding an open WebSocket. Writes are
 * throttled to one per user per minute per instance, so browsing costs no extra statement per request.
 */
export const PRESENCE_WRITE_EVERY_MS = 60_000;

export interface Presence {
  /** The user was just seen (a request, a socket). */
  seen(uid: string): void;
  /** Users with an open socket on this instance are seen every minute. */
  keepAlive(online: () => Iterable<string>): () => void;
}

export function createPresence(prisma: PrismaClient, log: Logger, now: () => number = Date.now): Presence {
  const lastWrite = new Map<string, number>();
  const seen = (uid: string) => {
    const t = now();
    const last = lastWrite.get(uid);
    if (last !== undefined && t - last < PRESENCE_WRITE_EVERY_MS) return;
    lastWrite.set(uid, t);
    if (lastWrite.size > 50_000) {
      for (const [k, v] of lastWrite) if (t - v >= PRESENCE_WRITE_EVERY_MS) lastWrite.delete(k);
    }
    prisma.user
      .updateMany({ where: { id: uid }, data: { lastSeenAt: new Date(t) } })
      .catch((err: unknown) => log.warn({ err }, 'presence: could not record lastSeenAt'));
  };
  return {
    seen,
    keepAlive(online) {
      const timer = setInterval(() => {
        for (const uid of online()) seen(uid);
      }, PRESENCE_WRITE_EVERY_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
