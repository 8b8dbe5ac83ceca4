import { useMutation } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { EyeOff, Flag, MessageSquareReply } from '@/components/icons';
import { useId, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { ReportDialog } from '@/components/ui/report-dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { signInPath } from '@/features/auth/redirect';
import { useAuth } from '@/features/auth/use-auth';
import type { ReviewModeration_ReviewFragment } from '@/gql/graphql';
import { cn } from '@/lib/cn';
import {
  dropHiddenReview,
  MODERATION_MESSAGES,
  REPLY_MAX,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  ReplyToReviewMutation,
  replyFormSchema,
  reportFormSchema,
  ReportReviewMutation,
  type ReplyFormValues,
  type ReportFormInput,
  type ReportFormValues,
} from '../moderation';
import { commentLength } from '../review-rules';
import { serverMessage } from '../use-rate-agent';
import { dateFormat } from '@common/i18n/dates';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  hiddenTitle: {
    id: 'reviewModeration.hiddenTitle',
    defaultMessage: 'Reported by several people: not shown publicly nor counted in the rating until it is reviewed.',
  },
  hidden: { id: 'reviewModeration.hidden', defaultMessage: 'Hidden pending review' },
  responseFrom: { id: 'reviewModeration.responseFrom', defaultMessage: 'Response from {name}' },
  yourReply: { id: 'reviewModeration.yourReply', defaultMessage: 'Your reply' },
  replyPlaceholder: {
    id: 'reviewModeration.replyPlaceholder',
    defaultMessage: 'Thank the reviewer or give your side, politely: everyone can read it.',
  },
  characters: { id: 'reviewModeration.characters', defaultMessage: '{length} / {max} characters' },
  posting: { id: 'reviewModeration.posting', defaultMessage: 'Posting…' },
  postReply: { id: 'reviewModeration.postReply', defaultMessage: 'Post reply' },
  cancel: { id: 'reviewModeration.cancel', defaultMessage: 'Cancel' },
  reportReceived: { id: 'reviewModeration.reportReceived', defaultMessage: 'Report received' },
  reportThanks: { id: 'reviewModeration.reportThanks', defaultMessage: 'Thanks — we will review it.' },
  reportReview: { id: 'reviewModeration.reportReview', defaultMessage: 'Report review' },
  reportDescription: {
    id: 'reviewModeration.reportDescription',
    defaultMessage: 'Tell us why this review breaks the rules. A review reported by several people is hidden until we check it.',
  },
  details: { id: 'reviewModeration.details', defaultMessage: 'Details' },
  submit: { id: 'reviewModeration.submit', defaultMessage: 'Submit' },
  submitting: { id: 'reviewModeration.submitting', defaultMessage: 'Submitting…' },
  report: { id: 'reviewModeration.report', defaultMessage: 'Report' },
  reported: { id: 'reviewModeration.reported', defaultMessage: 'Reported' },
  reply: { id: 'reviewModeration.reply', defaultMessage: 'Reply' },
});

type Review = ReviewModeration_ReviewFragment;

/** The day of a reply, in the page's language: 'May 10, 2026'. */
const replyDate = () => dateFormat('review-reply-day', { month: 'long', day: 'numeric', year: 'numeric' });

const textareaClasses =
  'mt-2 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm text-gray-900 shadow-sm placeholder:text-gray-500 ' +
  'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 ' +
  'aria-[invalid=true]:border-red-500';

/** 'Hidden pending review': shown to the author and the agent of a review 3 people reported. */
export function HiddenMark({ review }: { review: Pick<Review, 'hidden'> }) {
  if (!review.hidden) return null;
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-800 ring-1 ring-gray-300"
      title={formatMessage(messages.hiddenTitle)}
    >
      <EyeOff aria-hidden="true" className="size-3.5" />
      {formatMessage(messages.hidden)}
    </span>
  );
}

/** The agent's public reply under a review: 'Response from {agent name}' with its date. */
export function ReviewReply({ review }: { review: Review }) {
  if (!review.reply) return null;
  return (
    <div className="mt-3 rounded-md border-l-4 border-brand-600 bg-gray-50 px-3 py-2" data-testid="review-reply">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="text-sm font-medium text-gray-900">
          {formatMessage(messages.responseFrom, { name: review.agent.displayName })}
        </p>
        {review.repliedAt ? (
          <time dateTime={review.repliedAt} className="text-xs text-gray-600">
            {replyDate().format(new Date(review.repliedAt))}
          </time>
        ) : null}
      </div>
      <p className="mt-1 text-sm leading-6 whitespace-pre-line text-gray-800">{review.reply}</p>
    </div>
  );
}

function ReplyForm({ review, onClose }: { review: Review; onClose: () => void }) {
  const ids = { field: useId(), help: useId(), error: useId() };
  const [failure, setFailure] = useState<string | null>(null);
  const [reply] = useMutation(ReplyToReviewMutation);
  const form = useForm<ReplyFormValues>({ resolver: zodResolver(replyFormSchema), defaultValues: { reply: '' } });
  const text = useWatch({ control: form.control, name: 'reply' });
  const length = commentLength(text.trim());
  const { errors, isSubmitting } = form.formState;
  const error = errors.reply?.message ?? failure;

  async function submit(values: ReplyFormValues) {
    setFailure(null);
    try {
      await reply({ variables: { reviewId: review.id, reply: values.reply.trim() } });
      onClose();
    } catch (e) {
      // The text stays in the field: the agent can fix it and post again.
      setFailure(serverMessage(e) ?? MODERATION_MESSAGES.replyFailed);
    }
  }

  return (
    <form className="mt-3" onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate>
      <label htmlFor={ids.field} className="block text-sm font-medium text-gray-900">
        {formatMessage(messages.yourReply)}
      </label>
      <textarea
        id={ids.field}
        rows={3}
        autoFocus
        placeholder={formatMessage(messages.replyPlaceholder)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[ids.help, error ? ids.error : null].filter(Boolean).join(' ')}
        readOnly={isSubmitting}
        className={textareaClasses}
        {...form.register('reply')}
      />
      <p id={ids.help} className={cn('mt-1 text-xs', length > REPLY_MAX ? 'text-red-700' : 'text-gray-600')}>
        {formatMessage(messages.characters, { length, max: REPLY_MAX })}
      </p>
      {error ? (
        <p id={ids.error} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-2 flex gap-2">
        <Button type="submit" size="sm" disabled={isSubmitting}>
          {isSubmitting ? (
            <>
              <Spinner className="size-4" /> {formatMessage(messages.posting)}
            </>
          ) : (
            formatMessage(messages.postReply)
          )}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onClose} disabled={isSubmitting}>
          {formatMessage(messages.cancel)}
        </Button>
      </div>
    </form>
  );
}

function ReportReviewDialog({
  review,
  open,
  onOpenChange,
}: {
  review: Review;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [report] = useMutation(ReportReviewMutation, {
    update(cache, { data }) {
      if (data?.reportReview.hidden) dropHiddenReview(cache, data.reportReview.agent.id);
    },
  });
  const form = useForm<ReportFormInput, unknown, ReportFormValues>({
    resolver: zodResolver(reportFormSchema),
    defaultValues: { reason: undefined, details: '' },
  });
  const { field: reasonField } = useController({ control: form.control, name: 'reason' });
  const details = useWatch({ control: form.control, name: 'details' });
  const length = commentLength(details.trim());
  const { errors, isSubmitting } = form.formState;

  async function submit(values: ReportFormValues) {
    setFailure(null);
    try {
      await report({ variables: { reviewId: review.id, reason: values.reason, details: values.details.trim() || null } });
      onOpenChange(false);
      toast({ title: formatMessage(messages.reportReceived), description: formatMessage(messages.reportThanks) });
    } catch (e) {
      setFailure(serverMessage(e) ?? MODERATION_MESSAGES.reportFailed);
    }
  }

  return (
    <ReportDialog
      open={open}
      onOpenChange={onOpenChange}
      title={formatMessage(messages.reportReview)}
      description={formatMessage(messages.reportDescription)}
      reasons={REPORT_REASONS}
      reason={reasonField.value ?? undefined}
      onReasonChange={reasonField.onChange}
      detailsLabel={formatMessage(messages.details)}
      details={form.register('details')}
      detailsLength={length}
      detailsMax={REPORT_DETAILS_MAX}
      errors={{ reason: errors.reason?.message, details: errors.details?.message }}
      failure={failure}
      isSubmitting={isSubmitting}
      submitLabel={formatMessage(messages.submit)}
      busyLabel={formatMessage(messages.submitting)}
      onSubmit={(e) => void form.handleSubmit(submit)(e)}
    />
  );
}

const flagClasses = buttonClasses({ variant: 'ghost', size: 'sm', className: 'h-8 gap-1 px-2 text-xs text-gray-600' });

/**
 * The small flag button: 'Report review' opens the dialog (signed out: goes to sign in first);
 * 'Reported', disabled, once the viewer has reported it. Nothing on the viewer's own reviews.
 */
export function ReportButton({ review }: { review: Review }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  if (review.isMine || loading) return null;
  if (!user) {
    return (
      <Link
        to={signInPath(`${location.pathname}${location.search}`)}
        className={flagClasses}
        aria-label={formatMessage(messages.reportReview)}
      >
        <Flag aria-hidden="true" className="size-3.5" />
        {formatMessage(messages.report)}
      </Link>
    );
  }
  if (review.viewerHasReported) {
    return (
      <Button variant="ghost" size="sm" className={flagClasses} disabled>
        <Flag aria-hidden="true" className="size-3.5 fill-current" />
        {formatMessage(messages.reported)}
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className={flagClasses}
        aria-label={formatMessage(messages.reportReview)}
        onClick={() => setOpen(true)}
      >
        <Flag aria-hidden="true" className="size-3.5" />
        {formatMessage(messages.report)}
      </Button>
      {open ? <ReportReviewDialog review={review} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}

/**
 * Under a review: the agent's reply, the agent's 'Reply' (when `allowReply` and they have not replied)
 * with its inline form, and the 'Report review' flag.
 */
export function ReviewModeration({ review, allowReply = false }: { review: Review; allowReply?: boolean }) {
  const [replying, setReplying] = useState(false);
  const canReply = allowReply && review.viewerCanReply;
  return (
    <div>
      <ReviewReply review={review} />
      {replying && canReply ? <ReplyForm review={review} onClose={() => setReplying(false)} /> : null}
      <div className="mt-2 flex flex-wrap items-center justify-end gap-1">
        {canReply && !replying ? (
          <Button variant="outline" size="sm" className="h-8 gap-1 px-2 text-xs" onClick={() => setReplying(true)}>
            <MessageSquareReply aria-hidden="true" className="size-3.5" />
            {formatMessage(messages.reply)}
          </Button>
        ) : null}
        <ReportButton review={review} />
      </div>
    </div>
  );
}
