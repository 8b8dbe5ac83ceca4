import { MessageSquare } from '@/components/icons';
import { useLocation } from 'react-router';
import { PathLink } from '@/components/ui/path-link';
import { cn } from '@/lib/cn';
import { defineMessages, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  messages: { id: 'header.messages', defaultMessage: 'Messages' },
  unread: { id: 'header.messagesUnread', defaultMessage: 'Messages, {count} unread' },
});

/** The header's links and buttons: icons on narrow screens, their names for screen readers. */
const actionShape =
  'inline-flex h-10 min-w-9 items-center justify-center gap-2 rounded-md px-2 text-sm font-medium sm:min-w-10 sm:px-2.5';
const actionIdle = 'text-gray-700 hover:bg-gray-100 hover:text-gray-900';
export const actionClasses = `${actionShape} ${actionIdle}`;

const MESSAGES_PATH = '/messages';

/**
 * The header's link to the messages, with the unread count when there is one (issue 9); marked as the
 * current page on /messages, as React Router's NavLink marks it (a plain link: see PathLink).
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
      className={cn(actionShape, 'relative', active ? 'bg-brand-50 text-brand-800' : actionIdle)}
    >
      <MessageSquare aria-hidden="true" className="size-5 md:size-4" />
      <span className="sr-only md:not-sr-only">{intl.formatMessage(messages.messages)}</span>
      {unread ? (
        // On a phone the badge sits on the icon.
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0 inline-flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white ring-2 ring-white md:static md:h-5 md:min-w-5 md:px-1.5 md:text-xs md:ring-0"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </PathLink>
  );
}
