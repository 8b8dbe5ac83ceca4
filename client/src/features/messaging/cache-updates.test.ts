import { InMemoryCache } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import type { ConversationItem_ThreadFragment, MessageItem_MessageFragment } from '@/gql/graphql';
import { typePolicies } from '@/lib/apollo/type-policies';
import { addMessageToThread, isMissingFromLoaded, markSeenUpTo, upsertConversation } from './cache-updates';
import { ConversationsDocument, MESSAGES_PAGE_SIZE, MessageThreadDocument } from './operations';

const renter = { __typename: 'Participant', id: 'u-renter', name: 'Rory Renter', firstName: 'Rory', photoUrl: null };
const agent = {
  __typename: 'Participant',
  id: 'u-agent',
  name: 'Alex Broker',
  firstName: 'Alex',
  photoUrl: null,
  agentId: 'a-1',
};

function message(n: number, mine = false): MessageItem_MessageFragment {
  return {
    __typename: 'Message',
    id: `m${n}`,
    threadId: 't1',
    content: `message ${n}`,
    subject: null,
    createdAt: `2026-03-11T10:0${n}:00.000Z`,
    isMine: mine,
    sender: mine ? renter : { ...renter, id: agent.id, name: agent.name, firstName: agent.firstName },
  } as MessageItem_MessageFragment;
}

function thread(
  id: string,
  lastMessageAt: string,
  last: MessageItem_MessageFragment | null = null,
): ConversationItem_ThreadFragment {
  return {
    __typename: 'Thread',
    id,
    title: `Listing ${id}`,
    status: 'OPEN',
    lastMessageAt,
    unreadCount: 0,
    otherParticipant: agent,
    lastMessage: last && {
      __typename: 'Message',
      id: last.id,
      content: last.content,
      createdAt: last.createdAt,
      isMine: last.isMine,
    },
    property: null,
  } as ConversationItem_ThreadFragment;
}

function cacheWithThread(messages: MessageItem_MessageFragment[], hasOlder = false) {
  const cache = new InMemoryCache({ typePolicies });
  cache.writeQuery({
    query: MessageThreadDocument,
    variables: { id: 't1', first: MESSAGES_PAGE_SIZE },
    data: {
      thread: {
        ...thread('t1', messages.at(-1)?.createdAt ?? '2026-03-11T09:00:00.000Z', messages.at(-1) ?? null),
        seenUpTo: null,
        viewerIsAgent: false,
        ratingPrompt: null,
        messages: { __typename: 'MessagePage', items: messages, hasOlder, olderCursor: hasOlder ? 'c-old' : null },
      } as never,
    },
  });
  return cache;
}

function readThread(cache: InMemoryCache) {
  return cache.readQuery({ query: MessageThreadDocument, variables: { id: 't1', first: MESSAGES_PAGE_SIZE } })?.thread;
}

describe('addMessageToThread', () => {
  it('appends a live message once, moves the last message and counts it unread', () => {
    const cache = cacheWithThread([message(1, true), message(2)]);
    expect(addMessageToThread(cache, message(3), { countUnread: true })).toBe(true);
    // The same message again (the subscription after the mutation, or a refetch): nothing changes.
    expect(addMessageToThread(cache, message(3), { countUnread: true })).toBe(false);
    const t = readThread(cache);
    expect(t?.messages.items.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
    expect(t?.lastMessage?.id).toBe('m3');
    expect(t?.lastMessageAt).toBe(message(3).createdAt);
    expect(t?.unreadCount).toBe(1);
  });

  it("puts a late message at its place and does not count the viewer's own", () => {
    const cache = cacheWithThread([message(1), message(3)]);
    addMessageToThread(cache, message(2, true), { countUnread: true });
    const t = readThread(cache);
    expect(t?.messages.items.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
    expect(t?.lastMessage?.id).toBe('m3');
    expect(t?.unreadCount).toBe(0);
  });

  it('merges an older page in front and the refetched newest page without duplicates', () => {
    const cache = cacheWithThread([message(3), message(4)], true);
    cache.writeQuery({
      query: MessageThreadDocument,
      variables: { id: 't1', first: MESSAGES_PAGE_SIZE, before: 'c-old' },
      data: {
        thread: {
          ...thread('t1', message(4).createdAt, message(4)),
          seenUpTo: null,
          viewerIsAgent: false,
          ratingPrompt: null,
          messages: { __typename: 'MessagePage', items: [message(1), message(2)], hasOlder: false, olderCursor: null },
        } as never,
      },
    });
    addMessageToThread(cache, message(5), { countUnread: false });
    cache.writeQuery({
      query: MessageThreadDocument,
      variables: { id: 't1', first: MESSAGES_PAGE_SIZE },
      data: {
        thread: {
          ...thread('t1', message(6).createdAt, message(6)),
          seenUpTo: null,
          viewerIsAgent: false,
          ratingPrompt: null,
          messages: {
            __typename: 'MessagePage',
            items: [message(4), message(5), message(6)],
            hasOlder: true,
            olderCursor: 'c-4',
          },
        } as never,
      },
    });
    const t = readThread(cache);
    expect(t?.messages.items.map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    expect(t?.messages.hasOlder).toBe(false);
    expect(isMissingFromLoaded(cache, 't1', 'm6')).toBe(false);
    expect(isMissingFromLoaded(cache, 't1', 'm9')).toBe(true);
    expect(isMissingFromLoaded(cache, 'other', 'm1')).toBeNull();
  });
});

describe('markSeenUpTo', () => {
  it('only moves forward', () => {
    const cache = cacheWithThread([message(1, true)]);
    markSeenUpTo(cache, 't1', '2026-03-11T10:05:00.000Z');
    markSeenUpTo(cache, 't1', '2026-03-11T10:02:00.000Z');
    expect(readThread(cache)?.seenUpTo).toBe('2026-03-11T10:05:00.000Z');
  });
});

describe('the conversation list', () => {
  it('reads most recent first and takes in a conversation it did not have', () => {
    const cache = new InMemoryCache({ typePolicies });
    cache.writeQuery({
      query: ConversationsDocument,
      variables: { first: 30 },
      data: {
        threads: {
          __typename: 'ThreadPage',
          items: [thread('a', '2026-03-11T10:00:00.000Z'), thread('b', '2026-03-10T10:00:00.000Z')],
          hasMore: false,
          endCursor: null,
        } as never,
      },
    });
    const ids = () => cache.readQuery({ query: ConversationsDocument, variables: { first: 30 } })?.threads.items.map((t) => t.id);
    // 'b' gets a new message: it moves to the top without a refetch.
    cache.modify({
      id: cache.identify({ __typename: 'Thread', id: 'b' }),
      fields: { lastMessageAt: () => '2026-03-11T11:00:00.000Z' },
    });
    expect(ids()).toEqual(['b', 'a']);
    upsertConversation(cache, thread('c', '2026-03-11T12:00:00.000Z'));
    upsertConversation(cache, thread('c', '2026-03-11T12:00:00.000Z'));
    expect(ids()).toEqual(['c', 'b', 'a']);
  });
});
