import { MessageSquare } from '@/components/icons';
import { useLocation } from 'react-router';
import { PathLink } from '@/components/ui/path-link';
import { cn } from '@/lib/cn';
import { defineMessages, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  messages: { id: 'header.messages', defaultMessage: 'Messages' },
  unread: { id: 'header.messagesUnread', defaultMessage: 'Messages, {count} unread' },
});

/** The header's links and buttons (a component class of index.css, overridden by utilities). */
export const actionClasses = 'header-action';

const MESSAGES_PATH = '/messages';

/**
 * The header's link to the messages, with the unread count when there is one (issue 9); the current
 * page's link on /messages and below (`aria-current`, as React Router's NavLink marked it), in the
 * brand's colours instead of the idle ones. A plain app link (PathLink): NavLink resolved its path three
 * times a render, 6 % of a detail page's server render.
 */
export function MessagesLink({ unread }: { unread: number | null }) {
  const intl = useIntl();
  const path = useLocation().pathname.toLowerCase();
  const active = path === MESSAGES_PATH || path.startsWith(`${MESSAGES_PATH}/`);
  return (
    <PathLink
      to={MESSAGES_PATH}
      aria-current={active ? 'page' : undefined}
      // 'Messages, 3 unread' (the name keeps the visible 'Messages' and number).
      aria-label={unread ? intl.formatMessage(messages.unread, { count: unread }) : undefined}
      className={cn(actionClasses, 'relative', active && 'bg-brand-50 text-brand-800 hover:bg-brand-50 hover:text-brand-800')}
    >
      <MessageSquare aria-hidden="true" className="size-5 md:size-4" />
      <span className="sr-only md:not-sr-only">{intl.formatMessage(messages.messages)}</span>
      {unread ? (
        // On a phone the badge sits on the icon (index.css).
        <span aria-hidden="true" className="unread-badge">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </PathLink>
  );
}
