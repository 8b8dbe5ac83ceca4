import { useQuery } from '@/lib/apollo/use-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheck, Info } from '@/components/icons';
import { useEffect, useId, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { UserAvatar } from '@/components/ui/avatar';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageContainer } from '@/components/ui/page-container';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { SignedOutNotice } from '@/features/auth/signed-out-notice';
import { StarInput } from '@/features/reviews/components/star-input';
import { RateAgentPageQuery } from '@/features/reviews/operations';
import {
  COMMENT_MAX,
  MESSAGES,
  commentLength,
  rateAgentFormSchema,
  type RateAgentFormInput,
  type RateAgentFormValues,
} from '@/features/reviews/review-rules';
import { serverMessage, useRateAgent } from '@/features/reviews/use-rate-agent';
import type { RateAgentPageQuery as RateAgentPageData } from '@/gql/graphql';
import { useDocumentTitle } from '@/lib/use-document-title';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  specialties: { id: 'rateAgent.specialties', defaultMessage: 'Specialties' },
  submitted: { id: 'rateAgent.submitted', defaultMessage: 'Rating Submitted' },
  thanks: { id: 'rateAgent.thanks', defaultMessage: 'Thank you for rating this agent!' },
  error: { id: 'rateAgent.error', defaultMessage: 'Error' },
  form: { id: 'rateAgent.form', defaultMessage: 'Rate this agent' },
  verified: {
    id: 'rateAgent.verified',
    defaultMessage: 'Verified conversation: this agent has answered you, so your review is verified and counts in their rating.',
  },
  ratedBefore: {
    id: 'rateAgent.ratedBefore',
    defaultMessage: 'You rated this agent before: this review will replace your earlier one (shown below).',
  },
  notVerified: {
    id: 'rateAgent.notVerified',
    defaultMessage:
      "Not verified yet: your review will be shown but will not count in the agent's rating until the agent answers your messages or confirms a tour with you.",
  },
  overallRating: { id: 'rateAgent.overallRating', defaultMessage: 'Overall Rating' },
  outOf5: { id: 'rateAgent.outOf5', defaultMessage: '{score} out of 5 stars' },
  comments: { id: 'rateAgent.comments', defaultMessage: 'Additional Comments (Optional)' },
  commentPlaceholder: {
    id: 'rateAgent.commentPlaceholder',
    defaultMessage: 'Share details of your experience with this agent...',
  },
  characters: { id: 'rateAgent.characters', defaultMessage: '{length} / {max} characters' },
  cancel: { id: 'rateAgent.cancel', defaultMessage: 'Cancel' },
  submitting: { id: 'rateAgent.submitting', defaultMessage: 'Submitting...' },
  submit: { id: 'rateAgent.submit', defaultMessage: 'Submit Rating' },
  rateName: { id: 'rateAgent.rateName', defaultMessage: 'Rate {name}' },
  title: { id: 'rateAgent.title', defaultMessage: 'Rate Your Experience' },
  loading: { id: 'rateAgent.loading', defaultMessage: 'Loading agent details...' },
  fetchFailed: { id: 'rateAgent.fetchFailed', defaultMessage: 'Failed to fetch agent' },
  checkConnection: { id: 'rateAgent.checkConnection', defaultMessage: 'Please check your connection and try again.' },
  tryAgain: { id: 'rateAgent.tryAgain', defaultMessage: 'Try again' },
  notFound: { id: 'rateAgent.notFound', defaultMessage: 'Agent Not Found' },
  notFoundHint: { id: 'rateAgent.notFoundHint', defaultMessage: "The agent you're trying to rate could not be found." },
  returnHome: { id: 'rateAgent.returnHome', defaultMessage: 'Return Home' },
  signInRequired: { id: 'rateAgent.signInRequired', defaultMessage: 'Sign In Required' },
  signInHint: { id: 'rateAgent.signInHint', defaultMessage: 'You must sign in to rate an agent.' },
  notAvailable: { id: 'rateAgent.notAvailable', defaultMessage: 'Rating Not Available' },
  viewProfile: { id: 'rateAgent.viewProfile', defaultMessage: 'View profile' },
  question: { id: 'rateAgent.question', defaultMessage: 'How was working with this agent?' },
});

type Agent = NonNullable<RateAgentPageData['agent']>;

function Panel({ children }: { children: ReactNode }) {
  return (
    <PageContainer className="max-w-2xl">
      <div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
    </PageContainer>
  );
}

function AgentSummary({ agent }: { agent: Agent }) {
  return (
    <div className="flex items-center gap-4 rounded-lg bg-gray-50 p-4">
      <UserAvatar name={agent.displayName} photoUrl={agent.photoUrl} className="size-16 text-lg" />
      <div className="min-w-0">
        <p className="text-lg font-semibold text-gray-900">{agent.displayName}</p>
        {agent.agency ? <p className="text-sm text-gray-600">{agent.agency}</p> : null}
        {agent.specialties.length > 0 ? (
          <ul aria-label={formatMessage(messages.specialties)} className="mt-2 flex flex-wrap gap-1.5">
            {agent.specialties.map((specialty) => (
              <li
                key={specialty}
                className="rounded-full bg-white px-2.5 py-0.5 text-xs font-medium text-gray-800 ring-1 ring-gray-200"
              >
                {specialty}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

function RateAgentForm({ agent }: { agent: Agent }) {
  const navigate = useNavigate();
  const [rateAgent] = useRateAgent();
  const ids = { label: useId(), scoreError: useId(), comment: useId(), commentHelp: useId(), commentError: useId() };
  const existing = agent.viewerRating.existingReview;
  const form = useForm<RateAgentFormInput, unknown, RateAgentFormValues>({
    resolver: zodResolver(rateAgentFormSchema),
    defaultValues: { score: existing?.score ?? 0, comment: existing?.comment ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const score = useWatch({ control: form.control, name: 'score' });
  const comment = useWatch({ control: form.control, name: 'comment' });
  const length = commentLength(comment.trim());

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await rateAgent({
        variables: { input: { agentId: agent.id, score: values.score, comment: values.comment }, propertyId: null },
      });
      toast({ title: formatMessage(messages.submitted), description: formatMessage(messages.thanks) });
      navigate('/');
    } catch (error) {
      toast({
        variant: 'destructive',
        title: formatMessage(messages.error),
        description: serverMessage(error) ?? MESSAGES.submitFailed,
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={formatMessage(messages.form)} className="mt-6 space-y-6">
      {agent.viewerRating.verified ? (
        <p className="flex items-start gap-2 text-sm text-green-800">
          <BadgeCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
          {formatMessage(messages.verified)}
        </p>
      ) : (
        <p role="note" className="flex items-start gap-2 text-sm text-gray-700">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {formatMessage(messages.notVerified)}
        </p>
      )}
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
        <p id={ids.label} className="text-sm font-medium text-gray-900">
          {formatMessage(messages.overallRating)} <span aria-hidden="true">*</span>
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <Controller
            control={form.control}
            name="score"
            render={({ field }) => (
              <StarInput
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  if (form.formState.isSubmitted) void form.trigger('score');
                }}
                labelledBy={ids.label}
                describedBy={errors.score ? ids.scoreError : undefined}
                invalid={Boolean(errors.score)}
                disabled={isSubmitting}
              />
            )}
          />
          {score > 0 ? (
            <p aria-live="polite" className="text-sm text-gray-700">
              {formatMessage(messages.outOf5, { score })}
            </p>
          ) : null}
        </div>
        {errors.score ? (
          <p id={ids.scoreError} role="alert" className="mt-2 text-sm text-red-700">
            {errors.score.message}
          </p>
        ) : null}
      </div>

      <div>
        <label htmlFor={ids.comment} className="block text-sm font-medium text-gray-900">
          {formatMessage(messages.comments)}
        </label>
        <textarea
          id={ids.comment}
          rows={5}
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

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => navigate('/')} disabled={isSubmitting}>
          {formatMessage(messages.cancel)}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner className="size-4" /> : null}
          {isSubmitting ? formatMessage(messages.submitting) : formatMessage(messages.submit)}
        </Button>
      </div>
    </form>
  );
}

/** The agent rating page (SPEC part 2) at /rate-agent/:agentId; signed-in only (RequireAuth in the router). */
export default function RateAgentScreen() {
  const { agentId = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(RateAgentPageQuery, {
    variables: { id: agentId, propertyId: null },
    fetchPolicy: 'cache-and-network',
  });
  const agent = data?.agent ?? null;
  useDocumentTitle(agent ? formatMessage(messages.rateName, { name: agent.displayName }) : formatMessage(messages.title));

  useEffect(() => {
    if (error) console.warn('Failed to fetch agent', error);
  }, [error]);

  if (loading && !agent) {
    return (
      <Panel>
        <div role="status" className="flex items-center justify-center gap-3 py-10 text-gray-700">
          <Spinner className="size-5" />
          {formatMessage(messages.loading)}
        </div>
      </Panel>
    );
  }

  if (!agent && error && !CombinedNotFound(error)) {
    return (
      <Panel>
        <div role="alert" className="py-6 text-center">
          <h1 className="text-2xl font-semibold text-gray-900">{formatMessage(messages.fetchFailed)}</h1>
          <p className="mt-2 text-gray-600">{formatMessage(messages.checkConnection)}</p>
          <Button className="mt-6" onClick={() => refetch().catch(() => undefined)}>
            {formatMessage(messages.tryAgain)}
          </Button>
        </div>
      </Panel>
    );
  }

  if (!agent) {
    return (
      <Panel>
        <div className="py-6 text-center">
          <h1 className="text-2xl font-semibold text-gray-900">{formatMessage(messages.notFound)}</h1>
          <p className="mt-2 text-gray-600">{formatMessage(messages.notFoundHint)}</p>
          <Link to="/" className={buttonClasses({ className: 'mt-6' })}>
            {formatMessage(messages.returnHome)}
          </Link>
        </div>
      </Panel>
    );
  }

  const rating = agent.viewerRating;
  if (!rating.allowed && rating.reason === 'SIGN_IN_REQUIRED') {
    return (
      <PageContainer className="max-w-2xl">
        <SignedOutNotice title={rating.title ?? formatMessage(messages.signInRequired)}>
          {rating.message ?? formatMessage(messages.signInHint)}
        </SignedOutNotice>
      </PageContainer>
    );
  }

  if (!rating.allowed) {
    return (
      <Panel>
        <h1 className="text-2xl font-semibold text-gray-900">{rating.title ?? formatMessage(messages.notAvailable)}</h1>
        <p className="mt-2 text-gray-700">{rating.message}</p>
        <div className="mt-6">
          <AgentSummary agent={agent} />
        </div>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/" className={buttonClasses()}>
            {formatMessage(messages.returnHome)}
          </Link>
          <Link to={`/agents/${encodeURIComponent(agent.id)}`} className={buttonClasses({ variant: 'outline' })}>
            {formatMessage(messages.viewProfile)}
          </Link>
        </div>
      </Panel>
    );
  }

  return (
    <Panel>
      <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">{formatMessage(messages.title)}</h1>
      <p className="mt-1 text-gray-600">{formatMessage(messages.question)}</p>
      <div className="mt-6">
        <AgentSummary agent={agent} />
      </div>
      <RateAgentForm key={`${agent.id}:${rating.existingReview?.id ?? 'new'}`} agent={agent} />
    </Panel>
  );
}

/** A NOT_FOUND answer is 'Agent Not Found', not a failure to load. */
function CombinedNotFound(error: unknown): boolean {
  const errors = (error as { errors?: Array<{ extensions?: { code?: unknown } }> }).errors;
  return (
    Array.isArray(errors) && errors.some((e) => e.extensions?.code === 'NOT_FOUND' || e.extensions?.code === 'BAD_USER_INPUT')
  );
}
