import { useMutation } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatOpenHouseTime, TOUR_RULES } from '@common/tours';
import { Plus, X } from '@/components/icons';
import { useId, useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { inputClasses } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { graphql } from '@/gql';
import { isServiceUnavailable, serverMessage } from '@/lib/auth-errors';
import { cn } from '@/lib/cn';
import { defineMessages, formatMessage } from '@common/i18n/messages';
import {
  dateBounds,
  lengthOptions,
  suggestedWindow,
  tourRequestForm,
  windowInput,
  type TourRequestValues,
  type TourWindowValues,
} from './tour-form';

const RequestTourMutation = graphql(`
  mutation RequestTour($input: RequestTourInput!) {
    requestTour(input: $input) {
      id
      status
      threadId
      expiresAt
    }
  }
`);

const messages = defineMessages({
  date: { id: 'tourWindow.date', defaultMessage: 'Date' },
  start: { id: 'tourWindow.start', defaultMessage: 'Start (NY time)' },
  length: { id: 'tourWindow.length', defaultMessage: 'Length' },
  remove: { id: 'tourWindow.remove', defaultMessage: 'Remove' },
  requested: { id: 'requestTourDialog.requested', defaultMessage: 'Tour requested' },
  requestedHint: {
    id: 'requestTourDialog.requestedHint',
    defaultMessage: 'The agent has until {time} to answer. Follow it in Tours.',
  },
  title: { id: 'requestTourDialog.title', defaultMessage: 'Request a tour' },
  description: {
    id: 'requestTourDialog.description',
    defaultMessage:
      'Propose up to {max} times for a private tour of {title}, in New York time. The agent confirms one, proposes another or declines within {hours} hours, and before the first time begins.',
  },
  time: { id: 'requestTourDialog.time', defaultMessage: 'Time' },
  timeN: { id: 'requestTourDialog.timeN', defaultMessage: 'Time {n}' },
  addTime: { id: 'requestTourDialog.addTime', defaultMessage: 'Add another time' },
  note: { id: 'requestTourDialog.note', defaultMessage: 'Note (optional)' },
  notePlaceholder: {
    id: 'requestTourDialog.notePlaceholder',
    defaultMessage: 'Anything the agent should know (who is coming, questions about the home)',
  },
  noteCount: { id: 'requestTourDialog.noteCount', defaultMessage: '{count} / {max} characters' },
  cancel: { id: 'requestTourDialog.cancel', defaultMessage: 'Cancel' },
  sending: { id: 'requestTourDialog.sending', defaultMessage: 'Sending…' },
  send: { id: 'requestTourDialog.send', defaultMessage: 'Send request' },
});

type WindowErrors = FieldErrors<TourWindowValues> | undefined;

/**
 * One time window: a New York date, a start time and a length; the legend says which window it is
 * when there are several.
 */
export function TourWindowFields(props: {
  legend: string;
  /** Registers one of the window's fields with the caller's form. */
  register: (field: keyof TourWindowValues) => UseFormRegisterReturn;
  errors: WindowErrors;
  disabled?: boolean;
  onRemove?: () => void;
}) {
  const id = useId();
  const bounds = dateBounds();
  const reg = props.register;
  const error = (field: keyof TourWindowValues) => props.errors?.[field]?.message;
  return (
    <fieldset className="rounded-lg border border-gray-200 p-3">
      <legend className="px-1 text-sm font-medium text-gray-900">{props.legend}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
        <div>
          <label htmlFor={`${id}-date`} className="block text-sm text-gray-800">
            {formatMessage(messages.date)}
          </label>
          <input
            id={`${id}-date`}
            type="date"
            min={bounds.min}
            max={bounds.max}
            aria-invalid={error('date') ? true : undefined}
            aria-describedby={error('date') ? `${id}-date-error` : undefined}
            disabled={props.disabled}
            className={cn(inputClasses, 'mt-1')}
            {...reg('date')}
          />
          {error('date') ? (
            <p id={`${id}-date-error`} role="alert" className="mt-1 text-sm text-red-700">
              {error('date')}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={`${id}-time`} className="block text-sm text-gray-800">
            {formatMessage(messages.start)}
          </label>
          <input
            id={`${id}-time`}
            type="time"
            step={900}
            aria-invalid={error('time') ? true : undefined}
            aria-describedby={error('time') ? `${id}-time-error` : undefined}
            disabled={props.disabled}
            className={cn(inputClasses, 'mt-1')}
            {...reg('time')}
          />
          {error('time') ? (
            <p id={`${id}-time-error`} role="alert" className="mt-1 text-sm text-red-700">
              {error('time')}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={`${id}-length`} className="block text-sm text-gray-800">
            {formatMessage(messages.length)}
          </label>
          <select id={`${id}-length`} disabled={props.disabled} className={cn(inputClasses, 'mt-1')} {...reg('minutes')}>
            {lengthOptions().map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        {props.onRemove ? (
          <Button type="button" variant="ghost" size="sm" onClick={props.onRemove} disabled={props.disabled}>
            <X aria-hidden="true" className="size-4" />
            {formatMessage(messages.remove)}
            <span className="sr-only"> {props.legend.toLowerCase()}</span>
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}

/**
 * A renter asks for a private tour (issue 27 item 2): up to 3 times in New York time and a note. The
 * agent has 24 hours to answer, and no longer than until the first time begins; each step shows in the conversation and in Tours.
 */
export function RequestTourDialog(props: {
  listingId: string;
  listingTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRequested?: (tour: { id: string; threadId: string }) => void;
}) {
  const [requestTour] = useMutation(RequestTourMutation, { refetchQueries: ['MyTours'] });
  const [failure, setFailure] = useState<string | null>(null);
  const noteId = useId();
  const form = useForm<TourRequestValues>({
    resolver: zodResolver(tourRequestForm),
    defaultValues: { windows: [suggestedWindow()], note: '' },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'windows', keyName: 'key' });
  const { isSubmitting, errors } = form.formState;
  const noteLength = useWatch({ control: form.control, name: 'note' })?.length ?? 0;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = await requestTour({
        variables: {
          input: { listingId: props.listingId, windows: values.windows.map(windowInput), note: values.note.trim() || null },
        },
      });
      const tour = data?.requestTour;
      if (!tour) return;
      toast({
        title: formatMessage(messages.requested),
        description: formatMessage(messages.requestedHint, { time: formatOpenHouseTime(tour.expiresAt) }),
      });
      form.reset({ windows: [suggestedWindow()], note: '' });
      props.onOpenChange(false);
      props.onRequested?.(tour);
    } catch (err) {
      if (isServiceUnavailable(err)) return;
      setFailure(serverMessage(err));
    }
  });

  return (
    <Dialog open={props.open} onOpenChange={(next) => !isSubmitting && props.onOpenChange(next)}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogTitle className="pr-8 text-lg font-semibold text-gray-900">{formatMessage(messages.title)}</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-gray-600">
          {formatMessage(messages.description, {
            max: TOUR_RULES.maxWindows,
            title: props.listingTitle,
            hours: TOUR_RULES.answerHours,
          })}
        </DialogDescription>
        <form className="mt-4 space-y-4" onSubmit={(e) => void submit(e)} noValidate>
          {fields.map((field, i) => (
            <TourWindowFields
              key={field.key}
              legend={fields.length > 1 ? formatMessage(messages.timeN, { n: i + 1 }) : formatMessage(messages.time)}
              register={(name) => form.register(`windows.${i}.${name}`)}
              errors={errors.windows?.[i] as WindowErrors}
              disabled={isSubmitting}
              onRemove={fields.length > 1 ? () => remove(i) : undefined}
            />
          ))}
          {fields.length < TOUR_RULES.maxWindows ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => append(suggestedWindow(Date.now() + fields.length * 24 * 3_600_000))}
              disabled={isSubmitting}
            >
              <Plus aria-hidden="true" className="size-4" />
              {formatMessage(messages.addTime)}
            </Button>
          ) : null}
          <div>
            <label htmlFor={noteId} className="block text-sm font-medium text-gray-900">
              {formatMessage(messages.note)}
            </label>
            <textarea
              id={noteId}
              rows={3}
              placeholder={formatMessage(messages.notePlaceholder)}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={`${noteId}-count`}
              readOnly={isSubmitting}
              className="mt-2 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm text-gray-900 shadow-sm placeholder:text-gray-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-500"
              {...form.register('note')}
            />
            <p
              id={`${noteId}-count`}
              className={cn('mt-1 text-xs', noteLength > TOUR_RULES.noteMax ? 'text-red-700' : 'text-gray-600')}
            >
              {formatMessage(messages.noteCount, { count: noteLength, max: TOUR_RULES.noteMax })}
            </p>
            {errors.note ? (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {errors.note.message}
              </p>
            ) : null}
          </div>
          {failure ? (
            <p role="alert" className="text-sm text-red-700">
              {failure}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)} disabled={isSubmitting}>
              {formatMessage(messages.cancel)}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? (
                <>
                  <Spinner className="size-4" /> {formatMessage(messages.sending)}
                </>
              ) : (
                formatMessage(messages.send)
              )}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export default RequestTourDialog;
