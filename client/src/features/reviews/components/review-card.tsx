import { BadgeCheck } from '@/components/icons';
import { UserAvatar } from '@/components/ui/avatar';
import { StarRating } from '@/components/ui/star-rating';
import type { RatingsReview_ReviewFragment } from '@/gql/graphql';
import { cn } from '@/lib/cn';
import { CATEGORIES, formatRelativeTime } from '../review-rules';
import { HiddenMark, ReviewModeration, ReviewReply } from './review-moderation';
import { dateFormat } from '@common/i18n/dates';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  verified: { id: 'reviewCard.verified', defaultMessage: 'Verified conversation' },
  notVerified: { id: 'reviewCard.notVerified', defaultMessage: 'Not verified' },
  notVerifiedTitle: {
    id: 'reviewCard.notVerifiedTitle',
    defaultMessage: 'The agent has not answered this renter or confirmed a tour with them: not counted in the rating.',
  },
  subscore: { id: 'reviewCard.subscore', defaultMessage: '{category}:' },
  re: { id: 'reviewCard.re', defaultMessage: 'Re: {title}' },
  generalReview: { id: 'reviewCard.generalReview', defaultMessage: 'General review' },
  agent: { id: 'reviewCard.agent', defaultMessage: 'Agent: {name}' },
});

type Review = RatingsReview_ReviewFragment;

/** A review's day in the page's language: 'May 10, 2026'. */
const fullDate = () => dateFormat('review-day', { month: 'short', day: 'numeric', year: 'numeric' });

/** The 'Verified conversation' mark: the author talked with the agent before reviewing. */
export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800 ring-1 ring-green-200',
        className,
      )}
    >
      <BadgeCheck aria-hidden="true" className="size-3.5" />
      {formatMessage(messages.verified)}
    </span>
  );
}

/**
 * 'Not verified' (issue 58 item 10): no real interaction between the author and the agent yet (the
 * agent answered them, or confirmed a tour), so the review is shown but not counted in the rating.
 */
export function NotVerifiedBadge({ className }: { className?: string }) {
  const why = formatMessage(messages.notVerifiedTitle);
  return (
    <span
      title={why}
      className={cn(
        'inline-flex items-center rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700 ring-1 ring-gray-300',
        className,
      )}
    >
      {formatMessage(messages.notVerified)}
      <span className="sr-only">{`: ${why}`}</span>
    </span>
  );
}

/** The review's verification mark: 'Verified conversation' or 'Not verified'. */
export function VerificationMark({ verified }: { verified: boolean }) {
  return verified ? <VerifiedBadge /> : <NotVerifiedBadge />;
}

function Subscores({ review }: { review: Review }) {
  const rated = CATEGORIES.filter((c) => review[c.key] != null);
  if (rated.length === 0) return null;
  return (
    <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-700">
      {rated.map((c) => (
        <div key={c.key} className="flex items-center gap-1">
          <dt>{formatMessage(messages.subscore, { category: c.label })}</dt>
          <dd className="font-semibold text-gray-900">{review[c.key]}/5</dd>
        </div>
      ))}
    </dl>
  );
}

function When({ instant, relative }: { instant: string; relative: boolean }) {
  return (
    <time dateTime={instant} title={fullDate().format(new Date(instant))} className="text-xs text-gray-600">
      {relative ? formatRelativeTime(instant) : fullDate().format(new Date(instant))}
    </time>
  );
}

/** A review received: reviewer avatar or initials, name, 'Re: listing title', stars, relative time, subscores, comment. */
export function ReceivedReviewCard({ review }: { review: Review }) {
  const name = `${review.author.firstName} ${review.author.lastName}`.trim();
  return (
    <article className="flex gap-3 rounded-lg border border-gray-200 bg-white p-4">
      <UserAvatar name={name} photoUrl={review.author.photoUrl} className="size-10" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <h4 className="font-medium text-gray-900">{name}</h4>
          <When instant={review.createdAt} relative />
        </div>
        {review.listingTitle ? (
          <p className="text-xs text-gray-600">{formatMessage(messages.re, { title: review.listingTitle })}</p>
        ) : null}
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <StarRating value={review.score} />
          <VerificationMark verified={review.verified} />
          <HiddenMark review={review} />
        </div>
        <Subscores review={review} />
        {review.comment ? <p className="mt-2 text-sm leading-6 whitespace-pre-line text-gray-800">{review.comment}</p> : null}
        <ReviewModeration review={review} allowReply />
      </div>
    </article>
  );
}

/** A review given: listing title (and the agent), stars, date, score badge, subscores and the comment in quotes. */
export function GivenReviewCard({ review }: { review: Review }) {
  return (
    <article className="rounded-lg border border-gray-200 bg-white p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h4 className="font-medium text-gray-900">{review.listingTitle ?? formatMessage(messages.generalReview)}</h4>
          <p className="text-xs text-gray-600">{formatMessage(messages.agent, { name: review.agent.displayName })}</p>
        </div>
        <span className="shrink-0 rounded-full bg-amber-50 px-2.5 py-0.5 text-sm font-semibold text-gray-900 ring-1 ring-amber-200">
          {review.score}/5
        </span>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <StarRating value={review.score} />
        <When instant={review.createdAt} relative={false} />
        <VerificationMark verified={review.verified} />
        <HiddenMark review={review} />
      </div>
      <Subscores review={review} />
      {review.comment ? (
        <blockquote className="mt-2 text-sm leading-6 whitespace-pre-line text-gray-800 italic">
          &ldquo;{review.comment}&rdquo;
        </blockquote>
      ) : null}
      <ReviewReply review={review} />
    </article>
  );
}
