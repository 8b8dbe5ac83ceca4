import { useQuery } from '@apollo/client/react';
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
  MESSAGES,
  SCORE_LABELS,
  commentLength,
  reviewFormSchema,
  type ReviewFormInput,
  type ReviewFormValues,
} from '../review-rules';
import { serverMessage, useRateAgent } from '../use-rate-agent';
import { StarInput } from './star-input';

/** The listing choice meaning 'about the agent in general' (Radix Select items cannot be empty). */
const NO_LISTING = 'none';

const AGENTS_CANNOT_RATE = 'Agents cannot rate other agents. Only interactions between agents and renters can be rated.';

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
      toast({ title: 'Rating Submitted', description: 'Thank you for rating this agent!' });
      onDone();
    } catch (error) {
      const detail = serverMessage(error);
      setFailure(detail ? `${MESSAGES.createFailed}: ${detail}` : MESSAGES.createFailed);
    }
  });

  if (rateable.loading && agents.length === 0) {
    return (
      <div role="status" className="flex items-center justify-center gap-3 py-10 text-gray-700">
        <Spinner className="size-5" />
        Loading the agents you have talked to...
      </div>
    );
  }

  if (agents.length === 0) {
    return (
      <div className="py-4 text-center">
        <MessageSquare aria-hidden="true" className="mx-auto size-10 text-gray-400" />
        <p className="mt-3 font-medium text-gray-900">No agents to review yet</p>
        <p className="mt-1 text-sm text-gray-600">
          {rateable.error
            ? 'We could not load the agents you have talked to. Please try again.'
            : 'You can review agents you have messaged about a listing. Contact an agent from a listing first.'}
        </p>
        <Link to="/messages" className={buttonClasses({ variant: 'outline', className: 'mt-5' })}>
          Go to Messages
        </Link>
      </div>
    );
  }

  const agentOptions = agents.map((a) => ({ value: a.agent.id, label: a.agent.displayName }));
  const listingOptions = [
    ...(chosen?.listings ?? []).map((l) => ({ value: l.id, label: l.title })),
    { value: NO_LISTING, label: 'No specific listing' },
  ];
  const length = commentLength(comment.trim());

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Leave a review" className="mt-4 space-y-5">
      <p className="text-xs font-medium tracking-wide text-gray-600 uppercase">Step {step === 'rating' ? 1 : 2} of 2</p>
      {step === 'rating' ? (
        <>
          <div className="grid gap-3">
            <Controller
              control={form.control}
              name="agentId"
              render={({ field }) => (
                <SelectField
                  label="Agent"
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
                  label="Listing"
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
              Verified conversation
            </p>
          ) : null}
          {existing ? (
            <p
              role="note"
              className="flex items-start gap-2 rounded-md border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-900"
            >
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              You rated this agent before; submitting updates it.
            </p>
          ) : null}
          <div>
            <p id={ids.scoreLabel} className="text-sm font-medium text-gray-900">
              Your rating <span aria-hidden="true">*</span>
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
                {score > 0 ? SCORE_LABELS[score] : 'Select a rating'}
              </p>
            </div>
          </div>
          <div className="flex justify-end gap-3">
            <Button type="button" disabled={!score || !agentId} onClick={() => setStep('details')}>
              Continue
            </Button>
          </div>
        </>
      ) : (
        <>
          <fieldset>
            <legend className="text-sm font-medium text-gray-900">Rate by category (optional)</legend>
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
                        starLabel={(n) => `${c.label}: ${n} ${n === 1 ? 'star' : 'stars'}`}
                      />
                    )}
                  />
                </div>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor={ids.comment} className="block text-sm font-medium text-gray-900">
              Comment (optional)
            </label>
            <textarea
              id={ids.comment}
              rows={4}
              placeholder="What was it like to work with this agent?"
              aria-invalid={errors.comment ? true : undefined}
              aria-describedby={[ids.commentHelp, errors.comment ? ids.commentError : null].filter(Boolean).join(' ')}
              disabled={isSubmitting}
              className="mt-2 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm text-gray-900 shadow-sm placeholder:text-gray-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-500"
              {...form.register('comment')}
            />
            <p id={ids.commentHelp} className={length > COMMENT_MAX ? 'mt-1 text-xs text-red-700' : 'mt-1 text-xs text-gray-600'}>
              {length} / {COMMENT_MAX} characters
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
              Back
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner className="size-4" /> : null}
              {isSubmitting ? 'Submitting...' : 'Submit Review'}
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
          {viewerIsAgent ? 'Rating Not Available' : 'Leave a Review'}
        </DialogTitle>
        <DialogDescription className="mt-1 text-sm text-gray-600">
          {viewerIsAgent ? AGENTS_CANNOT_RATE : 'Rate an agent you have talked to about a listing.'}
        </DialogDescription>
        {viewerIsAgent ? (
          <div className="mt-6 flex justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Close
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
