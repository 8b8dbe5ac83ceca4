import { Kind, type OperationDefinitionNode } from 'graphql';

/**
 * Mutations made many times a minute in a live conversation (every message, typing signal and read):
 * their viewer is checked through the revocation cache (at most 60 s old; a sign-out on the same
 * instance marks it at once) instead of with the identity provider on each call. They only act inside
 * conversations the viewer already takes part in. Every other mutation is checked fresh
 * (docs/decisions/0010 and 0018).
 */
export const CACHED_AUTH_MUTATIONS: ReadonlySet<string> = new Set([
  'sendMessage',
  'setTyping',
  'markThreadRead',
  'dismissRatingPrompt',
]);

/** Whether the operation is a mutation that must be checked with the identity provider. */
export function needsFreshAuth(operation: OperationDefinitionNode | null | undefined): boolean {
  if (!operation || operation.operation !== 'mutation') return false;
  return operation.selectionSet.selections.some(
    (s) => s.kind !== Kind.FIELD || s.name.value === '__typename' || !CACHED_AUTH_MUTATIONS.has(s.name.value),
  );
}
