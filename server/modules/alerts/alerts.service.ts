import { Prisma, type PrismaClient } from '../../db/generated/prisma/client.js';
import type { Logger } from '../../logger.js';
import type { JobQueue } from '../jobs/index.js';
import { searchWhereSql, type SearchFilter } from '../listings/index.js';
import type { Mailer } from '../mail/index.js';
import { within, type Telling } from '../../core/within.js';
import { parseSavedFilter } from './saved-searches.service.js';
import { isPublicListing, publicListingSql } from '../listings/index.js';
import { eventsOf, type DomainEvent } from '../../core/events.js';
import { formatCount, formatPrice } from '../../../common/format.js';
import { hasConcession } from '../../../common/concession.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import { inLocale } from '../../core/locale.js';
import { mailTexts } from '../mail/index.js';

// The alerts' notifications and e-mails, in each recipient's language (server/modules/mail/texts.ts):
// the listing's title and neighborhood, and the search's name, as written.
const mailMessages = defineMessages({
  newTitle: { id: 'mail.alert.newTitle', defaultMessage: 'New listing: {title}' },
  dropTitle: { id: 'mail.alert.dropTitle', defaultMessage: 'Price drop: {title}' },
  rent: { id: 'mail.alert.rent', defaultMessage: '{price}/mo' },
  rentWithConcession: {
    id: 'mail.alert.rentWithConcession',
    defaultMessage: '{price}/mo ({net} net effective, {months, plural, one {# month} other {# months}} free on {lease})',
  },
  rentWas: { id: 'mail.alert.rentWas', defaultMessage: '{price}/mo (was {oldPrice})' },
  rentWasWithConcession: {
    id: 'mail.alert.rentWasWithConcession',
    defaultMessage:
      '{price}/mo (was {oldPrice}) ({net} net effective, {months, plural, one {# month} other {# months}} free on {lease})',
  },
  // A sale's price is its asking price: no month, no concession (issue 58 item 3).
  salePrice: { id: 'mail.alert.salePrice', defaultMessage: '{price} asking price' },
  salePriceWas: { id: 'mail.alert.salePriceWas', defaultMessage: '{price} asking price (was {oldPrice})' },
  newBody: { id: 'mail.alert.newBody', defaultMessage: '{rent} in {neighborhood}' },
  dropBody: { id: 'mail.alert.dropBody', defaultMessage: 'Now {rent} in {neighborhood}' },
  matches: { id: 'mail.alert.matches', defaultMessage: '{body} · matches “{name}”' },
  lineNew: { id: 'mail.alert.lineNew', defaultMessage: 'New: {title} — {rent}, {neighborhood}' },
  lineDrop: { id: 'mail.alert.lineDrop', defaultMessage: 'Price drop: {title} — {rent}, {neighborhood}' },
  dailySubject: {
    id: 'mail.alert.dailySubject',
    defaultMessage: 'Your daily alert for “{name}”: {count, plural, one {# listing} other {# listings}}',
  },
  newSubject: { id: 'mail.alert.newSubject', defaultMessage: 'New match for “{name}”: {title}' },
  dropSubject: { id: 'mail.alert.dropSubject', defaultMessage: 'Price drop for “{name}”: {title}' },
  manySubject: { id: 'mail.alert.manySubject', defaultMessage: '{count} new matches for “{name}”' },
  dailyIntro: { id: 'mail.alert.dailyIntro', defaultMessage: "Today's listings for your saved search “{name}”:" },
  instantIntro: { id: 'mail.alert.instantIntro', defaultMessage: 'Your saved search “{name}” has news:' },
  turnOff: { id: 'mail.alert.turnOff', defaultMessage: 'Turn off these alerts: {url}' },
});

/**
 * Saved-search alerts (issue 14 item 2; docs/decisions/0032-saved-searches-and-alerts.md). A listing write that
 * publishes a listing or changes a live listing's price queues a job (`enqueueListingAlert`); the
 * job, on any instance, finds the saved searches the listing matches (the search page's own SQL,
 * restricted to the listing), records one AlertDelivery per search, listing and event with
 * ON CONFLICT DO NOTHING (so an alert is made once, whoever runs the job, however often), notifies
 * the owners in the app and e-mails instant alerts. Daily searches get one digest a day. Each
 * e-mail is claimed by a conditional UPDATE of `emailedAt` before it is sent: sent exactly once.
 */
export const ALERT_JOBS = {
  listing: 'alerts.listing',
  instant: 'alerts.instant-sweep',
  daily: 'alerts.daily-digest',
} as const;

export type ListingAlertEvent = 'PUBLISHED' | 'PRICE_CHANGED';
export interface ListingAlertJob {
  propertyId: string;
  event: ListingAlertEvent;
}

export interface AlertDeps {
  prisma: PrismaClient;
  mailer: Mailer;
  log: Logger;
  /** Origin of the web app (links in e-mails). */
  publicUrl: string;
}

// The queue of the app that owns a Prisma client: listing writes reach it through their client, so
// the write services keep their signatures (and a script without an app queues nothing).
const queues = new WeakMap<object, { queue: JobQueue; log: Logger }>();

/** After a listing write commits: queue the alert job (errors are logged, never thrown at the write). */
export function enqueueListingAlert(prisma: object, job: ListingAlertJob): void {
  const q = queues.get(prisma);
  if (!q) return;
  q.queue.send(ALERT_JOBS.listing, job).catch((err: unknown) => q.log.error({ err, job }, 'alert job not queued'));
}

/** The alert job a listing event calls for: a listing went live, or a live one changed its price. */
export function alertJobOf(event: DomainEvent): ListingAlertJob | null {
  if (event.type === 'listing.created') return event.isPublic ? { propertyId: event.listingId, event: 'PUBLISHED' } : null;
  if (event.type !== 'listing.changed') return null;
  if (event.published) return { propertyId: event.listingId, event: 'PUBLISHED' };
  return event.priceChanged ? { propertyId: event.listingId, event: 'PRICE_CHANGED' } : null;
}

const listening = new WeakSet<object>();

/**
 * Alerts listen to the listings' events (server/core/events.ts): the instance where a listing was
 * written queues its alert job, once (events relayed from other instances are theirs to queue).
 */
function listenForListings(prisma: object): void {
  if (listening.has(prisma)) return;
  listening.add(prisma);
  eventsOf(prisma).subscribe((event, { local }) => {
    const job = local ? alertJobOf(event) : null;
    if (job) enqueueListingAlert(prisma, job);
  });
}

const SEARCH_BATCH = 200;

/** The job: alerts for one listing event. Answers how many alerts were made. */
export async function runListingAlert(deps: AlertDeps, job: ListingAlertJob): Promise<number> {
  const { prisma } = deps;
  const listing = await prisma.property.findUnique({
    where: { id: job.propertyId },
    select: {
      id: true,
      slug: true,
      title: true,
      price: true,
      listingType: true,
      netEffectivePrice: true,
      concessionMonthsFree: true,
      concessionLeaseMonths: true,
      status: true,
      hiddenAt: true,
      ownerId: true,
      neighborhood: true,
      priceChanges: {
        orderBy: [{ changedAt: 'desc' }, { id: 'desc' }],
        take: 1,
        select: { id: true, oldPrice: true, newPrice: true },
      },
    },
  });
  // Drafts, inactive and hidden listings never alert.
  if (!listing || !isPublicListing(listing)) return 0;
  let event: string;
  let kind: 'NEW_MATCH' | 'PRICE_DROP';
  // The notification's title and body, made in each recipient's language.
  let texts: () => { title: string; body: string };
  if (job.event === 'PUBLISHED') {
    event = 'NEW';
    kind = 'NEW_MATCH';
    texts = () => ({
      title: formatMessage(mailMessages.newTitle, { title: listing.title }),
      body: formatMessage(mailMessages.newBody, { rent: priceText(listing.price, listing), neighborhood: listing.neighborhood }),
    });
  } else {
    const change = listing.priceChanges[0];
    if (!change || change.oldPrice == null || change.newPrice >= change.oldPrice) return 0;
    const oldPrice = change.oldPrice;
    event = `DROP:${change.id}`;
    kind = 'PRICE_DROP';
    texts = () => ({
      title: formatMessage(mailMessages.dropTitle, { title: listing.title }),
      body: formatMessage(mailMessages.dropBody, {
        rent: priceWasText(change.newPrice, oldPrice, listing, change.newPrice === listing.price),
        neighborhood: listing.neighborhood,
      }),
    });
  }

  let made = 0;
  let cursor: string | undefined;
  for (;;) {
    // Searches with alerts on, of anyone but the listing's owner.
    const searches = await prisma.savedSearch.findMany({
      where: { frequency: { not: 'OFF' }, userId: { not: listing.ownerId }, ...(cursor ? { id: { gt: cursor } } : {}) },
      orderBy: { id: 'asc' },
      take: SEARCH_BATCH,
      select: { id: true, userId: true, name: true, filter: true, user: { select: { locale: true } } },
    });
    if (searches.length === 0) break;
    cursor = searches[searches.length - 1]!.id;
    const matched = await matchingSearches(prisma, listing.id, searches);
    if (matched.length) {
      const byId = new Map(searches.map((s) => [s.id, s]));
      const { notified, effects } = await prisma.$transaction(async (tx) => {
        const fresh = await tx.$queryRaw<Array<{ savedSearchId: string }>>`
          INSERT INTO "AlertDelivery" ("savedSearchId", "propertyId", "event")
          SELECT s, ${listing.id}::uuid, ${event} FROM unnest(${matched}::uuid[]) AS s
          ON CONFLICT DO NOTHING
          RETURNING "savedSearchId"::text AS "savedSearchId"`;
        const effects = within(prisma, tx);
        const { told } = await effects.happened({
          type: 'search.matched',
          propertyId: listing.id,
          tell: fresh.map(({ savedSearchId }): Telling => {
            const search = byId.get(savedSearchId)!;
            return {
              userId: search.userId,
              kind,
              texts: inLocale(search.user.locale, () => {
                const { title, body } = texts();
                return { title, body: formatMessage(mailMessages.matches, { body, name: search.name }) };
              }),
              url: `/properties/${listing.slug}`,
              propertyId: listing.id,
              savedSearchId,
            };
          }),
        });
        return { notified: told ?? [], effects };
      });
      effects.published();
      made += notified.length;
    }
    if (searches.length < SEARCH_BATCH) break;
  }
  if (made > 0) await sendDueAlerts(deps, 'INSTANT', { propertyId: listing.id });
  return made;
}

/** Which of `searches` the listing matches, in one statement: each search's filter as the search page's WHERE, on this one row. */
async function matchingSearches(
  prisma: PrismaClient,
  propertyId: string,
  searches: Array<{ id: string; filter: unknown }>,
): Promise<string[]> {
  const parts: Prisma.Sql[] = [];
  for (const s of searches) {
    let filter: SearchFilter;
    try {
      filter = parseSavedFilter(s.filter);
    } catch {
      continue; // a stored filter no longer valid matches nothing
    }
    parts.push(
      Prisma.sql`SELECT ${s.id}::text AS id WHERE EXISTS (SELECT 1 FROM "Property" p WHERE p."id" = ${propertyId}::uuid AND ${searchWhereSql(filter)})`,
    );
  }
  if (parts.length === 0) return [];
  const rows = await prisma.$queryRaw<Array<{ id: string }>>`${Prisma.join(parts, ' UNION ALL ')}`;
  return rows.map((r) => r.id);
}

interface DueRow {
  savedSearchId: string;
  propertyId: string;
  event: string;
  name: string;
  unsubscribeToken: string;
  email: string;
  /** The search's owner's language (null: English). */
  locale: string | null;
  firstName: string;
  title: string;
  slug: string;
  price: number;
  listingType: string;
  netEffectivePrice: number;
  concessionMonthsFree: string | null;
  concessionLeaseMonths: number | null;
  neighborhood: string;
  oldPrice: number | null;
  newPrice: number | null;
}

/** Searches whose alerts one round e-mails, and the most listings one e-mail lists. */
const SEARCHES_PER_ROUND = 200;
const LISTINGS_PER_MAIL = 50;
/** Rounds one call runs at most (each claims what it sends), so a call is bounded. */
const MAX_ROUNDS = 50;

/**
 * E-mails the alerts owed: instant searches' unsent alerts (right after the job, and by a sweep
 * that retries failed sends), or daily searches' unsent alerts as one digest per search. Each
 * search's rows are claimed by one conditional UPDATE before the e-mail goes: only one caller
 * gets them. A failed send releases the claim for the next run (a crash between the claim and the
 * send loses that e-mail: at most once). Rounds of SEARCHES_PER_ROUND searches repeat until nothing
 * is owed, so no search waits for another day. A price drop undone since (the rent is above the
 * dropped price again) is claimed and left out of the e-mail. Answers how many e-mails were sent.
 */
export async function sendDueAlerts(
  deps: AlertDeps,
  frequency: 'INSTANT' | 'DAILY',
  opts: { propertyId?: string; now?: Date } = {},
): Promise<number> {
  let sent = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const result = await sendDueRound(deps, frequency, opts);
    sent += result.sent;
    // Done when a round found less than a full set, or could not send (its claims were released).
    if (result.searches < SEARCHES_PER_ROUND || result.failed) break;
  }
  return sent;
}

async function sendDueRound(
  deps: AlertDeps,
  frequency: 'INSTANT' | 'DAILY',
  opts: { propertyId?: string; now?: Date },
): Promise<{ searches: number; sent: number; failed: boolean }> {
  const { prisma, mailer, log } = deps;
  const now = opts.now ?? new Date();
  const owed = Prisma.sql`d."emailedAt" IS NULL AND s."frequency" = ${frequency}::"AlertFrequency"
      AND ${publicListingSql()}
      ${opts.propertyId ? Prisma.sql`AND d."propertyId" = ${opts.propertyId}::uuid` : Prisma.empty}`;
  const due = await prisma.$queryRaw<DueRow[]>`
    WITH searches AS (
      SELECT DISTINCT d."savedSearchId"
      FROM "AlertDelivery" d
      JOIN "SavedSearch" s ON s."id" = d."savedSearchId"
      JOIN "Property" p ON p."id" = d."propertyId"
      WHERE ${owed}
      ORDER BY d."savedSearchId"
      LIMIT ${SEARCHES_PER_ROUND}
    ), rows AS (
      SELECT d.*, row_number() OVER (PARTITION BY d."savedSearchId" ORDER BY d."createdAt", d."propertyId", d."event") AS n
      FROM "AlertDelivery" d
      JOIN "SavedSearch" s ON s."id" = d."savedSearchId"
      JOIN "Property" p ON p."id" = d."propertyId"
      WHERE d."savedSearchId" IN (SELECT "savedSearchId" FROM searches) AND ${owed}
    )
    SELECT d."savedSearchId"::text AS "savedSearchId", d."propertyId"::text AS "propertyId", d."event",
           s."name", s."unsubscribeToken", u."email", u."locale", u."firstName",
           p."title", p."slug", p."price", p."listingType"::text AS "listingType", p."netEffectivePrice", p."concessionMonthsFree"::text AS "concessionMonthsFree",
           p."concessionLeaseMonths", p."neighborhood", c."oldPrice", c."newPrice"
    FROM rows d
    JOIN "SavedSearch" s ON s."id" = d."savedSearchId"
    JOIN "User" u ON u."id" = s."userId"
    JOIN "Property" p ON p."id" = d."propertyId"
    LEFT JOIN "PriceChange" c ON c."id" = (CASE WHEN d."event" LIKE 'DROP:%' THEN substr(d."event", 6)::uuid END)
    WHERE d.n <= ${LISTINGS_PER_MAIL}
    ORDER BY d."savedSearchId", d."createdAt"`;
  const bySearch = new Map<string, DueRow[]>();
  for (const row of due) bySearch.set(row.savedSearchId, [...(bySearch.get(row.savedSearchId) ?? []), row]);

  let sent = 0;
  let failed = false;
  for (const [searchId, rows] of bySearch) {
    const keys = rows.map((r) => Prisma.sql`(${r.savedSearchId}::uuid, ${r.propertyId}::uuid, ${r.event})`);
    const claimed = await prisma.$queryRaw<Array<{ propertyId: string; event: string }>>`
      UPDATE "AlertDelivery" SET "emailedAt" = ${now}::timestamp(3)
      WHERE ("savedSearchId", "propertyId", "event") IN (${Prisma.join(keys)}) AND "emailedAt" IS NULL
      RETURNING "propertyId"::text AS "propertyId", "event"`;
    if (claimed.length === 0) continue;
    const mine = rows.filter((r) => claimed.some((c) => c.propertyId === r.propertyId && c.event === r.event));
    // A drop the owner has undone since (the rent went back up) is no news any more.
    const news = mine.filter((r) => !r.event.startsWith('DROP:') || r.newPrice == null || r.price <= r.newPrice);
    if (news.length === 0) continue;
    try {
      await mailer.send(composeAlertMail(news, frequency, deps.publicUrl));
      sent++;
    } catch (err) {
      failed = true;
      log.error({ err, savedSearchId: searchId }, 'alert e-mail not sent; will retry');
      const back = mine.map((r) => Prisma.sql`(${r.savedSearchId}::uuid, ${r.propertyId}::uuid, ${r.event})`);
      await prisma.$executeRaw`
        UPDATE "AlertDelivery" SET "emailedAt" = NULL
        WHERE ("savedSearchId", "propertyId", "event") IN (${Prisma.join(back)}) AND "emailedAt" = ${now}::timestamp(3)`.catch(
        (resetErr: unknown) => log.error({ err: resetErr, savedSearchId: searchId }, 'alert e-mail claim not released'),
      );
    }
  }
  return { searches: bySearch.size, sent, failed };
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

type ConcessionColumns = {
  /** FOR_SALE: an asking price, not a monthly rent. */
  listingType: string;
  netEffectivePrice: number;
  concessionMonthsFree: { toString(): string } | null;
  concessionLeaseMonths: number | null;
};

/** The concession's values for the messages, or null without one: '$3,300', 1 month free on 12. */
function concessionValues(l: ConcessionColumns) {
  const c = {
    monthsFree: l.concessionMonthsFree === null ? null : Number(l.concessionMonthsFree.toString()),
    leaseMonths: l.concessionLeaseMonths,
  };
  if (!hasConcession(c)) return null;
  return { net: formatPrice(l.netEffectivePrice), months: c.monthsFree, lease: formatCount(c.leaseMonths) };
}

/**
 * The listing's price in words, in the current language: a rent '$3,600/mo ($3,300 net effective, 1 month
 * free on 12)'; a sale '$950,000 asking price' (no month, no concession: issue 58 item 3).
 */
function priceText(price: number, l: ConcessionColumns): string {
  if (l.listingType === 'FOR_SALE') return formatMessage(mailMessages.salePrice, { price: formatPrice(price) });
  const concession = concessionValues(l);
  return concession
    ? formatMessage(mailMessages.rentWithConcession, { price: formatPrice(price), ...concession })
    : formatMessage(mailMessages.rent, { price: formatPrice(price) });
}

/**
 * A drop: '$3,400/mo (was $3,600)', with the concession when the listing's rent is still that one
 * (`current`); a sale '$900,000 asking price (was $950,000)'.
 */
function priceWasText(price: number, oldPrice: number, l: ConcessionColumns, current: boolean): string {
  const values = { price: formatPrice(price), oldPrice: formatPrice(oldPrice) };
  if (l.listingType === 'FOR_SALE') return formatMessage(mailMessages.salePriceWas, values);
  const concession = current && concessionValues(l);
  return concession
    ? formatMessage(mailMessages.rentWasWithConcession, { ...values, ...concession })
    : formatMessage(mailMessages.rentWas, values);
}

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/alerts/unsubscribe/${encodeURIComponent(token)}`;
}

/** The e-mail, in the search's owner's language. */
function composeAlertMail(rows: DueRow[], frequency: 'INSTANT' | 'DAILY', publicUrl: string) {
  const first = rows[0]!;
  return inLocale(first.locale, () => {
    const base = publicUrl.replace(/\/+$/, '');
    const name = oneLine(first.name).slice(0, 120);
    const unsubscribe = unsubscribeUrl(publicUrl, first.unsubscribeToken);
    const lines = rows.map((r) => {
      const drop = r.event.startsWith('DROP:');
      // A drop names the prices of its change (the rent may have moved again since, never above it).
      // The net effective rent (issue 26 item 2) beside the rent it is of: the listing's rent now.
      const rent =
        drop && r.oldPrice != null && r.newPrice != null
          ? priceWasText(r.newPrice, r.oldPrice, r, r.newPrice === r.price)
          : priceText(r.price, r);
      const values = { title: oneLine(r.title).slice(0, 140), rent, neighborhood: oneLine(r.neighborhood) };
      return `${formatMessage(drop ? mailMessages.lineDrop : mailMessages.lineNew, values)}\n${base}/properties/${r.slug}`;
    });
    const subject =
      frequency === 'DAILY'
        ? formatMessage(mailMessages.dailySubject, { name, count: rows.length })
        : rows.length === 1
          ? formatMessage(first.event.startsWith('DROP:') ? mailMessages.dropSubject : mailMessages.newSubject, {
              name,
              title: oneLine(first.title).slice(0, 100),
            })
          : formatMessage(mailMessages.manySubject, { name, count: rows.length });
    const firstName = oneLine(first.firstName);
    const text = [
      firstName ? formatMessage(mailTexts.hiName, { name: firstName }) : formatMessage(mailTexts.hi),
      '',
      formatMessage(frequency === 'DAILY' ? mailMessages.dailyIntro : mailMessages.instantIntro, { name }),
      '',
      lines.join('\n\n'),
      '',
      formatMessage(mailMessages.turnOff, { url: unsubscribe }),
      '— NYC Rentals',
      '',
    ].join('\n');
    return {
      to: first.email,
      subject,
      text,
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  });
}

/** Milliseconds until the next `hour`:00 UTC. */
function msUntilHour(hour: number, now = new Date()): number {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

/**
 * Registers the alert jobs on the queue and makes listing writes of this Prisma client queue them:
 * the listing job, a sweep of unsent instant alerts every minute (failed sends), and the daily digest
 * at `digestHourUtc`. Call before `queue.start()`; the returned `stop` unregisters.
 */
export function registerAlertJobs(deps: AlertDeps & { queue: JobQueue; digestHourUtc: number }): { stop(): void } {
  const { queue, log } = deps;
  queue.work<ListingAlertJob>(ALERT_JOBS.listing, async (job) => {
    const made = await runListingAlert(deps, job);
    if (made > 0) log.info({ made, job }, 'saved-search alerts made');
  });
  queue.work(ALERT_JOBS.instant, async () => {
    await sendDueAlerts(deps, 'INSTANT');
  });
  queue.work(ALERT_JOBS.daily, async () => {
    const sent = await sendDueAlerts(deps, 'DAILY');
    if (sent > 0) log.info({ sent }, 'daily alert digests sent');
  });
  queue.schedule(ALERT_JOBS.instant, { cron: '* * * * *', everyMs: 60_000 });
  queue.schedule(ALERT_JOBS.daily, {
    cron: `0 ${deps.digestHourUtc} * * *`,
    everyMs: 24 * 3_600_000,
    firstInMs: msUntilHour(deps.digestHourUtc),
  });
  const entry = { queue, log };
  queues.set(deps.prisma, entry);
  listenForListings(deps.prisma);
  return {
    stop() {
      if (queues.get(deps.prisma) === entry) queues.delete(deps.prisma);
    },
  };
}
