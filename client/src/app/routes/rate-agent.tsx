import { useQuery } from '@apollo/client/react';
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
          <ul aria-label="Specialties" className="mt-2 flex flex-wrap gap-1.5">
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
      toast({ title: 'Rating Submitted', description: 'Thank you for rating this agent!' });
      navigate('/');
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? MESSAGES.submitFailed });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Rate this agent" className="mt-6 space-y-6">
      {agent.viewerRating.verified ? (
        <p className="flex items-start gap-2 text-sm text-green-800">
          <BadgeCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
          Verified conversation: you have talked with this agent, so your review is marked as verified.
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
        <p id={ids.label} className="text-sm font-medium text-gray-900">
          Overall Rating <span aria-hidden="true">*</span>
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
              {score} out of 5 stars
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
          Additional Comments (Optional)
        </label>
        <textarea
          id={ids.comment}
          rows={5}
          placeholder="Share details of your experience with this agent..."
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

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => navigate('/')} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner className="size-4" /> : null}
          {isSubmitting ? 'Submitting...' : 'Submit Rating'}
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
  useDocumentTitle(agent ? `Rate ${agent.displayName}` : 'Rate Your Experience');

  useEffect(() => {
    if (error) console.warn('Failed to fetch agent', error);
  }, [error]);

  if (loading && !agent) {
    return (
      <Panel>
        <div role="status" className="flex items-center justify-center gap-3 py-10 text-gray-700">
          <Spinner className="size-5" />
          Loading agent details...
        </div>
      </Panel>
    );
  }

  if (!agent && error && !CombinedNotFound(error)) {
    return (
      <Panel>
        <div role="alert" className="py-6 text-center">
          <h1 className="text-2xl font-semibold text-gray-900">Failed to fetch agent</h1>
          <p className="mt-2 text-gray-600">Please check your connection and try again.</p>
          <Button className="mt-6" onClick={() => refetch().catch(() => undefined)}>
            Try again
          </Button>
        </div>
      </Panel>
    );
  }

  if (!agent) {
    return (
      <Panel>
        <div className="py-6 text-center">
          <h1 className="text-2xl font-semibold text-gray-900">Agent Not Found</h1>
          <p className="mt-2 text-gray-600">The agent you&apos;re trying to rate could not be found.</p>
          <Link to="/" className={buttonClasses({ className: 'mt-6' })}>
            Return Home
          </Link>
        </div>
      </Panel>
    );
  }

  const rating = agent.viewerRating;
  if (!rating.allowed && rating.reason === 'SIGN_IN_REQUIRED') {
    return (
      <PageContainer className="max-w-2xl">
        <SignedOutNotice title={rating.title ?? 'Sign In Required'}>
          {rating.message ?? 'You must sign in to rate an agent.'}
        </SignedOutNotice>
      </PageContainer>
    );
  }

  if (!rating.allowed) {
    return (
      <Panel>
        <h1 className="text-2xl font-semibold text-gray-900">{rating.title ?? 'Rating Not Available'}</h1>
        <p className="mt-2 text-gray-700">{rating.message}</p>
        <div className="mt-6">
          <AgentSummary agent={agent} />
        </div>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/" className={buttonClasses()}>
            Return Home
          </Link>
          <Link to={`/agents/${encodeURIComponent(agent.id)}`} className={buttonClasses({ variant: 'outline' })}>
            View profile
          </Link>
        </div>
      </Panel>
    );
  }

  return (
    <Panel>
      <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">Rate Your Experience</h1>
      <p className="mt-1 text-gray-600">How was working with this agent?</p>
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
