import { useQuery } from '@/lib/apollo/use-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheck, Info, MessageSquare } from '@/components/icons';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { FormMessage } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { RateableAgentsQuery, RateAgentPageQuery } from '../operations';
import {
  CATEGORIES,
  COMMENT_MAX,
  SCORE_LABELS,
  commentLength,
  createFailedMessage,
  reviewFormSchema,
  type ReviewFormInput,
  type ReviewFormValues,
} from '../review-rules';
import { serverMessage, useRateAgent } from '../use-rate-agent';
import { StarInput } from './star-input';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  agentsCannotRate: {
    id: 'leaveReview.agentsCannotRate',
    defaultMessage: 'Agents cannot rate other agents. Only interactions between agents and renters can be rated.',
  },
  submitted: { id: 'leaveReview.submitted', defaultMessage: 'Rating Submitted' },
  thanks: { id: 'leaveReview.thanks', defaultMessage: 'Thank you for rating this agent!' },
  loadingAgents: { id: 'leaveReview.loadingAgents', defaultMessage: 'Loading the agents you have talked to...' },
  noAgents: { id: 'leaveReview.noAgents', defaultMessage: 'No agents to review yet' },
  agentsFailed: {
    id: 'leaveReview.agentsFailed',
    defaultMessage: 'We could not load the agents you have talked to. Please try again.',
  },
  noAgentsHint: {
    id: 'leaveReview.noAgentsHint',
    defaultMessage: 'You can review agents you have messaged about a listing. Contact an agent from a listing first.',
  },
  goToMessages: { id: 'leaveReview.goToMessages', defaultMessage: 'Go to Messages' },
  noListing: { id: 'leaveReview.noListing', defaultMessage: 'No specific listing' },
  form: { id: 'leaveReview.form', defaultMessage: 'Leave a review' },
  step: { id: 'leaveReview.step', defaultMessage: 'Step {step} of {steps}' },
  agent: { id: 'leaveReview.agent', defaultMessage: 'Agent' },
  listing: { id: 'leaveReview.listing', defaultMessage: 'Listing' },
  verified: { id: 'leaveReview.verified', defaultMessage: 'Verified conversation' },
  ratedBefore: {
    id: 'leaveReview.ratedBefore',
    defaultMessage: 'You rated this agent before: this review will replace your earlier one (shown below).',
  },
  notVerified: {
    id: 'leaveReview.notVerified',
    defaultMessage:
      "Not verified yet: your review will be shown but will not count in the agent's rating until the agent answers your messages or confirms a tour with you.",
  },
  yourRating: { id: 'leaveReview.yourRating', defaultMessage: 'Your rating' },
  selectRating: { id: 'leaveReview.selectRating', defaultMessage: 'Select a rating' },
  continue: { id: 'leaveReview.continue', defaultMessage: 'Continue' },
  byCategory: { id: 'leaveReview.byCategory', defaultMessage: 'Rate by category (optional)' },
  categoryStar: {
    id: 'leaveReview.categoryStar',
    defaultMessage: '{category}: {count, plural, one {# star} other {# stars}}',
  },
  comment: { id: 'leaveReview.comment', defaultMessage: 'Comment (optional)' },
  commentPlaceholder: { id: 'leaveReview.commentPlaceholder', defaultMessage: 'What was it like to work with this agent?' },
  characters: { id: 'leaveReview.characters', defaultMessage: '{length} / {max} characters' },
  back: { id: 'leaveReview.back', defaultMessage: 'Back' },
  submitting: { id: 'leaveReview.submitting', defaultMessage: 'Submitting...' },
  submit: { id: 'leaveReview.submit', defaultMessage: 'Submit Review' },
  notAvailable: { id: 'leaveReview.notAvailable', defaultMessage: 'Rating Not Available' },
  title: { id: 'leaveReview.title', defaultMessage: 'Leave a Review' },
  description: { id: 'leaveReview.description', defaultMessage: 'Rate an agent you have talked to about a listing.' },
  close: { id: 'leaveReview.close', defaultMessage: 'Close' },
});

/** The listing choice meaning 'about the agent in general' (Radix Select items cannot be empty). */
const NO_LISTING = 'none';

export interface LeaveReviewDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Agents cannot rate: the dialog says so instead of showing the form. */
  viewerIsAgent: boolean;
  /** Called after a review was saved. */
  onSubmitted?: () => void;
}

const emptyValues: ReviewFormInput = {
  agentId: '',
  propertyId: NO_LISTING,
  score: 0,
  communication: null,
  reliability: null,
  cleanliness: null,
  accuracy: null,
  comment: '',
};

function ReviewForm({ onDone }: { onDone: () => void }) {
  const rateable = useQuery(RateableAgentsQuery, { fetchPolicy: 'cache-and-network' });
  const [rateAgent] = useRateAgent();
  const [step, setStep] = useState<'rating' | 'details'>('rating');
  const [failure, setFailure] = useState<string | null>(null);
  const ids = {
    score: useId(),
    scoreLabel: useId(),
    comment: useId(),
    commentHelp: useId(),
    commentError: useId(),
  };
  const form = useForm<ReviewFormInput, unknown, ReviewFormValues>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: emptyValues,
  });
  const { errors, isSubmitting } = form.formState;
  const agents = useMemo(() => rateable.data?.rateableAgents ?? [], [rateable.data]);
  const agentId = useWatch({ control: form.control, name: 'agentId' });
  const propertyId = useWatch({ control: form.control, name: 'propertyId' });
  const score = useWatch({ control: form.control, name: 'score' });
  const comment = useWatch({ control: form.control, name: 'comment' });
  const chosen = agents.find((a) => a.agent.id === agentId) ?? null;
  const listingId = propertyId === NO_LISTING ? null : propertyId;

  // The first agent and their latest listing are preselected once the list arrives.
  useEffect(() => {
    const first = agents[0];
    if (!form.getValues('agentId') && first) {
      form.setValue('agentId', first.agent.id);
      form.setValue('propertyId', first.listings[0]?.id ?? NO_LISTING);
    }
  }, [agents, form]);

  // The viewer's earlier review of this agent and listing, if any: submitting updates it.
  const earlier = useQuery(RateAgentPageQuery, {
    variables: { id: agentId, propertyId: listingId },
    skip: !agentId,
    fetchPolicy: 'cache-and-network',
  });
  const viewerRating = earlier.data?.agent?.viewerRating ?? null;
  const existing = viewerRating?.existingReview ?? null;
  useEffect(() => {
    if (!existing || form.getFieldState('score').isDirty) return;
    form.reset(
      {
        ...form.getValues(),
        score: existing.score,
        communication: existing.communication ?? null,
        reliability: existing.reliability ?? null,
        cleanliness: existing.cleanliness ?? null,
        accuracy: existing.accuracy ?? null,
        comment: existing.comment ?? '',
      },
      { keepDefaultValues: true },
    );
  }, [existing, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await rateAgent({
        variables: {
          input: {
            agentId: values.agentId,
            propertyId: values.propertyId === NO_LISTING ? null : values.propertyId,
            score: values.score,
            communication: values.communication,
            reliability: values.reliability,
            cleanliness: values.cleanliness,
            accuracy: values.accuracy,
            comment: values.comment,
          },
          propertyId: values.propertyId === NO_LISTING ? null : values.propertyId,
        },
      });
      toast({ title: formatMessage(messages.submitted), description: formatMessage(messages.thanks) });
      onDone();
    } catch (error) {
      setFailure(createFailedMessage(serverMessage(error)));
    }
  });

  if (rateable.loading && agents.length === 0) {
    return (
      <div role="status" className="flex items-center justify-center gap-3 py-10 text-gray-700">
        <Spinner className="size-5" />
        {formatMessage(messages.loadingAgents)}
      </div>
    );
  }

  if (agents.length === 0) {
    return (
      <div className="py-4 text-center">
        <MessageSquare aria-hidden="true" className="mx-auto size-10 text-gray-400" />
        <p className="mt-3 font-medium text-gray-900">{formatMessage(messages.noAgents)}</p>
        <p className="mt-1 text-sm text-gray-600">
          {rateable.error ? formatMessage(messages.agentsFailed) : formatMessage(messages.noAgentsHint)}
        </p>
        <Link to="/messages" className={buttonClasses({ variant: 'outline', className: 'mt-5' })}>
          {formatMessage(messages.goToMessages)}
        </Link>
      </div>
    );
  }

  const agentOptions = agents.map((a) => ({ value: a.agent.id, label: a.agent.displayName }));
  const listingOptions = [
    ...(chosen?.listings ?? []).map((l) => ({ value: l.id, label: l.title })),
    { value: NO_LISTING, label: formatMessage(messages.noListing) },
  ];
  const length = commentLength(comment.trim());

  return (
    <form onSubmit={onSubmit} noValidate aria-label={formatMessage(messages.form)} className="mt-4 space-y-5">
      <p className="text-xs font-medium tracking-wide text-gray-600 uppercase">
        {formatMessage(messages.step, { step: step === 'rating' ? 1 : 2, steps: 2 })}
      </p>
      {step === 'rating' ? (
        <>
          <div className="grid gap-3">
            <Controller
              control={form.control}
              name="agentId"
              render={({ field }) => (
                <SelectField
                  label={formatMessage(messages.agent)}
                  value={field.value}
                  options={agentOptions}
                  onValueChange={(value) => {
                    field.onChange(value);
                    const next = agents.find((a) => a.agent.id === value);
                    form.setValue('propertyId', next?.listings[0]?.id ?? NO_LISTING);
                  }}
                  className="w-full"
                />
              )}
            />
            <Controller
              control={form.control}
              name="propertyId"
              render={({ field }) => (
                <SelectField
                  label={formatMessage(messages.listing)}
                  value={field.value}
                  options={listingOptions}
                  onValueChange={field.onChange}
                  className="w-full"
                />
              )}
            />
          </div>
          {viewerRating?.verified ? (
            <p className="flex items-center gap-2 text-sm text-green-800">
              <BadgeCheck aria-hidden="true" className="size-4 text-green-700" />
              {formatMessage(messages.verified)}
            </p>
          ) : viewerRating ? (
            <p role="note" className="flex items-start gap-2 text-sm text-gray-700">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {formatMessage(messages.notVerified)}
            </p>
          ) : null}
          {existing ? (
            <p
              role="note"
              className="flex items-start gap-2 rounded-md border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-900"
            >
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {formatMessage(messages.ratedBefore)}
            </p>
          ) : null}
          <div>
            <p id={ids.scoreLabel} className="text-sm font-medium text-gray-900">
              {formatMessage(messages.yourRating)} <span aria-hidden="true">*</span>
            </p>
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <Controller
                control={form.control}
                name="score"
                render={({ field }) => (
                  <StarInput
                    value={field.value}
                    onChange={field.onChange}
                    labelledBy={ids.scoreLabel}
                    starLabel={(n) => `${n} - ${SCORE_LABELS[n]}`}
                  />
                )}
              />
              <p aria-live="polite" className="min-w-24 text-sm font-medium text-gray-800">
                {score > 0 ? SCORE_LABELS[score] : formatMessage(messages.selectRating)}
              </p>
            </div>
          </div>
          <div className="flex justify-end gap-3">
            <Button type="button" disabled={!score || !agentId} onClick={() => setStep('details')}>
              {formatMessage(messages.continue)}
            </Button>
          </div>
        </>
      ) : (
        <>
          <fieldset>
            <legend className="text-sm font-medium text-gray-900">{formatMessage(messages.byCategory)}</legend>
            <div className="mt-2 space-y-2">
              {CATEGORIES.map((c) => (
                <div key={c.key} className="flex flex-wrap items-center justify-between gap-2">
                  <span id={`${ids.score}-${c.key}`} className="text-sm text-gray-700">
                    {c.label}
                  </span>
                  <Controller
                    control={form.control}
                    name={c.key}
                    render={({ field }) => (
                      <StarInput
                        size="md"
                        value={field.value ?? 0}
                        onChange={field.onChange}
                        labelledBy={`${ids.score}-${c.key}`}
                        disabled={isSubmitting}
                        starLabel={(n) => formatMessage(messages.categoryStar, { category: c.label, count: n })}
                      />
                    )}
                  />
                </div>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor={ids.comment} className="block text-sm font-medium text-gray-900">
              {formatMessage(messages.comment)}
            </label>
            <textarea
              id={ids.comment}
              rows={4}
              placeholder={formatMessage(messages.commentPlaceholder)}
              aria-invalid={errors.comment ? true : undefined}
              aria-describedby={[ids.commentHelp, errors.comment ? ids.commentError : null].filter(Boolean).join(' ')}
              disabled={isSubmitting}
              className="mt-2 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm text-gray-900 shadow-sm placeholder:text-gray-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-500"
              {...form.register('comment')}
            />
            <p id={ids.commentHelp} className={length > COMMENT_MAX ? 'mt-1 text-xs text-red-700' : 'mt-1 text-xs text-gray-600'}>
              {formatMessage(messages.characters, { length, max: COMMENT_MAX })}
            </p>
            {errors.comment ? (
              <p id={ids.commentError} role="alert" className="mt-1 text-sm text-red-700">
                {errors.comment.message}
              </p>
            ) : null}
          </div>
          {errors.score ? <FormMessage kind="error">{errors.score.message}</FormMessage> : null}
          {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <Button variant="outline" onClick={() => setStep('rating')} disabled={isSubmitting}>
              {formatMessage(messages.back)}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner className="size-4" /> : null}
              {isSubmitting ? formatMessage(messages.submitting) : formatMessage(messages.submit)}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}

/** The 'Leave a Review' modal (SPEC part 4): step 'rating', then step 'details'. */
export function LeaveReviewDialog({ open, onOpenChange, viewerIsAgent, onSubmitted }: LeaveReviewDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogTitle className="pr-10 text-xl font-semibold text-gray-900">
          {viewerIsAgent ? formatMessage(messages.notAvailable) : formatMessage(messages.title)}
        </DialogTitle>
        <DialogDescription className="mt-1 text-sm text-gray-600">
          {viewerIsAgent ? formatMessage(messages.agentsCannotRate) : formatMessage(messages.description)}
        </DialogDescription>
        {viewerIsAgent ? (
          <div className="mt-6 flex justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {formatMessage(messages.close)}
            </Button>
          </div>
        ) : open ? (
          <ReviewForm
            onDone={() => {
              onOpenChange(false);
              onSubmitted?.();
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
