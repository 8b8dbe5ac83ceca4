import { useMutation } from '@apollo/client/react';
import { useQuery } from '@/lib/apollo/use-query';
import { AlertCircle, BadgeCheck } from '@/components/icons';
import { Fragment, useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { UserAvatar } from '@/components/ui/avatar';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/use-auth';
import { upsertConversation } from '../cache-updates';
import { serverMessage } from '../errors';
import {
  ComposeAgentDocument,
  ComposeListingDocument,
  ConversationsDocument,
  StartThreadDocument,
  THREADS_PAGE_SIZE,
} from '../operations';
import { Composer } from './composer';
import { BackButton, ListingLink, listingPath } from './thread-pane';
import { sharedMessages } from '../texts';
import { defineMessages, formatMessage, useIntl, type MessageDescriptor } from '@common/i18n/messages';

const messages = defineMessages({
  opening: { id: 'messages.opening', defaultMessage: 'Opening…' },
  failedToOpen: { id: 'messages.failedToOpen', defaultMessage: 'Failed to open chat' },
  browseListings: { id: 'messages.browseListings', defaultMessage: 'Browse listings' },
  startFailed: { id: 'messages.startFailed', defaultMessage: 'Could not start chat' },
  listingLoadFailed: {
    id: 'messages.listingLoadFailed',
    defaultMessage: 'This listing could not be loaded. It may have been removed.',
  },
  youAreTheAgent: { id: 'messages.youAreTheAgent', defaultMessage: 'You are the agent' },
  yourListing: {
    id: 'messages.yourListing',
    defaultMessage:
      'This is your listing, so there is no one to message about it. Renters who contact you about it appear in your conversations.',
  },
  viewListing: { id: 'messages.viewListing', defaultMessage: 'View listing' },
  theAgent: { id: 'messages.theAgent', defaultMessage: 'the agent' },
  goesToAboutListing: {
    id: 'messages.goesToAboutListing',
    defaultMessage: 'Your message goes to {name} about this listing. Replies show up here.',
  },
  goesToListingAgent: {
    id: 'messages.goesToListingAgent',
    defaultMessage: 'Your message goes to the agent about this listing. Replies show up here.',
  },
  goesTo: { id: 'messages.goesTo', defaultMessage: 'Your message goes to {name}. Replies show up here.' },
  // The same text as FIRST_MESSAGE_GREETING (common/messaging.ts), in the page's language.
  greeting: { id: 'messages.greeting', defaultMessage: "Hi, I'm interested in this property. Is it still available?" },
  yourProfile: { id: 'messages.yourProfile', defaultMessage: 'This is your profile' },
  notYourself: { id: 'messages.notYourself', defaultMessage: 'You cannot message yourself.' },
  agentNotFound: { id: 'messages.agentNotFound', defaultMessage: 'This agent could not be found.' },
});

/** Where a name goes in a sentence: split on it, so that the name can be marked up. */
const NAME_MARK = '\u0000';

/** A message with `{name}`, the name in bold (one sentence for the translator, the name marked in it). */
function WithName({ message, name }: { message: MessageDescriptor; name: string }) {
  const intl = useIntl();
  const pieces = intl.formatMessage(message, { name: NAME_MARK }).split(NAME_MARK);
  return (
    <>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {index > 0 ? <span className="font-medium text-gray-900">{name}</span> : null}
          {piece}
        </Fragment>
      ))}
    </>
  );
}

export interface ComposePaneProps {
  /** The conversation to show instead (an existing one, or the one just started). */
  onThread(threadId: string): void;
  /** Phone width: back to the list. */
  onBack?: () => void;
}

function Frame({ onBack, header, children }: { onBack?: () => void; header?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex h-full min-h-0 flex-col">
      {onBack || header ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-gray-200 bg-white px-3 py-2.5 sm:px-4">
          {onBack ? (
            <div className="basis-full">
              <BackButton onBack={onBack} />
            </div>
          ) : null}
          {header}
        </div>
      ) : null}
      {children}
    </div>
  );
}

function Opening() {
  const intl = useIntl();
  return (
    <div className="flex flex-1 items-center justify-center p-6">
      <Spinner className="size-6" label={intl.formatMessage(messages.opening)} />
    </div>
  );
}

/** SPEC part 8: the chat could not be opened (the listing or agent could not be loaded). */
function FailedToOpen({ detail }: { detail: string }) {
  const intl = useIntl();
  return (
    <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
      <AlertCircle aria-hidden="true" className="size-8 text-red-600" />
      <p className="font-semibold text-gray-900">{intl.formatMessage(messages.failedToOpen)}</p>
      <p className="text-sm text-gray-600">{detail}</p>
      <Link to="/" className={buttonClasses({ variant: 'outline', size: 'sm', className: 'mt-2' })}>
        {intl.formatMessage(messages.browseListings)}
      </Link>
    </div>
  );
}

function Intro({ children }: { children: ReactNode }) {
  return <div className="flex flex-1 flex-col justify-end bg-gray-50 p-5 text-sm text-gray-700">{children}</div>;
}

function useStartThread(onThread: (threadId: string) => void) {
  const [start] = useMutation(StartThreadDocument);
  return async (variables: { propertyId?: string; agentId?: string }, content: string, subject: string | null) => {
    let threadId: string | undefined;
    try {
      const { data } = await start({
        variables: { ...variables, message: content, subject },
        update(cache, { data: result }) {
          if (result?.startThread) upsertConversation(cache, result.startThread);
        },
      });
      threadId = data?.startThread.id;
    } catch (error) {
      throw new Error(serverMessage(error) ?? formatMessage(messages.startFailed));
    }
    if (!threadId) throw new Error(formatMessage(messages.startFailed));
    onThread(threadId);
  };
}

/**
 * `/messages?compose={listingId}` (SPEC part 2): a first message about a listing to its agent, with
 * the greeting prefilled. The viewer's existing conversation about it opens instead; the listing's
 * owner or agent is told 'You are the agent'.
 */
export function ListingCompose({ listingId, onThread, onBack }: ComposePaneProps & { listingId: string }) {
  const intl = useIntl();
  const { data, loading, error } = useQuery(ComposeListingDocument, {
    variables: { id: listingId },
    // Whether the viewer already wrote about it is read fresh.
    fetchPolicy: 'network-only',
  });
  const startThread = useStartThread(onThread);
  const listing = data?.property;
  const existing = listing?.viewerCanManage ? null : listing?.viewerThreadId;

  useEffect(() => {
    if (existing) onThread(existing);
  }, [existing, onThread]);

  if (loading || existing) {
    return (
      <Frame onBack={onBack}>
        <Opening />
      </Frame>
    );
  }
  if (error || !listing) {
    if (error) console.warn('Failed to open chat', error);
    return (
      <Frame onBack={onBack}>
        <FailedToOpen detail={intl.formatMessage(messages.listingLoadFailed)} />
      </Frame>
    );
  }

  const header = <ListingLink listing={listing} className="max-w-full" />;
  if (listing.viewerCanManage) {
    return (
      <Frame onBack={onBack} header={header}>
        <div className="flex flex-1 flex-col items-center justify-center gap-2 bg-gray-50 p-6 text-center">
          <BadgeCheck aria-hidden="true" className="size-9 text-brand-700" />
          <h2 className="font-semibold text-gray-900">{intl.formatMessage(messages.youAreTheAgent)}</h2>
          <p className="max-w-sm text-sm text-gray-600">{intl.formatMessage(messages.yourListing)}</p>
          <Link to={listingPath(listing)} className={buttonClasses({ variant: 'outline', size: 'sm', className: 'mt-2' })}>
            {intl.formatMessage(messages.viewListing)}
          </Link>
        </div>
      </Frame>
    );
  }

  const agentName = listing.agent?.displayName;
  return (
    <Frame onBack={onBack} header={header}>
      <Intro>
        <div className="flex items-center gap-3">
          <UserAvatar
            name={agentName ?? intl.formatMessage(messages.theAgent)}
            photoUrl={listing.agent?.photoUrl}
            className="size-10"
          />
          <p>
            {agentName ? (
              <WithName message={messages.goesToAboutListing} name={agentName} />
            ) : (
              intl.formatMessage(messages.goesToListingAgent)
            )}
          </p>
        </div>
      </Intro>
      <Composer
        title={intl.formatMessage(sharedMessages.newMessage)}
        allowSubject
        autoFocus
        initialContent={intl.formatMessage(messages.greeting)}
        onSend={(content, subject) => startThread({ propertyId: listing.id }, content, subject)}
      />
    </Frame>
  );
}

/** `/messages?agent={agentId}`: a message to an agent without a listing (the profile's 'Send Message'). */
export function AgentCompose({ agentId, onThread, onBack }: ComposePaneProps & { agentId: string }) {
  const intl = useIntl();
  const { user } = useAuth();
  const { data, loading, error } = useQuery(ComposeAgentDocument, { variables: { id: agentId } });
  // The conversation with this agent that is about no listing, if the viewer has one already.
  const { data: inbox } = useQuery(ConversationsDocument, { variables: { first: THREADS_PAGE_SIZE }, fetchPolicy: 'cache-only' });
  const startThread = useStartThread(onThread);
  const agent = data?.agent;
  const existing = agent
    ? inbox?.threads.items.find((thread) => !thread.property && thread.otherParticipant.agentId === agent.id)?.id
    : undefined;

  useEffect(() => {
    if (existing) onThread(existing);
  }, [existing, onThread]);

  if (loading || existing) {
    return (
      <Frame onBack={onBack}>
        <Opening />
      </Frame>
    );
  }
  if (error || !agent) {
    if (error) console.warn('Failed to open chat', error);
    return (
      <Frame onBack={onBack}>
        <FailedToOpen detail={intl.formatMessage(messages.agentNotFound)} />
      </Frame>
    );
  }

  const header = (
    <div className="flex min-w-0 items-center gap-3">
      <UserAvatar name={agent.displayName} photoUrl={agent.photoUrl} className="size-10" />
      <div className="min-w-0">
        <p className="truncate font-semibold text-gray-900">
          <Link to={`/agents/${encodeURIComponent(agent.id)}`} className="hover:text-brand-700 hover:underline">
            {agent.displayName}
          </Link>
        </p>
        {agent.agency ? <p className="truncate text-xs text-gray-600">{agent.agency}</p> : null}
      </div>
    </div>
  );
  if (user?.agentId === agent.id) {
    return (
      <Frame onBack={onBack} header={header}>
        <div className="flex flex-1 flex-col items-center justify-center gap-2 bg-gray-50 p-6 text-center">
          <BadgeCheck aria-hidden="true" className="size-9 text-brand-700" />
          <h2 className="font-semibold text-gray-900">{intl.formatMessage(messages.yourProfile)}</h2>
          <p className="text-sm text-gray-600">{intl.formatMessage(messages.notYourself)}</p>
        </div>
      </Frame>
    );
  }
  return (
    <Frame onBack={onBack} header={header}>
      <Intro>
        <p>
          <WithName message={messages.goesTo} name={agent.displayName} />
        </p>
      </Intro>
      <Composer
        title={intl.formatMessage(sharedMessages.newMessage)}
        allowSubject
        autoFocus
        onSend={(content, subject) => startThread({ agentId: agent.id }, content, subject)}
      />
    </Frame>
  );
}
