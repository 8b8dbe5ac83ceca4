import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import pLimit from 'p-limit';
import { PAGE_LIMITS } from '../../../common/page-limits.js';
import { decodeTimeCursor, encodeTimeCursor, forwardPageInfo } from '../../core/cursor.js';
import { AppError, fromZod } from '../../core/errors.js';
import { isUuid } from '../../core/ids.js';
import type { Viewer } from '../../core/viewer.js';
import type { Prisma, PrismaClient, WebhookDeliveryStatus } from '../../db/generated/prisma/client.js';
import type { RateLimit } from '../../infra/rate-limits.js';
import type { Logger } from '../../logger.js';
import { listingChangeCursor } from '../listings/index.js';
import type { Mailer } from '../mail/index.js';
import { webhookUrlProblem, type WebhookUrlRules } from './webhook-address.js';
import { newWebhookSecret, sendWebhook, type AttemptResult } from './webhook-sender.js';

/**
 * Webhooks (issue 53 item 2; docs/decisions/0064-webhooks.md). A partner key registers HTTPS endpoints
 * and the listing events each wants; every change of the feed (ListingChange, 0062) an endpoint wants
 * becomes a delivery to it, signed as Standard Webhooks say, tried at once and again on RETRY_SCHEDULE
 * (over 27 hours) until the endpoint answers 2xx. A delivery that fails every attempt disables its
 * endpoint, and the endpoint's contact is told by e-mail. Each attempt is in the delivery log the key
 * reads. The partner manages its own endpoints only (by GraphQL with its key, or `npm run partner`).
 */

/** The events an endpoint may ask for: one per kind of change of the feed. */
export const WEBHOOK_EVENT_TYPES = [
  'listing.created',
  'listing.updated',
  'listing.price_changed',
  'listing.status_changed',
  'listing.hidden',
  'listing.shown',
  'listing.deleted',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** What `sendTestWebhook` sends (never asked for: every endpoint takes it). */
export const TEST_EVENT_TYPE = 'webhook.test';

const EVENT_OF_KIND: Record<string, WebhookEventType> = {
  CREATED: 'listing.created',
  UPDATED: 'listing.updated',
  PRICE_CHANGED: 'listing.price_changed',
  STATUS_CHANGED: 'listing.status_changed',
  HIDDEN: 'listing.hidden',
  SHOWN: 'listing.shown',
  DELETED: 'listing.deleted',
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/**
 * When each attempt is made, after the previous one (the first at once): Standard Webhooks' suggested
 * schedule, 8 attempts over 27 hours 35 minutes 5 seconds.
 */
export const RETRY_SCHEDULE_MS = [0, 5_000, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR] as const;
/** How long the secret before a rotation keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * HOUR;
/** How long the delivery log keeps a delivery. */
export const DELIVERIES_KEPT_DAYS = 30;

export const WEBHOOK_LIMITS = {
  /** Endpoints one key may have. */
  endpointsPerKey: 10,
  /** Feed entries read per endpoint per pass. */
  fanOutBatch: 500,
  /** Deliveries claimed per pass, and sent at once. */
  claimBatch: 50,
  concurrency: 8,
  /** How long a claimed delivery is left to its sender before another pass may take it again. */
  leaseMs: 2 * MINUTE,
} as const;

// --- who may ------------------------------------------------------------------------------------------

/**
 * The partner key a request acts for: webhooks belong to keys. A person's session is no key
 * (FORBIDDEN), nobody is UNAUTHENTICATED.
 */
export function partnerKeyOf(who: { partner?: { id: string } | null; viewer: Viewer | null }): string {
  if (who.partner) return who.partner.id;
  if (who.viewer) throw new AppError('FORBIDDEN', 'Webhooks are managed with a partner API key.');
  throw new AppError('UNAUTHENTICATED', 'Webhooks are managed with a partner API key: send it as a Bearer token.');
}

const notFound = () => new AppError('NOT_FOUND', 'No webhook endpoint of this key has that id.');

async function endpointOf(prisma: PrismaClient, keyId: string, id: string) {
  if (!isUuid(id)) throw notFound();
  const row = await prisma.webhookEndpoint.findFirst({ where: { id, keyId }, select: ENDPOINT_SELECT });
  if (!row) throw notFound();
  return row;
}

// --- endpoints ----------------------------------------------------------------------------------------

export const ENDPOINT_SELECT = {
  id: true,
  url: true,
  events: true,
  contactEmail: true,
  description: true,
  previousUntil: true,
  disabledAt: true,
  disabledReason: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.WebhookEndpointSelect;
export type WebhookEndpointRow = Prisma.WebhookEndpointGetPayload<{ select: typeof ENDPOINT_SELECT }>;

const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Events are some of: ${WEBHOOK_EVENT_TYPES.join(', ')}.` }))
  .min(1, 'Ask for at least one event.')
  .max(20)
  .transform((list) => [...new Set(list)]);
const fields = {
  url: z.string().trim().min(1, 'The URL is required.').max(2_000),
  events,
  contactEmail: z.string().trim().max(254).pipe(z.email('The contact e-mail is not an e-mail address.')),
  description: z.string().trim().max(200, 'The description is at most 200 characters.'),
};
export const endpointInputSchema = z.object({
  ...fields,
  events: events.optional(),
  description: fields.description.optional(),
});
export const endpointPatchSchema = z
  .object({ ...fields, enabled: z.boolean() })
  .partial()
  .refine((p) => Object.values(p).some((v) => v !== undefined), 'Say what to change.');
/** What a caller gives: checked here (endpointInputSchema, endpointPatchSchema). */
export type EndpointInput = Record<string, unknown>;
export type EndpointPatch = Record<string, unknown>;

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

function checkUrl(url: string, rules: WebhookUrlRules) {
  const problem = webhookUrlProblem(url, rules);
  if (problem) throw new AppError('BAD_USER_INPUT', `url: ${problem}`, { field: 'url' });
}

export interface WebhookDeps {
  prisma: PrismaClient;
  rules: WebhookUrlRules;
}

/** Registers an endpoint; its secret is answered this once. It hears changes made from now on. */
export async function createWebhookEndpoint(
  deps: WebhookDeps,
  keyId: string,
  input: EndpointInput,
): Promise<{ endpoint: WebhookEndpointRow; secret: string }> {
  const data = parse(endpointInputSchema, input);
  checkUrl(data.url, deps.rules);
  const secret = newWebhookSecret();
  const endpoint = await deps.prisma.$transaction(async (tx) => {
    // The key's row, locked: two registrations at once count one after the other.
    await tx.$queryRaw`SELECT 1 FROM "PartnerKey" WHERE "id" = ${keyId}::uuid FOR UPDATE`;
    const count = await tx.webhookEndpoint.count({ where: { keyId } });
    if (count >= WEBHOOK_LIMITS.endpointsPerKey)
      throw new AppError(
        'BAD_USER_INPUT',
        `A key has at most ${WEBHOOK_LIMITS.endpointsPerKey} webhook endpoints: delete one first.`,
      );
    const newest = await tx.listingChange.findFirst({ orderBy: { id: 'desc' }, select: { id: true } });
    return tx.webhookEndpoint.create({
      data: {
        keyId,
        url: data.url,
        events: data.events ?? [...WEBHOOK_EVENT_TYPES],
        contactEmail: data.contactEmail,
        description: data.description ?? '',
        secret,
        cursor: newest?.id ?? 0n,
      },
      select: ENDPOINT_SELECT,
    });
  });
  return { endpoint, secret };
}

export function listWebhookEndpoints(prisma: PrismaClient, keyId: string): Promise<WebhookEndpointRow[]> {
  return prisma.webhookEndpoint.findMany({
    where: { keyId },
    select: ENDPOINT_SELECT,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}

/**
 * The operator's view (`npm run partner`): the endpoint an id or its start (8 characters or more, as
 * `webhooks` lists it) names, with its key; null when none or more than one.
 */
export async function findWebhookEndpoint(prisma: PrismaClient, given: string): Promise<{ id: string; keyId: string } | null> {
  const start = given.trim().toLowerCase();
  if (!/^[0-9a-f-]{8,36}$/.test(start)) return null;
  const rows = await prisma.$queryRaw<Array<{ id: string; keyId: string }>>`
    SELECT "id"::text AS "id", "keyId"::text AS "keyId" FROM "WebhookEndpoint" WHERE "id"::text LIKE ${`${start}%`} LIMIT 2`;
  return rows.length === 1 ? rows[0]! : null;
}

/**
 * Changes an endpoint. `enabled: true` turns a disabled one back on: its waiting deliveries go again
 * and the changes made while it was off are delivered (the feed keeps 35 days).
 */
export async function updateWebhookEndpoint(
  deps: WebhookDeps,
  keyId: string,
  id: string,
  patch: EndpointPatch,
  now = new Date(),
): Promise<WebhookEndpointRow> {
  const current = await endpointOf(deps.prisma, keyId, id);
  const data = parse(endpointPatchSchema, patch);
  if (data.url !== undefined) checkUrl(data.url, deps.rules);
  const { enabled, ...rest } = data;
  const turning =
    enabled === undefined
      ? {}
      : enabled
        ? { disabledAt: null, disabledReason: null }
        : current.disabledAt
          ? {}
          : { disabledAt: now, disabledReason: 'Disabled by the partner.' };
  return deps.prisma.$transaction(async (tx) => {
    if (enabled && current.disabledAt) {
      // What waited for it goes at the next pass.
      await tx.webhookDelivery.updateMany({ where: { endpointId: id, status: 'PENDING' }, data: { nextAttemptAt: now } });
    }
    return tx.webhookEndpoint.update({ where: { id: current.id }, data: { ...rest, ...turning }, select: ENDPOINT_SELECT });
  });
}

/** A new secret, answered this once; the old one signs beside it for ROTATION_OVERLAP_MS. */
export async function rotateWebhookSecret(
  deps: WebhookDeps,
  keyId: string,
  id: string,
  now = new Date(),
): Promise<{ endpoint: WebhookEndpointRow; secret: string }> {
  await endpointOf(deps.prisma, keyId, id);
  const secret = newWebhookSecret();
  const endpoint = await deps.prisma.$transaction(async (tx) => {
    const [old] = await tx.$queryRaw<Array<{ secret: string }>>`
      SELECT "secret" FROM "WebhookEndpoint" WHERE "id" = ${id}::uuid FOR UPDATE`;
    return tx.webhookEndpoint.update({
      where: { id },
      data: { secret, previousSecret: old!.secret, previousUntil: new Date(now.getTime() + ROTATION_OVERLAP_MS) },
      select: ENDPOINT_SELECT,
    });
  });
  return { endpoint, secret };
}

/** Deletes an endpoint and its delivery log. */
export async function deleteWebhookEndpoint(prisma: PrismaClient, keyId: string, id: string): Promise<string> {
  if (!isUuid(id)) throw notFound();
  const { count } = await prisma.webhookEndpoint.deleteMany({ where: { id, keyId } });
  if (!count) throw notFound();
  return id;
}

// --- the delivery log -----------------------------------------------------------------------------------

export const DELIVERY_SELECT = {
  id: true,
  messageId: true,
  eventType: true,
  payload: true,
  status: true,
  attempts: true,
  nextAttemptAt: true,
  createdAt: true,
  finishedAt: true,
  log: { select: { at: true, status: true, error: true, durationMs: true }, orderBy: { id: 'asc' } },
} as const satisfies Prisma.WebhookDeliverySelect;
export type WebhookDeliveryRow = Prisma.WebhookDeliveryGetPayload<{ select: typeof DELIVERY_SELECT }>;

/** Sends a `webhook.test` message to an endpoint now (counted: RATE_LIMITS.webhookTest). */
export async function sendTestWebhook(
  deps: WebhookDeps & { limit?: RateLimit },
  keyId: string,
  id: string,
  now = new Date(),
): Promise<WebhookDeliveryRow> {
  const endpoint = await endpointOf(deps.prisma, keyId, id);
  if (endpoint.disabledAt)
    throw new AppError('BAD_USER_INPUT', 'This endpoint is disabled: turn it back on (enabled: true) to send it a test.');
  if (deps.limit) {
    const taken = await deps.limit.take(keyId);
    if (!taken.allowed)
      throw new AppError('RATE_LIMITED', `Too many test messages: ${deps.limit.points} an hour per key.`, {
        retryAfterSeconds: taken.retryAfterSeconds,
      });
  }
  const messageId = `msg_test_${randomUUID().replace(/-/g, '')}`;
  const payload = JSON.stringify({
    type: TEST_EVENT_TYPE,
    timestamp: now.toISOString(),
    data: { endpointId: endpoint.id },
  });
  return deps.prisma.webhookDelivery.create({
    data: { endpointId: endpoint.id, messageId, eventType: TEST_EVENT_TYPE, payload, nextAttemptAt: now },
    select: DELIVERY_SELECT,
  });
}

/** A page of an endpoint's deliveries, newest first, with each attempt (the partner's delivery log). */
export async function webhookDeliveriesPage(
  prisma: PrismaClient,
  keyId: string,
  args: { endpointId: string; status?: WebhookDeliveryStatus | null; first?: number | null; after?: string | null },
) {
  await endpointOf(prisma, keyId, args.endpointId);
  const { default: byDefault, max } = PAGE_LIMITS.webhookDeliveries;
  const first = args.first ?? byDefault;
  if (!Number.isInteger(first) || first < 1 || first > max)
    throw new AppError('BAD_USER_INPUT', `first must be a whole number from 1 to ${max}.`);
  const after = args.after ? decodeTimeCursor('deliveries', args.after) : null;
  const rows = await prisma.webhookDelivery.findMany({
    where: {
      endpointId: args.endpointId,
      ...(args.status ? { status: args.status } : {}),
      ...(after ? { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, id: { lt: after.id } }] } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: first + 1,
    select: DELIVERY_SELECT,
  });
  const page = rows.slice(0, first);
  const edges = page.map((node) => ({ cursor: encodeTimeCursor('deliveries', { at: node.createdAt, id: node.id }), node }));
  return { edges, pageInfo: forwardPageInfo(edges, rows.length > first, args.after) };
}

// --- delivering -------------------------------------------------------------------------------------------

/**
 * Turns the feed's new entries into deliveries, endpoint by endpoint (enabled ones of keys not
 * revoked): each entry after the endpoint's cursor that a partner may see (0062: public before or
 * after) and the endpoint asked for. The deliveries and the cursor's move commit together; the message
 * id is the entry's, so two passes at once make each delivery once. Answers how many were made.
 */
export async function fanOutWebhooks(prisma: PrismaClient, now = new Date()): Promise<{ made: number; endpoints: number }> {
  const endpoints = await prisma.webhookEndpoint.findMany({
    where: { disabledAt: null, key: { revokedAt: null } },
    select: { id: true, events: true, cursor: true },
  });
  let made = 0;
  for (const endpoint of endpoints) {
    let cursor = endpoint.cursor;
    for (let pass = 0; pass < 20; pass++) {
      const entries = await prisma.listingChange.findMany({
        where: { id: { gt: cursor } },
        orderBy: { id: 'asc' },
        take: WEBHOOK_LIMITS.fanOutBatch,
        select: { id: true, listingId: true, kind: true, wasPublic: true, isPublic: true, at: true },
      });
      if (!entries.length) break;
      const wanted = new Set(endpoint.events);
      const data = entries
        .filter((e) => (e.wasPublic || e.isPublic) && wanted.has(EVENT_OF_KIND[e.kind]!))
        .map((e) => {
          const type = EVENT_OF_KIND[e.kind]!;
          return {
            endpointId: endpoint.id,
            messageId: `msg_${e.id}`,
            eventType: type,
            payload: JSON.stringify({
              type,
              timestamp: e.at.toISOString(),
              data: {
                listingId: e.listingId,
                kind: e.kind,
                visible: e.isPublic,
                at: e.at.toISOString(),
                cursor: listingChangeCursor(e),
              },
            }),
            nextAttemptAt: now,
          };
        });
      const last = entries.at(-1)!.id;
      const moved = await prisma.$transaction(async (tx) => {
        const { count } = await tx.webhookEndpoint.updateMany({
          where: { id: endpoint.id, cursor, disabledAt: null },
          data: { cursor: last },
        });
        if (!count) return false; // another pass moved it (or it was disabled): its deliveries are its own
        if (data.length) made += (await tx.webhookDelivery.createMany({ data, skipDuplicates: true })).count;
        return true;
      });
      if (!moved || entries.length < WEBHOOK_LIMITS.fanOutBatch) break;
      cursor = last;
    }
  }
  return { made, endpoints: endpoints.length };
}

export interface DeliverDeps extends WebhookDeps {
  mailer?: Mailer;
  log?: Logger;
  /** One attempt (webhook-sender.ts); tests may time it out sooner. */
  send?: typeof sendWebhook;
}

/**
 * Makes the attempts that are due: claims up to `claimBatch` deliveries of enabled endpoints of keys
 * not revoked (a claim is a lease: a pass that dies leaves them to the next after `leaseMs`), sends
 * them, and writes each attempt and what follows (done, the next attempt, or failed for good: then the
 * endpoint is disabled and its contact told). Answers how many attempts were made.
 */
export async function deliverDueWebhooks(deps: DeliverDeps, now = new Date()): Promise<number> {
  const lease = new Date(now.getTime() + WEBHOOK_LIMITS.leaseMs);
  const claimed = await deps.prisma.$queryRaw<Array<{ id: string }>>`
    UPDATE "WebhookDelivery" d SET "nextAttemptAt" = ${lease}
    WHERE d."id" IN (
      SELECT d2."id" FROM "WebhookDelivery" d2
        JOIN "WebhookEndpoint" e ON e."id" = d2."endpointId"
        JOIN "PartnerKey" k ON k."id" = e."keyId"
      WHERE d2."status" = 'PENDING' AND d2."nextAttemptAt" <= ${now} AND e."disabledAt" IS NULL AND k."revokedAt" IS NULL
      ORDER BY d2."nextAttemptAt", d2."createdAt"
      LIMIT ${WEBHOOK_LIMITS.claimBatch}
      FOR UPDATE OF d2 SKIP LOCKED)
    RETURNING d."id"`;
  if (!claimed.length) return 0;
  const rows = await deps.prisma.webhookDelivery.findMany({
    where: { id: { in: claimed.map((c) => c.id) } },
    select: {
      id: true,
      messageId: true,
      payload: true,
      attempts: true,
      endpoint: { select: { id: true, url: true, secret: true, previousSecret: true, previousUntil: true } },
    },
    orderBy: { createdAt: 'asc' },
  });
  const send = deps.send ?? sendWebhook;
  const limit = pLimit(WEBHOOK_LIMITS.concurrency);
  await Promise.all(
    rows.map((row) =>
      limit(async () => {
        const e = row.endpoint;
        const secrets = e.previousSecret && e.previousUntil && e.previousUntil > now ? [e.secret, e.previousSecret] : [e.secret];
        // Signed at the real time of sending: receivers check the timestamp against their clock.
        try {
          const result = await send(
            { url: e.url, messageId: row.messageId, body: row.payload, secrets, at: new Date() },
            deps.rules,
          );
          await recordAttempt(deps, row, result, now, lease);
        } catch (err) {
          // One delivery's trouble (its endpoint deleted meanwhile) is not the others'.
          deps.log?.warn({ err, delivery: row.id }, 'recording a webhook attempt failed');
        }
      }),
    ),
  );
  return rows.length;
}

async function recordAttempt(
  deps: DeliverDeps,
  row: { id: string; attempts: number; endpoint: { id: string } },
  result: AttemptResult,
  now: Date,
  lease: Date,
): Promise<void> {
  const attempts = row.attempts + 1;
  const exhausted = !result.ok && attempts >= RETRY_SCHEDULE_MS.length;
  const disabled = await deps.prisma.$transaction(async (tx) => {
    // Only while the claim is still ours: a pass that took the delivery over after the lease (or an
    // endpoint turned back on meanwhile) owns it now, and this attempt is not written over its own.
    const { count: ours } = await tx.webhookDelivery.updateMany({
      where: { id: row.id, status: 'PENDING', nextAttemptAt: lease },
      data: result.ok
        ? { status: 'SUCCEEDED', attempts, nextAttemptAt: null, finishedAt: now }
        : exhausted
          ? { status: 'FAILED', attempts, nextAttemptAt: null, finishedAt: now }
          : { attempts, nextAttemptAt: new Date(now.getTime() + RETRY_SCHEDULE_MS[attempts]!) },
    });
    if (!ours) return null;
    await tx.webhookAttempt.create({
      data: {
        deliveryId: row.id,
        at: now,
        status: result.status,
        error: result.error?.slice(0, 500) ?? null,
        durationMs: result.durationMs,
      },
    });
    if (!exhausted) return null;
    const reason =
      `A message failed all ${RETRY_SCHEDULE_MS.length} attempts over 27 hours (last: ${result.error ?? 'no answer'}).`.slice(
        0,
        300,
      );
    const { count } = await tx.webhookEndpoint.updateMany({
      where: { id: row.endpoint.id, disabledAt: null },
      data: { disabledAt: now, disabledReason: reason },
    });
    return count
      ? tx.webhookEndpoint.findUnique({
          where: { id: row.endpoint.id },
          select: { url: true, contactEmail: true, key: { select: { name: true } } },
        })
      : null;
  });
  if (disabled && deps.mailer) {
    await deps.mailer
      .send({
        to: disabled.contactEmail,
        subject: 'Your NYC Rentals webhook endpoint was disabled',
        text: [
          `Hello ${disabled.key.name},`,
          '',
          `We disabled your webhook endpoint ${disabled.url}: a message to it failed all ${RETRY_SCHEDULE_MS.length} attempts over 27 hours.`,
          '',
          'No more messages are sent to it until you turn it back on (updateWebhookEndpoint with enabled: true, or',
          '`npm run partner -- webhook-enable ID`). Then the messages that waited go again, and the changes made',
          'meanwhile are delivered. The delivery log (webhookDeliveries) shows each attempt and its answer; a message',
          'that failed for good can be replayed from the change feed with the cursor in its data.',
          '',
          '— NYC Rentals',
          '',
        ].join('\n'),
      })
      .catch((err: unknown) => deps.log?.warn({ err }, 'webhook disabling e-mail failed'));
  }
}

/**
 * One pass: the feed's new entries become deliveries, then the due ones are sent (a few rounds).
 * Answers what it did, how many endpoints are enabled, and when the next attempt falls due. `clock`: one
 * time for every round (tests); otherwise each round's real time.
 */
export async function runWebhooks(
  deps: DeliverDeps,
  clock?: Date,
): Promise<{ made: number; attempts: number; enabledEndpoints: number; nextDueAt: Date | null }> {
  const { made, endpoints } = await fanOutWebhooks(deps.prisma, clock ?? new Date());
  let attempts = 0;
  for (let round = 0; round < 10; round++) {
    // Each round at its own time: its claims' leases start when they are taken, not when the pass began.
    const n = await deliverDueWebhooks(deps, clock ?? new Date());
    attempts += n;
    if (n < WEBHOOK_LIMITS.claimBatch) break;
  }
  const next = endpoints
    ? await deps.prisma.webhookDelivery.findFirst({
        where: { status: 'PENDING', endpoint: { disabledAt: null, key: { revokedAt: null } } },
        orderBy: { nextAttemptAt: 'asc' },
        select: { nextAttemptAt: true },
      })
    : null;
  return { made, attempts, enabledEndpoints: endpoints, nextDueAt: next?.nextAttemptAt ?? null };
}

/** Forgets deliveries older than the log keeps. */
export async function pruneWebhookDeliveries(prisma: PrismaClient, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - DELIVERIES_KEPT_DAYS * 24 * HOUR);
  return (await prisma.webhookDelivery.deleteMany({ where: { createdAt: { lt: before }, status: { not: 'PENDING' } } })).count;
}
