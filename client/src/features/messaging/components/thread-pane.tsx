import { makeVar } from '@apollo/client';
import { useMutation, useReactiveVar } from '@apollo/client/react';
import { useQuery } from '@/lib/apollo/use-query';
import { formatPrice } from '@common/format';
import { AlertCircle, ArrowLeft, Star } from '@/components/icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { RequestTourButton } from '@/features/tours/request-tour-button';
import { UserAvatar } from '@/components/ui/avatar';
import { Button, buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { MessageThreadQuery } from '@/gql/graphql';
import { cn } from '@/lib/cn';
import { addMessageToThread } from '../cache-updates';
import { serverMessage } from '../errors';
import { useMarkRead, useThreadLive } from '../hooks/use-thread-live';
import { useTypingSignal } from '../hooks/use-typing-signal';
import { DismissRatingPromptDocument, MESSAGES_PAGE_SIZE, MessageThreadDocument, SendMessageDocument } from '../operations';
import { AssistanceWarning } from './assistance-warning';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { sharedMessages } from '../texts';
import { defineMessages, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  back: { id: 'messages.backToConversations', defaultMessage: 'Back to conversations' },
  perMonth: { id: 'messages.perMonth', defaultMessage: '{price} per month' },
  loading: { id: 'messages.loadingConversation', defaultMessage: 'Loading conversation…' },
  loadFailed: { id: 'messages.conversationLoadFailed', defaultMessage: 'Could not load this conversation' },
  checkConnection: { id: 'messages.checkConnection', defaultMessage: 'Please check your connection and try again.' },
  notFound: { id: 'messages.notFound', defaultMessage: 'Conversation not found' },
  notFoundHint: { id: 'messages.notFoundHint', defaultMessage: 'It does not exist, or you are not part of it.' },
  rateYourAgent: { id: 'messages.rateYourAgent', defaultMessage: 'Rate your agent' },
  ratePrompt: { id: 'messages.ratePrompt', defaultMessage: 'How was your experience with {name}?' },
  rate: { id: 'messages.rate', defaultMessage: 'Rate {name}' },
  typing: { id: 'messages.typing', defaultMessage: '{name} is typing…' },
});

type Thread = NonNullable<MessageThreadQuery['thread']>;

/** Per conversation, the phrase of the viewer's last message that refused rental assistance (null: none). */
const assistanceRefusals = makeVar<Record<string, string | null>>({});
type Listing = NonNullable<Thread['property']>;

export interface ThreadPaneProps {
  threadId: string;
  /** At phone width the thread fills the screen; this goes back to the list. */
  onBack?: () => void;
  /** A heading over the composer ('New Message' in the dialog). */
  composerTitle?: string;
  headingLevel?: 2 | 3;
  /** Moves focus to the thread's heading when it opens (when the list it was chosen from is gone). */
  focusOnOpen?: boolean;
}

export function listingPath(listing: { id: string; slug?: string | null }): string {
  return `/properties/${encodeURIComponent(listing.slug || listing.id)}`;
}

export function BackButton({ onBack }: { onBack: () => void }) {
  const intl = useIntl();
  return (
    <Button variant="ghost" size="sm" onClick={onBack} className="-ml-1 px-2">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {intl.formatMessage(messages.back)}
    </Button>
  );
}

/** The listing a conversation is about: photo, title and price, linking to its page. */
export function ListingLink({
  listing,
  className,
}: {
  listing: Pick<Listing, 'id' | 'slug' | 'title' | 'price' | 'listingType' | 'photos'>;
  className?: string;
}) {
  const intl = useIntl();
  const photo = listing.photos[0];
  const price = formatPrice(listing.price);
  return (
    <Link
      to={listingPath(listing)}
      className={cn(
        'flex min-w-0 items-center gap-3 rounded-lg border border-gray-200 bg-white p-1.5 pr-3 hover:border-brand-300 hover:bg-brand-50',
        className,
      )}
    >
      {photo ? (
        <img src={photo.thumbnailUrl} alt="" className="size-11 shrink-0 rounded-md object-cover" />
      ) : (
        <span aria-hidden="true" className="size-11 shrink-0 rounded-md bg-gray-200" />
      )}
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-gray-900">{listing.title}</span>
        <span className="block text-xs text-gray-600">
          {listing.listingType === 'FOR_SALE' ? price : intl.formatMessage(messages.perMonth, { price })}
        </span>
      </span>
    </Link>
  );
}

/** Loads one conversation and shows it (loading, not found, error, data). */
export function ThreadPane({ threadId, onBack, composerTitle, headingLevel = 2, focusOnOpen = false }: ThreadPaneProps) {
  const intl = useIntl();
  const { data, error, loading, refetch, fetchMore } = useQuery(MessageThreadDocument, {
    variables: { id: threadId, first: MESSAGES_PAGE_SIZE },
    // The cache shows the conversation at once; the newest page is read again for what arrived
    // while it was not open (its live subscription runs only while it is).
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const thread = data?.thread;

  if (thread) {
    return (
      <ThreadView
        key={thread.id}
        thread={thread}
        onBack={onBack}
        composerTitle={composerTitle}
        headingLevel={headingLevel}
        focusOnOpen={focusOnOpen}
        fetchOlder={(before) => fetchMore({ variables: { before } }).then(() => undefined)}
      />
    );
  }
  if (loading) {
    return (
      <div className="flex h-full flex-col" role="status">
        <span className="sr-only">{intl.formatMessage(messages.loading)}</span>
        <div className="flex items-center gap-3 border-b border-gray-200 p-4" aria-hidden="true">
          <Skeleton className="size-10 rounded-full" />
          <div className="space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-24" />
          </div>
        </div>
        <div className="flex-1 space-y-3 bg-gray-50 p-5" aria-hidden="true">
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="ml-auto h-10 w-1/2" />
          <Skeleton className="h-16 w-3/5" />
        </div>
      </div>
    );
  }
  return (
    <div className="flex h-full flex-col">
      {onBack ? (
        <div className="border-b border-gray-200 p-2">
          <BackButton onBack={onBack} />
        </div>
      ) : null}
      <div role={error ? 'alert' : undefined} className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
        <AlertCircle aria-hidden="true" className={cn('size-8', error ? 'text-red-600' : 'text-gray-400')} />
        {error ? (
          <>
            <p className="font-semibold text-gray-900">{intl.formatMessage(messages.loadFailed)}</p>
            <p className="text-sm text-gray-600">{intl.formatMessage(messages.checkConnection)}</p>
            <Button onClick={() => void refetch().catch(() => undefined)}>{intl.formatMessage(sharedMessages.retry)}</Button>
          </>
        ) : (
          <>
            <p className="font-semibold text-gray-900">{intl.formatMessage(messages.notFound)}</p>
            <p className="text-sm text-gray-600">{intl.formatMessage(messages.notFoundHint)}</p>
          </>
        )}
      </div>
    </div>
  );
}

interface ThreadViewProps extends Omit<ThreadPaneProps, 'threadId'> {
  thread: Thread;
  fetchOlder(before: string): Promise<void>;
}

/** One conversation: who and what it is about, the messages, typing, the rating prompt and the composer. */
function ThreadView({ thread, onBack, composerTitle, headingLevel = 2, focusOnOpen, fetchOlder }: ThreadViewProps) {
  const intl = useIntl();
  const { otherIsTyping } = useThreadLive(thread.id);
  useMarkRead(thread.id, thread.unreadCount);
  const typing = useTypingSignal(thread.id);
  const [send] = useMutation(SendMessageDocument);
  const [dismissPrompt] = useMutation(DismissRatingPromptDocument);
  const heading = useRef<HTMLHeadingElement>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const other = thread.otherParticipant;

  // The rating prompt is shown once (SPEC part 3, issue 9 point 7): it stays for this view and the
  // server is told it has been seen.
  const [prompt, setPrompt] = useState(thread.ratingPrompt);
  if (thread.ratingPrompt && !prompt) setPrompt(thread.ratingPrompt);
  const dismissed = useRef(false);
  useEffect(() => {
    if (!prompt || dismissed.current) return;
    dismissed.current = true;
    dismissPrompt({ variables: { threadId: thread.id } }).catch((error: unknown) =>
      console.warn('Could not record that the rating prompt was seen', error),
    );
  }, [prompt, dismissPrompt, thread.id]);

  useEffect(() => {
    if (focusOnOpen) heading.current?.focus();
  }, [focusOnOpen]);

  const [loadingOlder, setLoadingOlder] = useState(false);
  const olderCursor = thread.messages.olderCursor;
  const loadOlder = useCallback(() => {
    if (!olderCursor || loadingOlder) return;
    setLoadingOlder(true);
    fetchOlder(olderCursor)
      .catch((error: unknown) => console.warn('Loading earlier messages failed', error))
      .finally(() => setLoadingOlder(false));
  }, [olderCursor, loadingOlder, fetchOlder]);

  // The refusing phrase of the viewer's last message here, when it refused rental assistance (issue 58
  // item 1): kept per conversation outside the pane, which the phone and desktop layouts mount anew.
  const refusal = useReactiveVar(assistanceRefusals)[thread.id] ?? null;
  const setRefusal = (phrase: string | null) => assistanceRefusals({ ...assistanceRefusals(), [thread.id]: phrase });

  async function onSend(content: string, subject: string | null) {
    typing.stop();
    try {
      const sent = await send({
        variables: { threadId: thread.id, content, subject },
        update(cache, { data: result }) {
          if (result?.sendMessage) addMessageToThread(cache, result.sendMessage, { countUnread: false });
        },
      });
      const phrase = sent.data?.sendMessage.assistanceRefusal;
      setRefusal(phrase ?? null);
    } catch (error) {
      throw new Error(serverMessage(error) ?? intl.formatMessage(sharedMessages.sendFailed));
    }
  }

  const noMessages = thread.messages.items.length === 0 && !thread.messages.hasOlder;

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-gray-200 bg-white px-3 py-2.5 sm:px-4">
        {onBack ? (
          <div className="basis-full">
            <BackButton onBack={onBack} />
          </div>
        ) : null}
        <UserAvatar name={other.name} photoUrl={other.photoUrl} className="size-10" />
        <div className="min-w-0 flex-1">
          <Heading ref={heading} tabIndex={-1} className="truncate font-semibold text-gray-900 outline-none">
            {other.name}
          </Heading>
          <p className="truncate text-xs text-gray-600">
            {thread.title}
            {thread.status === 'OPEN' ? (
              <span className="ml-2 rounded-full bg-green-50 px-1.5 py-0.5 text-[11px] font-semibold text-green-800 ring-1 ring-green-200">
                {intl.formatMessage(sharedMessages.active)}
              </span>
            ) : null}
          </p>
        </div>
        {thread.property ? <ListingLink listing={thread.property} className="w-full sm:w-auto sm:max-w-72" /> : null}
        {thread.property && !thread.viewerIsAgent ? (
          <RequestTourButton listing={thread.property} viewerCanManage={false} size="sm" className="w-full sm:w-auto" />
        ) : null}
      </div>

      <MessageList
        messages={thread.messages.items}
        otherName={other.name}
        seenUpTo={thread.seenUpTo}
        hasOlder={thread.messages.hasOlder}
        loadingOlder={loadingOlder}
        onLoadOlder={loadOlder}
        bottomKey={prompt ? 'prompt' : undefined}
      >
        {prompt ? (
          <aside
            aria-label={intl.formatMessage(messages.rateYourAgent)}
            className="mx-auto mt-4 flex max-w-md flex-col items-center gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-center"
          >
            <Star aria-hidden="true" className="size-6 fill-amber-400 text-amber-400" />
            <p className="text-sm font-medium text-gray-900">
              {intl.formatMessage(messages.ratePrompt, { name: prompt.agentName })}
            </p>
            <Link to={`/rate-agent/${encodeURIComponent(prompt.agentId)}`} className={buttonClasses({ size: 'sm' })}>
              {intl.formatMessage(messages.rate, { name: prompt.agentName })}
            </Link>
          </aside>
        ) : null}
      </MessageList>

      <p role="status" className="min-h-6 bg-gray-50 px-4 pb-1 text-xs text-gray-600 italic">
        {otherIsTyping ? intl.formatMessage(messages.typing, { name: other.name }) : ''}
      </p>

      {refusal ? <AssistanceWarning phrase={refusal} onDismiss={() => setRefusal(null)} /> : null}

      <Composer
        key={thread.id}
        title={composerTitle}
        headingLevel={headingLevel}
        allowSubject={noMessages}
        onInput={typing.onInput}
        onSend={onSend}
      />
    </div>
  );
}
