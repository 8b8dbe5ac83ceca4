import type { PrismaClient } from '../../db/generated/prisma/client.js';
import { isUuid } from './listings.service.js';

/**
 * View counting: "each visit counts one view" (SPEC part 2, listing detail).
 *
 * A visit adds one to `Property.views` with a single atomic `UPDATE … SET views = views + 1`
 * (inquiriesCount is untouched), for active listings only. Abuse is limited in memory:
 * - a caller (a key the transport supplies: `user:<uid>` for a signed-in viewer, or e.g. the client
 *   address) counts at most once per listing within VIEW_REPEAT_WINDOW_MS; later visits in that
 *   window are answered normally but not counted;
 * - the owner and the agent of a listing never add views to it.
 * The memory is a Map in insertion order used as an LRU: at most RECENT_VIEW_KEYS entries, the
 * oldest dropped first. It is per process: with several app instances a caller may count once per
 * instance and window, which keeps the counter honest enough for a "popular" sort.
 */

export const VIEW_REPEAT_WINDOW_MS = 10 * 60 * 1000;
export const RECENT_VIEW_KEYS = 50_000;

export class RecentViews {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly windowMs = VIEW_REPEAT_WINDOW_MS,
    private readonly maxKeys = RECENT_VIEW_KEYS,
    private readonly now: () => number = Date.now,
  ) {}

  /** True (and remembered) when `key` was not seen within the window; false for a repeat. */
  firstVisit(key: string): boolean {
    const t = this.now();
    const last = this.seen.get(key);
    if (last !== undefined && t - last < this.windowMs) return false;
    this.seen.delete(key);
    this.seen.set(key, t);
    while (this.seen.size > this.maxKeys) {
      const oldest = this.seen.keys().next();
      if (oldest.done) break;
      this.seen.delete(oldest.value);
    }
    return true;
  }

  /** Forgets a key (a visit that could not be counted should not block the next one). */
  forget(key: string): void {
    this.seen.delete(key);
  }

  get size(): number {
    return this.seen.size;
  }
}

const recentViews = new RecentViews();

export interface ViewCaller {
  /** Who is visiting, for the repeat window: `user:<uid>`, `ip:<address>`; null when unknown. */
  callerKey: string | null;
  /** The signed-in viewer's uid, if any (owners and agents do not count views on their listings). */
  viewerUid: string | null;
}

export interface RecordedView {
  id: string;
  /** Whether this visit was added to the counter. */
  counted: boolean;
}

/**
 * Records a visit of an active listing (by id or slug). Null when there is no such active listing.
 * `memory` is the repeat window to use (tests pass their own).
 */
export async function recordListingView(
  prisma: PrismaClient,
  idOrSlug: string,
  caller: ViewCaller,
  memory: RecentViews = recentViews,
): Promise<RecordedView | null> {
  const key = idOrSlug.trim();
  if (!key || key.length > 200) return null;
  const listing = await prisma.property.findFirst({
    where: { ...(isUuid(key) ? { id: key } : { slug: key }), status: 'ACTIVE' },
    select: { id: true, ownerId: true, agent: { select: { userId: true } } },
  });
  if (!listing) return null;
  const own = caller.viewerUid !== null && (listing.ownerId === caller.viewerUid || listing.agent?.userId === caller.viewerUid);
  if (own) return { id: listing.id, counted: false };
  const memoryKey = caller.callerKey ? `${caller.callerKey}|${listing.id}` : null;
  if (memoryKey && !memory.firstVisit(memoryKey)) return { id: listing.id, counted: false };
  const { count } = await prisma.property.updateMany({
    where: { id: listing.id, status: 'ACTIVE' },
    data: { views: { increment: 1 } },
  });
  if (count === 0) {
    // Deactivated in between: not counted, and no longer an active listing.
    if (memoryKey) memory.forget(memoryKey);
    return null;
  }
  return { id: listing.id, counted: true };
}
