import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { changesPublicListing, type DomainEvent } from '../core/events.js';
import type { Logger } from '../logger.js';
import { createRedis } from './redis.js';

/**
 * A short-lived cache of public answers: the anonymous search page, listing details, server-rendered
 * pages (docs/decisions/0022-fast-graphql.md, 0044-domain-events.md). What is cached is the
 * answer's JSON, for `ttlSeconds`.
 *
 * It is emptied by the domain's events (server/core/events.ts), only for what a visitor can see, and
 * only what it showed:
 * - an answer about one listing (its details) is tagged with that listing's version: the id of the
 *   last visible event about it. Another listing's change leaves it alone;
 * - every other answer (search pages, suggestions) carries the search version: the id of the
 *   last visible event of any listing (or of an agent shown on cards);
 * - a page rendered on the server carries the page version, moved by the same events and by an
 *   open house's RSVPs (a listing's page says how many places are left; no card does).
 * A draft saved, a view counted or a private listing edited is no visible change: nothing is emptied.
 *
 * Versions are event ids, so every instance that heard the same events agrees on them and shares the
 * entries (in Redis with REDIS_URL; a bounded map in process otherwise). An instance starts with
 * versions of its own (random), so it never trusts an entry stored before it listened. A request
 * remembers how many events it had heard when it began (`begin`); an answer about something that
 * changed since is not stored (it may have been read before the write). Redis being down is a miss.
 */
export interface CacheSlot {
  /** Events heard when the request began. */
  epoch: number;
}

/**
 * What an answer shows: one listing (its id), anything a card shows (search pages, lists), or a page
 * rendered on the server (any of it, and a listing's page also the places left at its open houses).
 */
export type CacheSubject = { listingId: string } | 'search' | 'page';

export interface PublicCache {
  readonly ttlSeconds: number;
  /** A request's slot, or null when the cache is off. */
  begin(): CacheSlot | null;
  get(slot: CacheSlot, key: string): Promise<string | null>;
  set(slot: CacheSlot, key: string, body: string, subject: CacheSubject): Promise<void>;
  /** A domain event (the bus's listener). */
  heard(event: DomainEvent, eventId: string, local: boolean): void;
  /** Events may have been missed (the relay lost Redis): nothing stored so far is trusted. */
  unsure(): void;
  close(): Promise<void>;
}

/** Answers larger than this are not cached. */
export const MAX_BODY_BYTES = 512 * 1024;
/** In process: at most this many answers, and this many characters in all (the oldest go first). */
const MAX_ENTRIES = 2_000;
export const MAX_CHARACTERS = 32 * 1024 * 1024;
/** Listings whose version is remembered; beyond it, every version starts again (all entries stale). */
const MAX_VERSIONS = 50_000;

/**
 * What a public answer read, and how it shows it: the one key of the cache (issue 52 item 2). GraphQL,
 * REST and pages make their keys here and nowhere else, each from what its request reads rather than
 * how it was spelled:
 * - `reads`: the schema's root fields with their arguments as the server took them (a REST search's
 *   query string parsed is the `properties` field's arguments; a GraphQL document's variables as
 *   coerced, defaults applied), or a page's route with its parameters;
 * - `shape`: how the answer shows it (a GraphQL document's canonical text, `rest`, or a page of one
 *   build and host);
 * - `locale`: the language its labels are in.
 * Two spellings of one read (the parameters of a URL in another order, `rental` for `rent`, a GraphQL
 * document with other whitespace, commas or comments, arguments in another order, a variable left to
 * its default) are one entry.
 */
export interface PublicRead {
  reads: ReadonlyArray<{ field: string; args: unknown }>;
  shape: string;
  locale: string;
}
export function readKey({ reads, shape, locale }: PublicRead): string {
  return createHash('sha256')
    .update(`${shape}\u0000${locale}\u0000${canonicalJson(reads)}`)
    .digest('base64url');
}

/** JSON with every object's keys in order and no undefined members: equal values, equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return canonicalJson((value as { toJSON(): unknown }).toJSON());
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const keys = Object.keys(value).sort();
  let out = '';
  for (const key of keys) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined || typeof v === 'function') continue;
    out += `${out ? ',' : ''}${JSON.stringify(key)}:${canonicalJson(v)}`;
  }
  return `{${out}}`;
}

/**
 * An entry: the versions the answer was stored under ('s:<base>:<search>' or
 * 'l:<listing id>:<base>:<listing>'; no line break in either), a line break, then the answer as it
 * was given. Not JSON: an answer is itself JSON or a page, and wrapping it in JSON escaped each of
 * its quotes on the way in and read it all again on the way out.
 */
const envelope = (version: string, body: string) => `${version}\n${body}`;

interface Store {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  /** Shared versions (Redis): what an instance that did not hear an event reads. Null in process. */
  versions: {
    get(name: string): Promise<string | null>;
    set(name: string, value: string): Promise<void>;
  } | null;
  close(): Promise<void>;
}

export function createPublicCache(opts: { ttlSeconds: number; redisUrl?: string | null; log: Logger }): PublicCache {
  const { ttlSeconds, log } = opts;
  if (ttlSeconds <= 0) {
    return {
      ttlSeconds: 0,
      begin: () => null,
      get: async () => null,
      set: async () => undefined,
      heard: () => undefined,
      unsure: () => undefined,
      close: async () => undefined,
    };
  }
  const store = opts.redisUrl ? redisStore(opts.redisUrl, ttlSeconds, log) : memoryStore(ttlSeconds);

  const shared = store.versions;
  let epoch = 0;
  /**
   * The versions every answer carries: `base` (moved by what touches every answer: an agent shown
   * on cards), the search version, and each listing's. In process they start random; with Redis
   * they are read from there (at start and after a gap), null until then: nothing is cached.
   */
  let base: string | null = shared ? null : randomUUID();
  let search: { version: string; epoch: number } | null = shared ? null : { version: randomUUID(), epoch: 0 };
  let page: { version: string; epoch: number } | null = shared ? null : { version: randomUUID(), epoch: 0 };
  const listings = new Map<string, { version: string; epoch: number }>();
  /** When `base` last moved: an answer begun before then is not stored. */
  let baseEpoch = 0;

  async function loadShared() {
    if (!shared) return;
    const at = epoch;
    const [b, s, p] = await Promise.all([shared.get('base'), shared.get('search'), shared.get('page')]).catch(
      () => [null, null, null] as const,
    );
    // An event heard meanwhile is newer than what was read.
    if (epoch !== at) return;
    base = b ?? 'start';
    search = { version: s ?? 'start', epoch };
    page = { version: p ?? 'start', epoch };
  }
  void loadShared();

  async function listingVersion(id: string): Promise<string> {
    const known = listings.get(id);
    if (known) return known.version;
    if (!shared) return 'start';
    const at = epoch;
    let read: string | null;
    try {
      read = await shared.get(`listing:${id}`);
    } catch {
      return `unread:${randomUUID()}`; // Redis is down: a miss
    }
    const version = read ?? 'start';
    if (epoch === at && !listings.has(id)) listings.set(id, { version, epoch: 0 });
    return listings.get(id)?.version ?? version;
  }
  async function versionOf(subject: CacheSubject): Promise<string | null> {
    if (base === null || search === null || page === null) return null;
    const b = base;
    if (subject === 'search') return `s:${b}:${search.version}`;
    if (subject === 'page') return `p:${b}:${page.version}`;
    return `l:${subject.listingId}:${b}:${await listingVersion(subject.listingId)}`;
  }
  const subjectEpoch = (subject: CacheSubject) =>
    subject === 'search'
      ? (search?.epoch ?? Infinity)
      : subject === 'page'
        ? (page?.epoch ?? Infinity)
        : (listings.get(subject.listingId)?.epoch ?? 0);
  const changedSince = (subject: CacheSubject, slot: CacheSlot) => Math.max(baseEpoch, subjectEpoch(subject)) > slot.epoch;

  /** Events may have been missed: nothing known so far is trusted; with Redis, read again. */
  function unsure() {
    epoch += 1;
    baseEpoch = epoch;
    listings.clear();
    base = shared ? null : randomUUID();
    search = shared ? null : { version: randomUUID(), epoch };
    page = shared ? null : { version: randomUUID(), epoch };
    void loadShared();
  }
  /** The instance where an event happened tells Redis, for instances that start later or missed it. */
  const tell = (local: boolean, name: string, version: string) => {
    if (local && shared) void shared.set(name, version).catch(() => undefined);
  };
  function heard(event: DomainEvent, eventId: string, local: boolean) {
    if (event.type === 'agent.changed') {
      // Cards show the agent ('Licensed'): every answer changes, details of their listings included.
      epoch += 1;
      baseEpoch = epoch;
      base = eventId;
      search = { version: eventId, epoch };
      page = { version: eventId, epoch };
      listings.clear();
      tell(local, 'base', eventId);
      return;
    }
    if (event.type === 'openHouse.rsvpChanged') {
      // The listing's page says how many places are left; no card does.
      epoch += 1;
      if (listings.size >= MAX_VERSIONS) listings.clear();
      listings.set(event.listingId, { version: eventId, epoch });
      page = { version: eventId, epoch };
      tell(local, `listing:${event.listingId}`, eventId);
      tell(local, 'page', eventId);
      return;
    }
    if (!changesPublicListing(event) || !('listingId' in event)) return;
    epoch += 1;
    search = { version: eventId, epoch };
    page = { version: eventId, epoch };
    if (listings.size >= MAX_VERSIONS) listings.clear();
    listings.set(event.listingId, { version: eventId, epoch });
    tell(local, 'search', eventId);
    tell(local, 'page', eventId);
    tell(local, `listing:${event.listingId}`, eventId);
  }

  return {
    ttlSeconds,
    begin: () => ({ epoch }),
    async get(_slot, key) {
      const raw = await store.get(key).catch(() => null);
      if (raw === null) return null;
      // An entry of another form (one stored by an older build) has no versions that match: a miss.
      const end = raw.indexOf('\n');
      if (end < 0) return null;
      const version = raw.slice(0, end);
      const subject: CacheSubject = version.startsWith('l:')
        ? { listingId: version.split(':')[1]! }
        : version.startsWith('p:')
          ? 'page'
          : 'search';
      return version === (await versionOf(subject)) ? raw.slice(end + 1) : null;
    },
    async set(slot, key, body, subject) {
      if (body.length > MAX_BODY_BYTES || changedSince(subject, slot)) return;
      const version = await versionOf(subject);
      if (version === null || changedSince(subject, slot)) return;
      await store.set(key, envelope(version, body)).catch(() => undefined);
    },
    heard,
    unsure,
    close: () => store.close(),
  };
}

function memoryStore(ttlSeconds: number): Store {
  const entries = new Map<string, { value: string; expires: number }>();
  let characters = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    characters -= entry.value.length;
    entries.delete(key);
  };
  return {
    async get(key) {
      const hit = entries.get(key);
      if (!hit) return null;
      if (hit.expires <= Date.now()) {
        remove(key);
        return null;
      }
      return hit.value;
    },
    async set(key, value) {
      remove(key);
      entries.set(key, { value, expires: Date.now() + ttlSeconds * 1000 });
      characters += value.length;
      while (entries.size > MAX_ENTRIES || characters > MAX_CHARACTERS) remove(entries.keys().next().value!);
    },
    versions: null,
    async close() {
      entries.clear();
      characters = 0;
    },
  };
}

function redisStore(url: string, ttlSeconds: number, log: Logger): Store {
  // Fail fast while Redis is down (a miss), rather than queueing commands behind a request.
  const commands: Redis = createRedis(url, log, 'public-cache', undefined, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  return {
    get: (key) => commands.get(`public-cache:${key}`),
    async set(key, value) {
      await commands.set(`public-cache:${key}`, value, 'EX', ttlSeconds);
    },
    // A version outlives every entry stored under the one before it.
    versions: {
      get: (name) => commands.get(`public-cache:version:${name}`),
      async set(name, value) {
        await commands.set(`public-cache:version:${name}`, value, 'EX', ttlSeconds * 2 + 60);
      },
    },
    async close() {
      await commands.quit().catch(() => commands.disconnect());
    },
  };
}
