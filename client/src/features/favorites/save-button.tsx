import { useMutation } from '@apollo/client/react';
import { Heart } from '@/components/icons';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { graphql } from '@/gql';
import { evictSavedProperties } from '@/lib/apollo/type-policies';
import { isServiceUnavailable, isUnauthenticated } from '@/lib/auth-errors';
import { cn } from '@/lib/cn';
import { signInPath, useViewer } from '@/features/auth/use-viewer';
import { rememberPendingAction, usePendingAction } from '@/features/auth/pending-action';
import { defineMessages, formatMessage, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  save: { id: 'saveButton.save', defaultMessage: 'Save' },
  saved: { id: 'saveButton.saved', defaultMessage: 'Saved' },
  saveTitle: { id: 'saveButton.saveTitle', defaultMessage: 'Save {title}' },
  saveFailed: { id: 'saveButton.saveFailed', defaultMessage: 'Could not save this listing' },
  removeFailed: { id: 'saveButton.removeFailed', defaultMessage: 'Could not remove this listing from your saved listings' },
  tryAgain: { id: 'common.tryAgain', defaultMessage: 'Please try again.' },
});

export const SavePropertyMutation = graphql(`
  mutation SaveProperty($id: ID!) {
    saveProperty(id: $id) {
      id
      isSaved
    }
  }
`);

export const UnsavePropertyMutation = graphql(`
  mutation UnsaveProperty($id: ID!) {
    unsaveProperty(id: $id) {
      id
      isSaved
    }
  }
`);

export interface SaveButtonProps {
  propertyId: string;
  isSaved: boolean;
  /** The listing's title, for the button's accessible name ('Save {title}'). */
  title: string;
  /** 'overlay' sits on a photo; 'outline' sits in a panel and shows its text. */
  variant?: 'overlay' | 'outline';
  className?: string;
}

/**
 * The save heart (SPEC part 4): toggles at once (an optimistic response), is disabled while its
 * request runs, and reverts with a toast when the request fails. A signed-out visitor is sent to
 * /login and brought back here afterwards.
 */
export function SaveButton({ propertyId, isSaved, title, variant = 'overlay', className }: SaveButtonProps) {
  const { user, loading } = useViewer();
  const navigate = useNavigate();
  const location = useLocation();
  const [save] = useMutation(SavePropertyMutation);
  const [unsave] = useMutation(UnsavePropertyMutation);
  const [pending, setPending] = useState(false);
  const intl = useIntl();

  // A heart clicked while signed out is saved once the visitor is back here signed in (issue 58 item 7).
  usePendingAction('saveListing', propertyId, user !== null, () => void toggle(true));

  async function toggle(want?: boolean) {
    const here = `${location.pathname}${location.search}`;
    const askToSignIn = (then: boolean) => {
      if (then) rememberPendingAction({ kind: 'saveListing', id: propertyId }, here);
      void navigate(signInPath(here, '/login'));
    };
    if (!user) {
      askToSignIn(!isSaved);
      return;
    }
    // Replayed after sign-in: saved, whatever the page showed before (saving twice changes nothing).
    const next = want ?? !isSaved;
    const optimistic = { __typename: 'Property' as const, id: propertyId, isSaved: next };
    setPending(true);
    try {
      if (next) {
        await save({
          variables: { id: propertyId },
          optimisticResponse: { saveProperty: optimistic },
          update: evictSavedProperties,
        });
      } else {
        await unsave({
          variables: { id: propertyId },
          optimisticResponse: { unsaveProperty: optimistic },
          update: evictSavedProperties,
        });
      }
    } catch (err) {
      // The optimistic change is rolled back by the cache; the heart shows the stored state again.
      console.warn(next ? 'Saving the listing failed' : 'Removing the saved listing failed', err);
      // The session ended elsewhere (the client signs out and says so): sign in again, like any
      // signed-out visitor. An identity outage has its own toast already.
      if (isUnauthenticated(err)) {
        askToSignIn(next);
        return;
      }
      if (isServiceUnavailable(err)) return;
      toast({
        variant: 'destructive',
        title: next ? formatMessage(messages.saveFailed) : formatMessage(messages.removeFailed),
        description: formatMessage(messages.tryAgain),
      });
    } finally {
      setPending(false);
    }
  }

  const disabled = pending || (loading && !user);
  const saveLabel = intl.formatMessage(messages.save);
  return (
    <button
      type="button"
      aria-pressed={isSaved}
      aria-label={intl.formatMessage(messages.saveTitle, { title })}
      title={isSaved ? intl.formatMessage(messages.saved) : saveLabel}
      disabled={disabled}
      onClick={() => void toggle()}
      data-saved={isSaved}
      className={cn(
        'save-button',
        variant === 'overlay'
          ? 'save-button-overlay'
          : cn(
              'h-10 border bg-white px-4 text-gray-900 shadow-sm hover:bg-gray-50',
              isSaved ? 'border-red-300' : 'border-gray-300',
            ),
        className,
      )}
    >
      <Heart
        aria-hidden="true"
        className={cn('size-5 transition-colors', isSaved ? 'fill-red-500 text-red-500' : 'text-gray-700')}
      />
      {/* The visible word stays 'Save' (the name is 'Save {title}', WCAG 2.5.3); the filled heart and aria-pressed say it is saved. */}
      {variant === 'outline' ? <span aria-hidden="true">{saveLabel}</span> : null}
    </button>
  );
}
