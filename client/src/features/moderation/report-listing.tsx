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
import { RadioGroup } from 'radix-ui';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import type { z } from 'zod';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { signInPath } from '@/features/auth/redirect';
import { useAuth } from '@/features/auth/use-auth';
import { cn } from '@/lib/cn';
import { ReportListingMutation } from './operations';

type Output = z.output<typeof listingReportSchema>;

const HINTS: Record<(typeof LISTING_REPORT_REASONS)[number], string> = {
  SCAM_FRAUD: 'Asks for money up front, a fake address or someone posing as the owner.',
  WRONG_INFORMATION: 'Price, photos, size or details do not match the place.',
  ALREADY_RENTED: 'The apartment is no longer available.',
  DISCRIMINATORY: 'Excludes people by source of income, family, origin or other protected traits.',
  OTHER: 'Tell us below.',
};

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
  const ids = { reasons: useId(), details: useId(), help: useId(), detailsError: useId(), reasonError: useId() };
  const [failure, setFailure] = useState<string | null>(null);
  const [report] = useMutation(ReportListingMutation);
  const form = useForm<ListingReportInput, unknown, Output>({
    resolver: zodResolver(listingReportSchema),
    defaultValues: { reason: undefined, details: '' },
  });
  const reason = useWatch({ control: form.control, name: 'reason' });
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
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle className="pr-8 text-lg font-semibold text-gray-900">Report listing</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-gray-600">
          Tell us what is wrong. A listing reported by several people is hidden until our moderators check it.
        </DialogDescription>
        <form className="mt-4 space-y-4" onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate>
          <fieldset>
            <legend id={ids.reasons} className="text-sm font-medium text-gray-900">
              Reason <span aria-hidden="true">*</span>
            </legend>
            <Controller
              control={form.control}
              name="reason"
              render={({ field }) => (
                <RadioGroup.Root
                  aria-labelledby={ids.reasons}
                  aria-describedby={errors.reason ? ids.reasonError : undefined}
                  aria-required="true"
                  value={field.value ?? ''}
                  onValueChange={(v) => field.onChange(v)}
                  disabled={isSubmitting}
                  className="mt-2 space-y-2"
                >
                  {LISTING_REPORT_REASONS.map((value) => {
                    const id = `${ids.reasons}-${value}`;
                    return (
                      <div key={value} className="flex items-start gap-3">
                        <RadioGroup.Item
                          id={id}
                          value={value}
                          aria-describedby={`${id}-hint`}
                          className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border border-gray-400 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=checked]:border-brand-700"
                        >
                          <RadioGroup.Indicator className="size-2.5 rounded-full bg-brand-700" />
                        </RadioGroup.Item>
                        <label htmlFor={id} className="text-sm text-gray-900">
                          <span className="font-medium">{listingReportReasonLabels[value]}</span>
                          <span id={`${id}-hint`} className="block text-xs text-gray-600">
                            {HINTS[value]}
                          </span>
                        </label>
                      </div>
                    );
                  })}
                </RadioGroup.Root>
              )}
            />
            {errors.reason ? (
              <p id={ids.reasonError} role="alert" className="mt-1 text-sm text-red-700">
                {errors.reason.message}
              </p>
            ) : null}
          </fieldset>
          <div>
            <label htmlFor={ids.details} className="block text-sm font-medium text-gray-900">
              {reason === 'OTHER' ? 'Comment *' : 'Comment (optional)'}
            </label>
            <textarea
              id={ids.details}
              rows={3}
              aria-invalid={errors.details ? true : undefined}
              aria-required={reason === 'OTHER' ? true : undefined}
              aria-describedby={[ids.help, errors.details ? ids.detailsError : null].filter(Boolean).join(' ')}
              readOnly={isSubmitting}
              className="mt-2 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm text-gray-900 shadow-sm focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-500"
              {...form.register('details')}
            />
            <p
              id={ids.help}
              className={cn('mt-1 text-xs', length > LISTING_REPORT_DETAILS_MAX ? 'text-red-700' : 'text-gray-600')}
            >
              {length} / {LISTING_REPORT_DETAILS_MAX} characters
            </p>
            {errors.details ? (
              <p id={ids.detailsError} role="alert" className="mt-1 text-sm text-red-700">
                {errors.details.message}
              </p>
            ) : null}
          </div>
          {failure ? (
            <p role="alert" className="text-sm text-red-700">
              {failure}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? (
                <>
                  <Spinner className="size-4" /> Sending…
                </>
              ) : (
                'Send report'
              )}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
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
