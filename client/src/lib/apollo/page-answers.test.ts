import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { parse } from 'graphql';
import { Observable } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { answerKey, handOverAnswers, readAnswersFirst, type PageAnswers } from './page-answers';

const LISTING = parse(`query Listing($id: ID!, $withAgent: Boolean = false) {
  property(id: $id) { __typename id title saved }
}`);
const ME = parse('query Me { me { __typename id name } }');
const listing = (title: string, saved = false) => ({ property: { __typename: 'Property', id: 'p1', title, saved } });

/** A client whose link answers nothing: every read here comes from the cache. */
function client(cache: InMemoryCache) {
  const fetches = vi.fn();
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        fetches(operation.operationName);
        observer.error(new Error('no network in this test'));
      }),
  );
  return { client: new ApolloClient({ cache, link }), fetches };
}

const ANA = { me: { __typename: 'User', id: 'u1', name: 'Ana' } };

/** A cache and client given the page's answers for the listing p1 and Me. */
function handedOver() {
  const cache = new InMemoryCache();
  const { client: apollo, fetches } = client(cache);
  const { settle } = handOverAnswers(cache, {
    [answerKey(LISTING, { id: 'p1' })!]: listing('Answered'),
    [answerKey(ME, {})!]: ANA,
  });
  return { cache, apollo, fetches, settle };
}

/** Watches a query as a screen does: what it was given, in order. */
async function watch(apollo: ApolloClient, query: typeof LISTING, variables: Record<string, unknown>, first: unknown) {
  const seen: unknown[] = [];
  const subscription = apollo.watchQuery({ query, variables }).subscribe((result) => seen.push(result.data));
  await vi.waitFor(() => expect(seen).toContainEqual(first));
  return { seen, stop: () => subscription.unsubscribe() };
}

describe('answerKey', () => {
  it('is the operation and its variables with their defaults, in key order', () => {
    expect(answerKey(LISTING, { id: 'p1' })).toBe('Listing {"id":"p1","withAgent":false}');
    expect(answerKey(LISTING, { withAgent: false, id: 'p1', unused: undefined })).toBe(answerKey(LISTING, { id: 'p1' }));
    expect(answerKey(LISTING, { id: 'p2' })).not.toBe(answerKey(LISTING, { id: 'p1' }));
  });
});

describe('readAnswersFirst', () => {
  it('answers a read of a query with its answer, as it is; other reads go to the store', () => {
    const cache = new InMemoryCache();
    const answers: PageAnswers = new Map([[answerKey(LISTING, { id: 'p1' })!, listing('Answered')]]);
    const storeReads: string[] = [];
    readAnswersFirst(cache, answers, (read) => storeReads.push(answerKey(read.query, read.variables)!));
    const answered = cache.diff({ query: LISTING, variables: { id: 'p1' }, optimistic: false });
    expect(answered).toMatchObject({ complete: true, result: listing('Answered') });
    expect(cache.readQuery({ query: LISTING, variables: { id: 'p1' } })).toEqual(listing('Answered'));
    // Nothing was written to the store.
    expect(cache.extract()).toEqual({});
    expect(cache.diff({ query: LISTING, variables: { id: 'p2' }, optimistic: false, returnPartialData: true }).complete).toBe(
      false,
    );
    expect(storeReads).toEqual([answerKey(LISTING, { id: 'p2' })]);
  });
});

describe('handOverAnswers', () => {
  it('a watched query reads its answer without the network, and settle() puts it in the store and forgets the rest', async () => {
    const { cache, apollo, fetches, settle } = handedOver();
    const page = await watch(apollo, LISTING, { id: 'p1' }, listing('Answered'));
    expect(cache.extract()).toEqual({});

    settle();
    // In the store now, as a fetch would have put it; Me was watched by nothing and is forgotten.
    expect(cache.extract()['Property:p1']).toMatchObject({ title: 'Answered' });
    expect(cache.readQuery({ query: LISTING, variables: { id: 'p1' } })).toEqual(listing('Answered'));
    expect(cache.readQuery({ query: ME })).toBeNull();
    expect(fetches).not.toHaveBeenCalled();
    page.stop();
  });

  it('settle() finds the watching queries itself, without the client printing every document, and skips one that stopped', async () => {
    const { cache, apollo, settle } = handedOver();
    const me = await watch(apollo, ME, {}, ANA);
    me.stop();
    // The client unsubscribes a moment later (Apollo's own delay): then the query watches nothing.
    await vi.waitFor(() => expect(apollo.getObservableQueries('active').size).toBe(0));
    const page = await watch(apollo, LISTING, { id: 'p1' }, listing('Answered'));
    const asked = vi.spyOn(apollo, 'getObservableQueries');
    settle();
    expect(asked).not.toHaveBeenCalled();
    expect(cache.extract()['Property:p1']).toMatchObject({ title: 'Answered' });
    expect(cache.readQuery({ query: ME })).toBeNull();
    page.stop();
  });

  it('settle() writes at once and tells the watching queries in a task of its own', async () => {
    const { cache, apollo, settle } = handedOver();
    const page = await watch(apollo, LISTING, { id: 'p1' }, listing('Answered'));
    const broadcast = vi.spyOn(cache as unknown as { broadcastWatches(): void }, 'broadcastWatches');
    settle();
    expect(cache.extract()['Property:p1']).toMatchObject({ title: 'Answered' });
    expect(broadcast).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(broadcast).toHaveBeenCalledTimes(1));
    // Told, it keeps what it showed, and hears the next write.
    cache.modify({ id: 'Property:p1', fields: { saved: () => true } });
    await vi.waitFor(() => expect(page.seen.at(-1)).toEqual(listing('Answered', true)));
    page.stop();
  });

  it('a write before settle() settles first, so the written data is what is read after', async () => {
    const { cache, apollo } = handedOver();
    const page = await watch(apollo, LISTING, { id: 'p1' }, listing('Answered'));
    cache.modify({ id: 'Property:p1', fields: { saved: () => true } });
    expect(cache.readQuery({ query: LISTING, variables: { id: 'p1' } })).toEqual(listing('Answered', true));
    await vi.waitFor(() => expect(page.seen.at(-1)).toEqual(listing('Answered', true)));
    page.stop();
  });
});

describe('handOverAnswers, with a part that hydrates late', () => {
  it('a write before a query watches its answer keeps it for that query, which then reads it and hears later writes', async () => {
    const { cache, apollo, fetches, settle } = handedOver();
    const page = await watch(apollo, LISTING, { id: 'p1' }, listing('Answered'));
    // A mutation's answer arrives while the header still hydrates.
    cache.modify({ id: 'Property:p1', fields: { saved: () => true } });
    await vi.waitFor(() => expect(page.seen.at(-1)).toEqual(listing('Answered', true)));

    // The header's query starts watching: its answer is still there for it, as the server drew it.
    const header = await watch(apollo, ME, {}, ANA);
    settle();
    expect(cache.readQuery({ query: ME })).toEqual(ANA);
    // And it hears the writes that come after.
    cache.modify({ id: 'User:u1', fields: { name: () => 'Ana María' } });
    await vi.waitFor(() => expect(header.seen.at(-1)).toEqual({ me: { __typename: 'User', id: 'u1', name: 'Ana María' } }));
    expect(fetches).not.toHaveBeenCalled();
    page.stop();
    header.stop();
  });
});
