import type { NextFunction, Request, Response } from 'express';
import {
  GraphQLError,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { RateLimit } from '../infra/rate-limits.js';
import { bearerToken } from '../modules/auth/viewer.js';
import { isPartnerKeyShaped, type PartnerKeys } from '../modules/partners/partner-keys.js';

/**
 * What a partner API key may do (docs/decisions/0024-partner-api.md): read public listings, agents and
 * their reviews through POST /graphql, within its own rate limit; nothing else.
 */

/** Root query fields a partner may ask for. */
export const PARTNER_ROOT_FIELDS = new Set([
  'properties',
  'listingChanges',
  'propertyMapPoints',
  'property',
  'agents',
  'agent',
  'addressSuggestions',
  'subwayLines',
  'subwayStations',
  'webhookEndpoints',
  'webhookDeliveries',
  '__typename',
]);
/** The only mutations a partner key may run: managing its own webhooks (issue 53 item 2). */
export const PARTNER_MUTATIONS = new Set([
  'createWebhookEndpoint',
  'updateWebhookEndpoint',
  'rotateWebhookSecret',
  'deleteWebhookEndpoint',
  'sendTestWebhook',
  '__typename',
]);
/** What a partner's refused mutation answers. */
export const PARTNER_READ_ONLY =
  'Partner API keys are read-only, but for their own webhooks: queries and the webhook mutations only.';
/** What the schema's description of each of PARTNER_DENIED_FIELDS says (server/graphql/schema.ts). */
export const PARTNER_DENIED_NOTE = 'Never readable with a partner API key: a query that asks for it is refused (403 FORBIDDEN).';

/** Fields that are personal data, or about the viewer: never answered to a partner. */
export const PARTNER_DENIED_FIELDS = new Set([
  'Property.ownerId',
  'Property.viewerCanManage',
  'Property.version',
  'Property.isSaved',
  'Property.viewerThreadId',
  'Property.viewerHasReported',
  'OpenHouse.viewerRsvp',
  'OpenHouse.attendees',
  'Agent.email',
  'Agent.phone',
  'Agent.viewerRating',
  'ReviewAuthor.lastName',
  'ReviewAuthor.photoUrl',
  'Review.isMine',
  'Review.viewerCanReply',
  'Review.viewerHasReported',
]);

const graphqlError = (res: Response, status: number, message: string, code: string) =>
  res.status(status).json({ errors: [{ message, extensions: { code } }] });

/**
 * Before identity: a request whose bearer token is a partner key is checked here and never reaches the
 * identity provider. On /graphql a valid key within its limit runs as `req.partner` (no viewer); an
 * unknown or revoked key is a 401, over the limit a 429 with Retry-After. Elsewhere (the REST API)
 * partner keys are refused with a 403. An Authorization header that is no Bearer credential is a 401
 * everywhere.
 */
export function partnerAccess(deps: { keys: PartnerKeys; limit: RateLimit }) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const header = req.get('authorization');
    const token = bearerToken(header);
    // A credential of another scheme or shape ('Token abc', 'Bearer' alone) is refused, not taken as
    // nobody's (issue 53 item 4): the caller meant to be someone.
    if (header?.trim() && !token) {
      res.set('WWW-Authenticate', 'Bearer');
      const message = "Malformed Authorization header: send 'Bearer <API key or ID token>'.";
      if (req.baseUrl === '/graphql') graphqlError(res, 401, message, 'UNAUTHENTICATED');
      else res.status(401).json({ error: message, code: 'UNAUTHENTICATED' });
      return;
    }
    if (!token || !isPartnerKeyShaped(token)) return next();
    try {
      if (req.baseUrl !== '/graphql') {
        res.status(403).json({ error: 'Partner keys work on /graphql only', code: 'FORBIDDEN' });
        return;
      }
      const partner = await deps.keys.verify(token);
      if (!partner) {
        res.set('WWW-Authenticate', 'Bearer error="invalid_token"');
        graphqlError(res, 401, 'Invalid or revoked API key', 'UNAUTHENTICATED');
        return;
      }
      const taken = await deps.limit.take(partner.id);
      // What is left of the key's requests, on every answer (IETF draft-ietf-httpapi-ratelimit-headers):
      // the policy (1200;w=60) and the window now (limit, remaining, seconds until it starts again).
      const budget = {
        limit: deps.limit.points,
        remaining: taken.remaining,
        resetSeconds: taken.resetSeconds,
        windowSeconds: deps.limit.durationSeconds,
      };
      res.set('RateLimit-Policy', `${budget.limit};w=${budget.windowSeconds}`);
      res.set('RateLimit', `limit=${budget.limit}, remaining=${budget.remaining}, reset=${budget.resetSeconds}`);
      req.partnerBudget = budget;
      if (!taken.allowed) {
        res.set('Retry-After', String(taken.retryAfterSeconds));
        graphqlError(res, 429, `Too many requests: ${deps.limit.points} a minute per API key.`, 'RATE_LIMITED');
        return;
      }
      req.partner = partner;
      // Apollo's CSRF rule guards requests a browser could send with the site's cookie; a key rides in the
      // Authorization header, which no other site's page can add without CORS asking first, and a keyed
      // request runs with no viewer, whatever cookie it carries: its GETs (persisted queries) pass.
      req.headers['apollo-require-preflight'] = 'partner-key';
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** In the GraphQL pipeline: a partner's operation is a query over public fields, or manages its webhooks. */
export function assertPartnerOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode | null | undefined,
): void {
  const readOnly = () =>
    new GraphQLError(PARTNER_READ_ONLY, {
      extensions: { code: 'FORBIDDEN', http: { status: 403 } },
    });
  if (operation?.operation === 'mutation') {
    // Every root field of it (fragments spread at the root included) manages webhooks.
    const roots: string[] = [];
    const collect = (selections: readonly SelectionNode[]) => {
      for (const s of selections) {
        if (s.kind === Kind.FIELD) roots.push(s.name.value);
        else if (s.kind === Kind.INLINE_FRAGMENT) collect(s.selectionSet.selections);
        else {
          const fragment = document.definitions.find(
            (d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === s.name.value,
          ) as FragmentDefinitionNode | undefined;
          if (!fragment) throw readOnly();
          collect(fragment.selectionSet.selections);
        }
      }
    };
    collect(operation.selectionSet.selections);
    if (!roots.length || roots.some((r) => !PARTNER_MUTATIONS.has(r))) throw readOnly();
  } else if (operation?.operation !== 'query') {
    throw readOnly();
  }
  const typeInfo = new TypeInfo(schema);
  const denied: string[] = [];
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      [Kind.FIELD](node) {
        const parent = typeInfo.getParentType();
        if (!parent) return;
        const name = node.name.value;
        if (parent === schema.getQueryType() && !PARTNER_ROOT_FIELDS.has(name) && !name.startsWith('__')) {
          denied.push(`Query.${name}`);
        } else if (PARTNER_DENIED_FIELDS.has(`${parent.name}.${name}`)) {
          denied.push(`${parent.name}.${name}`);
        }
      },
    }),
  );
  if (denied.length) {
    throw new GraphQLError(`Not available with a partner API key: ${[...new Set(denied)].join(', ')}.`, {
      extensions: { code: 'FORBIDDEN', http: { status: 403 } },
    });
  }
}
