import { createHash } from 'node:crypto';
import { networkOf } from '../../core/address.js';
import type { PrismaClient } from '../../db/client.js';

/**
 * Which reports count toward hiding a listing or a review (issue 24 item 8; decision 0039). Three
 * fresh accounts used to hide anything; now a report counts only when its reporter is established:
 *
 * - the account is at least ESTABLISHED_AFTER_DAYS old,
 * - its phone is verified (every finished sign-up has one; kept as a rule of its own),
 * - it has done something real here: sent a message, saved a listing, saved a search, written a
 *   review or posted a listing;
 *
 * and, for a review, the reporter is not the agent it is about. Reporters who share a network address
 * count once. The other reports still reach the moderators' queue; nothing tells their author that
 * they did not count.
 */
export const ESTABLISHED_AFTER_DAYS = 3;

/** The question a reporter's standing answers: does this report count toward hiding? */
export async function reportCountsToHide(
  prisma: PrismaClient,
  reporterId: string,
  opts: { aboutAgentUserId?: string | null; now?: Date } = {},
): Promise<boolean> {
  if (opts.aboutAgentUserId && opts.aboutAgentUserId === reporterId) return false;
  const user = await prisma.user.findUnique({
    where: { id: reporterId },
    select: {
      createdAt: true,
      phone: true,
      _count: { select: { messages: true, favorites: true, savedSearches: true, reviewsGiven: true, ownedProperties: true } },
    },
  });
  if (!user?.phone) return false;
  const now = opts.now ?? new Date();
  if (now.getTime() - user.createdAt.getTime() < ESTABLISHED_AFTER_DAYS * 24 * 60 * 60 * 1000) return false;
  const c = user._count;
  return c.messages + c.favorites + c.savedSearches + c.reviewsGiven + c.ownedProperties > 0;
}

/**
 * A digest of a reporter's network address (the address itself is not kept): an IPv4 address as is,
 * an IPv6 address by its /64 (one subscriber's network). Null when unknown.
 */
export function reportAddressKey(ip: string | null | undefined): string | null {
  const network = networkOf(ip);
  return network ? createHash('sha256').update(`report-address:${network}`).digest('hex').slice(0, 32) : null;
}

/** How many reports count, reporters sharing an address once. */
export function countingReports(reports: ReadonlyArray<{ id: string; addressKey: string | null }>): number {
  return new Set(reports.map((r) => r.addressKey ?? `report:${r.id}`)).size;
}
