import { formatCount } from '@common/format';
import { Award, BadgeCheck, Building2, Mail, MessageSquare, Phone, Star } from '@/components/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { UserAvatar } from '@/components/ui/avatar';
import { buttonClasses } from '@/components/ui/button';
import { StarRating } from '@/components/ui/star-rating';
import { useAuth } from '@/features/auth/use-auth';
import { LicenseForm } from '@/features/moderation/license-form';
import { LicensedBadge } from '@/features/moderation/licensed-badge';
import { ReviewModeration } from '@/features/reviews/components/review-moderation';
import { graphql } from '@/gql';
import type { AgentProfile_AgentFragment, AgentReview_ReviewFragment } from '@/gql/graphql';
import { PROFILE_REVIEWS } from '../profile-variables';
import { dateFormat } from '@common/i18n/dates';
import { defineMessages, formatMessage } from '@common/i18n/messages';
import { responseTimeText } from '@/features/listings/response-time';

const messages = defineMessages({
  sendMessage: { id: 'agentProfile.sendMessage', defaultMessage: 'Send Message' },
  callAt: { id: 'agentProfile.callAt', defaultMessage: 'Call {name} at' },
  email: { id: 'agentProfile.email', defaultMessage: 'Email' },
  agent: { id: 'agentProfile.agent', defaultMessage: 'Agent' },
  reviews: { id: 'agentProfile.reviews', defaultMessage: '{count, plural, one {# review} other {# reviews}}' },
  propertiesSold: { id: 'agentProfile.propertiesSold', defaultMessage: '{count, plural, other {# properties sold}}' },
  experience: {
    id: 'agentProfile.experience',
    defaultMessage: '{count, plural, one {# year experience} other {# years experience}}',
  },
  new: { id: 'agentProfile.new', defaultMessage: 'New' },
  specialties: { id: 'agentProfile.specialties', defaultMessage: 'Specialties' },
  clientReviews: { id: 'agentProfile.clientReviews', defaultMessage: 'Client Reviews ({count})' },
  noReviews: { id: 'agentProfile.noReviews', defaultMessage: 'No reviews yet' },
  verified: { id: 'agentProfile.verified', defaultMessage: 'Verified conversation' },
  notVerified: { id: 'agentProfile.notVerified', defaultMessage: 'Not verified' },
  notVerifiedTitle: {
    id: 'agentProfile.notVerifiedTitle',
    defaultMessage: 'The agent has not answered this renter or confirmed a tour with them: not counted in the rating.',
  },
  re: { id: 'agentProfile.re', defaultMessage: 'Re: {title}' },
  rating: { id: 'agentProfile.rating', defaultMessage: 'Rating' },
  noRatings: { id: 'agentProfile.noRatings', defaultMessage: 'No ratings yet' },
  propertiesSoldStat: { id: 'agentProfile.propertiesSoldStat', defaultMessage: 'Properties Sold' },
  yearsExperience: { id: 'agentProfile.yearsExperience', defaultMessage: 'Years Experience' },
  activeListings: { id: 'agentProfile.activeListings', defaultMessage: 'Active Listings' },
  quickStats: { id: 'agentProfile.quickStats', defaultMessage: 'Quick Stats' },
  professionalInfo: { id: 'agentProfile.professionalInfo', defaultMessage: 'Professional Info' },
  license: { id: 'agentProfile.license', defaultMessage: 'License' },
  notProvided: { id: 'agentProfile.notProvided', defaultMessage: 'Not provided' },
  agency: { id: 'agentProfile.agency', defaultMessage: 'Agency' },
  independent: { id: 'agentProfile.independent', defaultMessage: 'Independent' },
  getInTouch: { id: 'agentProfile.getInTouch', defaultMessage: 'Get in Touch' },
  questions: {
    id: 'agentProfile.questions',
    defaultMessage: 'Questions about a listing or a viewing? Contact {name} directly.',
  },
});

export const AgentProfileFragment = graphql(`
  fragment AgentProfile_agent on Agent {
    id
    displayName
    photoUrl
    phone
    email
    rating
    reviewCount
    propertiesSold
    yearsExperience
    responseMinutes
    agency
    bio
    specialties
    license
    licenseVerified
    isNew
    activeListingsCount
  }
`);

export const AgentReviewFragment = graphql(`
  fragment AgentReview_review on Review {
    id
    score
    comment
    createdAt
    listingTitle
    verified
    author {
      firstName
      lastName
      photoUrl
    }
    ...ReviewModeration_review
  }
`);

/** Reviews shown on the profile (SPEC part 9). */

type Agent = AgentProfile_AgentFragment;

/** A review's day as New York saw it, in the page's language: 'May 10, 2026'. */
const reviewDate = () =>
  dateFormat('agent-review-day', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'America/New_York' });

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** A North American number in E.164 as '+1 (212) 555-0190'; other numbers as stored. */
export function formatPhone(phone: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone.replace(/[\s().-]/g, ''));
  return match ? `+1 (${match[1]}) ${match[2]}-${match[3]}` : phone;
}

function Card({ title, children, id, action }: { title: string; children: ReactNode; id?: string; action?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function ContactButtons({ agent, stacked = false }: { agent: Agent; stacked?: boolean }) {
  const layout = stacked ? 'w-full' : '';
  return (
    <div className={stacked ? 'flex flex-col gap-2' : 'flex flex-wrap gap-2'}>
      <Link to={`/messages?agent=${encodeURIComponent(agent.id)}`} className={buttonClasses({ className: layout })}>
        <MessageSquare aria-hidden="true" className="size-4" />
        {formatMessage(messages.sendMessage)}
      </Link>
      {agent.phone ? (
        <a href={telHref(agent.phone)} className={buttonClasses({ variant: 'outline', className: layout })}>
          <Phone aria-hidden="true" className="size-4" />
          <span className="sr-only">{formatMessage(messages.callAt, { name: agent.displayName })} </span>
          {formatPhone(agent.phone)}
        </a>
      ) : null}
      <a href={`mailto:${agent.email}`} className={buttonClasses({ variant: 'outline', className: layout })}>
        <Mail aria-hidden="true" className="size-4" />
        {formatMessage(messages.email)}
        <span className="sr-only"> {agent.displayName}</span>
      </a>
    </div>
  );
}

/** Avatar, name, stars and rating, review count, properties sold, years, agency, bio, specialties and contact buttons. */
export function AgentHeader({ agent }: { agent: Agent }) {
  return (
    <section
      aria-label={formatMessage(messages.agent)}
      className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <UserAvatar name={agent.displayName} photoUrl={agent.photoUrl} className="size-24 text-2xl sm:size-28" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">{agent.displayName}</h1>
          {agent.agency ? (
            <p className="mt-1 flex items-center gap-1.5 text-gray-600">
              <Building2 aria-hidden="true" className="size-4" />
              {agent.agency}
            </p>
          ) : null}
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-700">
            {agent.reviewCount > 0 ? (
              <span className="flex items-center gap-1.5">
                <StarRating value={agent.rating} />
                <span className="font-semibold text-gray-900">{agent.rating.toFixed(1)}</span>
              </span>
            ) : (
              // Not zero stars: nobody has rated them yet (issue 59 item 8).
              <span className="font-medium text-gray-700">{formatMessage(messages.noRatings)}</span>
            )}
            <span>{formatMessage(messages.reviews, { count: agent.reviewCount })}</span>
            <span>{formatMessage(messages.propertiesSold, { count: agent.propertiesSold })}</span>
            <span>{formatMessage(messages.experience, { count: agent.yearsExperience })}</span>
            {agent.isNew ? (
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                {formatMessage(messages.new)}
              </span>
            ) : null}
            <LicensedBadge verified={agent.licenseVerified} />
            {agent.responseMinutes != null ? <span>{responseTimeText(agent.responseMinutes)}</span> : null}
          </div>
          {agent.bio ? <p className="mt-4 max-w-3xl text-sm leading-6 whitespace-pre-line text-gray-800">{agent.bio}</p> : null}
          {agent.specialties.length > 0 ? (
            <ul aria-label={formatMessage(messages.specialties)} className="mt-4 flex flex-wrap gap-2">
              {agent.specialties.map((specialty) => (
                <li key={specialty} className="rounded-full bg-gray-100 px-3 py-1 text-xs font-medium text-gray-800">
                  {specialty}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="mt-5">
            <ContactButtons agent={agent} />
          </div>
        </div>
      </div>
    </section>
  );
}

export function ReviewList({
  reviews,
  total,
  rate = null,
}: {
  reviews: readonly AgentReview_ReviewFragment[];
  total: number;
  /** 'Write a review' (or 'Update your review'), when the viewer may rate this agent. */
  rate?: { href: string; label: string } | null;
}) {
  return (
    <Card
      title={formatMessage(messages.clientReviews, { count: total })}
      id="client-reviews"
      action={
        rate ? (
          <Link to={rate.href} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <Star aria-hidden="true" className="size-4" />
            {rate.label}
          </Link>
        ) : null
      }
    >
      {reviews.length === 0 ? (
        <p className="text-sm text-gray-600">{formatMessage(messages.noReviews)}</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {reviews.slice(0, PROFILE_REVIEWS).map((review) => {
            const name = `${review.author.firstName} ${review.author.lastName}`.trim();
            return (
              <li key={review.id} className="flex gap-3 py-4 first:pt-0 last:pb-0">
                <UserAvatar name={name} photoUrl={review.author.photoUrl} className="size-10" />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                    <p className="font-medium text-gray-900">{name}</p>
                    <time dateTime={review.createdAt} className="text-xs text-gray-500">
                      {reviewDate().format(new Date(review.createdAt))}
                    </time>
                  </div>
                  <div className="mt-1 flex flex-wrap items-center gap-2">
                    <StarRating value={review.score} />
                    {review.verified ? (
                      <span className="inline-flex items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800 ring-1 ring-green-200">
                        <BadgeCheck aria-hidden="true" className="size-3.5" />
                        {formatMessage(messages.verified)}
                      </span>
                    ) : (
                      <span
                        title={formatMessage(messages.notVerifiedTitle)}
                        className="inline-flex items-center rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700 ring-1 ring-gray-300"
                      >
                        {formatMessage(messages.notVerified)}
                        <span className="sr-only">{`: ${formatMessage(messages.notVerifiedTitle)}`}</span>
                      </span>
                    )}
                  </div>
                  {review.listingTitle ? (
                    <p className="mt-1 text-xs text-gray-500">{formatMessage(messages.re, { title: review.listingTitle })}</p>
                  ) : null}
                  {review.comment ? <p className="mt-2 text-sm leading-6 text-gray-800">{review.comment}</p> : null}
                  <ReviewModeration review={review} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

export function QuickStats({ agent }: { agent: Agent }) {
  const stats: [string, string][] = [
    [
      formatMessage(messages.rating),
      agent.reviewCount > 0 ? `${agent.rating.toFixed(1)} / 5.0` : formatMessage(messages.noRatings),
    ],
    [formatMessage(messages.propertiesSoldStat), formatCount(agent.propertiesSold)],
    [formatMessage(messages.yearsExperience), formatCount(agent.yearsExperience)],
    [formatMessage(messages.activeListings), formatCount(agent.activeListingsCount)],
  ];
  return (
    <Card title={formatMessage(messages.quickStats)} id="quick-stats">
      <dl className="grid grid-cols-2 gap-3">
        {stats.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-gray-50 p-3">
            <dt className="text-xs text-gray-600">{label}</dt>
            <dd className="mt-1 text-lg font-semibold text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

export function ProfessionalInfo({ agent }: { agent: Agent }) {
  const { user } = useAuth();
  const own = user?.agentId === agent.id;
  return (
    <Card title={formatMessage(messages.professionalInfo)} id="professional-info">
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="flex items-center gap-1.5 text-gray-600">
            <Award aria-hidden="true" className="size-4" />
            {formatMessage(messages.license)}
          </dt>
          <dd className="mt-0.5 flex flex-wrap items-center gap-2 font-medium text-gray-900">
            {agent.license ?? formatMessage(messages.notProvided)}
            <LicensedBadge verified={agent.licenseVerified} />
          </dd>
        </div>
        <div>
          <dt className="flex items-center gap-1.5 text-gray-600">
            <Building2 aria-hidden="true" className="size-4" />
            {formatMessage(messages.agency)}
          </dt>
          <dd className="mt-0.5 font-medium text-gray-900">{agent.agency ?? formatMessage(messages.independent)}</dd>
        </div>
      </dl>
      {own ? <LicenseForm license={agent.license ?? null} verified={agent.licenseVerified} /> : null}
    </Card>
  );
}

export function GetInTouch({ agent }: { agent: Agent }) {
  return (
    <Card title={formatMessage(messages.getInTouch)} id="get-in-touch">
      <p className="mb-4 text-sm text-gray-600">{formatMessage(messages.questions, { name: agent.displayName })}</p>
      <ContactButtons agent={agent} stacked />
    </Card>
  );
}
