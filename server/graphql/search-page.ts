import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  defaultFieldResolver,
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
import type { PrismaClient } from '../db/client.js';
import { PUBLIC_CACHE_HEADER, type PublicCacheSlot } from '../http/public-cache.js';
import type { PublicCache } from '../infra/public-cache.js';
import type { Logger } from '../logger.js';
import { searchConnection, type SearchConnectionArgs } from '../modules/listings/listings.schema.js';
import type { ListingViewer } from '../modules/listings/visibility.js';
import { assertWithinCost, limitRules, PARSE_OPTIONS } from './limits.js';
import { assertPartnerOperation } from '../http/partner-access.js';
import { SEARCH_PAGE_HEADER } from './executor-header.js';
import type { GraphQLContext } from './context.js';
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
  /** The context the schema's resolvers are given (what Apollo's would hold for this viewer). */
  context: Pick<GraphQLContext, 'prisma' | 'viewer' | 'log'>;
  variables: Record<string, unknown>;
  args: Map<FieldPlan, Record<string, unknown>>;
  /** Values still being resolved (a count): written into their objects before the answer is sent. */
  pending: Array<Promise<void>>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Parent = any;
type Resolver = (parent: Parent, args: Record<string, unknown>, state: RequestState) => unknown;
type SchemaResolve = (parent: Parent, args: Record<string, unknown>, context: unknown, info: undefined) => unknown;

/**
 * A field's value as the schema defines it: the resolver its module gave Pothos (the field's own
 * definition, before Pothos' plugins wrap it), or the parent's property of the field's name. What the
 * plugins' wrappers add is not needed here: the page's one statement loads every relation and column
 * these resolvers read (`pageQuery`), and a relation found not loaded, or a resolver that throws
 * (one that needs `info`, which this path does not build), sends the request to Apollo.
 */
function resolverOf(def: GraphQLField<unknown, unknown>): Resolver {
  const extensions = def.extensions as {
    pothosConfig?: { resolve?: SchemaResolve };
    pothosPrismaLoaded?: (parent: Parent) => boolean;
  };
  const resolve = extensions.pothosConfig?.resolve;
  const name = def.name;
  if (!resolve || resolve === (defaultFieldResolver as unknown)) return (parent) => parent[name];
  const loaded = extensions.pothosPrismaLoaded;
  if (loaded) {
    return (parent, args, state) => {
      if (!loaded(parent)) throw new Fallback(`${name} is not loaded`);
      return resolve(parent, args, state.context, undefined);
    };
  }
  return (parent, args, state) => resolve(parent, args, state.context, undefined);
}

/** The rows the schema's resolvers read: every Property column, its agent with the user's public facts, photos, the viewer's favorite. */
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
    if (!def) throw new Unsupported(`field ${type.name}.${name}`);
    const resolve = resolverOf(def);
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
    const value = f.resolve(parent, args, state);
    if (isPromiseLike(value)) {
      // Kept in its place (the key order is the document's), written when it is known.
      out[f.key] = null;
      state.pending.push(
        Promise.resolve(value).then((v) => {
          out[f.key] = complete(f.type, v, f.sub, state);
        }),
      );
    } else out[f.key] = complete(f.type, value, f.sub, state);
  }
  return out;
}

const isPromiseLike = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/** A document this path answers: its one operation, its `properties` field and the plan of what it selects. */
interface Planned {
  text: string;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  field: FieldNode;
  plan: ObjectPlan;
}

/** Texts remembered (planned, or seen once); a longer text is never planned. */
const PLANNED_TEXTS = 1_000;
const MAX_PLANNED_TEXT = 20_000;

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
  const properties = schema.getQueryType()!.getFields().properties!;

  /** Plans a document whose one operation asks for `properties` alone; null when this path cannot answer it. */
  function planDocument(candidate: string): Planned | null {
    let doc: DocumentNode;
    try {
      doc = parse(candidate, PARSE_OPTIONS);
    } catch {
      return null;
    }
    const ops = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    const op = ops[0];
    if (ops.length !== 1 || op!.operation !== 'query') return null;
    try {
      if (validate(schema, doc, limitRules({ production: false })).length) throw new Unsupported('invalid document');
      const fragments = Object.fromEntries(
        doc.definitions
          .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
          .map((d) => [d.name.value, d]),
      );
      const roots = op!.selectionSet.selections;
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
      let named: GraphQLOutputType = properties.type;
      while (isNonNullType(named)) named = named.ofType;
      if (!isObjectType(named)) throw new Unsupported('connection type');
      const plan = planObject(named, [{ set: root.selectionSet!, conditions: [] }], fragments);
      return { text: candidate, document: doc, operation: op!, field: root, plan };
    } catch (err) {
      if (!(err instanceof Unsupported)) throw err;
      return null;
    }
  }

  // The site's own SearchProperties is planned at start; any other text (a partner's own query of a
  // search page) on its second request, so a caller sending a new text each time costs no planning.
  // At most PLANNED_TEXTS texts are remembered (then the memory starts again).
  const planned = new Map<string, Planned | null | 'seen'>();
  const site = [...deps.trustedDocuments.texts()].find((t) => t.includes(`query ${SEARCH_PAGE_OPERATION}`));
  if (site) {
    const plan = planDocument(site);
    if (!plan) log.warn('the search page executor cannot plan SearchProperties: Apollo answers it');
    planned.set(site, plan);
  }
  const planFor = (text: string): Planned | null => {
    const known = planned.get(text);
    if (known !== undefined && known !== 'seen') return known;
    if (text.length > MAX_PLANNED_TEXT) return null;
    if (planned.size >= PLANNED_TEXTS) {
      planned.clear();
      if (site) planned.set(site, planDocument(site));
    }
    if (known === undefined) {
      planned.set(text, 'seen');
      return null;
    }
    const plan = planDocument(text);
    planned.set(text, plan);
    return plan;
  };

  const handler: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    const body = req.body as { query?: unknown; variables?: unknown; operationName?: unknown } | undefined;
    if (req.method !== 'POST' || typeof body?.query !== 'string' || req.auth?.refused || req.auth?.unavailable) return next();
    const found = planFor(body.query);
    if (!found || (body.operationName != null && body.operationName !== (found.operation.name?.value ?? null))) return next();
    const { document, operation } = found;
    const contentType = chooseContentType(req.get('accept'));
    if (!contentType) return next();
    const rawVariables = body.variables ?? {};
    if (typeof rawVariables !== 'object' || rawVariables === null || Array.isArray(rawVariables)) return next();
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], rawVariables as Record<string, unknown>);
    if (coerced.errors) return next();
    try {
      // What Apollo's guard checks for this request: a partner key reads public queries only; the cost limit.
      if (req.partner) assertPartnerOperation(schema, document, operation);
      assertWithinCost(schema, document, operation.name?.value, rawVariables as Record<string, unknown>);
    } catch {
      return next();
    }
    const viewer = req.auth?.viewer ?? null;
    const state: RequestState = {
      context: { prisma, viewer, log: req.log ?? log },
      variables: coerced.coerced,
      args: new Map(),
      pending: [],
    };
    const slot = (res.locals.publicCache as PublicCacheSlot | undefined) ?? null;
    answer(found, state)
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

  async function answer({ field, plan }: Planned, state: RequestState): Promise<Record<string, unknown>> {
    const args = getArgumentValues(properties, field, state.variables) as SearchConnectionArgs;
    const wantsCount = plan.fields.some(
      (f) =>
        (f.name === 'totalCount' || f.name === 'totalCountCapped') && (!f.conditions.length || included(state, f.conditions)),
    );
    // The resolver's own code (backward paging refused there): the same statement, page and cursors.
    const connection = await searchConnection(prisma, args, pageQuery(state.context.viewer), wantsCount);
    const data = { properties: complete(properties.type, connection, plan, state) };
    while (state.pending.length) await Promise.all(state.pending.splice(0));
    return data;
  }

  return { text: site && planned.get(site) ? site : null, handler };
}

const JSON_TYPE = 'application/json; charset=utf-8';
const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json; charset=utf-8';

/** Apollo Server's choice of content type for a single result (its chooseContentTypeForSingleResultResponse). */
function chooseContentType(accept: string | undefined): string | null {
  if (!accept) return JSON_TYPE;
  const preferred = new Negotiator({ headers: { accept } }).mediaType([JSON_TYPE, GRAPHQL_RESPONSE_TYPE]);
  return preferred === JSON_TYPE || preferred === GRAPHQL_RESPONSE_TYPE ? preferred : null;
}
