import type { CodegenConfig } from '@graphql-codegen/cli';

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
      },
    },
  },
};

export default config;
