import { PAGE_LIMITS } from '../../../common/page-limits.js';
import express, { type Request, type Response } from 'express';
import { noBody } from '../../http/no-body.js';
import { boroughOfNeighborhood, findNeighborhood, parseBorough, placeListing } from '../../../common/nyc.js';
import { LISTING_FIELDS, type ListingFields } from '../../../common/listing-fields.js';
import type { PrismaClient } from '../../db/generated/prisma/client.js';
import { AppError } from '../../core/errors.js';
import type { Logger } from '../../logger.js';
import type { Storage } from '../uploads/index.js';
import { createListing, deleteListing, patchListing, setListingStatus } from './listing-write.service.js';
import { listingStats, myListingsPage } from './manage.service.js';
import {
  listingItemInclude,
  listingItems,
  noStore,
  setVersionTag,
  versionFromIfMatch,
  versionTag,
  type ListingWithRelations,
  type SelectionOf,
} from './listings.rest.js';
import { jsonBody } from '../../http/locale.js';

/**
 * REST shims of the listing writes (SPEC part 7): POST/PATCH/DELETE /api/properties,
 * PATCH /api/properties/{id}/status, GET /api/me/listings, GET /api/listings/stats. They accept the
 * documented bodies (nested `pricing` and `policies`, `location {lat, lng}` or null, photos as
 * `photos`/`images`/`photoUrls`/`media`, labels such as 'Pets Allowed' or enum values) and call the
 * same services as GraphQL, which validate with the form's schema.
 */

type Body = Record<string, unknown>;

const norm = (v: string) => v.toLowerCase().replace(/[\s_/-]+/g, '');

/** An option by its enum value or its label, in any case, with spaces, underscores or dashes. */
function option<K extends string>(values: readonly K[], labels: Readonly<Record<K, string>>, input: unknown): K | unknown {
  if (typeof input !== 'string') return input;
  const n = norm(input);
  return values.find((v) => norm(v) === n || norm(labels[v]) === n) ?? input;
}

const options = <K extends string>(values: readonly K[], labels: Readonly<Record<K, string>>, input: unknown) =>
  Array.isArray(input) ? input.map((v) => option(values, labels, v)) : input;

/** '3,000', '$3000' and 3000 are numbers; '' and null are none. */
function num(input: unknown): unknown {
  if (input === '' || input === null || input === undefined) return null;
  if (typeof input === 'string' && /^\s*\$?[\d,]+(\.\d+)?\s*$/.test(input)) return Number(input.replace(/[$,\s]/g, ''));
  return input;
}

const first = (...values: unknown[]) => values.find((v) => v !== undefined);

function photoUrls(body: Body): Array<{ url: string }> | undefined {
  const list = first(body.photos, body.images, body.photoUrls, body.media);
  if (!Array.isArray(list)) return undefined;
  return list
    .map((p) =>
      typeof p === 'string'
        ? p
        : typeof p === 'object' && p && typeof (p as { url?: unknown }).url === 'string'
          ? (p as { url: string }).url
          : null,
    )
    .filter((u): u is string => Boolean(u))
    .map((url) => ({ url }));
}

/** A value at a path of a body ('pricing.monthlyRent'): undefined when a step is not an object. */
function at(body: Body, path: string): unknown {
  let v: unknown = body;
  for (const step of path.split('.')) {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
    v = (v as Body)[step];
  }
  return v;
}

/**
 * The declared fields of a REST body (common/listing-fields.ts): each read from its name, its
 * aliases, its group ('pricing.securityDeposit') and its other places in turn, else the label an absent
 * one means, then taken by its kind (an option by value or label, a number from '3,000'). Fields read
 * by hand are left out.
 */
export function declaredFromRest(
  body: Body,
  fields: ListingFields = LISTING_FIELDS,
  { partial = false }: { partial?: boolean } = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(fields)) {
    if (f.rest?.input === 'own') continue;
    const places = [
      name,
      ...(f.rest?.aliases ?? []),
      ...(f.rest?.group ? [`${f.rest.group}.${name}`] : []),
      ...(f.rest?.from ?? []),
    ];
    // A partial edit (PATCH) names only what changes: an absent field is left as it is, not defaulted.
    const raw = first(...places.map((p) => at(body, p)), partial ? undefined : f.rest?.absent);
    if (partial && raw === undefined) continue;
    const set = f.options;
    out[name] =
      f.kind === 'option' && set
        ? option(set.values, set.labels, raw)
        : f.kind === 'options' && set
          ? options(set.values, set.labels, raw)
          : f.kind === 'int' || f.kind === 'money' || f.kind === 'half' || f.kind === 'float'
            ? num(raw)
            : raw;
  }
  return out;
}

/**
 * A documented REST body → the listing input of the form's schema. `partial` (PATCH): only what the
 * body names, for the service to lay over the listing as it is (an explicit null clears a field).
 */
export function listingInputFromRest(body: Body, { partial = false }: { partial?: boolean } = {}): Record<string, unknown> {
  const neighborhoodRaw = first(body.neighborhood);
  const hood = typeof neighborhoodRaw === 'string' ? findNeighborhood(neighborhoodRaw) : undefined;
  const boroughRaw = body.borough;
  const borough =
    typeof boroughRaw === 'string'
      ? (parseBorough(boroughRaw) ?? boroughRaw)
      : hood
        ? boroughOfNeighborhood(hood.name)
        : boroughRaw;
  const location =
    body.location === null
      ? null
      : typeof body.location === 'object' && body.location
        ? { lat: num((body.location as Body).lat), lng: num((body.location as Body).lng) }
        : body.locationLat !== undefined && body.locationLng !== undefined
          ? { lat: num(body.locationLat), lng: num(body.locationLng) }
          : partial
            ? undefined
            : null;
  const address = first(body.address, body.address_full);
  // Neither borough nor neighborhood (SPEC part 7's body): placed by its map point, else its address
  // (a partial edit only when it moves the listing).
  const placed =
    borough === undefined && neighborhoodRaw === undefined && (!partial || location || address !== undefined)
      ? placeListing(
          location && typeof location.lat === 'number' && typeof location.lng === 'number'
            ? { lat: location.lat, lng: location.lng }
            : null,
          typeof address === 'string' ? address : null,
        )
      : null;
  const openHouses = first(body.openHouses, body.openHouseSchedule);
  const input: Record<string, unknown> = {
    // The declared fields; who pays a broker fee is never assumed (NYC FARE Act: the schema's 400).
    ...declaredFromRest(body, LISTING_FIELDS, { partial }),
    borough: placed?.borough ?? borough,
    neighborhood: placed?.neighborhood ?? hood?.name ?? neighborhoodRaw,
    location,
    photos: photoUrls(body),
    openHouses: Array.isArray(openHouses)
      ? openHouses.map(
          (o) =>
            typeof o === 'string'
              ? { startsAt: o }
              : o !== null && typeof o === 'object'
                ? {
                    startsAt: (o as Body).startsAt ?? (o as Body).start,
                    endsAt: (o as Body).endsAt ?? (o as Body).end,
                    note: (o as Body).note,
                  }
                : o, // anything else goes as it came, for the validation to refuse (400, not a crash)
        )
      : undefined,
  };
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && (partial || v !== null)));
}

function restStatus(input: unknown): 'DRAFT' | 'ACTIVE' | 'INACTIVE' | undefined {
  if (input === undefined || input === null || input === '') return undefined;
  const s = String(input).toUpperCase();
  if (s === 'PENDING') return 'DRAFT';
  if (s === 'DRAFT' || s === 'ACTIVE' || s === 'INACTIVE') return s;
  throw new AppError('BAD_USER_INPUT', 'status must be draft, active or inactive');
}

export function listingWriteRoutes(deps: {
  prisma: PrismaClient;
  log: Logger;
  storage?: Storage;
  selection: SelectionOf;
}): express.Router {
  const { prisma } = deps;
  const items = listingItems(deps);
  const router = express.Router();
  const json = jsonBody({ limit: '256kb' });

  const answer = async (req: Request, res: Response, id: string, status = 200) => {
    const listing = (await prisma.property.findUniqueOrThrow({
      where: { id },
      include: listingItemInclude,
    })) as ListingWithRelations;
    setVersionTag(res, req.viewer, listing);
    res.status(status).json(await items.one(listing, req));
  };

  router.post('/properties', noStore, json, async (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Body;
    const { id } = await createListing(
      prisma,
      req.viewer ?? null,
      listingInputFromRest(body),
      restStatus(body.status) ?? 'ACTIVE',
    );
    await answer(req, res, id, 201);
  });

  // Failures answer the documented `{ error }` (with `code`) through the error handler, which also
  // turns a refused viewer during an identity outage into a 503.
  router.patch('/properties/:id/status', noStore, json, async (req: Request, res: Response) => {
    const { id, status } = await setListingStatus(
      prisma,
      req.viewer ?? null,
      String(req.params.id),
      String((req.body as Body | undefined)?.status ?? ''),
    );
    res.json({ id, status: status.toLowerCase() });
  });

  // A partial update (issue 53 item 5): the fields the body names laid over the listing as it is, and
  // the whole validated as one listing; nothing else changes.
  // Conditional with If-Match (the ETag of GET /api/properties/{id}, issue 58 item 5): a listing
  // changed since is not written, 412 Precondition Failed with its current version (ETag) and values.
  // Without If-Match (or `If-Match: *`) the changes are laid over the listing as it is when written.
  router.patch('/properties/:id', noStore, json, async (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Body;
    let id: string;
    try {
      ({ id } = await patchListing(
        prisma,
        req.viewer ?? null,
        String(req.params.id),
        listingInputFromRest(body, { partial: true }),
        restStatus(body.status) ?? null,
        { expectedVersion: versionFromIfMatch(req.get('if-match')) },
      ));
    } catch (err) {
      if (!(err instanceof AppError) || err.details?.reason !== 'STALE_VERSION') throw err;
      const { currentVersion, current } = err.details;
      res.set('ETag', versionTag(currentVersion as number));
      res.status(412).json({ error: err.message, code: err.code, currentVersion, current });
      return;
    }
    await answer(req, res, id);
  });

  router.delete('/properties/:id', noStore, noBody, async (req: Request, res: Response) => {
    const { id } = await deleteListing(prisma, req.viewer ?? null, String(req.params.id), deps.storage, (err) =>
      deps.log.warn({ err }, 'deleting a photo failed'),
    );
    res.json({ ok: true, id });
  });

  router.get('/me/listings', noStore, async (req: Request, res: Response) => {
    const q = req.query as Record<string, string | undefined>;
    const page = await myListingsPage<ListingWithRelations>(
      prisma,
      req.viewer ?? null,
      Object.fromEntries(
        Object.entries({
          status: q.status,
          search: q.search,
          sort: q.sort,
          page: q.page ? Number(q.page) : undefined,
          pageSize: q.limit ? Number(q.limit) : PAGE_LIMITS.myListings.max,
        }).filter(([, v]) => v !== undefined && v !== ''),
      ),
      { include: listingItemInclude },
    );
    res.json({
      items: await items.many(page.items as ListingWithRelations[], req),
      totalCount: page.totalCount,
      page: page.page,
      pageCount: page.pageCount,
    });
  });

  router.get('/listings/stats', noStore, async (req: Request, res: Response) => {
    const userId = (req.query as Record<string, string | undefined>).user_id;
    if (userId && req.viewer && userId !== req.viewer.uid)
      throw new AppError('FORBIDDEN', 'You can only read your own listing stats.');
    const stats = await listingStats(prisma, req.viewer ?? null);
    res.json({
      total_listings: stats.totalListings,
      total_views: stats.totalViews,
      total_inquiries: stats.totalInquiries,
      occupancy_rate: stats.occupancyRate,
    });
  });

  return router;
}
