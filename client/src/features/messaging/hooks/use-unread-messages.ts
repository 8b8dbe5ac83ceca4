import { useApolloClient, useSubscription } from '@apollo/client/react';
import { useQuery } from '@/lib/apollo/use-query';
import { useEffect, useRef } from 'react';
import { onSubscriptionsReconnected } from '@/lib/apollo/client';
import { isMissingFromLoaded, isThreadOpen, upsertConversation } from '../cache-updates';
import {
  ConversationsDocument,
  InboxChangedDocument,
  MESSAGES_PAGE_SIZE,
  MessageThreadDocument,
  UnreadMessagesCountDocument,
} from '../operations';

/** How long the live message may take to arrive after the inbox reported it, before it is fetched. */
const LIVE_GRACE_MS = 1_500;

/**
 * The viewer's unread message count for the header's badge, kept live on every page while signed
 * in: each `inboxChanged` event updates the conversation in the cache (and puts it into the list),
 * then the count is read again. After the subscription socket reconnects, every messaging query on
 * screen is fetched again, so what was sent while it was down shows. Null when signed out.
 */
export function useUnreadMessages(signedIn: boolean): number | null {
  const client = useApolloClient();
  const { data, refetch } = useQuery(UnreadMessagesCountDocument, { skip: !signedIn });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useSubscription(InboxChangedDocument, {
    skip: !signedIn,
    ignoreResults: true,
    onData: ({ client: apollo, data: event }) => {
      const thread = event.data?.inboxChanged;
      if (thread) upsertConversation(apollo.cache, thread);
      // An open conversation whose newest message its live subscription did not bring (sent just
      // before it listened, or lost) reads its newest page again; the cache merges it in place.
      const last = thread?.lastMessage;
      if (thread && last && isThreadOpen(thread.id)) {
        setTimeout(() => {
          if (!isThreadOpen(thread.id) || !isMissingFromLoaded(apollo.cache, thread.id, last.id)) return;
          apollo
            .query({
              query: MessageThreadDocument,
              variables: { id: thread.id, first: MESSAGES_PAGE_SIZE },
              fetchPolicy: 'network-only',
            })
            .catch((error: unknown) => console.warn('Reading the newest messages failed', error));
        }, LIVE_GRACE_MS);
      }
      // Several events at once (a burst of messages) are one read of the count.
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        refetch().catch((error: unknown) => console.warn('Reading the unread count failed', error));
      }, 150);
    },
    onError: (error) => console.warn('Live inbox stopped', error),
  });

  useEffect(() => {
    if (!signedIn) return;
    return onSubscriptionsReconnected(() => {
      client
        .refetchQueries({ include: [ConversationsDocument, MessageThreadDocument, UnreadMessagesCountDocument] })
        .catch((error: unknown) => console.warn('Catching up after a reconnect failed', error));
    });
  }, [signedIn, client]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return signedIn ? (data?.unreadMessagesCount ?? null) : null;
}
