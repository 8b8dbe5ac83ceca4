import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  getArgumentValues,
  getDirectiveValues,
  getVariableValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql';
import Negotiator from 'negotiator';
import { isNoFee } from '../../common/listing.js';
import { isNewListing, recentPriceDrop } from '../../common/freshness.js';
import { commuteToSchema } from '../../common/search.js';
import type { PrismaClient } from '../db/client.js';
import { PUBLIC_CACHE_HEADER, type PublicCacheSlot } from '../http/public-cache.js';
import type { PublicCache } from '../infra/public-cache.js';
import type { Logger } from '../logger.js';
import { displayName, isNewAgent } from '../modules/agents/agents.service.js';
import { searchConnection, type SearchConnectionArgs } from '../modules/listings/listings.schema.js';
import { canManageListing, type ListingViewer } from '../modules/listings/visibility.js';
import { commuteContext, commuteMinutesOf } from '../modules/transit/commute-search.js';
import { toCommuteTo } from '../modules/transit/transit.schema.js';
import { stationLocation, storedNearbyStations, subwayLine, type NearbyStation } from '../modules/transit/nearby.js';
import { assertWithinCost, limitRules } from './limits.js';
import { SEARCH_PAGE_HEADER } from './executor-header.js';
import type { TrustedDocuments } from './trusted-documents.js';

/**
 * The search page's own executor (docs/decisions/0034-prepared-hot-path.md).
 *
 * The site's listings page sends one persisted document, SearchProperties, far more than any other:
 * 12 cards of about 110 fields each (the card, its agent, photos, stations and their subway lines).
 * Through Apollo, graphql-js and Pothos every one of those ~1,300 fields is a resolver call with its
 * path, info and plugin wrappers, and that was most of the server's CPU for a page. Here the same
 * document is planned ONCE at start (its fields collected, fragments merged, types read from the
 * schema) and each request walks the plan over the rows of the same `searchListings` statement,
 * calling the same helpers the schema's resolvers call (RESOLVERS below) and serializing every leaf
 * with the schema's own scalar and enum types. The answer is byte for byte what Apollo answers
 * (tests/integration/search-page.test.ts compares the two over filters, sorts, pages, viewers).
 *
 * Anything it is not sure of goes to Apollo, which answers as always: another document (even the
 * same one with other whitespace), variables that do not coerce, the cost limit, a partner key, a
 * refused or unverifiable credential, an `Accept` Apollo would refuse, a null where the schema says
 * non-null, any error at all. At start, a document with a field RESOLVERS does not know, an abstract
 * type, or a directive it does not handle turns this path off (logged).
 */

export const SEARCH_PAGE_OPERATION = 'SearchProperties';

class Unsupported extends Error {}
/** Thrown while answering: Apollo answers the request instead. */
class Fallback extends Error {}

interface RequestState {
  viewer: ListingViewer | null;
  variables: Record<string, unknown>;
  args: Map<FieldPlan, Record<string, unknown>>;
  commute: Map<string, ReturnType<typeof commuteContext>>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Parent = any;
type Resolver = (parent: Parent, args: Record<string, unknown>, state: RequestState) => unknown;

const own =
  (name: string): Resolver =>
  (p) =>
    p[name];

/** What the schema's resolvers do for the fields the search page asks for (same helpers, same order of checks). */
const RESOLVERS: Record<string, Record<string, Resolver>> = {
  PropertyConnection: {
    edges: own('edges'),
    pageInfo: own('pageInfo'),
    totalCount: (c) => c.count.n,
    totalCountCapped: (c) => c.count.capped,
  },
  PageInfo: {
    hasNextPage: own('hasNextPage'),
    hasPreviousPage: own('hasPreviousPage'),
    startCursor: own('startCursor'),
    endCursor: own('endCursor'),
  },
  PropertyEdge: { cursor: own('cursor'), node: own('node') },
  Property: {
    id: own('id'),
    slug: own('slug'),
    title: own('title'),
    address: own('address'),
    unit: own('unit'),
    neighborhood: own('neighborhood'),
    borough: own('borough'),
    price: own('price'),
    originalPrice: own('originalPrice'),
    listingType: own('listingType'),
    availableDate: own('availableDate'),
    bedrooms: (p) => Number(p.bedrooms),
    bathrooms: (p) => Number(p.bathrooms),
    location: (p) =>
      p.locationLat === null || p.locationLng === null ? null : { lat: Number(p.locationLat), lng: Number(p.locationLng) },
    nearbyStations: (p) => storedNearbyStations(p),
    commuteMinutes: (p, args, state) => {
      if (!args.to) return null;
      const key = JSON.stringify(args.to);
      let context = state.commute.get(key);
      if (!context) {
        const parsed = commuteToSchema.safeParse(toCommuteTo(args.to as Parameters<typeof toCommuteTo>[0]));
        if (!parsed.success) throw new Fallback('commuteTo');
        context = commuteContext(parsed.data);
        state.commute.set(key, context);
      }
      return commuteMinutesOf(context, p);
    },
    noFee: (p) => isNoFee(p),
    isNew: (p) => isNewListing(p.createdAt),
    priceDrop: (p) => recentPriceDrop(p),
    isSaved: (p, _args, state) => (state.viewer ? (p.favorites?.length ?? 0) > 0 : false),
    viewerCanManage: (p, _args, state) => canManageListing(state.viewer, p),
    agent: (p) => p.agent ?? null,
    photos: own('photos'),
  },
  PriceDrop: { amount: own('amount'), at: own('at') },
  Location: { lat: own('lat'), lng: own('lng') },
  NearbyStation: {
    id: own('id'),
    name: own('name'),
    lines: own('lines'),
    walkMinutes: own('walkMinutes'),
    subwayLines: (s: NearbyStation) => s.lines.map(subwayLine),
    location: (s: NearbyStation) => stationLocation(s.id),
  },
  SubwayLine: {
    id: own('id'),
    bullet: own('bullet'),
    accessibleName: own('name'),
    color: own('color'),
    textColor: own('textColor'),
  },
  PropertyPhoto: {
    id: own('id'),
    position: own('position'),
    url: own('url'),
    thumbnailUrl: own('thumbnailUrl'),
    width: own('width'),
    height: own('height'),
    placeholder: own('placeholder'),
  },
  Agent: {
    id: own('id'),
    displayName: (a) => displayName(a.user),
    photoUrl: (a) => a.user.photoUrl,
    rating: (a) => Number(a.rating),
    reviewCount: own('reviewCount'),
    isNew: (a) => isNewAgent(a.user.createdAt, a.reviewCount),
    licenseVerified: (a) => a.licenseVerifiedAt !== null && a.license !== null,
  },
};

/** The rows RESOLVERS read: every Property column, its agent with the user's public facts, photos, the viewer's favorite. */
function pageQuery(viewer: ListingViewer | null): object {
  return {
    include: {
      agent: { include: { user: { select: { firstName: true, lastName: true, email: true, photoUrl: true, createdAt: true } } } },
      photos: { orderBy: { position: 'asc' } },
      ...(viewer ? { favorites: { where: { userId: viewer.uid }, select: { id: true }, take: 1 } } : {}),
    },
  };
}

interface FieldPlan {
  key: string;
  name: string;
  node: FieldNode;
  def: GraphQLField<unknown, unknown>;
  type: GraphQLOutputType;
  resolve: Resolver | null; // null: __typename
  hasArgs: boolean;
  /** Nodes whose @include/@skip decide whether the field is there (the field and its fragments). */
  conditions: SelectionNode[];
  sub: ObjectPlan | null;
}

interface ObjectPlan {
  typeName: string;
  fields: FieldPlan[];
}

function hasConditions(node: SelectionNode): boolean {
  for (const d of node.directives ?? []) {
    if (d.name.value === 'include' || d.name.value === 'skip') continue;
    throw new Unsupported(`directive @${d.name.value}`);
  }
  return (node.directives?.length ?? 0) > 0;
}

function planObject(
  type: GraphQLObjectType,
  sets: Array<{ set: SelectionSetNode; conditions: SelectionNode[] }>,
  fragments: Record<string, FragmentDefinitionNode>,
): ObjectPlan {
  const resolvers = RESOLVERS[type.name];
  if (!resolvers) throw new Unsupported(`type ${type.name}`);
  const byKey = new Map<string, { nodes: FieldNode[]; conditions: SelectionNode[]; conditional: boolean }>();
  const collect = (set: SelectionSetNode, conditions: SelectionNode[], seen: Set<string>) => {
    for (const sel of set.selections) {
      const here = hasConditions(sel) ? [...conditions, sel] : conditions;
      if (sel.kind === Kind.FIELD) {
        const key = sel.alias?.value ?? sel.name.value;
        const found = byKey.get(key);
        if (found) {
          // The same key twice is fine when neither is conditional (graphql-js merges them).
          if (found.conditional || here.length) throw new Unsupported(`conditional duplicate ${key}`);
          found.nodes.push(sel);
        } else byKey.set(key, { nodes: [sel], conditions: here, conditional: here.length > 0 });
      } else {
        const cond = sel.kind === Kind.INLINE_FRAGMENT ? sel.typeCondition : fragments[sel.name.value]?.typeCondition;
        if (cond && cond.name.value !== type.name) throw new Unsupported(`fragment on ${cond.name.value}`);
        if (sel.kind === Kind.INLINE_FRAGMENT) collect(sel.selectionSet, here, seen);
        else {
          const frag = fragments[sel.name.value];
          if (!frag) throw new Unsupported(`fragment ${sel.name.value}`);
          if (seen.has(sel.name.value)) continue;
          collect(frag.selectionSet, here, new Set([...seen, sel.name.value]));
        }
      }
    }
  };
  for (const { set, conditions } of sets) collect(set, conditions, new Set());
  const fields: FieldPlan[] = [];
  for (const [key, { nodes, conditions }] of byKey) {
    const node = nodes[0]!;
    const name = node.name.value;
    if (name === '__typename') {
      fields.push({
        key,
        name,
        node,
        def: null as never,
        type: null as never,
        resolve: null,
        hasArgs: false,
        conditions,
        sub: null,
      });
      continue;
    }
    const def = type.getFields()[name];
    const resolve = resolvers[name];
    if (!def || !resolve) throw new Unsupported(`field ${type.name}.${name}`);
    let named: GraphQLOutputType = def.type;
    while (isNonNullType(named) || isListType(named)) named = (named as { ofType: GraphQLOutputType }).ofType;
    let sub: ObjectPlan | null = null;
    if (isObjectType(named)) {
      sub = planObject(
        named,
        nodes.map((n) => ({ set: n.selectionSet!, conditions: [] })),
        fragments,
      );
    } else if (!isScalarType(named) && !isEnumType(named)) {
      throw new Unsupported(`abstract type ${String(named)}`);
    }
    if (nodes.some((n) => (n.arguments?.length ?? 0) > 0) && nodes.length > 1)
      throw new Unsupported(`arguments on merged ${key}`);
    fields.push({ key, name, node, def, type: def.type, resolve, hasArgs: def.args.length > 0, conditions, sub });
  }
  return { typeName: type.name, fields };
}

function included(state: RequestState, nodes: SelectionNode[]): boolean {
  for (const node of nodes) {
    if (getDirectiveValues(GraphQLSkipDirective, node, state.variables)?.if === true) return false;
    if (getDirectiveValues(GraphQLIncludeDirective, node, state.variables)?.if === false) return false;
  }
  return true;
}

function complete(type: GraphQLOutputType, value: unknown, plan: ObjectPlan | null, state: RequestState): unknown {
  if (isNonNullType(type)) {
    const v = complete(type.ofType, value, plan, state);
    if (v === null) throw new Fallback('null for a non-null field');
    return v;
  }
  if (value === null || value === undefined) return null;
  if (isListType(type)) {
    if (!Array.isArray(value)) throw new Fallback('not a list');
    return value.map((item) => complete(type.ofType, item, plan, state));
  }
  if (isScalarType(type) || isEnumType(type)) {
    const out = type.serialize(value);
    if (out === undefined) throw new Fallback('serialize');
    return out;
  }
  return run(plan!, value, state);
}

function run(plan: ObjectPlan, parent: Parent, state: RequestState): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of plan.fields) {
    if (f.conditions.length && !included(state, f.conditions)) continue;
    if (f.resolve === null) {
      out[f.key] = plan.typeName;
      continue;
    }
    let args: Record<string, unknown> = {};
    if (f.hasArgs) {
      let found = state.args.get(f);
      if (!found) {
        found = getArgumentValues(f.def, f.node, state.variables);
        state.args.set(f, found);
      }
      args = found;
    }
    out[f.key] = complete(f.type, f.resolve(parent, args, state), f.sub, state);
  }
  return out;
}

export interface SearchPagePath {
  /** The document text it answers, or null when it is off. */
  readonly text: string | null;
  readonly handler: RequestHandler;
}

/**
 * Plans the SearchProperties document of the trusted documents; `handler` answers a POST
 * /graphql of exactly that text (after the trusted-document and public-cache middleware) or calls next().
 */
export function createSearchPagePath(deps: {
  schema: GraphQLSchema;
  prisma: PrismaClient;
  trustedDocuments: TrustedDocuments;
  publicCache: PublicCache;
  log: Logger;
}): SearchPagePath {
  const { schema, prisma, publicCache, log } = deps;
  let text: string | null = null;
  let document: DocumentNode | null = null;
  let operation: OperationDefinitionNode | null = null;
  let plan: ObjectPlan | null = null;
  let field: FieldNode | null = null;
  for (const candidate of deps.trustedDocuments.texts()) {
    if (!candidate.includes(`query ${SEARCH_PAGE_OPERATION}`)) continue;
    let doc: DocumentNode;
    try {
      doc = parse(candidate);
    } catch {
      continue;
    }
    const ops = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    if (ops.length !== 1 || ops[0]!.operation !== 'query' || ops[0]!.name?.value !== SEARCH_PAGE_OPERATION) continue;
    try {
      if (validate(schema, doc, limitRules({ production: false })).length) throw new Unsupported('invalid document');
      const op = ops[0]!;
      const fragments = Object.fromEntries(
        doc.definitions
          .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
          .map((d) => [d.name.value, d]),
      );
      const roots = op.selectionSet.selections;
      const root = roots[0];
      if (
        roots.length !== 1 ||
        root?.kind !== Kind.FIELD ||
        root.name.value !== 'properties' ||
        root.alias ||
        root.directives?.length
      ) {
        throw new Unsupported('root fields');
      }
      const connection = schema.getQueryType()!.getFields().properties!.type;
      let named: GraphQLOutputType = connection;
      while (isNonNullType(named)) named = named.ofType;
      if (!isObjectType(named)) throw new Unsupported('connection type');
      plan = planObject(named, [{ set: root.selectionSet!, conditions: [] }], fragments);
      text = candidate;
      document = doc;
      operation = op;
      field = root;
    } catch (err) {
      if (!(err instanceof Unsupported)) throw err;
      log.warn({ reason: err.message }, 'the search page executor is off: Apollo answers SearchProperties');
    }
    break;
  }

  const handler: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    const body = req.body as { query?: unknown; variables?: unknown; operationName?: unknown } | undefined;
    if (
      plan === null ||
      req.method !== 'POST' ||
      body?.query !== text ||
      (body.operationName != null && body.operationName !== SEARCH_PAGE_OPERATION) ||
      req.partner ||
      req.auth?.refused ||
      req.auth?.unavailable
    ) {
      return next();
    }
    const contentType = chooseContentType(req.get('accept'));
    if (!contentType) return next();
    const rawVariables = body.variables ?? {};
    if (typeof rawVariables !== 'object' || rawVariables === null || Array.isArray(rawVariables)) return next();
    const coerced = getVariableValues(schema, operation!.variableDefinitions ?? [], rawVariables as Record<string, unknown>);
    if (coerced.errors) return next();
    try {
      assertWithinCost(schema, document!, SEARCH_PAGE_OPERATION, rawVariables as Record<string, unknown>);
    } catch {
      return next();
    }
    const viewer = (req.auth?.viewer as ListingViewer | null | undefined) ?? null;
    const state: RequestState = { viewer, variables: coerced.coerced, args: new Map(), commute: new Map() };
    const slot = (res.locals.publicCache as PublicCacheSlot | undefined) ?? null;
    answer(state)
      .then(async (data) => {
        const json = JSON.stringify({ data });
        if (slot) {
          res.set(PUBLIC_CACHE_HEADER, 'MISS');
          await publicCache.set(slot.slot, slot.key, json, 'search').catch(() => undefined);
        }
        res.status(200).set(SEARCH_PAGE_HEADER, 'search-page').set('content-type', contentType).send(`${json}\n`);
      })
      .catch((err: unknown) => {
        if (!(err instanceof Fallback)) req.log?.debug({ err }, 'search page executor: Apollo answers instead');
        next();
      });
  };

  async function answer(state: RequestState): Promise<Record<string, unknown>> {
    const properties = schema.getQueryType()!.getFields().properties!;
    const args = getArgumentValues(properties, field!, state.variables) as SearchConnectionArgs;
    const wantsCount = plan!.fields.some(
      (f) =>
        (f.name === 'totalCount' || f.name === 'totalCountCapped') && (!f.conditions.length || included(state, f.conditions)),
    );
    // The resolver's own code (backward paging refused there): the same statement, page and cursors.
    const connection = await searchConnection(prisma, args, pageQuery(state.viewer), wantsCount);
    const count = wantsCount ? await connection.totalCount() : null;
    return { properties: complete(properties.type, { ...connection, count }, plan, state) };
  }

  return { text, handler };
}

const JSON_TYPE = 'application/json; charset=utf-8';
const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json; charset=utf-8';

/** Apollo Server's choice of content type for a single result (its chooseContentTypeForSingleResultResponse). */
function chooseContentType(accept: string | undefined): string | null {
  if (!accept) return JSON_TYPE;
  const preferred = new Negotiator({ headers: { accept } }).mediaType([JSON_TYPE, GRAPHQL_RESPONSE_TYPE]);
  return preferred === JSON_TYPE || preferred === GRAPHQL_RESPONSE_TYPE ? preferred : null;
}
