import { BellPlus } from '@/components/icons';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { signInPath } from '@/features/auth/redirect';
import { rememberPendingAction, usePendingAction } from '@/features/auth/pending-action';
import type { PropertyFilter } from '@/gql/graphql';
import { withParts } from '@/i18n/catalogues';
import { defineMessages, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  saveSearch: { id: 'saveSearchButton.saveSearch', defaultMessage: 'Save search' },
});

// The dialog (with zod for the name) loads when first opened, with its texts and the alert choices'
// labels: the listings page ships none of it.
const SaveSearchDialog = lazy(withParts(() => import('./save-search-dialog'), ['alerts', 'records']));

/**
 * 'Save search' on the listings page: opens the dialog that keeps the current filters under a name
 * with alerts. Signed-out visitors are sent to sign in first.
 */
export function SaveSearchButton({ filter, signedIn }: { filter: PropertyFilter; signedIn: boolean }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // Asked for while signed out: the dialog opens once the visitor is back on this search signed in (issue 58 item 7).
  usePendingAction('saveSearch', 'search', signedIn, () => setOpen(true));

  function start() {
    if (!signedIn) {
      const here = `${location.pathname}${location.search}`;
      rememberPendingAction({ kind: 'saveSearch', id: 'search' }, here);
      navigate(signInPath(here));
      return;
    }
    setOpen(true);
  }

  return (
    <>
      <Button variant="outline" size="sm" onClick={start}>
        <BellPlus aria-hidden="true" className="size-4" />
        {intl.formatMessage(messages.saveSearch)}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SaveSearchDialog filter={filter} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
