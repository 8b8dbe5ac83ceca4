import { useMutation } from '@apollo/client/react';
import { useId } from 'react';
import { Link } from 'react-router';
import { graphql } from '@/gql';
import type { MessageFlagsQuery } from '@/gql/graphql';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useQuery } from '@/lib/apollo/use-query';
import { dateFormat } from '@common/i18n/dates';
import { defineMessages, formatMessage } from '@common/i18n/messages';

/**
 * The moderators' list of messages the system flagged (issue 58 item 1): agents' messages that refuse
 * rental assistance, with the phrase found, until a moderator marks one as dealt with. A tab of
 * /admin/moderation; the server answers admins only.
 */

export const MessageFlagsDocument = graphql(`
  query MessageFlags {
    messageFlags {
      id
      reason
      phrase
      createdAt
      content
      senderName
      senderEmail
      listingSlug
      listingTitle
    }
  }
`);

const ResolveMessageFlagDocument = graphql(`
  mutation ResolveMessageFlag($id: ID!) {
    resolveMessageFlag(id: $id) {
      id
      resolved
    }
  }
`);

export const flaggedMessagesTexts = defineMessages({
  tab: { id: 'adminModeration.flaggedMessages', defaultMessage: 'Flagged messages' },
  list: { id: 'adminModeration.flaggedMessagesList', defaultMessage: 'Messages flagged by the system' },
  reason: { id: 'adminModeration.flagReason', defaultMessage: 'Refuses rental assistance (source of income)' },
  phrase: { id: 'adminModeration.flagPhrase', defaultMessage: 'Phrase found: "{phrase}"' },
  from: { id: 'adminModeration.flagFrom', defaultMessage: 'From {name} ({email}), {date}' },
  noListing: { id: 'adminModeration.flagNoListing', defaultMessage: 'A conversation without a listing' },
  resolve: { id: 'adminModeration.flagResolve', defaultMessage: 'Mark as reviewed' },
  resolved: { id: 'adminModeration.flagResolved', defaultMessage: 'The flag was marked as reviewed.' },
  failed: { id: 'adminModeration.flagFailed', defaultMessage: 'Could not update the flag. Try again.' },
  loading: { id: 'adminModeration.flagsLoading', defaultMessage: 'Loading flagged messages…' },
  loadFailed: { id: 'adminModeration.flagsFailed', defaultMessage: 'Could not load the flagged messages.' },
  tryAgain: { id: 'adminModeration.flagsTryAgain', defaultMessage: 'Try again' },
  none: { id: 'adminModeration.flagsNone', defaultMessage: 'No flagged messages. All clear.' },
});
const t = flaggedMessagesTexts;

type Flag = MessageFlagsQuery['messageFlags'][number];

function FlagCard({ flag }: { flag: Flag }) {
  const headingId = useId();
  const [resolve, { loading }] = useMutation(ResolveMessageFlagDocument, { refetchQueries: [MessageFlagsDocument] });
  const onResolve = () =>
    resolve({ variables: { id: flag.id } })
      .then(() => toast({ title: formatMessage(t.resolved) }))
      .catch(() => toast({ title: formatMessage(t.failed), variant: 'destructive' }));
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 font-semibold break-words text-gray-900">
          {flag.listingSlug ? (
            <Link to={`/properties/${flag.listingSlug}`} className="hover:text-brand-700 hover:underline">
              {flag.listingTitle}
            </Link>
          ) : (
            formatMessage(t.noListing)
          )}
        </h3>
        <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800 ring-1 ring-red-200">
          {formatMessage(t.reason)}
        </span>
      </div>
      <p className="mt-1 text-sm break-words text-gray-600">
        {formatMessage(t.from, {
          name: flag.senderName,
          email: flag.senderEmail,
          date: dateFormat('moderation-flag-time', { dateStyle: 'medium', timeStyle: 'short' }).format(
            new Date(flag.createdAt as string),
          ),
        })}
      </p>
      <blockquote className="mt-3 rounded-md bg-gray-50 px-3 py-2 text-sm whitespace-pre-line break-words text-gray-800">
        {flag.content}
      </blockquote>
      <p className="mt-2 text-sm font-medium break-words text-red-900">{formatMessage(t.phrase, { phrase: flag.phrase })}</p>
      <Button variant="outline" size="sm" className="mt-3" disabled={loading} onClick={() => void onResolve()}>
        {formatMessage(t.resolve)}
      </Button>
    </li>
  );
}

export function FlaggedMessages() {
  const { data, loading, error, refetch } = useQuery(MessageFlagsDocument, { fetchPolicy: 'cache-and-network' });
  if (loading && !data)
    return (
      <div className="mt-4 space-y-3">
        <p role="status" className="text-sm text-gray-700">
          {formatMessage(t.loading)}
        </p>
        <Skeleton className="h-28 w-full" />
      </div>
    );
  if (error && !data)
    return (
      <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>{formatMessage(t.loadFailed)}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void refetch()}>
          {formatMessage(t.tryAgain)}
        </Button>
      </div>
    );
  const flags = data?.messageFlags ?? [];
  if (flags.length === 0)
    return (
      <p className="mt-6 rounded-lg border border-dashed border-gray-300 p-6 text-center text-gray-600">
        {formatMessage(t.none)}
      </p>
    );
  return (
    <ul className="mt-4 space-y-4" aria-label={formatMessage(t.list)}>
      {flags.map((f) => (
        <FlagCard key={f.id} flag={f} />
      ))}
    </ul>
  );
}
