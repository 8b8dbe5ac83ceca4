// The confirmation before a listing is deleted or deactivated (SPEC part 2; issue 58 item 4), with
// Radix AlertDialog: loaded by the manage screen's card when it is first asked for, not with the screen
// (docs/decisions/0053). It names who will be told (the server's count of the listing's upcoming
// tours, open-house RSVPs and conversations), and the delete offers to deactivate instead.
import { useQuery } from '@/lib/apollo/use-query';
import { AlertDialog } from 'radix-ui';
import { Button, buttonClasses } from '@/components/ui/button';
import { graphql } from '@/gql';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  title: { id: 'deleteListing.title', defaultMessage: 'Delete this listing?' },
  description: {
    id: 'deleteListing.description',
    defaultMessage: '“{title}” will be deleted permanently, with its photos. This cannot be undone.',
  },
  deactivateTitle: { id: 'deactivateListing.title', defaultMessage: 'Deactivate this listing?' },
  deactivateDescription: {
    id: 'deactivateListing.description',
    defaultMessage: '“{title}” will leave search. You can activate it again later.',
  },
  checking: { id: 'deleteListing.checking', defaultMessage: 'Checking who is affected…' },
  checkFailed: { id: 'deleteListing.checkFailed', defaultMessage: 'Could not check who is affected.' },
  affected: {
    id: 'deleteListing.affected',
    defaultMessage:
      '{tours, plural, one {# upcoming tour} other {# upcoming tours}}, {rsvps, plural, one {# open-house RSVP} other {# open-house RSVPs}} and {conversations, plural, one {# conversation} other {# conversations}} will be told: tours and RSVPs are cancelled, and each renter gets a message, a notification and an e-mail.',
  },
  nobody: {
    id: 'deleteListing.nobody',
    defaultMessage: 'Nobody has an upcoming tour, an RSVP or a conversation about it.',
  },
  cancel: { id: 'deleteListing.cancel', defaultMessage: 'Cancel' },
  delete: { id: 'deleteListing.delete', defaultMessage: 'Delete' },
  deactivateInstead: { id: 'deleteListing.deactivateInstead', defaultMessage: 'Deactivate instead' },
  deactivate: { id: 'deactivateListing.confirm', defaultMessage: 'Deactivate' },
});

export const ListingAffectedPeopleQuery = graphql(`
  query ListingAffectedPeople($id: ID!) {
    listingAffectedPeople(id: $id) {
      id
      upcomingTours
      openHouseRsvps
      conversations
      people
    }
  }
`);

export interface DeleteListingDialogProps {
  listingId: string;
  title: string;
  /** 'delete' (the default) or 'deactivate'. */
  mode?: 'delete' | 'deactivate';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDelete: () => void;
  /** Deactivates the listing: the deactivate dialog's action, and the delete's 'Deactivate instead' (when given). */
  onDeactivate?: () => void;
  /** Where the focus goes back when the listing stays (its menu button); null after a delete. */
  returnFocusTo: () => HTMLElement | null;
}

/** Who will be told, as the server counts them. */
function Affected({ listingId }: { listingId: string }) {
  const { data, error, loading } = useQuery(ListingAffectedPeopleQuery, {
    variables: { id: listingId },
    fetchPolicy: 'network-only',
  });
  const counts = data?.listingAffectedPeople;
  if (loading && !counts) return <p className="mt-3 text-sm text-gray-600">{formatMessage(messages.checking)}</p>;
  if (error || !counts) return <p className="mt-3 text-sm text-gray-600">{formatMessage(messages.checkFailed)}</p>;
  return (
    <p
      className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
      data-testid="affected-people"
    >
      {counts.people === 0
        ? formatMessage(messages.nobody)
        : formatMessage(messages.affected, {
            tours: counts.upcomingTours,
            rsvps: counts.openHouseRsvps,
            conversations: counts.conversations,
          })}
    </p>
  );
}

export default function DeleteListingDialog({
  listingId,
  title,
  mode = 'delete',
  open,
  onOpenChange,
  onDelete,
  onDeactivate,
  returnFocusTo,
}: DeleteListingDialogProps) {
  const deleting = mode === 'delete';
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl outline-none"
          onCloseAutoFocus={(event) => {
            // Back to the menu button when the listing stays; after a delete the card is gone.
            const back = returnFocusTo();
            if (back?.isConnected) {
              event.preventDefault();
              back.focus();
            }
          }}
        >
          <AlertDialog.Title className="text-lg font-semibold text-gray-900">
            {formatMessage(deleting ? messages.title : messages.deactivateTitle)}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-700">
            {formatMessage(deleting ? messages.description : messages.deactivateDescription, { title })}
          </AlertDialog.Description>
          {open ? <Affected listingId={listingId} /> : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses({ variant: 'outline' })}>
              {formatMessage(messages.cancel)}
            </AlertDialog.Cancel>
            {deleting && onDeactivate ? (
              <Button
                variant="outline"
                onClick={() => {
                  onOpenChange(false);
                  onDeactivate();
                }}
              >
                {formatMessage(messages.deactivateInstead)}
              </Button>
            ) : null}
            <AlertDialog.Action
              className={buttonClasses({ variant: deleting ? 'destructive' : 'primary' })}
              onClick={deleting ? onDelete : onDeactivate}
            >
              {formatMessage(deleting ? messages.delete : messages.deactivate)}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
