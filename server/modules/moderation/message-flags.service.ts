import { PAGE_LIMITS } from '../../../common/page-limits.js';
import type { Prisma, PrismaClient } from '../../db/generated/prisma/client.js';
import type { Viewer } from '../../core/viewer.js';
import { AppError } from '../../core/errors.js';
import { requireAdmin } from '../../core/authz.js';
import { assistanceRefusal } from '../../../common/fair-housing.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import { audit } from '../../core/audit.js';

/**
 * Messages flagged by the system (issue 58 item 1; docs/decisions/0058-fair-housing-detector.md): when
 * the listing's side of a conversation (its agent, or its owner) sends a message that refuses rental
 * assistance (common/fair-housing.ts), the message is delivered, the sender is warned, and a flag
 * (reason SOURCE_OF_INCOME, with the phrase found) waits for the moderators at /admin/moderation
 * until one of them resolves it. The flag is written in the message's own transaction: a refusing
 * message is never delivered unflagged.
 */

export const MESSAGE_FLAGS_MAX = PAGE_LIMITS.messageFlags.max;
const PHRASE_MAX = 300;

// In the request's language (server/core/locale.ts).
const messages = defineMessages({
  flagNotFound: { id: 'server.messageFlag.notFound', defaultMessage: 'That flag does not exist.' },
  warning: {
    id: 'server.messageFlag.warning',
    defaultMessage:
      'Your message was sent, but "{phrase}" refuses rental assistance (vouchers, Section 8, CityFHEPS and other programs). Source-of-income discrimination is illegal in New York City; our moderators will review it.',
  },
});

/** What the sender of a refusing message is told (REST), in the request's language. */
export function refusalWarning(phrase: string) {
  return { reason: 'SOURCE_OF_INCOME' as const, phrase, message: formatMessage(messages.warning, { phrase }) };
}

type Tx = Prisma.TransactionClient;

/** The refusing phrase of what the listing's side says in a conversation, or null (the renter's side is never checked). */
export function agentRefusal(message: { senderId: string; agentUserId: string; content: string }): string | null {
  if (message.senderId !== message.agentUserId) return null;
  return assistanceRefusal(message.content);
}

/** Flags a message that refuses rental assistance, in the caller's transaction (the message's). */
export async function flagRefusingMessage(tx: Tx, messageId: string, phrase: string) {
  await tx.messageFlag.create({
    data: { messageId, reason: 'SOURCE_OF_INCOME', phrase: phrase.slice(0, PHRASE_MAX) },
    select: { id: true },
  });
  await audit(tx, {
    actorId: null,
    action: 'MESSAGE_FLAGGED',
    targetType: 'Message',
    targetId: messageId,
    details: { reason: 'SOURCE_OF_INCOME', phrase: phrase.slice(0, PHRASE_MAX) },
  });
}

/** Open flags, newest first, with the message, who sent it and the listing it is about. Admins only. */
export async function messageFlagQueue(prisma: PrismaClient, viewer: Viewer | null | undefined) {
  await requireAdmin(prisma, viewer);
  const rows = await prisma.messageFlag.findMany({
    where: { resolvedAt: null },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: MESSAGE_FLAGS_MAX,
    select: {
      id: true,
      reason: true,
      phrase: true,
      createdAt: true,
      message: {
        select: {
          id: true,
          content: true,
          threadId: true,
          sender: { select: { id: true, firstName: true, lastName: true, email: true } },
          thread: { select: { property: { select: { id: true, slug: true, title: true } } } },
        },
      },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    reason: r.reason,
    phrase: r.phrase,
    createdAt: r.createdAt,
    messageId: r.message.id,
    content: r.message.content,
    threadId: r.message.threadId,
    senderId: r.message.sender.id,
    senderName: `${r.message.sender.firstName} ${r.message.sender.lastName}`.trim(),
    senderEmail: r.message.sender.email,
    listingSlug: r.message.thread.property?.slug ?? null,
    listingTitle: r.message.thread.property?.title ?? null,
  }));
}
export type MessageFlagCase = Awaited<ReturnType<typeof messageFlagQueue>>[number];

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A moderator dealt with a flag: it leaves the queue (audited in the same transaction). Admins only. */
export async function resolveMessageFlag(prisma: PrismaClient, viewer: Viewer | null | undefined, flagId: unknown) {
  const admin = await requireAdmin(prisma, viewer);
  const id = typeof flagId === 'string' && uuid.test(flagId) ? flagId : null;
  if (!id) throw new AppError('NOT_FOUND', formatMessage(messages.flagNotFound));
  return prisma.$transaction(async (tx) => {
    const now = new Date();
    const { count } = await tx.messageFlag.updateMany({
      where: { id, resolvedAt: null },
      data: { resolvedAt: now, resolvedBy: admin.id },
    });
    if (!count) {
      const exists = await tx.messageFlag.findUnique({ where: { id }, select: { id: true } });
      if (!exists) throw new AppError('NOT_FOUND', formatMessage(messages.flagNotFound));
      return { id, resolved: true };
    }
    await audit(tx, { actorId: admin.id, action: 'MESSAGE_FLAG_RESOLVED', targetType: 'MessageFlag', targetId: id });
    return { id, resolved: true };
  });
}
