import { CombinedGraphQLErrors } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  LISTING_REPORT_DETAILS_MAX,
  LISTING_REPORT_REASONS,
  listingReportReasonLabels,
  listingReportSchema,
  type ListingReportInput,
} from '@common/trust';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import type { z } from 'zod';
import { Button, buttonClasses } from '@/components/ui/button';
import { ReportDialog } from '@/components/ui/report-dialog';
import { toast } from '@/components/ui/use-toast';
import { signInPath } from '@/features/auth/redirect';
import { useAuth } from '@/features/auth/use-auth';
import { ReportListingMutation } from './operations';

type Output = z.output<typeof listingReportSchema>;

const HINTS: Record<(typeof LISTING_REPORT_REASONS)[number], string> = {
  SCAM_FRAUD: 'Asks for money up front, a fake address or someone posing as the owner.',
  WRONG_INFORMATION: 'Price, photos, size or details do not match the place.',
  ALREADY_RENTED: 'The apartment is no longer available.',
  DISCRIMINATORY: 'Excludes people by source of income, family, origin or other protected traits.',
  OTHER: 'Tell us below.',
};
const REASONS = LISTING_REPORT_REASONS.map((value) => ({ value, label: listingReportReasonLabels[value], hint: HINTS[value] }));

/** A GraphQL error's message when the server explained itself. */
function serverMessage(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  return error.errors.find((e) => e.message && e.extensions?.code !== 'INTERNAL_SERVER_ERROR')?.message ?? null;
}
const codeOf = (error: unknown) => (CombinedGraphQLErrors.is(error) ? error.errors[0]?.extensions?.code : undefined);

function ReportListingDialog({
  propertyId,
  open,
  onOpenChange,
  onReported,
}: {
  propertyId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReported: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [report] = useMutation(ReportListingMutation);
  const form = useForm<ListingReportInput, unknown, Output>({
    resolver: zodResolver(listingReportSchema),
    defaultValues: { reason: undefined, details: '' },
  });
  const { field: reasonField } = useController({ control: form.control, name: 'reason' });
  const details = useWatch({ control: form.control, name: 'details' }) ?? '';
  const length = [...details.trim()].length;
  const { errors, isSubmitting } = form.formState;

  async function submit(values: Output) {
    setFailure(null);
    try {
      await report({ variables: { propertyId, reason: values.reason, details: values.details } });
      onReported();
      onOpenChange(false);
      toast({ title: 'Report received', description: 'Thank you. Our moderators will review this listing.' });
    } catch (e) {
      if (codeOf(e) === 'CONFLICT') {
        onReported();
        onOpenChange(false);
        toast({ title: 'Already reported', description: serverMessage(e) ?? 'You have already reported this listing.' });
        return;
      }
      // What was typed stays: the visitor can try again.
      setFailure(serverMessage(e) ?? 'Failed to report this listing. Please try again.');
    }
  }

  return (
    <ReportDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Report listing"
      description="Tell us what is wrong. A listing reported by several people is hidden until our moderators check it."
      reasons={REASONS}
      reason={reasonField.value ?? undefined}
      onReasonChange={reasonField.onChange}
      detailsLabel="Comment"
      details={form.register('details')}
      detailsLength={length}
      detailsMax={LISTING_REPORT_DETAILS_MAX}
      errors={{ reason: errors.reason?.message, details: errors.details?.message }}
      failure={failure}
      isSubmitting={isSubmitting}
      submitLabel="Send report"
      busyLabel="Sending…"
      onSubmit={(e) => void form.handleSubmit(submit)(e)}
    />
  );
}

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
        Report listing
      </Link>
    );
  }
  if (viewerHasReported || reported) {
    return (
      <Button variant="ghost" size="sm" className={flagClasses} disabled>
        <Flag aria-hidden="true" className="size-4 fill-current" />
        Reported
      </Button>
    );
  }
  return (
    <>
      <Button variant="ghost" size="sm" className={flagClasses} onClick={() => setOpen(true)}>
        <Flag aria-hidden="true" className="size-4" />
        Report listing
      </Button>
      {open ? (
        <ReportListingDialog propertyId={propertyId} open={open} onOpenChange={setOpen} onReported={() => setReported(true)} />
      ) : null}
    </>
  );
}
