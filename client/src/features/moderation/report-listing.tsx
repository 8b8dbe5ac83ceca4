import { Flag } from '@/components/icons';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { signInPath } from '@/features/auth/redirect';
import { useAuth } from '@/features/auth/use-auth';
import { withParts } from '@/i18n/catalogues';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  report: { id: 'report.reportListing', defaultMessage: 'Report listing' },
  reported: { id: 'report.reported', defaultMessage: 'Reported' },
});

// The dialog (with zod and the form) loads when first opened, with its texts: the detail page ships none of it.
const ReportListingDialog = lazy(withParts(() => import('./report-listing-dialog'), ['moderation']));

const flagClasses = buttonClasses({ variant: 'ghost', size: 'sm', className: 'gap-1.5 text-gray-600' });

/**
 * 'Report listing' on the detail page: opens the dialog (signed out: a link to sign in and back);
 * 'Reported' once the viewer has reported it; nothing for those who manage the listing.
 */
export function ReportListingButton({
  propertyId,
  viewerCanManage,
  viewerHasReported,
}: {
  propertyId: string;
  viewerCanManage: boolean;
  viewerHasReported: boolean;
}) {
  const { user, loading } = useAuth();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState(false);
  if (viewerCanManage || loading) return null;
  if (!user) {
    return (
      <Link to={signInPath(`${location.pathname}${location.search}`)} className={flagClasses}>
        <Flag aria-hidden="true" className="size-4" />
        {formatMessage(messages.report)}
      </Link>
    );
  }
  if (viewerHasReported || reported) {
    return (
      <Button variant="ghost" size="sm" className={flagClasses} disabled>
        <Flag aria-hidden="true" className="size-4 fill-current" />
        {formatMessage(messages.reported)}
      </Button>
    );
  }
  return (
    <>
      <Button variant="ghost" size="sm" className={flagClasses} onClick={() => setOpen(true)}>
        <Flag aria-hidden="true" className="size-4" />
        {formatMessage(messages.report)}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ReportListingDialog propertyId={propertyId} open={open} onOpenChange={setOpen} onReported={() => setReported(true)} />
        </Suspense>
      ) : null}
    </>
  );
}
