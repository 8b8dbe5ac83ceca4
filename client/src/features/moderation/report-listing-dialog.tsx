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
import { defineMessages, formatMessage, type MessageDescriptor } from '@common/i18n/messages';

const messages = defineMessages({
  scamHint: {
    id: 'reportListing.hint.scam',
    defaultMessage: 'Asks for money up front, a fake address or someone posing as the owner.',
  },
  wrongHint: {
    id: 'reportListing.hint.wrongInformation',
    defaultMessage: 'Price, photos, size or details do not match the place.',
  },
  rentedHint: { id: 'reportListing.hint.alreadyRented', defaultMessage: 'The apartment is no longer available.' },
  discriminatoryHint: {
    id: 'reportListing.hint.discriminatory',
    defaultMessage: 'Excludes people by source of income, family, origin or other protected traits.',
  },
  otherHint: { id: 'reportListing.hint.other', defaultMessage: 'Tell us below.' },
  received: { id: 'reportListing.received', defaultMessage: 'Report received' },
  thanks: { id: 'reportListing.thanks', defaultMessage: 'Thank you. Our moderators will review this listing.' },
  already: { id: 'reportListing.already', defaultMessage: 'Already reported' },
  alreadyHint: { id: 'reportListing.alreadyHint', defaultMessage: 'You have already reported this listing.' },
  failed: { id: 'reportListing.failed', defaultMessage: 'Failed to report this listing. Please try again.' },
  title: { id: 'reportListing.title', defaultMessage: 'Report listing' },
  description: {
    id: 'reportListing.description',
    defaultMessage: 'Tell us what is wrong. A listing reported by several people is hidden until our moderators check it.',
  },
  comment: { id: 'reportListing.comment', defaultMessage: 'Comment' },
  send: { id: 'reportListing.send', defaultMessage: 'Send report' },
  sending: { id: 'reportListing.sending', defaultMessage: 'Sending…' },
});

type Output = z.output<typeof listingReportSchema>;

const HINTS: Record<(typeof LISTING_REPORT_REASONS)[number], MessageDescriptor> = {
  SCAM_FRAUD: messages.scamHint,
  WRONG_INFORMATION: messages.wrongHint,
  ALREADY_RENTED: messages.rentedHint,
  DISCRIMINATORY: messages.discriminatoryHint,
  OTHER: messages.otherHint,
};
const REASONS = LISTING_REPORT_REASONS.map((value) => ({
  value,
  get label() {
    return listingReportReasonLabels[value];
  },
  get hint() {
    return formatMessage(HINTS[value]);
  },
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
      toast({ title: formatMessage(messages.received), description: formatMessage(messages.thanks) });
    } catch (e) {
      if (codeOf(e) === 'CONFLICT') {
        onReported();
        onOpenChange(false);
        toast({
          title: formatMessage(messages.already),
          description: serverMessage(e) ?? formatMessage(messages.alreadyHint),
        });
        return;
      }
      // What was typed stays: the visitor can try again.
      setFailure(serverMessage(e) ?? formatMessage(messages.failed));
    }
  }

  return (
    <ReportDialog
      open={open}
      onOpenChange={onOpenChange}
      title={formatMessage(messages.title)}
      description={formatMessage(messages.description)}
      reasons={REASONS}
      reason={reasonField.value ?? undefined}
      onReasonChange={reasonField.onChange}
      detailsLabel={formatMessage(messages.comment)}
      details={form.register('details')}
      detailsLength={length}
      detailsMax={LISTING_REPORT_DETAILS_MAX}
      errors={{ reason: errors.reason?.message, details: errors.details?.message }}
      failure={failure}
      isSubmitting={isSubmitting}
      submitLabel={formatMessage(messages.send)}
      busyLabel={formatMessage(messages.sending)}
      onSubmit={(e) => void form.handleSubmit(submit)(e)}
    />
  );
}
