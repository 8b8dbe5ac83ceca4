import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  defaultFieldResolver,
  getArgumentValues,
  getDirectiveValues,
  getVariableValues,
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLID,
  GraphQLIncludeDirective,
  GraphQLInt,
  GraphQLSkipDirective,
  GraphQLString,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  parse,
  visit,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql';
import { queryFromInfo } from '@pothos/plugin-prisma';
import Negotiator from 'negotiator';
import { isPublicQuery, PUBLIC_CACHE_HEADER, subjectOf, type PublicCacheSlot } from '../../http/public-cache.js';
import { assertPartnerOperation } from '../../http/partner-access.js';
import type { PublicCache } from '../../infra/public-cache.js';
import type { Logger } from '../../logger.js';
import type { GraphQLContext } from '../context.js';
import { EXECUTOR_HEADER, PLANNED } from './executor-header.js';
import { KEPT_QUERY, type KeptQuery } from './kept-query.js';
import { assertWithinCost, costVariables, PARSE_OPTIONS, partnerCost } from '../limits.js';
import { createDocumentValidator } from '../validation.js';
import type { TrustedDocuments } from '../trusted-documents.js';

/**
 * Planned documents: every query of the site's own documents, and any other query text from its
 * second request on (a partner's own), answered without graphql-js' per-field execution
 * (docs/decisions/0047-planned-documents.md; it grew out of decision 0034's search page executor).
 *
 * A search page is 12 cards of about 110 fields each. Through Apollo, graphql-js and Pothos every one
 * of those ~1,300 fields is a resolver call with its own path, info and plugin wrappers, and that is
 * most of the server's CPU for a page. Here a document is planned ONCE (fields collected as
 * graphql-js collects them, fragments merged, each field's type and definition read from the schema)
 * and each request walks the plan:
 *
 * - A root field runs the schema's resolver, wrapped by Pothos as always, with the `info` graphql-js
 *   would give it: that is where the Prisma plugin turns the document's selection into one query
 *   with its relations (and where each rule of who may see what is applied).
 * - Every field below runs the resolver its module gave Pothos (the field's own definition, read from
 *   the schema: `extensions.pothosConfig.resolve`), or reads the parent's property of its name. The
 *   Prisma plugin's wrappers are not needed: the root's query loaded what they would load, and a
 *   relation found not loaded sends the request to Apollo.
 * - Leaves are serialized by the schema's own scalar and enum types.
 *
 * So no field's value is written twice: the answer is byte for byte Apollo's (tests/integration/
 * search-page.test.ts and planned.test.ts compare the two). Anything it is not sure of goes to Apollo,
 * which answers as always: a mutation or subscription, a text seen once, variables that do not coerce,
 * the cost limit, what a partner key may not read, a refused or unverifiable credential, an `Accept`
 * Apollo would refuse, a null where the schema says non-null, any error at all (a not-found included:
 * Apollo answers it). At planning, an abstract type or a directive other than @include/@skip leaves
 * the document to Apollo; at run time, a resolver that needs what this path does not give (`info`
 * below the root) leaves it to Apollo after three such failures in a row.
 */

class Unsupported extends Error {}
/** Thrown while answering: Apollo answers the request instead. */
class Fallback extends Error {}

interface RequestState {
  /** The context Apollo would give the resolvers for this request. */
  context: GraphQLContext;
  variables: Record<string, unknown>;
  args: Map<FieldPlan, Record<string, unknown>>;
  /** Values still being resolved: written into their objects before the answer is sent. */
  pending: Array<Promise<void>>;
  planned: Planned;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Parent = any;
type Resolver = (parent: Parent, args: Record<string, unknown>, state: RequestState, field: FieldPlan) => unknown;
type SchemaResolve = (parent: Parent, args: Record<string, unknown>, context: unknown, info: unknown) => unknown;

/**
 * A field's value below the root, as the schema defines it: the resolver its module gave Pothos, or
 * the parent's property of the field's name.
 */
function resolverOf(def: GraphQLField<unknown, unknown>): Resolver {
  const extensions = def.extensions as {
    pothosConfig?: { resolve?: SchemaResolve };
    pothosPrismaLoaded?: (parent: Parent, info: GraphQLResolveInfo, context: unknown) => boolean;
  };
  const resolve = extensions.pothosConfig?.resolve;
  const name = def.name;
  if (!resolve || resolve === (defaultFieldResolver as unknown)) return (parent) => parent[name];
  const loaded = extensions.pothosPrismaLoaded;
  if (loaded) {
    return (parent, args, state, field) => {
      const info = infoFor(field, state);
      if (!loaded(parent, info, state.context)) throw new Fallback(`${name} is not loaded`);
      return resolve(parent, args, state.context, info);
    };
  }
  return (parent, args, state, field) => resolve(parent, args, state.context, infoFor(field, state));
}

/**
 * The `info` of a field for this request, as graphql-js builds it, except that its path has no list
 * indices (the same object for every row of a list: the Prisma plugin's own keys drop them too).
 * Made once per request and field.
 */
function infoFor(field: FieldPlan, state: RequestState): GraphQLResolveInfo {
  if (field.infoOf !== state) {
    field.infoOf = state;
    field.info = {
      fieldName: field.name,
      fieldNodes: field.nodes,
      returnType: field.def.type,
      parentType: field.parentType,
      path: field.path,
      schema: state.planned.schema,
      fragments: state.planned.fragments,
      rootValue: undefined,
      operation: state.planned.operation,
      variableValues: state.variables,
    };
  }
  return field.info!;
}

/** Queries kept per root field of a plan (selection values × viewers). */
const KEPT_QUERIES = 256;

/** A root field: the schema's own resolver (Pothos' wrappers included), given the `info` graphql-js would build. */
function rootResolverOf(
  def: GraphQLField<unknown, unknown>,
  nodes: readonly FieldNode[],
  fragments: Record<string, FragmentDefinitionNode>,
): Resolver {
  const resolve = (def.resolve ?? defaultFieldResolver) as SchemaResolve;
  const kept = (def.extensions as Record<string, unknown> | undefined)?.[KEPT_QUERY] as KeptQuery | undefined;
  if (!kept) return (root, args, state, field) => resolve(root, args, state.context, infoFor(field, state));
  const names = selectionVariables(nodes, fragments);
  const queries = new Map<string, object>();
  return (root, args, state, field) => {
    const info = infoFor(field, state);
    const { context, variables } = state;
    const key = JSON.stringify([
      context.viewer?.uid ?? null,
      context.partner?.id ?? null,
      names.map((n) => (Object.hasOwn(variables, n) ? variables[n] : ABSENT)),
    ]);
    const found = queries.get(key);
    if (found) return kept.resolve(found as never, root, args as never, context, info);
    return Promise.resolve(
      queryFromInfo({ context, info, typeName: kept.typeName, path: kept.path, awaitSelections: true }),
    ).then((query: object) => {
      // The one kept longest goes first (many signed-in viewers, each with a key of their own).
      if (queries.size >= KEPT_QUERIES) queries.delete(queries.keys().next().value!);
      // Shared by every request with that key: frozen, so that no reader can change it for the next.
      queries.set(key, deepFreeze(query));
      return kept.resolve(query as never, root, args as never, context, info);
    });
  };
}

/** The variables read below these field nodes: by arguments and directives of their selections, fragments included. */
function selectionVariables(nodes: readonly FieldNode[], fragments: Record<string, FragmentDefinitionNode>): string[] {
  const names = new Set<string>();
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode | undefined) => {
    if (!set) return;
    visit(set, {
      Variable: (node) => void names.add(node.name.value),
      FragmentSpread: (node) => {
        const name = node.name.value;
        if (seen.has(name)) return;
        seen.add(name);
        walk(fragments[name]?.selectionSet);
      },
    });
  };
  for (const node of nodes) walk(node.selectionSet);
  return [...names].sort();
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

interface FieldPlan {
  key: string;
  name: string;
  node: FieldNode;
  nodes: FieldNode[];
  def: GraphQLField<unknown, unknown>;
  resolve: Resolver | null; // null: __typename
  /** Completes the resolved value by the field's type (made once from the type, at planning). */
  complete: Completer;
  hasArgs: boolean;
  /** Nodes whose @include/@skip decide whether the field is there (the field and its fragments). */
  conditions: SelectionNode[];
  parentType: GraphQLObjectType;
  /** Its response path without list indices. */
  path: Path;
  /** The request `info` was last made for, and that info. */
  infoOf?: RequestState;
  info?: GraphQLResolveInfo;
}

interface Path {
  readonly prev: Path | undefined;
  readonly key: string | number;
  readonly typename: string | undefined;
}

interface ObjectPlan {
  typeName: string;
  fields: FieldPlan[];
  /**
   * The object of an answer with every key of the plan, in its order, each null until written; null
   * when a field is conditional (an `@include`/`@skip` leaves its key out). An object given its keys
   * one by one falls into V8's slow dictionary mode past about twenty (a card has thirty, a REST item
   * over a hundred), which every later read and the JSON of the answer pay for; made from one literal
   * it keeps fast properties (building and printing a REST item took half the time, measured).
   */
  make: (() => Record<string, unknown>) | null;
}

/** Response keys are GraphQL names (the parser's rule); `__proto__` is refused at planning (Apollo answers it). */
const LITERAL_KEY = /^[_A-Za-z][_0-9A-Za-z]*$/;

function objectMaker(fields: readonly FieldPlan[]): ObjectPlan['make'] {
  if (fields.some((f) => f.conditions.length > 0 || !LITERAL_KEY.test(f.key))) return null;
  const body = fields.map((f) => `${JSON.stringify(f.key)}: null`).join(', ');
  return new Function(`return function make() { return { ${body} }; };`)() as () => Record<string, unknown>;
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
  prefix: Path | undefined,
): ObjectPlan {
  const root = prefix === undefined;
  const byKey = new Map<string, { nodes: FieldNode[]; conditions: SelectionNode[]; conditional: boolean }>();
  const collect = (set: SelectionSetNode, conditions: SelectionNode[], seen: Set<string>) => {
    for (const sel of set.selections) {
      const here = hasConditions(sel) ? [...conditions, sel] : conditions;
      if (sel.kind === Kind.FIELD) {
        const key = sel.alias?.value ?? sel.name.value;
        // Apollo answers it as a key of its own; an object of this path would take it as its prototype.
        if (key === '__proto__') throw new Unsupported('the key __proto__');
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
      if (root) throw new Unsupported('__typename at the root');
      fields.push({
        key,
        name,
        node,
        nodes,
        def: null as never,
        resolve: null,
        complete: null as never,
        hasArgs: false,
        conditions,
        parentType: type,
        path: { prev: prefix, key, typename: type.name },
      });
      continue;
    }
    const def = type.getFields()[name];
    if (!def) throw new Unsupported(`field ${type.name}.${name}`);
    const resolve = root ? rootResolverOf(def, nodes, fragments) : resolverOf(def);
    const path: Path = { prev: prefix, key, typename: type.name };
    let named: GraphQLOutputType = def.type;
    while (isNonNullType(named) || isListType(named)) named = (named as { ofType: GraphQLOutputType }).ofType;
    let sub: ObjectPlan | null = null;
    if (isObjectType(named)) {
      sub = planObject(
        named,
        nodes.map((n) => ({ set: n.selectionSet!, conditions: [] })),
        fragments,
        path,
      );
    } else if (!isScalarType(named) && !isEnumType(named)) {
      throw new Unsupported(`abstract type ${String(named)}`);
    }
    if (nodes.some((n) => (n.arguments?.length ?? 0) > 0) && nodes.length > 1)
      throw new Unsupported(`arguments on merged ${key}`);
    fields.push({
      key,
      name,
      node,
      nodes,
      def,
      resolve,
      complete: completerOf(def.type, sub),
      hasArgs: def.args.length > 0,
      conditions,
      parentType: type,
      path,
    });
  }
  if (!root) refuseSharedRelations(type, fields);
  return { typeName: type.name, fields, make: objectMaker(fields) };
}

/** The viewer a `select` made per request is asked with at planning (it only names what it reads). */
const PLANNING_CONTEXT = { viewer: { uid: 'planning' }, partner: null };

/**
 * A relation read both by a relation field and by another field's `select` made per request leaves
 * the document to Apollo. The Prisma plugin puts one read of a relation in the parent's query and
 * loads the other by itself, and this path, which reads the parent's row, would give the second field
 * the first one's rows. Found by the differential test (issue 52): `Agent.viewerRating` reads the
 * viewer's own review through `reviews`, and beside `Agent.reviews` it was given the agent's newest
 * review, someone else's.
 */
function refuseSharedRelations(type: GraphQLObjectType, fields: FieldPlan[]) {
  const relations = new Set<string>();
  const perRequest: Array<{ key: string; select: (...args: unknown[]) => unknown }> = [];
  for (const f of fields) {
    const extensions = (f.def?.extensions ?? {}) as {
      pothosPrismaRelationField?: { name: string };
      pothosPrismaLoaded?: unknown;
      pothosPrismaSelect?: unknown;
    };
    if (extensions.pothosPrismaRelationField) relations.add(extensions.pothosPrismaRelationField.name);
    else if (typeof extensions.pothosPrismaSelect === 'function' && !extensions.pothosPrismaLoaded)
      perRequest.push({ key: f.key, select: extensions.pothosPrismaSelect as (...args: unknown[]) => unknown });
  }
  if (!relations.size) return;
  for (const { key, select } of perRequest) {
    let read: unknown;
    try {
      read = select({}, PLANNING_CONTEXT, (query: unknown) => query ?? {});
    } catch {
      throw new Unsupported(`${type.name}.${key}: what its select reads`);
    }
    if (isPromiseLike(read)) throw new Unsupported(`${type.name}.${key}: an asynchronous select`);
    const selected = (read as { select?: Record<string, unknown> } | null)?.select ?? {};
    for (const [name, value] of Object.entries(selected)) {
      if (value && typeof value === 'object' && relations.has(name))
        throw new Unsupported(`${type.name}.${key} reads the relation ${name} of another field`);
    }
  }
}

function included(state: RequestState, nodes: SelectionNode[]): boolean {
  for (const node of nodes) {
    if (getDirectiveValues(GraphQLSkipDirective, node, state.variables)?.if === true) return false;
    if (getDirectiveValues(GraphQLIncludeDirective, node, state.variables)?.if === false) return false;
  }
  return true;
}

type Completer = (value: unknown, state: RequestState) => unknown;

const SPECIFIED: Record<string, unknown> = {
  String: GraphQLString,
  Boolean: GraphQLBoolean,
  Int: GraphQLInt,
  Float: GraphQLFloat,
  ID: GraphQLID,
};
const SAME_VALUE: Record<string, (value: unknown) => boolean> = {
  String: (v) => typeof v === 'string',
  ID: (v) => typeof v === 'string',
  Boolean: (v) => typeof v === 'boolean',
  Int: (v) => typeof v === 'number' && Number.isInteger(v) && v <= 2147483647 && v >= -2147483648,
  Float: (v) => typeof v === 'number' && Number.isFinite(v),
};

/**
 * What graphql-js' completeValue does for a type, decided once from the type at planning: each
 * value then costs no type test (graphql-js' own `instanceOf` checks are slow outside production).
 */
function completerOf(type: GraphQLOutputType, plan: ObjectPlan | null): Completer {
  if (isNonNullType(type)) {
    const inner = completerOf(type.ofType, plan);
    return (value, state) => {
      const v = inner(value, state);
      if (v === null) throw new Fallback('null for a non-null field');
      return v;
    };
  }
  let present: Completer;
  if (isListType(type)) {
    const item = completerOf(type.ofType, plan);
    present = (value, state) => {
      if (!Array.isArray(value)) throw new Fallback('not a list');
      return value.map((v) => item(v, state));
    };
  } else if (isScalarType(type) || isEnumType(type)) {
    const leaf = type;
    const serialize = (value: unknown) => {
      const out = leaf.serialize(value);
      if (out === undefined) throw new Fallback('serialize');
      return out;
    };
    // graphql-js' own scalars give back a value of their kind unchanged (its serializeString,
    // serializeBoolean, serializeInt, serializeFloat, serializeID): that value skips the call.
    const same = SAME_VALUE[leaf.name];
    present =
      same && (leaf as unknown) === SPECIFIED[leaf.name] ? (value) => (same(value) ? value : serialize(value)) : serialize;
  } else {
    if (!plan) throw new Unsupported(`no plan for ${String(type)}`);
    present = (value, state) => run(plan, value, state);
  }
  return (value, state) => {
    if (value === null || value === undefined) return null;
    if (value instanceof Error) throw value;
    return present(value, state);
  };
}

/**
 * Runs a plan over its parent and waits for every value still being resolved. The fields run one
 * after the other's start, as graphql-js starts them; their values are awaited together.
 */
async function answer(plan: ObjectPlan, parent: Parent, state: RequestState): Promise<Record<string, unknown>> {
  const data = run(plan, parent, state);
  while (state.pending.length) await Promise.all(state.pending.splice(0));
  return data;
}

function run(plan: ObjectPlan, parent: Parent, state: RequestState): Record<string, unknown> {
  const out: Record<string, unknown> = plan.make ? plan.make() : {};
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
    const value = f.resolve(parent, args, state, f);
    if (isPromiseLike(value)) {
      // Kept in its place (the key order is the document's), written when it is known.
      out[f.key] = null;
      const done = Promise.resolve(value).then((v) => {
        out[f.key] = f.complete(v, state);
      });
      // Awaited by `answer`; one that fails after the answer was given up on must not go unhandled.
      done.catch(() => undefined);
      state.pending.push(done);
    } else out[f.key] = f.complete(value, state);
  }
  return out;
}

const isPromiseLike = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/**
 * Whether a root field's resolver refuses its arguments before reading anything: one of the field's
 * `oneOfArgs` (extensions) is required and none is given (`property` without `id` or `slug`). Apollo
 * answers such a request, so the refusal is Apollo's and no other root's statements run twice.
 */
function refusesArguments(plan: ObjectPlan, state: RequestState): boolean {
  for (const f of plan.fields) {
    const names = f.resolve === null ? undefined : (f.def.extensions?.oneOfArgs as readonly string[] | undefined);
    if (!names || (f.conditions.length && !included(state, f.conditions))) continue;
    const args = getArgumentValues(f.def, f.node, state.variables);
    if (!names.some((n) => args[n] !== null && args[n] !== undefined)) return true;
  }
  return false;
}

/** A query this path answers: its one operation and the plan of what it selects. */
interface Planned {
  text: string;
  schema: GraphQLSchema;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  fragments: Record<string, FragmentDefinitionNode>;
  plan: ObjectPlan;
  /** Failures in a row of a resolver this path cannot run (one that needs `info`); at 3 Apollo takes it over. */
  strikes: number;
  /** Whether a partner key may send it (decided on a partner's first request). */
  partnerMayAsk?: boolean;
  /**
   * Whether a root of it is left to Apollo (extensions `apolloOnly`: a partner's own webhooks, whose
   * refusals to anyone else would make this path run the other roots' statements twice).
   */
  apolloOnly?: boolean;
  /**
   * Requests of it (viewer, partner and variables) that failed here, Apollo answering instead: Apollo
   * answers them from then on. A failure is mostly an error Apollo reports (FORBIDDEN, NOT_FOUND),
   * found after the root's statements ran; asked again, the same request would run them twice.
   */
  failed?: Map<string, true>;
  /** Whether it is within the cost limit, by the values of the variables that set its page sizes. */
  withinCost?: Map<string, boolean>;
}

function partnerMayAsk(schema: GraphQLSchema, planned: Planned): boolean {
  try {
    assertPartnerOperation(schema, planned.document, planned.operation);
    return true;
  } catch {
    return false;
  }
}

/** A variable the request left out (no value, no default), in a cost key. */
const ABSENT = { absent: true };

/**
 * The cost limit (graphql/limits.ts), computed once per document and values of the variables it
 * depends on. The values are the coerced ones the operation runs with (defaults applied), and a
 * variable left out is told apart from one sent as null: the two can cost differently.
 */
function withinCost(planned: Planned, variables: Record<string, unknown>): boolean {
  const memo = (planned.withinCost ??= new Map());
  const names = costVariables(planned.document);
  const key = names.length ? JSON.stringify(names.map((n) => (Object.hasOwn(variables, n) ? variables[n] : ABSENT))) : '';
  let ok = memo.get(key);
  if (ok === undefined) {
    try {
      assertWithinCost(planned.schema, planned.document, planned.operation.name?.value, variables);
      ok = true;
    } catch {
      ok = false;
    }
    if (memo.size >= 64) memo.clear();
    memo.set(key, ok);
  }
  return ok;
}

/** Failed requests remembered per document (the one remembered longest is forgotten first). */
const FAILED_REQUESTS = 256;

/** Who asks what: the key of a request in `Planned.failed`. */
const requestKey = (state: RequestState) =>
  JSON.stringify([state.context.viewer?.uid ?? null, state.context.partner?.id ?? null, state.variables]);

/** Texts remembered (planned, or seen once); a longer text is never planned. */
const PLANNED_TEXTS = 1_000;
const MAX_PLANNED_TEXT = 20_000;
const STRIKES = 3;

export interface PlannedPath {
  readonly handler: RequestHandler;
  /**
   * Answers one of the site's queries in process, as the handler would answer it over HTTP for this
   * request (a page rendered on the server, server/http/ssr.ts); null when Apollo must answer it.
   */
  execute(
    text: string,
    variables: Record<string, unknown> | undefined,
    req: Request,
    res: Response,
  ): Promise<{ data: Record<string, unknown> } | null>;
}

/**
 * Plans the site's query documents at start, and others on their second request; `handler` answers
 * a POST /graphql of a planned text (after the trusted-document and public-cache middleware) or calls next().
 */
export function createPlannedPath(deps: {
  schema: GraphQLSchema;
  trustedDocuments: TrustedDocuments;
  publicCache: PublicCache;
  log: Logger;
  /** The context Apollo builds for this request. */
  contextOf: (req: Request, res: Response) => GraphQLContext;
  /** Production refuses introspection, as Apollo does there. */
  production: boolean;
}): PlannedPath {
  const { schema, publicCache, log } = deps;
  const queryType = schema.getQueryType()!;
  // graphql-js' standard rules and the limits, as Apollo validates: a document Apollo refuses is
  // never planned (issue 58 item 9).
  const validate = createDocumentValidator(schema, { production: deps.production });

  /** Plans a document of one query; null when this path cannot answer it. */
  function planDocument(candidate: string): Planned | null {
    let document: DocumentNode;
    try {
      document = parse(candidate, PARSE_OPTIONS);
    } catch {
      return null;
    }
    const ops = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    const operation = ops[0];
    if (ops.length !== 1 || operation!.operation !== 'query') return null;
    try {
      if (validate(document, candidate).length) throw new Unsupported('invalid document');
      const fragments = Object.fromEntries(
        document.definitions
          .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
          .map((d) => [d.name.value, d]),
      );
      if (operation!.selectionSet.selections.some((s) => s.kind !== Kind.FIELD || s.name.value.startsWith('__')))
        throw new Unsupported('root selections');
      const plan = planObject(queryType, [{ set: operation!.selectionSet, conditions: [] }], fragments, undefined);
      return { text: candidate, schema, document, operation: operation!, fragments, plan, strikes: 0 };
    } catch (err) {
      if (!(err instanceof Unsupported)) throw err;
      return null;
    }
  }

  // The site's own queries are planned at start; any other text (a partner's own query) on its
  // second request, so a caller sending a new text each time costs no planning. At most
  // PLANNED_TEXTS texts are remembered (then the memory starts again with the site's).
  const planned = new Map<string, Planned | null | 'seen'>();
  const site = new Map<string, Planned | null>();
  for (const text of deps.trustedDocuments.texts()) {
    const plan = planDocument(text);
    if (plan) site.set(text, plan);
  }
  const remember = () => {
    planned.clear();
    for (const [text, plan] of site) planned.set(text, plan);
  };
  remember();
  const planFor = (text: string): Planned | null => {
    const known = planned.get(text);
    if (known !== undefined && known !== 'seen') return known;
    if (text.length > MAX_PLANNED_TEXT) return null;
    if (planned.size >= PLANNED_TEXTS + site.size) remember();
    if (known === undefined) {
      planned.set(text, 'seen');
      return null;
    }
    const plan = planDocument(text);
    planned.set(text, plan);
    return plan;
  };

  /** What this path answers for a request, or null when Apollo must (the checks of the handler). */
  function prepare(
    text: string,
    operationName: unknown,
    rawVariables: unknown,
    req: Request,
    res: Response,
  ): { found: Planned; state: RequestState } | null {
    if (req.auth?.refused || req.auth?.unavailable) return null;
    const found = planFor(text);
    if (!found || (operationName != null && operationName !== (found.operation.name?.value ?? null))) return null;
    const variables = rawVariables ?? {};
    if (typeof variables !== 'object' || variables === null || Array.isArray(variables)) return null;
    const coerced = getVariableValues(schema, found.operation.variableDefinitions ?? [], variables as Record<string, unknown>);
    if (coerced.errors) return null;
    // What Apollo's guard checks for a query: a partner key reads public queries only (a fact of the
    // document, decided once); the cost limit (a fact of the document and its page sizes).
    if (req.partner && !(found.partnerMayAsk ??= partnerMayAsk(schema, found))) return null;
    if (!withinCost(found, coerced.coerced)) return null;
    const state: RequestState = {
      context: deps.contextOf(req, res),
      variables: coerced.coerced,
      args: new Map(),
      pending: [],
      planned: found,
    };
    if (found.failed?.has(requestKey(state))) return null;
    if (refusesArguments(found.plan, state)) return null;
    found.apolloOnly ??= found.plan.fields.some((f) => f.def.extensions?.apolloOnly === true);
    if (found.apolloOnly) return null;
    return { found, state };
  }

  /** Runs what `prepare` accepted; rejects when Apollo must answer instead (after `strikes` of them, for good). */
  async function answerFor({ found, state }: { found: Planned; state: RequestState }, req: Request) {
    try {
      const data = await answer(found.plan, undefined, state);
      found.strikes = 0;
      return data;
    } catch (err) {
      const failed = (found.failed ??= new Map());
      if (failed.size >= FAILED_REQUESTS) failed.delete(failed.keys().next().value!);
      failed.set(requestKey(state), true);
      if (err instanceof TypeError && ++found.strikes >= STRIKES && planned.get(found.text) === found) {
        planned.set(found.text, null);
        site.delete(found.text);
        log.warn(
          { operationName: found.operation.name?.value, err },
          'a planned document needs what this path does not give its resolvers: Apollo answers it from now on',
        );
      } else if (!(err instanceof Fallback)) req.log?.debug({ err }, 'planned document: Apollo answers instead');
      throw err;
    }
  }

  const handler: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    const body = req.body as { query?: unknown; variables?: unknown; operationName?: unknown } | undefined;
    if (req.method !== 'POST' || typeof body?.query !== 'string') return next();
    const prepared = prepare(body.query, body.operationName, body.variables, req, res);
    if (!prepared) return next();
    const contentType = chooseContentType(req.get('accept'));
    if (!contentType) return next();
    const { operation } = prepared.found;
    const slot = (res.locals.publicCache as PublicCacheSlot | undefined) ?? null;
    answerFor(prepared, req)
      .then(async (data) => {
        // A partner's answer says what it cost and what its key has left, as Apollo's does (http.ts).
        const budget = req.partner ? req.partnerBudget : undefined;
        const json = JSON.stringify(
          budget
            ? {
                data,
                extensions: {
                  cost: partnerCost(
                    schema,
                    prepared.found.document,
                    operation.name?.value,
                    prepared.state.variables,
                    data,
                    budget,
                  ),
                },
              }
            : { data },
        );
        if (slot) {
          const stored = isPublicQuery(operation);
          res.set(PUBLIC_CACHE_HEADER, stored ? 'MISS' : 'BYPASS');
          if (stored) await publicCache.set(slot.slot, slot.key, json, subjectOf(operation, data)).catch(() => undefined);
        }
        res.status(200).set(EXECUTOR_HEADER, PLANNED).set('content-type', contentType).send(`${json}\n`);
      })
      .catch(() => next());
  };

  const execute: PlannedPath['execute'] = async (text, variables, req, res) => {
    const prepared = prepare(text, undefined, variables, req, res);
    if (!prepared) return null;
    try {
      return { data: await answerFor(prepared, req) };
    } catch {
      return null;
    }
  };

  return { handler, execute };
}

const JSON_TYPE = 'application/json; charset=utf-8';
const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json; charset=utf-8';

/** Apollo Server's choice of content type for a single result (its chooseContentTypeForSingleResultResponse). */
function chooseContentType(accept: string | undefined): string | null {
  if (!accept) return JSON_TYPE;
  const preferred = new Negotiator({ headers: { accept } }).mediaType([JSON_TYPE, GRAPHQL_RESPONSE_TYPE]);
  return preferred === JSON_TYPE || preferred === GRAPHQL_RESPONSE_TYPE ? preferred : null;
}

/** Answers a selection over a row already loaded: `(row, context, variables) => its fields`. */
export type Selection = (
  row: unknown,
  context: Pick<GraphQLContext, 'prisma' | 'viewer' | 'log'>,
  variables?: Record<string, unknown>,
) => Promise<Record<string, unknown>>;

/**
 * A selection of a type's fields, given as a GraphQL fragment (`fragment Item on Property { … }`,
 * aliases for other names), planned once and run over rows another statement loaded: REST's shapes
 * take every value from the schema's own field definitions this way. The row must hold what the
 * fields read (their relations loaded); a relation that is not is an error, never a query. The
 * fragment's variables (`$to`) are given already coerced.
 */
export function createSelection(schema: GraphQLSchema, fragmentText: string): Selection {
  const document = parse(fragmentText, PARSE_OPTIONS);
  const fragments = Object.fromEntries(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  const main = document.definitions[0];
  if (main?.kind !== Kind.FRAGMENT_DEFINITION) throw new Error('A selection is a fragment.');
  const type = schema.getType(main.typeCondition.name.value);
  if (!isObjectType(type)) throw new Error(`No object type ${main.typeCondition.name.value}.`);
  const plan = planObject(type, [{ set: main.selectionSet, conditions: [] }], fragments, {
    prev: undefined,
    key: main.name.value,
    typename: undefined,
  });
  const operation: OperationDefinitionNode = {
    kind: Kind.OPERATION_DEFINITION,
    operation: 'query' as never,
    selectionSet: main.selectionSet,
  };
  const planned: Planned = { text: fragmentText, schema, document, operation, fragments, plan, strikes: 0 };
  return (row, context, variables = {}) => {
    const state: RequestState = { context: context as GraphQLContext, variables, args: new Map(), pending: [], planned };
    return answer(plan, row, state);
  };
}
