import type { ApolloServerPlugin } from '@apollo/server';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Kind, type OperationDefinitionNode } from 'graphql';
import { cacheKey, type CacheSlot, type CacheSubject, type PublicCache } from '../infra/public-cache.js';
import { currentLocale } from '../../common/i18n/messages.js';

/**
 * Serving the anonymous search page and listing details from the public cache
 * (server/infra/public-cache.ts; docs/decisions/0022-fast-graphql.md), on GraphQL and REST alike.
 *
 * Only for a request with no viewer and no refused credential (a signed-in page carries `isSaved`
 * and `viewerCanManage`), and not when it asks for a fresh answer (`Cache-Control: no-cache` or
 * `no-store`, as a browser's reload does). GraphQL: only queries whose every root field is public
 * (`properties`, `propertyMapPoints`, `property`, `addressSuggestions`); an answer with errors is not stored. Answers say
 * `X-Public-Cache: HIT` or `MISS`. Any listing write (GraphQL mutation or REST write under
 * /api/properties) invalidates the whole cache.
 */

export const PUBLIC_CACHE_HEADER = 'X-Public-Cache';

/** Root query fields whose answer is the same for every anonymous visitor. */
const PUBLIC_ROOT_FIELDS = new Set(['properties', 'propertyMapPoints', 'property', 'addressSuggestions', '__typename']);
/**
 * The request asks for a fresh answer: a browser's reload sends `Cache-Control: max-age=0` (a hard
 * reload `no-cache`), and so may a client that wants the latest.
 */
export function wantsFresh(req: Request): boolean {
  return (
    /\b(no-cache|no-store|max-age=0)\b/i.test(req.get('cache-control') ?? '') || /\bno-cache\b/i.test(req.get('pragma') ?? '')
  );
}

/** No viewer, no refused or unverifiable credential, no partner: an answer the same for every visitor. */
export function anonymous(req: Request): boolean {
  // A partner's query is checked against the partner rules after parsing: never answered before that.
  return !req.auth?.viewer && !req.auth?.refused && !req.auth?.unavailable && !req.partner;
}

/** What the GraphQL context carries for a request that may be stored: its key and slot. */
export interface PublicCacheSlot {
  key: string;
  slot: CacheSlot;
}

/**
 * Before Apollo: answers an anonymous POST /graphql from the cache, or marks it (res.locals) as one
 * whose answer may be stored when it turns out to be a public query.
 */
export function graphqlCacheLookup(cache: PublicCache): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const slot = cache.begin();
    const body = req.body as { query?: unknown; variables?: unknown; operationName?: unknown } | undefined;
    if (slot === null || req.method !== 'POST' || !anonymous(req) || wantsFresh(req) || typeof body?.query !== 'string') {
      return next();
    }
    // What the answer formats (a concession's label, its numbers) is in the request's language: one per language.
    const key = cacheKey(
      'graphql',
      body.query,
      JSON.stringify(body.variables ?? null),
      typeof body.operationName === 'string' ? body.operationName : '',
      currentLocale(),
    );
    cache.get(slot, key).then(
      (hit) => {
        if (hit !== null) {
          res.set(PUBLIC_CACHE_HEADER, 'HIT').type('application/json; charset=utf-8').send(hit);
          return;
        }
        res.locals.publicCache = { key, slot } satisfies PublicCacheSlot;
        next();
      },
      () => next(),
    );
  };
}

/** A query of public root fields only: its anonymous answer may be cached. */
export function isPublicQuery(operation: OperationDefinitionNode | undefined): boolean {
  if (operation?.operation !== 'query') return false;
  return operation.selectionSet.selections.every((s) => s.kind === Kind.FIELD && PUBLIC_ROOT_FIELDS.has(s.name.value));
}

/**
 * What a public query's answer shows: one listing's details (a query of `property` alone, answered
 * with its id), or anything else (search pages, suggestions; a listing not found, which appears when
 * it is published).
 */
export function subjectOf(operation: OperationDefinitionNode | undefined, data: unknown): CacheSubject {
  const roots = operation?.selectionSet.selections ?? [];
  const only = roots.length === 1 && roots[0]!.kind === Kind.FIELD ? roots[0] : null;
  if (only?.name.value !== 'property') return 'search';
  const listing = (data as Record<string, { id?: unknown } | null> | null)?.[only.alias?.value ?? 'property'];
  return typeof listing?.id === 'string' ? { listingId: listing.id } : 'search';
}

/** Stores a public query's answer (no errors) under the request's slot. */
export function publicCachePlugin<C extends { publicCacheSlot?: PublicCacheSlot | null }>(
  cache: PublicCache,
): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ contextValue: ctx, operation, response }) {
          if (response.body.kind !== 'single') return;
          const result = response.body.singleResult;
          const slot = ctx.publicCacheSlot;
          if (!slot) return;
          const stored = !result.errors?.length && (response.http.status ?? 200) === 200 && isPublicQuery(operation ?? undefined);
          response.http.headers.set(PUBLIC_CACHE_HEADER, stored ? 'MISS' : 'BYPASS');
          if (stored)
            await cache.set(
              slot.slot,
              slot.key,
              JSON.stringify({ data: result.data }),
              subjectOf(operation ?? undefined, result.data),
            );
        },
      };
    },
  };
}

/**
 * REST: GET /api/properties and GET /api/properties/{id or slug} for anonymous callers from the
 * cache. Mount on the /api router.
 */
export function restPublicCache(cache: PublicCache): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const slot = cache.begin();
    if (
      slot === null ||
      req.method !== 'GET' ||
      !/^\/properties(\/[^/]+)?$/.test(req.path) ||
      !anonymous(req) ||
      wantsFresh(req)
    ) {
      return next();
    }
    // The items' labels are in the request's language (server/core/locale.ts): one answer per language.
    const key = cacheKey('rest', req.originalUrl, currentLocale());
    const detail = req.path !== '/properties';
    cache.get(slot, key).then(
      (hit) => {
        if (hit !== null) {
          res.set(PUBLIC_CACHE_HEADER, 'HIT').set('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(hit);
          return;
        }
        res.set(PUBLIC_CACHE_HEADER, 'MISS');
        const json = res.json.bind(res);
        res.json = (body: unknown) => {
          const id = (body as { id?: unknown } | null)?.id;
          const subject: CacheSubject = detail && typeof id === 'string' ? { listingId: id } : 'search';
          if (res.statusCode === 200) cache.set(slot, key, JSON.stringify(body), subject).catch(() => undefined);
          return json(body);
        };
        next();
      },
      () => next(),
    );
  };
}
