import { CalendarClock } from '@/components/icons';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { PathLink } from '@/components/ui/path-link';
import { Button, buttonClasses } from '@/components/ui/button';
import { signInPath, useViewer } from '@/features/auth/use-viewer';
import { rememberPendingAction, usePendingAction } from '@/features/auth/pending-action';
import { withParts } from '@/i18n/catalogues';
import { defineMessages, formatMessage } from '@common/i18n/messages';

// The form (react-hook-form, zod, the time fields) loads when someone opens it, with its texts.
const RequestTourDialog = lazy(withParts(() => import('./request-tour-dialog'), ['tours']));

const messages = defineMessages({
  signIn: { id: 'requestTour.signIn', defaultMessage: 'Sign in to request a tour' },
  request: { id: 'requestTour.request', defaultMessage: 'Request a tour' },
});

/**
 * 'Request a tour' for a listing (issue 27 item 2; the detail page and the conversation): the dialog
 * for a signed-in renter, a sign-in link for a visitor, nothing for the listing's managers. Its texts are
 * in the 'tours' part: the screens that show it load it (app/router.tsx).
 */
export function RequestTourButton(props: {
  listing: { id: string; title: string };
  viewerCanManage: boolean;
  className?: string;
  size?: 'sm';
  onRequested?: (tour: { id: string; threadId: string }) => void;
}) {
  const { user } = useViewer();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // Asked for while signed out: the form opens once the renter is back here signed in (issue 58 item 7).
  usePendingAction('requestTour', props.listing.id, user !== null && !props.viewerCanManage, () => setOpen(true));
  if (props.viewerCanManage) return null;
  const here = `${location.pathname}${location.search}`;
  if (!user) {
    return (
      <PathLink
        to={signInPath(here, '/login')}
        onClick={() => rememberPendingAction({ kind: 'requestTour', id: props.listing.id }, here)}
        className={buttonClasses({ variant: 'outline', size: props.size, className: props.className })}
      >
        <CalendarClock aria-hidden="true" className="size-4" />
        {formatMessage(messages.signIn)}
      </PathLink>
    );
  }
  return (
    <>
      <Button variant="outline" size={props.size} className={props.className} onClick={() => setOpen(true)}>
        <CalendarClock aria-hidden="true" className="size-4" />
        {formatMessage(messages.request)}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <RequestTourDialog
            listingId={props.listing.id}
            listingTitle={props.listing.title}
            open={open}
            onOpenChange={setOpen}
            onRequested={props.onRequested}
          />
        </Suspense>
      ) : null}
    </>
  );
}
