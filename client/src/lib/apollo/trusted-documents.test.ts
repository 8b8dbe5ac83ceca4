import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import persisted from '@/gql/persisted-documents.json';
import { MessageAddedDocument, PropertyDetailDocument } from '@/gql/graphql';
import { persistedHash, trustedDocumentsLink } from './trusted-documents';

const manifest = persisted as Record<string, string>;

describe('trusted documents link', () => {
  it('sends only the persisted hash over HTTP, through the real cache transforms', async () => {
    const bodies: Record<string, unknown>[] = [];
    const fetch = (_url: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return Promise.resolve(
        new Response(JSON.stringify({ data: { property: null } }), { headers: { 'content-type': 'application/json' } }),
      );
    };
    const client = new ApolloClient({
      link: ApolloLink.from([trustedDocumentsLink, new HttpLink({ uri: 'http://localhost/graphql', fetch })]),
      cache: new InMemoryCache(),
    });
    await client.query({ query: PropertyDetailDocument, variables: { id: 'p1' } });
    expect(bodies).toHaveLength(1);
    const [body] = bodies;
    expect(body).not.toHaveProperty('query');
    const hash = (body!.extensions as { persistedQuery: { sha256Hash: string } }).persistedQuery.sha256Hash;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(body).toMatchObject({ operationName: 'PropertyDetail', variables: { id: 'p1' } });
    // The server can find it: the manifest holds the document under that hash.
    expect(manifest[`sha256:${hash}`]).toMatch(/^fragment ListingAgent_agent on Agent .*query PropertyDetail\(\$id: ID!\)/);
  });

  it('names the hash beside the text for subscriptions (the WebSocket sends both)', async () => {
    const seen: { extensions: Record<string, unknown>; includeQuery: unknown }[] = [];
    const socket = new ApolloLink((operation) => {
      seen.push({
        extensions: operation.extensions,
        includeQuery: (operation.getContext() as { http?: { includeQuery?: unknown } }).http?.includeQuery,
      });
      return new Observable((observer) => observer.complete());
    });
    const client = new ApolloClient({ link: ApolloLink.from([trustedDocumentsLink, socket]), cache: new InMemoryCache() });
    await new Promise<void>((resolve, reject) =>
      client
        .subscribe({ query: MessageAddedDocument, variables: { threadId: 't1' } })
        .subscribe({ complete: resolve, error: reject }),
    );
    const hash = persistedHash(MessageAddedDocument);
    expect(hash).toBeTruthy();
    expect(seen).toEqual([{ extensions: { persistedQuery: { version: 1, sha256Hash: hash } }, includeQuery: false }]);
    expect(manifest[`sha256:${hash}`]).toMatch(/subscription MessageAdded\(/);
  });

  it('every operation of the client is persisted', () => {
    // codegen writes one manifest entry per operation; a document without a hash would be refused
    // in production.
    expect(Object.keys(manifest).length).toBeGreaterThan(30);
    for (const [key, text] of Object.entries(manifest)) {
      expect(key).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect(text).toMatch(/\b(query|mutation|subscription) \w+/);
    }
  });
});
