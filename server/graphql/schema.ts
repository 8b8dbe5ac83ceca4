import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
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

let schema: GraphQLSchema | undefined;

export function getSchema(): GraphQLSchema {
  schema ??= builder.toSchema({ sortSchema: true });
  return schema;
}

/** The SDL committed as schema.graphql (sorted, so it diffs cleanly). */
export function printSchemaSdl(): string {
  return `${printSchema(lexicographicSortSchema(getSchema()))}\n`;
}
