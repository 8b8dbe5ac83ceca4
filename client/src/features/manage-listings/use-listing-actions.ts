// The manage screen's actions (SPEC parts 2, 4 and 8): status changes and deletes answer at once
// (optimistic response) and update the cached list from the mutation's answer, without fetching the
// list again; the stats are read again after each change.
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { toast } from '@/components/ui/use-toast';
import { graphql } from '@/gql';
import { removeFromMyListings } from '@/lib/apollo/type-policies';
import type { ManageListing, ListingCardActions } from './listing-card';
import { ListingStatsDocument } from './stats-cards';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  statusUpdated: { id: 'manageActions.statusUpdated', defaultMessage: 'Status Updated' },
  deactivated: { id: 'manageActions.deactivated', defaultMessage: 'Listing deactivated successfully' },
  reactivated: { id: 'manageActions.reactivated', defaultMessage: 'Listing reactivated successfully' },
  error: { id: 'manageActions.error', defaultMessage: 'Error' },
  statusFailed: { id: 'manageActions.statusFailed', defaultMessage: 'Could not change listing status. Please try again.' },
  duplicated: { id: 'manageActions.duplicated', defaultMessage: 'Listing Duplicated' },
  savedAsDraft: { id: 'manageActions.savedAsDraft', defaultMessage: '“{title}” was saved as a draft.' },
  duplicateFailed: { id: 'manageActions.duplicateFailed', defaultMessage: 'Could not duplicate the listing. Please try again.' },
  deleted: { id: 'manageActions.deleted', defaultMessage: 'Listing Deleted' },
  wasDeleted: { id: 'manageActions.wasDeleted', defaultMessage: '“{title}” was deleted.' },
  deleteFailed: { id: 'manageActions.deleteFailed', defaultMessage: 'Failed to delete listing' },
  tryAgain: { id: 'common.tryAgain', defaultMessage: 'Please try again.' },
  reviewRequested: { id: 'manageActions.reviewRequested', defaultMessage: 'Review requested' },
  reviewRequestedBody: {
    id: 'manageActions.reviewRequestedBody',
    defaultMessage: 'A moderator will look at “{title}” again.',
  },
  reviewFailed: { id: 'manageActions.reviewFailed', defaultMessage: 'Could not ask for a review' },
});

const RequestListingReviewMutation = graphql(`
  mutation RequestListingReview($propertyId: ID!) {
    requestListingReview(propertyId: $propertyId) {
      __typename
      id
      reviewRequestedAt
    }
  }
`);

const SetListingStatusMutation = graphql(`
  mutation SetListingStatus($id: ID!, $status: ListingStatus!) {
    setListingStatus(id: $id, status: $status) {
      __typename
      id
      status
    }
  }
`);

const DuplicateListingMutation = graphql(`
  mutation DuplicateListing($id: ID!) {
    duplicateListing(id: $id) {
      id
      title
    }
  }
`);

const DeleteListingMutation = graphql(`
  mutation DeleteListing($id: ID!) {
    deleteListing(id: $id) {
      __typename
      id
    }
  }
`);

/** The server's own words for a refusal it explains (BAD_USER_INPUT, FORBIDDEN), else null. */
export function explainedRefusal(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const first = error.errors.find((e) => e.extensions?.code === 'BAD_USER_INPUT' || e.extensions?.code === 'FORBIDDEN');
  return first?.message ?? null;
}

const FILTERED_STATUSES = new Set(['ACTIVE', 'INACTIVE', 'DRAFT']);

export function useListingActions(options: { onDuplicated?: () => void } = {}): ListingCardActions {
  const { onDuplicated } = options;
  const [setStatus] = useMutation(SetListingStatusMutation);
  const [duplicate] = useMutation(DuplicateListingMutation);
  const [remove] = useMutation(DeleteListingMutation);
  const [requestReview] = useMutation(RequestListingReviewMutation);

  const onSetStatus = useCallback(
    (listing: ManageListing, status: 'ACTIVE' | 'INACTIVE') => {
      setStatus({
        variables: { id: listing.id, status },
        optimisticResponse: { setListingStatus: { __typename: 'Property', id: listing.id, status } },
        // A listing whose status no longer matches a status tab leaves that tab's cached pages.
        update(cache, { data }) {
          const next = data?.setListingStatus?.status;
          if (!next) return;
          removeFromMyListings(cache, listing.id, (tab) => FILTERED_STATUSES.has(tab) && tab !== next);
        },
        refetchQueries: [ListingStatsDocument],
      }).then(
        () =>
          toast({
            title: formatMessage(messages.statusUpdated),
            description: formatMessage(status === 'INACTIVE' ? messages.deactivated : messages.reactivated),
          }),
        (error: unknown) => {
          console.warn('Status change failed', error);
          toast({
            variant: 'destructive',
            title: formatMessage(messages.error),
            description: explainedRefusal(error) ?? formatMessage(messages.statusFailed),
          });
        },
      );
    },
    [setStatus],
  );

  const onDuplicate = useCallback(
    (listing: ManageListing) => {
      duplicate({ variables: { id: listing.id }, refetchQueries: ['MyListings', ListingStatsDocument] }).then(
        ({ data }) => {
          onDuplicated?.();
          toast({
            title: formatMessage(messages.duplicated),
            // The copy's title is the server's ('… (copy)').
            description: formatMessage(messages.savedAsDraft, {
              title: data?.duplicateListing.title ?? `${listing.title} (copy)`,
            }),
          });
        },
        (error: unknown) => {
          console.warn('Duplicate failed', error);
          toast({
            variant: 'destructive',
            title: formatMessage(messages.error),
            description: explainedRefusal(error) ?? formatMessage(messages.duplicateFailed),
          });
        },
      );
    },
    [duplicate, onDuplicated],
  );

  const onDelete = useCallback(
    (listing: ManageListing) => {
      remove({
        variables: { id: listing.id },
        optimisticResponse: { deleteListing: { __typename: 'DeletedListing', id: listing.id } },
        update(cache, { data }) {
          const id = data?.deleteListing?.id;
          if (!id) return;
          removeFromMyListings(cache, id);
        },
        refetchQueries: [ListingStatsDocument],
      }).then(
        () =>
          toast({
            title: formatMessage(messages.deleted),
            description: formatMessage(messages.wasDeleted, { title: listing.title }),
          }),
        (error: unknown) => {
          console.warn('Failed to delete listing', error);
          toast({
            variant: 'destructive',
            title: formatMessage(messages.deleteFailed),
            description: explainedRefusal(error) ?? formatMessage(messages.tryAgain),
          });
        },
      );
    },
    [remove],
  );

  const onRequestReview = useCallback(
    (listing: ManageListing) => {
      requestReview({ variables: { propertyId: listing.id } }).then(
        () =>
          toast({
            title: formatMessage(messages.reviewRequested),
            description: formatMessage(messages.reviewRequestedBody, { title: listing.title }),
          }),
        (error: unknown) =>
          toast({
            variant: 'destructive',
            title: formatMessage(messages.reviewFailed),
            description: explainedRefusal(error) ?? formatMessage(messages.tryAgain),
          }),
      );
    },
    [requestReview],
  );

  return { onSetStatus, onDuplicate, onDelete, onRequestReview };
}
