// How live events and mutation answers are written into the Apollo cache (issue 9 point 4): the
// screens read only the cache, so a message that arrives by subscription, by the sender's own
// mutation or by a refetch after a reconnect shows once, in its place.
import type { ApolloCache, Reference } from '@apollo/client';
import type { ConversationItem_ThreadFragment, MessageItem_MessageFragment } from '@/gql/graphql';
import { insertChronological, type MessagePageLike, type ThreadPageLike } from '@/lib/apollo/conversation-pages';
import { ConversationItemFragment, LoadedMessageIdsFragment, MessageItemFragment } from './operations';

/**
 * Adds a message to its conversation: at its place in the loaded messages (if that conversation's
 * messages are in the cache), as the conversation's last message when it is the newest, and, when it
 * comes from the other participant, one more unread (`countUnread`; the viewer's markThreadRead
 * clears it). Returns whether the message was new to the cache.
 */
export function addMessageToThread(
  cache: ApolloCache,
  message: MessageItem_MessageFragment,
  options: { countUnread: boolean },
): boolean {
  const threadId = cache.identify({ __typename: 'Thread', id: message.threadId });
  if (!threadId) return false;
  const messageId = cache.identify({ __typename: 'Message', id: message.id });
  const known = messageId
    ? cache.readFragment({ id: messageId, fragment: MessageItemFragment, fragmentName: 'MessageItem_message' })
    : null;
  const ref = cache.writeFragment({
    fragment: MessageItemFragment,
    fragmentName: 'MessageItem_message',
    // Results of operations carry __typename on every object (Apollo adds it to each document).
    data: message,
  });
  if (!ref) return false;
  let added = false;
  cache.modify({
    id: threadId,
    fields: {
      messages(existing: unknown, { readField }) {
        const page = existing as MessagePageLike<Reference> | undefined;
        if (!page?.items) return existing;
        const items = insertChronological(page.items, ref, {
          id: (r) => readField<string>('id', r),
          at: (r) => readField<string>('createdAt', r),
        });
        if (items === page.items) return existing;
        added = true;
        return { ...page, items };
      },
      lastMessageAt(existing: unknown) {
        return typeof existing === 'string' && existing >= message.createdAt ? existing : message.createdAt;
      },
      lastMessage(existing: unknown, { readField }) {
        const current = existing as Reference | null | undefined;
        const at = current ? readField<string>('createdAt', current) : undefined;
        return at && at > message.createdAt ? existing : ref;
      },
    },
  });
  const isNew = !known || added;
  if (isNew && options.countUnread && !message.isMine) {
    cache.modify({
      id: threadId,
      fields: { unreadCount: (existing: unknown) => (typeof existing === 'number' ? existing + 1 : existing) },
    });
  }
  return isNew;
}

/**
 * Puts a conversation into the cached list when it is not there yet (a new conversation, or one
 * beyond the loaded pages that just became the most recent); the list's read order does the rest.
 */
export function upsertConversation(cache: ApolloCache, thread: ConversationItem_ThreadFragment): void {
  const ref = cache.writeFragment({
    fragment: ConversationItemFragment,
    fragmentName: 'ConversationItem_thread',
    data: thread,
  });
  if (!ref) return;
  cache.modify({
    id: 'ROOT_QUERY',
    fields: {
      threads(existing: unknown) {
        const page = existing as ThreadPageLike<Reference> | undefined;
        if (!page?.items || page.items.some((item) => item.__ref === ref.__ref)) return existing;
        return { ...page, items: [ref, ...page.items] };
      },
    },
  });
}

/** The other participant read the conversation at `at`: the viewer's messages up to then were seen. */
export function markSeenUpTo(cache: ApolloCache, threadId: string, at: string): void {
  const id = cache.identify({ __typename: 'Thread', id: threadId });
  if (!id) return;
  cache.modify({
    id,
    fields: {
      seenUpTo: (existing: unknown) => (typeof existing === 'string' && existing >= at ? existing : at),
    },
  });
}

/** The conversations open on screen (their messages are kept live), by how many views show each. */
const openThreads = new Map<string, number>();

/** Registers an open conversation; returns the function that unregisters it. */
export function trackOpenThread(threadId: string): () => void {
  openThreads.set(threadId, (openThreads.get(threadId) ?? 0) + 1);
  return () => {
    const left = (openThreads.get(threadId) ?? 1) - 1;
    if (left > 0) openThreads.set(threadId, left);
    else openThreads.delete(threadId);
  };
}

export function isThreadOpen(threadId: string): boolean {
  return openThreads.has(threadId);
}

/**
 * Whether the conversation's loaded messages lack `messageId` (null when its messages are not in the
 * cache). A message the live subscription did not bring (sent just before it started listening, or
 * lost with the connection) shows up this way when the inbox reports it.
 */
export function isMissingFromLoaded(cache: ApolloCache, threadId: string, messageId: string): boolean | null {
  const id = cache.identify({ __typename: 'Thread', id: threadId });
  const loaded = id ? cache.readFragment({ id, fragment: LoadedMessageIdsFragment }) : null;
  if (!loaded) return null;
  return !loaded.messages.items.some((item) => item.id === messageId);
}
