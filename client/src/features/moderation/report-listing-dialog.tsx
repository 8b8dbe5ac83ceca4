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
import { useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ReportDialog } from '@/components/ui/report-dialog';
import { toast } from '@/components/ui/use-toast';
import { ReportListingMutation } from './operations';

type Output = z.output<typeof listingReportSchema>;

const HINTS: Record<(typeof LISTING_REPORT_REASONS)[number], string> = {
  SCAM_FRAUD: 'Asks for money up front, a fake address or someone posing as the owner.',
  WRONG_INFORMATION: 'Price, photos, size or details do not match the place.',
  ALREADY_RENTED: 'The apartment is no longer available.',
  DISCRIMINATORY: 'Excludes people by source of income, family, origin or other protected traits.',
  OTHER: 'Tell us below.',
};
const REASONS = LISTING_REPORT_REASONS.map((value) => ({
  value,
  get label() {
    return listingReportReasonLabels[value];
  },
  hint: HINTS[value],
}));

/** A GraphQL error's message when the server explained itself. */
function serverMessage(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  return error.errors.find((e) => e.message && e.extensions?.code !== 'INTERNAL_SERVER_ERROR')?.message ?? null;
}
const codeOf = (error: unknown) => (CombinedGraphQLErrors.is(error) ? error.errors[0]?.extensions?.code : undefined);

/** The dialog of 'Report listing' (loaded when first opened: it brings zod and the form). */
export default function ReportListingDialog({
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
