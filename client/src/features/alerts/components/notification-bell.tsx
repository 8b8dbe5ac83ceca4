import { useMutation, useSubscription } from '@apollo/client/react';
import { useQuery } from '@/lib/apollo/use-query';
import { Bell } from '@/components/icons';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Skeleton } from '@/components/ui/skeleton';
import { onSubscriptionsReconnected } from '@/lib/apollo/client';
import { cn } from '@/lib/cn';
import {
  MarkAllNotificationsReadDocument,
  MarkNotificationReadDocument,
  NotificationAddedDocument,
  NotificationCountDocument,
  NotificationsDocument,
} from '../operations';
import { dateFormat } from '@common/i18n/dates';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  unreadCount: { id: 'notifications.unreadCount', defaultMessage: 'Notifications, {count} unread' },
  title: { id: 'notifications.title', defaultMessage: 'Notifications' },
  markAllRead: { id: 'notifications.markAllRead', defaultMessage: 'Mark all read' },
  loadFailed: { id: 'notifications.loadFailed', defaultMessage: 'Notifications could not be loaded.' },
  tryAgain: { id: 'notifications.tryAgain', defaultMessage: 'Try again' },
  loading: { id: 'notifications.loading', defaultMessage: 'Loading notifications…' },
  empty: { id: 'notifications.empty', defaultMessage: 'No notifications yet. Save a search to hear about new listings.' },
  unread: { id: 'notifications.unread', defaultMessage: 'Unread:' },
});

/** When a notification came, in the page's language: 'Dec 5, 2:00 PM'. */
const formatTime = (at: Date) =>
  dateFormat('notification', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(at);

/**
 * The header's bell (issue 14): the unread count, live through `notificationAdded` (each arrival
 * reads the list again), and a panel of the newest notifications with mark-read and mark-all-read.
 */
export function NotificationBell({ className }: { className?: string }) {
  // A page rendered on the server carries the unread count alone (app/page-queries.ts): the list, which
  // only the closed panel holds, is asked for by the browser once it runs, as it was asked again before.
  // The count is read from the store only: the list's answer brings it too, and keeps it current.
  const count = useQuery(NotificationCountDocument, { fetchPolicy: 'cache-only' });
  const { data, loading, error, refetch } = useQuery(NotificationsDocument, {
    fetchPolicy: 'cache-and-network',
    skip: typeof window === 'undefined',
  });
  const reload = () => {
    refetch().catch((err: unknown) => console.warn('Reading notifications failed', err));
  };
  useSubscription(NotificationAddedDocument, {
    ignoreResults: true,
    onData: reload,
    onError: (err) => console.warn('Live notifications stopped', err),
  });
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => onSubscriptionsReconnected(reload), []);
  const [markRead] = useMutation(MarkNotificationReadDocument);
  const [markAll, { loading: markingAll }] = useMutation(MarkAllNotificationsReadDocument, {
    onCompleted: reload,
  });

  const headingId = useId();
  const [open, setOpen] = useState(false);
  const unread = data?.unreadNotificationCount ?? count.data?.unreadNotificationCount ?? 0;
  const items = data?.notifications ?? [];
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger
        data-notification-bell=""
        aria-label={unread ? formatMessage(messages.unreadCount, { count: unread }) : formatMessage(messages.title)}
        className={cn(
          'relative inline-flex h-10 min-w-9 items-center justify-center rounded-md px-2 text-gray-700 hover:bg-gray-100 hover:text-gray-900 sm:min-w-10 sm:px-2.5',
          className,
        )}
      >
        <Bell aria-hidden="true" className="size-5 md:size-4" />
        {unread ? (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute top-0.5 right-0 inline-flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white ring-2 ring-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </PopoverTrigger>
      <PopoverContent
        align="end"
        aria-labelledby={headingId}
        tabIndex={-1}
        // Focus goes to the panel itself (announced by its heading), not to 'Mark all read'.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
        className="w-80 max-w-[calc(100vw-1rem)] p-0"
      >
        <div className="flex items-center justify-between border-b border-gray-200 px-4 py-2">
          <h2 id={headingId} className="text-sm font-semibold text-gray-900">
            {formatMessage(messages.title)}
          </h2>
          <Button variant="link" size="sm" disabled={!unread || markingAll} onClick={() => void markAll().catch(() => undefined)}>
            {formatMessage(messages.markAllRead)}
          </Button>
        </div>
        {error && !data ? (
          <div className="space-y-2 p-4 text-sm text-gray-700" role="alert">
            <p>{formatMessage(messages.loadFailed)}</p>
            <Button variant="outline" size="sm" onClick={reload}>
              {formatMessage(messages.tryAgain)}
            </Button>
          </div>
        ) : loading && !data ? (
          <div role="status" className="space-y-2 p-4">
            <span className="sr-only">{formatMessage(messages.loading)}</span>
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : items.length === 0 ? (
          <p className="p-4 text-sm text-gray-600">{formatMessage(messages.empty)}</p>
        ) : (
          <ul className="max-h-96 divide-y divide-gray-100 overflow-y-auto">
            {items.map((n) => (
              <li key={n.id} className={cn('px-4 py-3', !n.readAt && 'bg-brand-50/60')}>
                <Link
                  to={n.url ?? '/'}
                  className="block rounded text-sm hover:underline"
                  onClick={() => {
                    // Following a notification closes the panel (the page changes under it).
                    setOpen(false);
                    if (!n.readAt) void markRead({ variables: { id: n.id } }).then(reload, () => undefined);
                  }}
                >
                  <span className={cn('block text-gray-900', !n.readAt && 'font-semibold')}>
                    {!n.readAt ? <span className="sr-only">{`${formatMessage(messages.unread)} `}</span> : null}
                    {n.title}
                  </span>
                  {n.body ? <span className="mt-0.5 block text-gray-600">{n.body}</span> : null}
                  <span className="mt-0.5 block text-xs text-gray-600">{formatTime(new Date(n.createdAt as string))}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
