import { createHash } from 'node:crypto';
import type { ApolloServerPlugin } from '@apollo/server';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  getOperationAST,
  Kind,
  parse,
  print,
  valueFromASTUntyped,
  visit,
  type DocumentNode,
  type OperationDefinitionNode,
} from 'graphql';
import { readKey, type CacheSlot, type CacheSubject, type PublicCache } from '../infra/public-cache.js';
import { currentLocale } from '../../common/i18n/messages.js';
import { PARSE_OPTIONS } from '../graphql/limits.js';
import { parseRestSearchQuery } from '../modules/listings/index.rest.js';

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
 *
 * Every key is made by `readKey` (server/infra/public-cache.ts) from what the request reads: GraphQL
 * from its document's canonical text and its declared variables, defaults applied (`graphqlRead`), REST from its
 * query string as parsed into the search's arguments, pages from their route and parameters. A page
 * rendered on the server reads its data through the same GraphQL entries as the browser's requests.
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

/** A GraphQL document as the cache knows it: its canonical text, or null when it does not parse. */
interface CanonicalDocument {
  /** The canonical text's digest: what the answer's shape is keyed by. */
  shape: string;
  document: DocumentNode;
  /** The document has one operation. */
  single: boolean;
}
/** Canonical texts of the documents seen lately, by their text as sent. */
const CANONICAL_MAX = 1_000;
const canonicalByText = new Map<string, CanonicalDocument | null>();

/**
 * The document's canonical text: as graphql-js prints it (no comments, commas or other whitespace)
 * with every argument list and input object in name order, and a lone operation's name gone. Nothing that decides whether a document is
 * valid is dropped (an unused fragment or operation stays), so a document refused once is refused
 * every time, whatever entry a valid one with the same text left.
 */
function canonicalDocument(text: string): CanonicalDocument | null {
  const known = canonicalByText.get(text);
  if (known !== undefined) return known;
  let found: CanonicalDocument | null = null;
  try {
    const document = parse(text, PARSE_OPTIONS);
    const byName = <T extends { name: { value: string } }>(nodes: readonly T[] | undefined) =>
      nodes && [...nodes].sort((a, b) => (a.name.value < b.name.value ? -1 : a.name.value > b.name.value ? 1 : 0));
    // One operation's name changes nothing of what it reads (with several, the name chooses one).
    const single = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION).length === 1;
    const sorted = visit(document, {
      OperationDefinition: (node) => (single ? { ...node, name: undefined } : node),
      Field: (node) => ({ ...node, arguments: byName(node.arguments) }),
      Directive: (node) => ({ ...node, arguments: byName(node.arguments) }),
      ObjectValue: (node) => ({ ...node, fields: byName(node.fields) ?? [] }),
    });
    found = { shape: `graphql:${createHash('sha256').update(print(sorted)).digest('base64url')}`, document, single };
  } catch {
    found = null;
  }
  if (canonicalByText.size >= CANONICAL_MAX) canonicalByText.delete(canonicalByText.keys().next().value!);
  canonicalByText.set(text, found);
  return found;
}

/**
 * What an anonymous GraphQL request reads, as a key of the public cache, and its operation; null
 * when it cannot be cached (no such operation, not a query of public fields: Apollo answers it,
 * or refuses it, as always).
 */
export function graphqlRead(request: {
  query: string;
  variables?: unknown;
  operationName?: unknown;
}): { key: string; operation: OperationDefinitionNode } | null {
  const canonical = canonicalDocument(request.query);
  if (!canonical) return null;
  const named = typeof request.operationName === 'string' ? request.operationName : null;
  const operation = getOperationAST(canonical.document, named) ?? undefined;
  const operationName = canonical.single ? null : named;
  if (!operation || !isPublicQuery(operation)) return null;
  const inputs = request.variables ?? {};
  if (typeof inputs !== 'object' || Array.isArray(inputs)) return null;
  // Each variable the operation declares, as sent or else its default (graphql-js ignores others, and
  // gives a left-out variable its default): equal values, one entry. Values are as sent, not coerced:
  // an entry is only stored for variables the schema took, so values equal to those are taken too.
  const variables: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (Object.hasOwn(inputs, name)) variables[name] = (inputs as Record<string, unknown>)[name];
    else if (definition.defaultValue) variables[name] = valueFromASTUntyped(definition.defaultValue);
  }
  const key = readKey({
    reads: [{ field: 'operation', args: { name: operationName, variables } }],
    shape: canonical.shape,
    locale: currentLocale(),
  });
  return { key, operation };
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
    const read = graphqlRead({ query: body.query, variables: body.variables, operationName: body.operationName });
    if (!read) {
      // Not a read of public fields (or one Apollo will refuse): answered, never stored.
      res.set(PUBLIC_CACHE_HEADER, 'BYPASS');
      return next();
    }
    const { key } = read;
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
    const detail = req.path !== '/properties';
    // What it reads: one listing, or the search its query string means (a query string the search
    // refuses is answered, and not stored). The items' labels are in the request's language.
    let args: unknown;
    try {
      args = detail ? { ref: decodeURIComponent(req.path.slice('/properties/'.length)) } : parseRestSearchQuery(req.query);
    } catch {
      return next();
    }
    const key = readKey({ reads: [{ field: detail ? 'property' : 'properties', args }], shape: 'rest', locale: currentLocale() });
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
