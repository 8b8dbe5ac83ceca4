import { z } from 'zod';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import { requireUser } from '../../core/authz.js';
import { AppError, fromZod } from '../../core/errors.js';
import type { Viewer } from '../../core/viewer.js';
import type { PrismaClient } from '../../db/client.js';
import type { RateLimit } from '../../infra/rate-limits.js';

/**
 * The listing form's draft kept on the server as it is typed (issue 59 item 7): the form left in one
 * browser is offered again in another once its person signs in there. One draft per person and form
 * ('new', or the id of the listing being edited), replaced by each save, removed when the listing is
 * saved or the person discards it. What it holds is the form's own state (values, uploaded photos'
 * links, the version it was read at); it becomes a listing only through the listing's own rules.
 */

/** A draft's size at most (a full form with 10 photos' links is about 20 KB). */
export const FORM_DRAFT_MAX_CHARS = 200_000;

const messages = defineMessages({
  tooLarge: { id: 'server.formDraft.tooLarge', defaultMessage: 'This draft is too large to keep.' },
  tooQuickly: {
    id: 'server.formDraft.tooQuickly',
    defaultMessage: 'Your draft is being saved too often. It will be saved again in a moment.',
  },
});

const keySchema = z.union([z.literal('new'), z.uuid()]);
const draftSchema = z
  .string()
  .max(FORM_DRAFT_MAX_CHARS, { error: () => formatMessage(messages.tooLarge) })
  .refine((text) => {
    try {
      const value: unknown = JSON.parse(text);
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    } catch {
      return false;
    }
  }, 'must be a JSON object');

function parseKey(key: unknown): string {
  const parsed = keySchema.safeParse(key);
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

/** Keeps the viewer's draft of a form, in place of the last. */
export async function saveFormDraft(
  deps: { prisma: PrismaClient; rate: RateLimit },
  viewer: Viewer | null | undefined,
  input: { key: unknown; draft: unknown },
): Promise<{ key: string; savedAt: Date }> {
  const user = await requireUser(deps.prisma, viewer);
  const key = parseKey(input.key);
  const parsed = draftSchema.safeParse(input.draft);
  if (!parsed.success) throw fromZod(parsed.error);
  const taken = await deps.rate.take(user.id);
  if (!taken.allowed)
    throw new AppError('RATE_LIMITED', formatMessage(messages.tooQuickly), { retryAfterSeconds: taken.retryAfterSeconds });
  const data = JSON.parse(parsed.data) as object;
  const row = await deps.prisma.formDraft.upsert({
    where: { userId_key: { userId: user.id, key } },
    create: { userId: user.id, key, data },
    update: { data, savedAt: new Date() },
    select: { key: true, savedAt: true },
  });
  return row;
}

/** The viewer's draft of a form, or null (signed out: none). */
export async function formDraft(prisma: PrismaClient, viewer: Viewer | null | undefined, key: unknown) {
  if (!viewer) return null;
  const k = parseKey(key);
  const row = await prisma.formDraft.findUnique({
    where: { userId_key: { userId: viewer.uid, key: k } },
    select: { key: true, savedAt: true, data: true },
  });
  return row ? { key: row.key, savedAt: row.savedAt, draft: JSON.stringify(row.data) } : null;
}

/** Removes the viewer's draft of a form (saved, or discarded); answers whether there was one. */
export async function discardFormDraft(prisma: PrismaClient, viewer: Viewer | null | undefined, key: unknown) {
  const user = await requireUser(prisma, viewer);
  const { count } = await prisma.formDraft.deleteMany({ where: { userId: user.id, key: parseKey(key) } });
  return count > 0;
}
