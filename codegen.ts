import type { CodegenConfig } from '@graphql-codegen/cli';
import type { Types } from '@graphql-codegen/plugin-helpers';
import { Kind, visit, type ASTNode, type SelectionSetNode } from 'graphql';

/**
 * Adds `__typename` to every selection set but an operation's root, as Apollo Client's cache does to
 * what it sends: the persisted text, which the server runs instead of the client's, must ask for the
 * same fields. (The preset's addTypenameSelectionDocumentTransform adds it to query roots too.)
 */
const addTypenameAsApolloDoes: Types.DocumentTransformObject = {
  transform: ({ documents }) =>
    documents.map((source) => ({
      ...source,
      document:
        source.document &&
        visit(source.document, {
          SelectionSet(node: SelectionSetNode, _key, parent: ASTNode | readonly ASTNode[] | undefined) {
            if (parent && !Array.isArray(parent) && (parent as ASTNode).kind === Kind.OPERATION_DEFINITION) return undefined;
            if (node.selections.some((s) => s.kind === Kind.FIELD && s.name.value === '__typename')) return undefined;
            return {
              ...node,
              selections: [{ kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } }, ...node.selections],
            };
          },
        }),
    })),
};

// Typed documents for the client: `graphql()` from '@/gql' returns a TypedDocumentNode for every
// operation and fragment written under client/src. The schema is printed from the server's Pothos
// schema (schema.graphql at the repository root).
const config: CodegenConfig = {
  schema: './schema.graphql',
  documents: ['client/src/**/*.{ts,tsx}', '!client/src/gql/**/*'],
  ignoreNoDocuments: true,
  generates: {
    'client/src/gql/': {
      preset: 'client',
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        // Both scalars travel as ISO-8601 strings (Date: YYYY-MM-DD; DateTime: UTC instant).
        scalars: { Date: 'string', DateTime: 'string' },
      },
      presetConfig: {
        fragmentMasking: false,
        // Trusted documents (docs/decisions/0025-trusted-documents.md): every operation's normalized
        // text goes to persisted-documents.json under its sha256; documents carry the hash in
        // `__meta__.hash`, the client sends only the hash, and the server runs only these in production.
        persistedDocuments: { mode: 'embedHashInDocument', hashAlgorithm: 'sha256' },
      },
      documentTransforms: [addTypenameAsApolloDoes],
    },
  },
};

export default config;
