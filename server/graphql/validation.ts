import { validate, type DocumentNode, type GraphQLError, type GraphQLSchema } from 'graphql';
import { allValidationRules } from './limits.js';

/** Validation results remembered, by document text (the oldest is forgotten first). */
const REMEMBERED = 2_000;
/** A longer text is validated every time, never remembered. */
const MAX_REMEMBERED_TEXT = 20_000;

/**
 * Validates a parsed document with graphql-js' standard rules (`specifiedRules`) plus the project's
 * limits (depth, aliases, directives; introspection in production): the one validation of every path
 * that does not go through Apollo (the planned path, graphql-ws). Results are remembered by the
 * document's text, failures as failures, so a text refused once is refused the same way every time
 * (issue 58 item 9: a replaced rule list let an invalid text run from its second request on).
 */
export type DocumentValidator = (document: DocumentNode, text: string) => readonly GraphQLError[];

export function createDocumentValidator(schema: GraphQLSchema, opts: { production: boolean }): DocumentValidator {
  const rules = allValidationRules(opts);
  const results = new Map<string, readonly GraphQLError[]>();
  return (document, text) => {
    const known = results.get(text);
    if (known) return known;
    const errors = validate(schema, document, rules);
    if (text.length <= MAX_REMEMBERED_TEXT) {
      if (results.size >= REMEMBERED) results.delete(results.keys().next().value!);
      results.set(text, errors);
    }
    return errors;
  };
}
