// The listing form's draft on the server (issue 59 item 7): saved a few seconds after the local one as the
// form is typed, so a form left in one browser is offered in another once its person signs in there.
import { useMutation } from '@apollo/client/react';
import { useQuery } from '@/lib/apollo/use-query';
import { useBrowserValue } from '@/lib/use-in-browser';
import { useCallback, useEffect, useRef } from 'react';
import { defineMessages, formatMessage } from '@common/i18n/messages';
import { formatOpenHouseTime } from '@common/tours';
import { Button } from '@/components/ui/button';
import { graphql } from '@/gql';
import { parseDraft, type LocalDraft } from './local-draft';

/** After the last change, this long before the server is told (the local copy is kept at once). */
export const SERVER_DRAFT_DELAY_MS = 3_000;

const FormDraftQuery = graphql(`
  query ListingFormDraft($key: String!) {
    listingFormDraft(key: $key) {
      key
      savedAt
      draft
    }
  }
`);

const SaveFormDraftMutation = graphql(`
  mutation SaveListingFormDraft($key: String!, $draft: String!) {
    saveListingFormDraft(key: $key, draft: $draft) {
      key
      savedAt
    }
  }
`);

const DiscardFormDraftMutation = graphql(`
  mutation DiscardListingFormDraft($key: String!) {
    discardListingFormDraft(key: $key)
  }
`);

const messages = defineMessages({
  offer: {
    id: 'listingForm.serverDraftOffer',
    defaultMessage: 'You have a draft of this form from {when}, perhaps saved in another browser.',
  },
  continue: { id: 'listingForm.serverDraftContinue', defaultMessage: 'Continue it' },
  discard: { id: 'listingForm.serverDraftDiscard', defaultMessage: 'Discard it' },
});

/** The form's key on the server: 'new', or the edited listing's id. */
export const serverDraftKey = (propertyId: string | null) => propertyId ?? 'new';

/** Saves the draft on the server a moment after the last change; `discard` removes it (saved or published). */
export function useServerDraft(key: string, enabled: boolean) {
  const [save] = useMutation(SaveFormDraftMutation);
  const [discardDraft] = useMutation(DiscardFormDraftMutation);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const schedule = useCallback(
    (draft: Omit<LocalDraft, 'version'>) => {
      if (!enabled) return;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        // Offline or refused: the local copy stays, and the next change tries again.
        save({ variables: { key, draft: JSON.stringify({ version: 1, ...draft }) } }).catch(() => undefined);
      }, SERVER_DRAFT_DELAY_MS);
    },
    [enabled, key, save],
  );
  const discard = useCallback(() => {
    window.clearTimeout(timer.current);
    if (enabled) discardDraft({ variables: { key } }).catch(() => undefined);
  }, [discardDraft, enabled, key]);
  return { schedule, discard };
}

/**
 * When this browser has no draft of the form and the server keeps one: 'Continue it' (the form starts
 * again from it) or 'Discard it'.
 */
export function ServerDraftOffer({
  draftKey,
  skip,
  onContinue,
}: {
  draftKey: string;
  skip: boolean;
  onContinue: (draft: LocalDraft) => void;
}) {
  // Asked in the browser only: a page rendered on the server is the form alone, in one pass.
  const inBrowser = useBrowserValue(() => true, false);
  const { data } = useQuery(FormDraftQuery, {
    variables: { key: draftKey },
    skip: skip || !inBrowser,
    fetchPolicy: 'network-only',
  });
  const [discardDraft, { called: discarded }] = useMutation(DiscardFormDraftMutation);
  const found = data?.listingFormDraft;
  const draft = found?.draft ? parseDraft(found.draft) : null;
  if (skip || !inBrowser || !found || !draft || discarded) return null;
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900"
    >
      <p>{formatMessage(messages.offer, { when: formatOpenHouseTime(found.savedAt as string) })}</p>
      <div className="flex gap-2">
        <Button type="button" size="sm" onClick={() => onContinue(draft)}>
          {formatMessage(messages.continue)}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => discardDraft({ variables: { key: draftKey } }).catch(() => undefined)}
        >
          {formatMessage(messages.discard)}
        </Button>
      </div>
    </div>
  );
}
