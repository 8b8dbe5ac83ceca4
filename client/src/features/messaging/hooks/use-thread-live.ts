import { useMutation, useSubscription } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { addMessageToThread, markSeenUpTo, trackOpenThread } from '../cache-updates';
import { MarkThreadReadDocument, MessageAddedDocument, ThreadActivityDocument } from '../operations';
import { usePageVisible } from './use-page-visible';

/** How long a 'typing' signal lasts without a new one (the sender repeats it every 2-3 s while typing). */
const TYPING_SHOWN_MS = 6_000;

/**
 * The live side of an open conversation: new messages go into the cache as they arrive, the other
 * participant's reads move `seenUpTo` ('Seen'), and their typing is returned (true while typing).
 */
export function useThreadLive(threadId: string): { otherIsTyping: boolean } {
  const [otherIsTyping, setOtherIsTyping] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useSubscription(MessageAddedDocument, {
    variables: { threadId },
    ignoreResults: true,
    onData: ({ client, data }) => {
      const message = data.data?.messageAdded;
      if (!message) return;
      addMessageToThread(client.cache, message, { countUnread: true });
      if (!message.isMine) {
        clearTimeout(typingTimer.current);
        setOtherIsTyping(false);
      }
    },
    onError: (error) => console.warn('Live messages stopped', error),
  });

  useSubscription(ThreadActivityDocument, {
    variables: { threadId },
    ignoreResults: true,
    onData: ({ client, data }) => {
      const activity = data.data?.threadActivity;
      if (!activity) return;
      clearTimeout(typingTimer.current);
      if (activity.kind === 'READ') {
        markSeenUpTo(client.cache, threadId, activity.at);
      } else if (activity.kind === 'TYPING') {
        setOtherIsTyping(true);
        typingTimer.current = setTimeout(() => setOtherIsTyping(false), TYPING_SHOWN_MS);
      } else {
        setOtherIsTyping(false);
      }
    },
    onError: (error) => console.warn('Typing and read receipts stopped', error),
  });

  useEffect(() => trackOpenThread(threadId), [threadId]);
  useEffect(() => () => clearTimeout(typingTimer.current), []);
  return { otherIsTyping };
}

/**
 * Marks the conversation read while it is open, the tab is shown and it has unread messages: when it
 * is opened, when new messages arrive, and when the person comes back to the tab.
 */
export function useMarkRead(threadId: string, unreadCount: number): void {
  const visible = usePageVisible();
  const [markRead] = useMutation(MarkThreadReadDocument);
  const pending = useRef(false);
  useEffect(() => {
    if (!visible || unreadCount === 0 || pending.current) return;
    pending.current = true;
    markRead({ variables: { threadId } })
      .catch((error: unknown) => console.warn('Marking the conversation read failed', error))
      .finally(() => {
        pending.current = false;
      });
  }, [visible, unreadCount, threadId, markRead]);
}
