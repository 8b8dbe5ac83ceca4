import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@/lib/apollo/use-query';
import { MessagesSquare } from '@/components/icons';
import { useEffect, useId, useRef } from 'react';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import type { ConversationItem_ThreadFragment } from '@/gql/graphql';
import { cn } from '@/lib/cn';
import { useTimeZone } from '@/lib/use-time-zone';
import { formatDateTime, formatListDate } from '../dates';
import { useNow } from '../hooks/use-now';
import { ConversationsDocument, THREADS_PAGE_SIZE } from '../operations';
import { sharedMessages } from '../texts';
import { defineMessages, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  loading: { id: 'messages.loadingConversations', defaultMessage: 'Loading conversations…' },
  empty: { id: 'messages.noConversations', defaultMessage: 'No conversations yet' },
  emptyHint: { id: 'messages.noConversationsHint', defaultMessage: 'Start a conversation by contacting a property agent' },
  with: { id: 'messages.with', defaultMessage: 'With {name}' },
  lastMine: { id: 'messages.lastMine', defaultMessage: 'You: {content}' },
  unread: {
    id: 'messages.unreadCount',
    defaultMessage: '{count, plural, one {# unread message} other {# unread messages}}',
  },
  loadMore: { id: 'messages.loadMoreConversations', defaultMessage: 'Load more conversations' },
  loadFailed: { id: 'messages.conversationsLoadFailed', defaultMessage: 'Your conversations could not be loaded.' },
  conversations: { id: 'messages.conversations', defaultMessage: 'Conversations' },
  recent: { id: 'messages.recentConversations', defaultMessage: 'Recent Conversations' },
});

export interface ConversationListProps {
  selectedId: string | null;
  onSelect(threadId: string): void;
  headingLevel?: 2 | 3;
  /** Focus this conversation's entry when the list appears (coming back from a thread on a phone). */
  focusId?: string | null;
  className?: string;
}

/** Loading placeholders for the list. */
function ListSkeleton() {
  const intl = useIntl();
  return (
    <div role="status" className="p-3">
      <span className="sr-only">{intl.formatMessage(messages.loading)}</span>
      <ul aria-hidden="true" className="space-y-3">
        {Array.from({ length: 4 }, (_, index) => (
          <li key={index} className="flex gap-3 p-2">
            <Skeleton className="size-11 shrink-0 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/2" />
              <Skeleton className="h-3 w-full" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** SPEC part 2: the empty state of the inbox. */
export function NoConversations({ className }: { className?: string }) {
  const intl = useIntl();
  return (
    <div className={cn('flex flex-col items-center gap-2 px-6 py-12 text-center', className)}>
      <MessagesSquare aria-hidden="true" className="size-9 text-gray-400" />
      <p className="font-semibold text-gray-900">{intl.formatMessage(messages.empty)}</p>
      <p className="text-sm text-gray-600">{intl.formatMessage(messages.emptyHint)}</p>
    </div>
  );
}

function ConversationEntry({
  thread,
  selected,
  onSelect,
  now,
  timeZone,
  autoFocus,
}: {
  thread: ConversationItem_ThreadFragment;
  selected: boolean;
  onSelect(id: string): void;
  now: Date;
  timeZone: string;
  autoFocus: boolean;
}) {
  const intl = useIntl();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (autoFocus) button.current?.focus();
  }, [autoFocus]);
  const other = thread.otherParticipant;
  const photo = other.photoUrl ?? thread.property?.photos[0]?.thumbnailUrl ?? null;
  const last = thread.lastMessage;
  const unread = thread.unreadCount;
  return (
    <li>
      <button
        ref={button}
        type="button"
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(thread.id)}
        className={cn(
          'flex w-full gap-3 rounded-lg px-3 py-3 text-left transition-colors',
          selected ? 'bg-brand-50' : 'hover:bg-gray-50',
        )}
      >
        <UserAvatar name={other.name} photoUrl={photo} className="size-11 text-sm" />
        <span className="min-w-0 flex-1">
          <span className="flex items-start justify-between gap-2">
            <span className={cn('min-w-0 truncate text-sm text-gray-900', unread > 0 ? 'font-bold' : 'font-semibold')}>
              {thread.title}
            </span>
            <time
              dateTime={thread.lastMessageAt}
              title={formatDateTime(thread.lastMessageAt, timeZone)}
              className="shrink-0 text-xs text-gray-600"
            >
              {formatListDate(thread.lastMessageAt, now, timeZone)}
            </time>
          </span>
          <span className="mt-0.5 flex items-center gap-2">
            <span className="min-w-0 truncate text-xs text-gray-700">
              {intl.formatMessage(messages.with, { name: other.name })}
            </span>
            {thread.status === 'OPEN' ? (
              <span className="shrink-0 rounded-full bg-green-50 px-1.5 py-0.5 text-[11px] leading-none font-semibold text-green-800 ring-1 ring-green-200">
                {intl.formatMessage(sharedMessages.active)}
              </span>
            ) : null}
          </span>
          {last ? (
            <span
              className={cn('mt-1 line-clamp-2 text-sm break-words', unread > 0 ? 'font-medium text-gray-900' : 'text-gray-600')}
            >
              {last.isMine ? intl.formatMessage(messages.lastMine, { content: last.content }) : last.content}
            </span>
          ) : null}
        </span>
        {unread > 0 ? (
          <span className="mt-0.5 inline-flex h-5 min-w-5 shrink-0 items-center justify-center self-center rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-white">
            <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
            <span className="sr-only">{intl.formatMessage(messages.unread, { count: unread })}</span>
          </span>
        ) : null}
      </button>
    </li>
  );
}

/**
 * 'Recent Conversations' (SPEC part 2): most recent first, kept live by the inbox subscription; the
 * empty state; a failed load shows an empty list with a way to try again (SPEC part 8).
 */
export function ConversationList({ selectedId, onSelect, headingLevel = 2, focusId, className }: ConversationListProps) {
  const now = useNow();
  const timeZone = useTimeZone();
  const { data, error, loading, networkStatus, refetch, fetchMore } = useQuery(ConversationsDocument, {
    variables: { first: THREADS_PAGE_SIZE },
  });
  const intl = useIntl();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
  const page = data?.threads;
  const empty = page?.items.length === 0;
  const loadingMore = networkStatus === NetworkStatus.fetchMore;

  let body;
  if (page && page.items.length > 0) {
    body = (
      <>
        <ul className="space-y-0.5 p-2">
          {page.items.map((thread) => (
            <ConversationEntry
              key={thread.id}
              thread={thread}
              selected={thread.id === selectedId}
              onSelect={onSelect}
              now={now}
              timeZone={timeZone}
              autoFocus={thread.id === focusId}
            />
          ))}
        </ul>
        {page.hasMore && page.endCursor ? (
          <div className="flex justify-center px-3 pb-4">
            <Button
              variant="outline"
              size="sm"
              disabled={loadingMore}
              onClick={() => {
                fetchMore({ variables: { after: page.endCursor } }).catch((err: unknown) =>
                  console.warn('Loading more conversations failed', err),
                );
              }}
            >
              {loadingMore ? <Spinner className="size-4" /> : null}
              {intl.formatMessage(messages.loadMore)}
            </Button>
          </div>
        ) : null}
      </>
    );
  } else if (page) {
    body = <NoConversations />;
  } else if (loading) {
    body = <ListSkeleton />;
  } else if (error) {
    // SPEC part 8: a failed load shows an empty list; this one also says so and offers to try again.
    body = (
      <div className="flex flex-col items-center gap-3 px-6 py-10 text-center">
        <p role="alert" className="text-sm text-gray-700">
          {intl.formatMessage(messages.loadFailed)}
        </p>
        <Button variant="outline" size="sm" onClick={() => void refetch().catch(() => undefined)}>
          {intl.formatMessage(sharedMessages.retry)}
        </Button>
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className={cn('flex min-h-0 flex-col', className)}>
      {/* SPEC part 2: 'Recent Conversations' over a list; the empty state stands alone. */}
      <Heading
        id={headingId}
        className={cn('border-b border-gray-200 px-4 py-3 text-sm font-semibold text-gray-900', empty && 'sr-only')}
      >
        {intl.formatMessage(empty ? messages.conversations : messages.recent)}
      </Heading>
      <div className="min-h-0 flex-1 overflow-y-auto">{body}</div>
    </section>
  );
}
