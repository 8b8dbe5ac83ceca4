import fs from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { PARTNER_DOCUMENT_LIMITS, type PartnerDocuments, type PersistOutcome } from '../modules/partners/partner-documents.js';

/**
 * Trusted documents (docs/decisions/0025-trusted-documents.md). The client build's operations are
 * persisted by graphql-codegen (client preset, `persistedDocuments`) into a manifest of
 * `sha256:<hex>` → normalized document text. The site's client sends only the hash, as
 * `extensions.persistedQuery.sha256Hash` (the field Apollo's links use), and the server runs the
 * manifest's text for it. With TRUSTED_DOCUMENTS_ONLY (the default in production) anything else is
 * refused for anonymous, cookie and signed-in traffic, on HTTP and on the WebSocket: only partner
 * keys may send their own queries (over HTTP; the WebSocket takes no partner keys).
 */
export const TRUSTED_DOCUMENTS_MANIFEST = path.resolve(import.meta.dirname, '../../client/src/gql/persisted-documents.json');

export interface TrustedDocuments {
  readonly size: number;
  /** The document text persisted under this hash (`sha256:<hex>` or bare hex), if any. */
  get(hash: string): string | undefined;
  /** Every persisted document's text. */
  texts(): IterableIterator<string>;
}

const HEX = /^[0-9a-f]{64}$/;

/** Reads the manifest written by codegen. Missing is an error only when only trusted documents may run. */
export function loadTrustedDocuments(opts: { required: boolean; file?: string }): TrustedDocuments {
  const file = opts.file ?? TRUSTED_DOCUMENTS_MANIFEST;
  let manifest: Record<string, unknown> = {};
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    if (opts.required) {
      throw new Error(
        `TRUSTED_DOCUMENTS_ONLY is on but the persisted documents manifest cannot be read (${file}): run \`npm run codegen\` (part of \`npm run build\`).`,
        { cause: err },
      );
    }
  }
  const byHex = new Map<string, string>();
  for (const [key, text] of Object.entries(manifest)) {
    const hex = key.replace(/^sha256:/, '');
    if (HEX.test(hex) && typeof text === 'string') byHex.set(hex, text);
  }
  if (opts.required && byHex.size === 0) throw new Error(`The persisted documents manifest ${file} holds no documents.`);
  return {
    size: byHex.size,
    get: (hash) => byHex.get(hash.replace(/^sha256:/, '').toLowerCase()),
    texts: () => byHex.values(),
  };
}

export type TrustedRefusal = { code: 'PERSISTED_QUERY_NOT_FOUND' | 'PERSISTED_QUERY_REQUIRED'; message: string };

export const PERSISTED_QUERY_NOT_FOUND_MESSAGE = 'PersistedQueryNotFound';
export const PERSISTED_QUERY_REQUIRED_MESSAGE =
  "Only the site's own operations run here. Partners send their queries with an API key (see the Partner API).";

/** The hash a request names in `extensions.persistedQuery.sha256Hash`, if it names one. */
export function persistedHashOf(extensions: unknown): string | undefined {
  if (typeof extensions !== 'object' || extensions === null) return undefined;
  const pq = (extensions as { persistedQuery?: unknown }).persistedQuery;
  if (typeof pq !== 'object' || pq === null) return undefined;
  const hash = (pq as { sha256Hash?: unknown }).sha256Hash;
  return typeof hash === 'string' ? hash : '';
}

/**
 * What runs for one operation: the persisted text when the request names a hash (an unknown hash
 * is refused; the query text it may also carry is ignored), else the request's own text when
 * arbitrary documents are allowed for this caller, else a refusal.
 */
export function resolveTrustedQuery(
  docs: TrustedDocuments,
  request: { query?: unknown; extensions?: unknown },
  opts: { enforce: boolean; partner: boolean },
): { query: unknown; named: boolean } | TrustedRefusal {
  const hash = persistedHashOf(request.extensions);
  if (hash !== undefined) {
    const text = docs.get(hash);
    if (!text) return { code: 'PERSISTED_QUERY_NOT_FOUND', message: PERSISTED_QUERY_NOT_FOUND_MESSAGE };
    return { query: text, named: true };
  }
  if (opts.enforce && !opts.partner) return { code: 'PERSISTED_QUERY_REQUIRED', message: PERSISTED_QUERY_REQUIRED_MESSAGE };
  return { query: request.query, named: false };
}

function refuse(res: Response, refusal: TrustedRefusal | { code: 'BAD_USER_INPUT'; message: string }): void {
  res.status(400).json({ errors: [{ message: refusal.message, extensions: { code: refusal.code } }] });
}

/** Why a partner's query was not persisted (partner-documents.ts). */
const NOT_PERSISTED: Record<Exclude<PersistOutcome, 'persisted'>, string> = {
  hashMismatch: 'The sha256Hash is not the SHA-256 of the query sent with it.',
  tooLong: `A persisted query is at most ${PARTNER_DOCUMENT_LIMITS.maxLength.toLocaleString('en-US')} characters.`,
  tooMany: `This key has persisted ${PARTNER_DOCUMENT_LIMITS.perKey} queries, the most one key may.`,
};

/**
 * A partner's request that names a hash (issue 53 item 4): the site's persisted text, else one a key
 * persisted; a query sent with an unknown hash is persisted under it (Apollo's automatic persisted
 * queries). Answers the text to run, or a refusal already sent.
 */
async function partnerText(
  docs: TrustedDocuments,
  partnerDocuments: PartnerDocuments,
  keyId: string,
  hash: string,
  query: unknown,
  res: Response,
): Promise<string | null> {
  const known = docs.get(hash) ?? (await partnerDocuments.get(hash));
  if (known !== undefined) return known;
  if (typeof query !== 'string' || !query) {
    refuse(res, { code: 'PERSISTED_QUERY_NOT_FOUND', message: PERSISTED_QUERY_NOT_FOUND_MESSAGE });
    return null;
  }
  const outcome = await partnerDocuments.persist(keyId, hash, query);
  if (outcome === 'persisted') return query;
  refuse(res, { code: 'BAD_USER_INPUT', message: NOT_PERSISTED[outcome] });
  return null;
}

/**
 * A partner's GET (issue 53 item 4): `?extensions={"persistedQuery":{"version":1,"sha256Hash":…}}&variables=…`
 * names a persisted query, whose text is put in the address for Apollo (which reads `req.url`).
 */
async function partnerGet(
  docs: TrustedDocuments,
  partnerDocuments: PartnerDocuments,
  req: Request,
  res: Response,
  next: NextFunction,
) {
  const url = new URL(req.url, 'http://graphql.invalid');
  const raw = url.searchParams.get('extensions');
  let extensions: unknown;
  try {
    extensions = raw ? JSON.parse(raw) : undefined;
  } catch {
    return next(); // Apollo says what is wrong with it.
  }
  const hash = persistedHashOf(extensions);
  if (hash === undefined) return next();
  const text = await partnerText(docs, partnerDocuments, req.partner!.id, hash, url.searchParams.get('query'), res);
  if (text === null) return;
  const { persistedQuery: _named, ...rest } = extensions as Record<string, unknown>;
  url.searchParams.set('query', text);
  if (Object.keys(rest).length) url.searchParams.set('extensions', JSON.stringify(rest));
  else url.searchParams.delete('extensions');
  req.url = `${url.pathname}${url.search}`;
  next();
}

/**
 * GraphQL over HTTP: swaps a named persisted document in for the body's query (so Apollo, the cost
 * limits and the public cache see the real text) and, when only trusted documents may run, refuses
 * the rest unless the caller holds a partner key. Runs after the JSON body parser. GET requests
 * (which our client never sends) may not name the site's persisted documents but for partners: with
 * enforcement on, only partners may use GET. A partner key may persist its own queries and name them
 * by hash, by POST or GET (`partnerDocuments`).
 */
export function trustedDocumentsHttp(docs: TrustedDocuments, opts: { enforce: boolean; partnerDocuments?: PartnerDocuments }) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const partner = Boolean(req.partner);
    const partnerDocuments = partner ? opts.partnerDocuments : undefined;
    if (req.method !== 'POST') {
      if (req.method === 'GET' && partnerDocuments) {
        partnerGet(docs, partnerDocuments, req, res, next).catch(next);
        return;
      }
      if (opts.enforce && !partner && req.method === 'GET') {
        return refuse(res, { code: 'PERSISTED_QUERY_REQUIRED', message: PERSISTED_QUERY_REQUIRED_MESSAGE });
      }
      return next();
    }
    const body: unknown = req.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      if (opts.enforce && !partner)
        return refuse(res, { code: 'PERSISTED_QUERY_REQUIRED', message: PERSISTED_QUERY_REQUIRED_MESSAGE });
      return next();
    }
    const request = body as { query?: unknown; extensions?: unknown };
    const named = (query: unknown) => {
      const { persistedQuery: _named, ...rest } = request.extensions as Record<string, unknown>;
      request.query = query;
      request.extensions = rest;
    };
    const hash = persistedHashOf(request.extensions);
    if (partnerDocuments && hash !== undefined) {
      partnerText(docs, partnerDocuments, req.partner!.id, hash, request.query, res)
        .then((text) => {
          if (text === null) return;
          named(text);
          next();
        })
        .catch(next);
      return;
    }
    const resolved = resolveTrustedQuery(docs, request, { enforce: opts.enforce, partner });
    if ('code' in resolved) return refuse(res, resolved);
    if (resolved.named) named(resolved.query);
    next();
  };
}
