import { MessageSquare } from '@/components/icons';
import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';
import { defineMessages, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  messages: { id: 'header.messages', defaultMessage: 'Messages' },
  unread: { id: 'header.messagesUnread', defaultMessage: 'Messages, {count} unread' },
});

/** The header's links and buttons: icons on narrow screens, their names for screen readers. */
export const actionClasses =
  'inline-flex h-10 min-w-9 items-center justify-center gap-2 rounded-md px-2 text-sm font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-900 sm:min-w-10 sm:px-2.5';

/** The header's link to the messages, with the unread count when there is one (issue 9). */
export function MessagesLink({ unread }: { unread: number | null }) {
  const intl = useIntl();
  return (
    <NavLink
      to="/messages"
      // 'Messages, 3 unread' (the name keeps the visible 'Messages' and number).
      aria-label={unread ? intl.formatMessage(messages.unread, { count: unread }) : undefined}
      className={({ isActive }) => cn(actionClasses, 'relative', isActive && 'bg-brand-50 text-brand-800 hover:bg-brand-50')}
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
    </NavLink>
  );
}
