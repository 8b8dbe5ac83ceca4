import { isInterfaceType, isObjectType, lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { PARTNER_DENIED_FIELDS, PARTNER_DENIED_NOTE } from '../http/partner-access.js';
import { builder } from './builder.js';
// Modules register their types on import.
import '../modules/listings/listings.schema.js';
import '../modules/listings/listing-write.schema.js';
import '../modules/listings/form-drafts.schema.js';
import '../modules/listings/listing-changes.schema.js';
import '../modules/agents/agents.schema.js';
import '../modules/agents/licenses.schema.js';
import '../modules/auth/auth.schema.js';
import '../modules/favorites/favorites.schema.js';
import '../modules/reviews/reviews.schema.js';
import '../modules/reviews/review-moderation.schema.js';
import '../modules/moderation/moderation.schema.js';
import '../modules/moderation/message-flags.schema.js';
import '../modules/messaging/messaging.schema.js';
import '../modules/transit/subway-lines.schema.js';
import '../modules/notifications/notifications.schema.js';
import '../modules/alerts/alerts.schema.js';
import '../modules/tours/tours.schema.js';
import '../modules/tours/my-tours.schema.js';
import '../modules/account/index.schema.js';
import '../modules/webhooks/webhooks.schema.js';

let schema: GraphQLSchema | undefined;

export function getSchema(): GraphQLSchema {
  schema ??= markForwardOnly(markPartnerDenied(builder.toSchema({ sortSchema: true })));
  return schema;
}

/**
 * Connections that page forward only (keyset cursors over a sort): their resolvers refuse `before` and
 * `last` (BAD_USER_INPUT), so the schema says so and does not advertise them (deprecated: introspection
 * leaves them out unless asked). The others (an agent's listings, the agents) page both ways.
 */
export const FORWARD_ONLY_CONNECTIONS = ['Query.properties', 'Query.listingChanges', 'Query.savedProperties', 'Query.myReviews'];
export const BACKWARDS_NOT_SUPPORTED =
  'Not supported: this connection pages forward only (`first` and `after`); refused with BAD_USER_INPUT. To be removed on 2027-06-07.';

function markForwardOnly(built: GraphQLSchema): GraphQLSchema {
  for (const coordinate of FORWARD_ONLY_CONNECTIONS) {
    const [typeName, fieldName] = coordinate.split('.') as [string, string];
    const type = built.getType(typeName);
    const field = type && isObjectType(type) ? type.getFields()[fieldName] : undefined;
    const args = field?.args.filter((a) => a.name === 'before' || a.name === 'last') ?? [];
    if (args.length !== 2) throw new Error(`FORWARD_ONLY_CONNECTIONS names ${coordinate}, which is no connection of the schema`);
    for (const arg of args) (arg as { deprecationReason?: string }).deprecationReason = BACKWARDS_NOT_SUPPORTED;
  }
  return built;
}

/**
 * The fields a partner API key may never read say so in their description (issue 53 item 4), so a
 * partner's code generator and reader know before asking: a query with one is refused whole (403).
 */
function markPartnerDenied(built: GraphQLSchema): GraphQLSchema {
  for (const name of PARTNER_DENIED_FIELDS) {
    const [typeName, fieldName] = name.split('.') as [string, string];
    const type = built.getType(typeName);
    const field = type && (isObjectType(type) || isInterfaceType(type)) ? type.getFields()[fieldName] : undefined;
    if (!field) throw new Error(`PARTNER_DENIED_FIELDS names ${name}, which the schema does not have`);
    field.description = `${field.description ? `${field.description}\n\n` : ''}${PARTNER_DENIED_NOTE}`;
  }
  return built;
}

/** The SDL committed as schema.graphql (sorted, so it diffs cleanly). */
export function printSchemaSdl(): string {
  return `${printSchema(lexicographicSortSchema(getSchema()))}\n`;
}
