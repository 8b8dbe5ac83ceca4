import { Star, ThumbsUp, MessageSquareText } from '@/components/icons';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { StarRating } from '@/components/ui/star-rating';
import type { RatingsSummary_SummaryFragment } from '@/gql/graphql';
import { CATEGORIES, formatScore } from '../review-rules';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  averageRating: { id: 'ratingSummary.averageRating', defaultMessage: 'Average Rating' },
  outOf5: { id: 'ratingSummary.outOf5', defaultMessage: 'out of 5' },
  totalReviews: { id: 'ratingSummary.totalReviews', defaultMessage: 'Total Reviews' },
  verified: { id: 'ratingSummary.verified', defaultMessage: '{count} verified' },
  positiveReviews: { id: 'ratingSummary.positiveReviews', defaultMessage: 'Positive Reviews' },
  fourOrMore: { id: 'ratingSummary.fourOrMore', defaultMessage: '4 stars or more' },
  reviews: { id: 'ratingSummary.reviews', defaultMessage: '{count, plural, one {# review} other {# reviews}}' },
  distribution: { id: 'ratingSummary.distribution', defaultMessage: 'Rating distribution' },
  stars: { id: 'ratingSummary.stars', defaultMessage: '{score, plural, one {# star} other {# stars}}' },
  categoryAverages: { id: 'ratingSummary.categoryAverages', defaultMessage: 'Category averages' },
  notRated: { id: 'ratingSummary.notRated', defaultMessage: 'Not rated yet' },
  noRatings: { id: 'ratingSummary.noRatings', defaultMessage: 'No ratings yet' },
});

type Summary = RatingsSummary_SummaryFragment;

function Card({ label, icon, value, hint }: { label: string; icon: ReactNode; value: ReactNode; hint?: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-gray-200 bg-white p-3 shadow-sm sm:p-5">
      <dt className="flex items-start justify-between gap-2 text-xs font-medium text-gray-600 sm:text-sm">
        {label}
        <span className="hidden text-brand-700 sm:inline">{icon}</span>
      </dt>
      <dd className="mt-1 text-xl font-semibold text-gray-900 sm:mt-2 sm:text-2xl">{value}</dd>
      {hint ? <dd className="mt-1 hidden text-xs text-gray-600 sm:block">{hint}</dd> : null}
    </div>
  );
}

/**
 * Average Rating (one decimal), Total Reviews, Positive Reviews (4 or more, rounded percent). With no
 * review yet the average says so: '0.0' read as zero stars (issue 59 item 8).
 */
export function SummaryCards({ summary, caption }: { summary: Summary | null; caption: string }) {
  const value = (text: string) => (summary ? text : <Skeleton className="h-8 w-16" />);
  const unrated = summary !== null && summary.totalReviews === 0;
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-3" aria-busy={!summary} aria-label={caption}>
      <Card
        label={formatMessage(messages.averageRating)}
        icon={<Star aria-hidden="true" className="size-5" />}
        value={
          unrated ? (
            <span className="text-base font-medium text-gray-600 sm:text-lg">{formatMessage(messages.noRatings)}</span>
          ) : (
            value(formatScore(summary?.averageScore ?? 0))
          )
        }
        hint={unrated ? undefined : formatMessage(messages.outOf5)}
      />
      <Card
        label={formatMessage(messages.totalReviews)}
        icon={<MessageSquareText aria-hidden="true" className="size-5" />}
        value={value(String(summary?.totalReviews ?? 0))}
        hint={
          summary && summary.verifiedCount > 0 ? formatMessage(messages.verified, { count: summary.verifiedCount }) : undefined
        }
      />
      <Card
        label={formatMessage(messages.positiveReviews)}
        icon={<ThumbsUp aria-hidden="true" className="size-5" />}
        value={unrated ? '—' : value(`${summary?.positivePercent ?? 0}%`)}
        hint={formatMessage(messages.fourOrMore)}
      />
    </dl>
  );
}

/** Star average and count, the distribution 5 down to 1, and the category averages. */
export function Breakdown({ summary }: { summary: Summary }) {
  const categories = CATEGORIES.map((c) => ({ ...c, value: summary.categoryAverages[c.key] ?? null }));
  return (
    <div className="grid gap-6 rounded-xl border border-gray-200 bg-white p-5 shadow-sm md:grid-cols-2">
      <div>
        <div className="flex items-center gap-3">
          <span className="text-4xl font-semibold text-gray-900">{formatScore(summary.averageScore)}</span>
          <div>
            <StarRating value={summary.averageScore} starClassName="size-5" />
            <p className="text-sm text-gray-600">{formatMessage(messages.reviews, { count: summary.totalReviews })}</p>
          </div>
        </div>
        <h4 className="sr-only">{formatMessage(messages.distribution)}</h4>
        <ul className="mt-4 space-y-1.5">
          {summary.distribution.map((row) => (
            <li key={row.score} className="flex items-center gap-2 text-sm">
              <span className="w-14 shrink-0 text-gray-700">{formatMessage(messages.stars, { score: row.score })}</span>
              <span aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-gray-100">
                <span className="block h-full rounded-full bg-amber-400" style={{ width: `${row.percent}%` }} />
              </span>
              <span className="w-8 shrink-0 text-right text-gray-700 tabular-nums">{row.count}</span>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h4 className="text-sm font-semibold text-gray-900">{formatMessage(messages.categoryAverages)}</h4>
        <dl className="mt-3 space-y-3">
          {categories.map((c) => (
            <div key={c.key} className="flex items-center justify-between gap-3 text-sm">
              <dt className="text-gray-700">{c.label}</dt>
              <dd className="flex items-center gap-2">
                {c.value == null ? (
                  <span className="text-gray-600">{formatMessage(messages.notRated)}</span>
                ) : (
                  <>
                    <StarRating value={c.value} />
                    <span className="w-8 text-right font-semibold text-gray-900 tabular-nums">{formatScore(c.value)}</span>
                  </>
                )}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
