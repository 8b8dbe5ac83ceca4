// Trusted documents (docs/decisions/0025-trusted-documents.md): every operation of the client is
// persisted at build time by graphql-codegen, which puts its sha256 in the document's `__meta__`.
// This link names that hash in `extensions.persistedQuery` and leaves the query text out of HTTP
// requests; the server runs the text it persisted for the hash (in production, nothing else).
// The WebSocket link always sends the text too (graphql-ws needs it); the server uses the hash's.
import { ApolloLink } from '@apollo/client';
import type { DocumentNode } from 'graphql';

/** The bare hex sha256 codegen persisted the document under, if it did. */
export function persistedHash(document: DocumentNode): string | undefined {
  const hash = (document as { __meta__?: { hash?: unknown } }).__meta__?.hash;
  return typeof hash === 'string' ? hash.replace(/^sha256:/, '') : undefined;
}

export const trustedDocumentsLink = new ApolloLink((operation, forward) => {
  const hash = persistedHash(operation.query);
  if (hash) {
    operation.extensions.persistedQuery = { version: 1, sha256Hash: hash };
    operation.setContext(({ http }: { http?: Record<string, unknown> }) => ({
      http: { ...http, includeQuery: false, includeExtensions: true },
    }));
  }
  return forward(operation);
});
