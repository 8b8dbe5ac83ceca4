import { useUnreadMessages } from '@/features/messaging/hooks/use-unread-messages';
import { MessagesLink } from './messages-link';

/**
 * The messages link of a signed-in header: the unread count over all conversations, live on every page
 * (issue 9). Loaded for the signed in only, with the messaging documents it needs.
 */
export default function LiveMessagesLink() {
  return <MessagesLink unread={useUnreadMessages(true)} />;
}
