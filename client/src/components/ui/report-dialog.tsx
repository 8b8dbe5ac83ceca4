import { RadioGroup } from 'radix-ui';
import { useId, type FormEventHandler } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { defineMessages, useIntl } from '@common/i18n/messages';

// In the part 'moderation' of the catalogues: the screens that offer a report load it (a listing's
// with its dialog, a review's with its route).
const messages = defineMessages({
  reason: { id: 'reportDialog.reason', defaultMessage: 'Reason' },
  optional: { id: 'reportDialog.optional', defaultMessage: '{label} (optional)' },
  characters: { id: 'reportDialog.characters', defaultMessage: '{length} / {max} characters' },
  cancel: { id: 'reportDialog.cancel', defaultMessage: 'Cancel' },
});

export interface ReportReason<V extends string> {
  value: V;
  label: string;
  hint: string;
}

/**
 * The dialog of every report (a review, a listing): a required reason among radio buttons with a
 * hint each, details (required for 'Other', counted against their limit), the server's failure, and
 * Cancel / submit. The caller owns the form (react-hook-form with its zod schema) and the mutation;
 * this draws it the same way everywhere. What was typed stays when the server refuses.
 */
export function ReportDialog<V extends string>(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  reasons: ReadonlyArray<ReportReason<V>>;
  reason: V | undefined;
  onReasonChange: (reason: V) => void;
  /** The details field's name: 'Comment', 'Details'. */
  detailsLabel: string;
  details: UseFormRegisterReturn;
  detailsLength: number;
  detailsMax: number;
  errors: { reason?: string; details?: string };
  failure: string | null;
  isSubmitting: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
}) {
  const intl = useIntl();
  const ids = { reasons: useId(), details: useId(), detailsHelp: useId(), detailsError: useId(), reasonError: useId() };
  const { errors, isSubmitting, reason } = props;
  return (
    <Dialog open={props.open} onOpenChange={(next) => !isSubmitting && props.onOpenChange(next)}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle className="pr-8 text-lg font-semibold text-gray-900">{props.title}</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-gray-600">{props.description}</DialogDescription>
        <form className="mt-4 space-y-4" onSubmit={props.onSubmit} noValidate>
          <fieldset>
            <legend id={ids.reasons} className="text-sm font-medium text-gray-900">
              {intl.formatMessage(messages.reason)} <span aria-hidden="true">*</span>
            </legend>
            <RadioGroup.Root
              aria-labelledby={ids.reasons}
              aria-describedby={errors.reason ? ids.reasonError : undefined}
              aria-required="true"
              value={reason ?? ''}
              onValueChange={(v) => props.onReasonChange(v as V)}
              disabled={isSubmitting}
              className="mt-2 space-y-2"
            >
              {props.reasons.map((r) => {
                const id = `${ids.reasons}-${r.value}`;
                return (
                  <div key={r.value} className="flex items-start gap-3">
                    <RadioGroup.Item
                      id={id}
                      value={r.value}
                      aria-describedby={`${id}-hint`}
                      className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border border-gray-400 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=checked]:border-brand-700"
                    >
                      <RadioGroup.Indicator className="size-2.5 rounded-full bg-brand-700" />
                    </RadioGroup.Item>
                    <label htmlFor={id} className="text-sm text-gray-900">
                      <span className="font-medium">{r.label}</span>
                      <span id={`${id}-hint`} className="block text-xs text-gray-600">
                        {r.hint}
                      </span>
                    </label>
                  </div>
                );
              })}
            </RadioGroup.Root>
            {errors.reason ? (
              <p id={ids.reasonError} role="alert" className="mt-1 text-sm text-red-700">
                {errors.reason}
              </p>
            ) : null}
          </fieldset>
          <div>
            <label htmlFor={ids.details} className="block text-sm font-medium text-gray-900">
              {reason === 'OTHER'
                ? `${props.detailsLabel} *`
                : intl.formatMessage(messages.optional, { label: props.detailsLabel })}
            </label>
            <textarea
              id={ids.details}
              rows={3}
              aria-invalid={errors.details ? true : undefined}
              aria-required={reason === 'OTHER' ? true : undefined}
              aria-describedby={[ids.detailsHelp, errors.details ? ids.detailsError : null].filter(Boolean).join(' ')}
              readOnly={isSubmitting}
              className="mt-2 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm text-gray-900 shadow-sm placeholder:text-gray-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-500"
              {...props.details}
            />
            <p
              id={ids.detailsHelp}
              className={cn('mt-1 text-xs', props.detailsLength > props.detailsMax ? 'text-red-700' : 'text-gray-600')}
            >
              {intl.formatMessage(messages.characters, { length: props.detailsLength, max: props.detailsMax })}
            </p>
            {errors.details ? (
              <p id={ids.detailsError} role="alert" className="mt-1 text-sm text-red-700">
                {errors.details}
              </p>
            ) : null}
          </div>
          {props.failure ? (
            <p role="alert" className="text-sm text-red-700">
              {props.failure}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)} disabled={isSubmitting}>
              {intl.formatMessage(messages.cancel)}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? (
                <>
                  <Spinner className="size-4" /> {props.busyLabel}
                </>
              ) : (
                props.submitLabel
              )}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
