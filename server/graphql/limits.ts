import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isLeafType,
  isListType,
  isObjectType,
  isInterfaceType,
  Kind,
  NoSchemaIntrospectionCustomRule,
  specifiedRules,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ParseOptions,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
  type ValueNode,
  visit,
} from 'graphql';

/**
 * Bounds on every GraphQL operation, the same on HTTP and WebSocket (docs/decisions/0011-bounded-graphql.md).
 * The app's own operations stay well inside them (a test checks each generated document).
 */
export const GRAPHQL_LIMITS = {
  /** Lexer tokens in one document (graphql-js `parse(…, { maxTokens })`). */
  maxTokens: 3_000,
  /** Nested selection depth (fragments flattened). */
  maxDepth: 10,
  /** Aliased fields in one operation. */
  maxAliases: 15,
  /** Directives in one operation. */
  maxDirectives: 10,
  /** Cost: each object costs 1 times how many of it a page can hold (`first`, or 10 for a plain list). */
  maxCost: 3_000,
  /** Size assumed for a list field without a `first` argument (photos, open houses…). */
  defaultListSize: 10,
  /** Size assumed for a connection when `first` is not given and has no default. */
  defaultConnectionSize: 20,
} as const;

export const PARSE_OPTIONS: ParseOptions = { maxTokens: GRAPHQL_LIMITS.maxTokens };

/** Validation rules added to graphql-js' own, on HTTP (Apollo) and WebSocket (graphql-ws) alike. */
export function limitRules(opts: { production: boolean }): ValidationRule[] {
  // Report through the validation context (graphql-armor would otherwise throw, which Apollo and
  // graphql-ws treat as an internal error).
  const armor = {
    propagateOnRejection: false,
    exposeLimits: true,
    // graphql-armor words its refusals 'Syntax Error: …' although the document parsed: said plainly
    // (issue 53 item 3), with its code and the limit.
    onReject: [
      (ctx: ValidationContext | null, err: GraphQLError) =>
        ctx?.reportError(
          new GraphQLError(err.message.replace(/^Syntax Error:\s*/, ''), { nodes: err.nodes, extensions: err.extensions }),
        ),
    ],
  };
  return [
    maxDepthRule({ ...armor, n: GRAPHQL_LIMITS.maxDepth, flattenFragments: true }),
    maxAliasesRule({ ...armor, n: GRAPHQL_LIMITS.maxAliases, allowList: [] }),
    maxDirectivesRule({ ...armor, n: GRAPHQL_LIMITS.maxDirectives }),
    ...(opts.production ? [NoSchemaIntrospectionCustomRule] : []),
  ] as ValidationRule[];
}

/** graphql-js' rules plus the limits (for transports that validate by themselves). */
export function allValidationRules(opts: { production: boolean }): ValidationRule[] {
  return [...specifiedRules, ...limitRules(opts)];
}

// ---------------------------------------------------------------------------------------------------
// Cost
// ---------------------------------------------------------------------------------------------------

function intValue(node: ValueNode | undefined, variables: Record<string, unknown>): number | undefined {
  if (!node) return undefined;
  if (node.kind === Kind.INT) return Number.parseInt(node.value, 10);
  if (node.kind === Kind.VARIABLE) {
    const v = variables[node.name.value];
    return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
  }
  return undefined;
}

/** The page-size argument of a field: `first` (connections, lists) or `pageSize` (numbered pages). */
const PAGE_ARGS = ['first', 'pageSize'];

function firstArg(
  field: GraphQLField<unknown, unknown>,
  args: readonly { name: { value: string }; value: ValueNode }[],
  variables: Record<string, unknown>,
  operationDefaults: Record<string, unknown>,
): number | undefined {
  const name = PAGE_ARGS.find((n) => field.args.some((a) => a.name === n));
  if (!name) return undefined;
  const given = args.find((a) => a.name.value === name);
  const value = given ? intValue(given.value, { ...operationDefaults, ...variables }) : undefined;
  if (value !== undefined) return Math.max(0, value);
  const def = field.args.find((a) => a.name === name)?.defaultValue;
  return typeof def === 'number' ? def : undefined;
}

/**
 * Objects that cost nothing: read from the row already loaded or from data shipped with the app
 * (a listing's stored nearby stations and the subway lines' bullets), never a query of their own.
 */
const FREE_OBJECTS = new Set(['NearbyStation', 'SubwayLine', 'SubwayStation']);

/** A document's operation of that name (its first without one) and its fragments by name. */
function operationOf(document: DocumentNode, operationName: string | null | undefined) {
  const fragments = new Map<string, FragmentDefinitionNode>();
  let operation: OperationDefinitionNode | undefined;
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    else if (def.kind === Kind.OPERATION_DEFINITION && (!operationName || def.name?.value === operationName)) operation ??= def;
  }
  return { fragments, operation };
}

/**
 * The cost of an operation: every object field costs 1, multiplied by how many of it the pages
 * above it can hold. A connection holds `first` (its default, else 20); a list with `first` holds
 * that many; any other list of objects 10. Leaves cost nothing. Variables are read when given.
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> = {},
): number {
  const { fragments, operation } = operationOf(document, operationName);
  if (!operation) return 0;
  const defaults: Record<string, unknown> = {};
  for (const v of operation.variableDefinitions ?? []) {
    if (v.defaultValue?.kind === Kind.INT) defaults[v.variable.name.value] = Number.parseInt(v.defaultValue.value, 10);
  }
  const root =
    operation.operation === 'query'
      ? schema.getQueryType()
      : operation.operation === 'mutation'
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  if (!root) return 0;

  const costOf = (set: SelectionSetNode, parent: GraphQLNamedType, seen: Set<string>, inConnection: boolean): number => {
    let total = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FRAGMENT_SPREAD) {
        const frag = fragments.get(sel.name.value);
        if (!frag || seen.has(frag.name.value)) continue;
        const type = schema.getType(frag.typeCondition.name.value) ?? parent;
        total += costOf(frag.selectionSet, type, new Set([...seen, frag.name.value]), inConnection);
        continue;
      }
      if (sel.kind === Kind.INLINE_FRAGMENT) {
        const type = sel.typeCondition ? (schema.getType(sel.typeCondition.name.value) ?? parent) : parent;
        total += costOf(sel.selectionSet, type, seen, inConnection);
        continue;
      }
      if (!(isObjectType(parent) || isInterfaceType(parent))) continue;
      const field = parent.getFields()[sel.name.value];
      if (!field || !sel.selectionSet) continue; // leaves and __typename cost nothing
      const named = getNamedType(field.type);
      if (isLeafType(named) || FREE_OBJECTS.has(named.name)) continue;
      // A connection (edges) or a numbered page (items) holds `first`/`pageSize` of its rows.
      const isConnection = named.name.endsWith('Connection') || named.name.endsWith('Page');
      const isList = isListType(getNullableType(field.type));
      let multiplier = 1;
      if (isConnection) {
        multiplier = firstArg(field, sel.arguments ?? [], variables, defaults) ?? GRAPHQL_LIMITS.defaultConnectionSize;
      } else if (isList && !(inConnection && (sel.name.value === 'edges' || sel.name.value === 'items'))) {
        multiplier = firstArg(field, sel.arguments ?? [], variables, defaults) ?? GRAPHQL_LIMITS.defaultListSize;
      }
      total += multiplier * (1 + costOf(sel.selectionSet, named, seen, isConnection));
    }
    return total;
  };
  return costOf(operation.selectionSet, root, new Set(), false);
}

const costVariablesOf = new WeakMap<DocumentNode, readonly string[]>();

/**
 * The variables a document's cost can depend on: those given to a page-size argument (`first`,
 * `pageSize`) anywhere in its operations or fragments (arguments read by name, so any such argument
 * counts). Its cost is the same for any two requests with the same values of these.
 */
export function costVariables(document: DocumentNode): readonly string[] {
  let names = costVariablesOf.get(document);
  if (!names) {
    const found = new Set<string>();
    visit(document, {
      Argument(node) {
        if (!PAGE_ARGS.includes(node.name.value)) return;
        visit(node.value, {
          Variable(v) {
            found.add(v.name.value);
          },
        });
      },
    });
    names = [...found].sort();
    costVariablesOf.set(document, names);
  }
  return names;
}

/** Throws a GraphQL validation error (no SQL runs) when the operation costs more than the limit. */
export function assertWithinCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables?: Record<string, unknown> | null,
): void {
  const cost = operationCost(schema, document, operationName, variables ?? {});
  if (cost > GRAPHQL_LIMITS.maxCost) {
    throw new GraphQLError(
      `Query is too expensive: its cost is ${cost}, the limit is ${GRAPHQL_LIMITS.maxCost}. Ask for smaller pages or fewer nested lists.`,
      {
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED', cost, maxCost: GRAPHQL_LIMITS.maxCost, http: { status: 400 } },
      },
    );
  }
}

/** Field suggestions ('Did you mean …?') reveal the schema: removed from messages in production. */
export function stripSuggestions(message: string): string {
  return message.replace(/\s*Did you mean .*\?$/s, '');
}

// ---------------------------------------------------------------------------------------------------
// What a partner's answer cost (issue 53 item 3)
// ---------------------------------------------------------------------------------------------------

/** What a partner key has left of its requests this window (RATE_LIMITS.partnerRequests). */
export interface RequestBudget {
  limit: number;
  remaining: number;
  /** Seconds until the window starts again. */
  resetSeconds: number;
  windowSeconds: number;
}

/**
 * The objects an answer holds, priced as `operationCost` prices what was asked (each object 1; leaves,
 * `__typename` and the free objects nothing): what was asked for at the pages' real sizes, so at most
 * the requested cost.
 */
export function actualCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  data: unknown,
): number {
  const { fragments, operation } = operationOf(document, operationName);
  const root =
    operation?.operation === 'query'
      ? schema.getQueryType()
      : operation?.operation === 'mutation'
        ? schema.getMutationType()
        : null;
  if (!operation || !root) return 0;

  /** The fields of selection sets by response key, fragments flattened (one key selected twice is one value). */
  const collect = (sets: Array<{ set: SelectionSetNode; type: GraphQLNamedType }>) => {
    const byKey = new Map<string, { type: GraphQLNamedType; sets: Array<{ set: SelectionSetNode; type: GraphQLNamedType }> }>();
    const walk = (set: SelectionSetNode, type: GraphQLNamedType, seen: Set<string>) => {
      for (const sel of set.selections) {
        if (sel.kind === Kind.FRAGMENT_SPREAD) {
          const frag = fragments.get(sel.name.value);
          if (!frag || seen.has(frag.name.value)) continue;
          walk(frag.selectionSet, schema.getType(frag.typeCondition.name.value) ?? type, new Set([...seen, frag.name.value]));
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          walk(sel.selectionSet, sel.typeCondition ? (schema.getType(sel.typeCondition.name.value) ?? type) : type, seen);
        } else if (sel.selectionSet && (isObjectType(type) || isInterfaceType(type))) {
          const field = type.getFields()[sel.name.value];
          if (!field) continue;
          const named = getNamedType(field.type);
          if (isLeafType(named) || FREE_OBJECTS.has(named.name)) continue;
          const key = sel.alias?.value ?? sel.name.value;
          const entry = byKey.get(key) ?? { type: named, sets: [] };
          entry.sets.push({ set: sel.selectionSet, type: named });
          byKey.set(key, entry);
        }
      }
    };
    for (const { set, type } of sets) walk(set, type, new Set());
    return byKey;
  };

  // Collected once per selection for the whole answer, not once per object of it (a page's cards share
  // theirs): a CPU profile of a partner's search page under load found the walk at 5 % of the CPU.
  type Sets = Array<{ set: SelectionSetNode; type: GraphQLNamedType }>;
  const collected = new Map<Sets, ReturnType<typeof collect>>();
  const collectOnce = (sets: Sets) => {
    let found = collected.get(sets);
    if (!found) collected.set(sets, (found = collect(sets)));
    return found;
  };

  const costOf = (sets: Sets, value: unknown): number => {
    if (value === null || value === undefined || typeof value !== 'object') return 0;
    if (Array.isArray(value)) return value.reduce((n: number, v) => n + costOf(sets, v), 0);
    let total = 0;
    for (const [key, entry] of collectOnce(sets)) {
      const v = (value as Record<string, unknown>)[key];
      total += objectsIn(v) + costOf(entry.sets, v);
    }
    return total;
  };
  return costOf([{ set: operation.selectionSet, type: root }], data);
}

function objectsIn(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + objectsIn(v), 0);
  return value !== null && typeof value === 'object' ? 1 : 0;
}

/**
 * `extensions.cost` of an answer to a partner key, as Shopify's API gives it: what the query was priced
 * at before it ran (`requested`, refused above `maximum`), what the answer held (`actual`), and what the
 * key has left of its requests this window (`budget`, as the RateLimit header says).
 */
export function partnerCost(
  schema: GraphQLSchema,
  document: DocumentNode | undefined,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
  data: unknown,
  budget: RequestBudget,
) {
  return {
    requested: document ? operationCost(schema, document, operationName, variables ?? {}) : 0,
    actual: document ? actualCost(schema, document, operationName, data) : 0,
    maximum: GRAPHQL_LIMITS.maxCost,
    budget,
  };
}
