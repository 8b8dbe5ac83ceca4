import { brokerFeeMessages, brokerFeeWording } from '@common/broker-fee';
import { netEffectiveLabel } from '@common/concession';
import { isAvailableNow } from '@common/available';
import { formatPrice } from '@common/format';
import { boroughLabels } from '@common/options';
import { CalendarDays, Star, TrainFront } from '@/components/icons';
import { UserAvatar } from '@/components/ui/avatar';
import { PathLink } from '@/components/ui/path-link';
import { Skeleton } from '@/components/ui/skeleton';
import { graphql } from '@/gql';
import type { PropertyCard_PropertyFragment } from '@/gql/graphql';
import { SubwayBullets } from '@/features/transit/subway-bullets';
import { cn } from '@/lib/cn';
import { defineMessages, useIntl } from '@common/i18n/messages';
import { bathsLabel, bedsLabel, formatDate, formatRating, listedLabel, propertyPath } from '@/lib/format';
import { LicensedBadge } from '@/features/moderation/licensed-badge';
import { ContactAgentButton } from './contact-agent-button';
import { FreshnessBadges } from './freshness-badges';
import { PhotoCarousel } from './photo-carousel';
import { SaveButton } from '../../favorites/save-button';
import { responseTimeText } from '../response-time';

export const PropertyCardFragment = graphql(`
  fragment PropertyCard_property on Property {
    id
    slug
    title
    address
    unit
    neighborhood
    borough
    price
    originalPrice
    netEffectivePrice
    concession {
      monthsFree
      leaseMonths
    }
    bedrooms
    bathrooms
    listingType
    availableDate
    brokerFee
    brokerFeePayer
    isNew
    daysOnMarket
    priceDrop {
      amount
    }
    viewerCanManage
    isSaved
    nearbyStations {
      id
      name
      walkMinutes
      subwayLines {
        id
        bullet
        accessibleName
        kind
        color
        textColor
      }
    }
    photos {
      id
      url
      thumbnailUrl
      width
      height
      placeholder
    }
    agent {
      id
      displayName
      photoUrl
      rating
      reviewCount
      isNew
      licenseVerified
      responseMinutes
    }
  }
`);

type CardAgent = NonNullable<PropertyCard_PropertyFragment['agent']>;

const messages = defineMessages({
  agentRatingLabel: { id: 'card.agentRatingLabel', defaultMessage: 'Agent rating:' },
  newAgent: { id: 'card.newAgent', defaultMessage: 'New' },
  agentRating: { id: 'card.agentRating', defaultMessage: 'Agent rating' },
  reviews: { id: 'card.reviews', defaultMessage: '{count, plural, one {review} other {reviews}}' },
  was: { id: 'card.was', defaultMessage: 'Was' },
  now: { id: 'card.now', defaultMessage: 'Now' },
  perMonth: { id: 'card.perMonth', defaultMessage: 'per month' },
  nearestSubway: { id: 'card.nearestSubway', defaultMessage: 'Nearest subway:' },
  minWalk: { id: 'card.minWalk', defaultMessage: '{minutes} min walk' },
  noSubwayEstimate: { id: 'card.noSubwayEstimate', defaultMessage: 'No subway estimate to {to}' },
  minutesTo: { id: 'card.minutesTo', defaultMessage: '{minutes} min to {to}' },
  doorToDoor: { id: 'card.doorToDoor', defaultMessage: 'door to door by subway' },
  available: { id: 'card.available', defaultMessage: 'Available {date}' },
  availableNow: { id: 'card.availableNow', defaultMessage: 'Available now' },
  agent: { id: 'card.agent', defaultMessage: 'Agent:' },
});

/** 'New' for a new agent without reviews, otherwise the rating to one decimal with the review count. */
export function AgentRatingBadge({ agent, className }: { agent: CardAgent; className?: string }) {
  const intl = useIntl();
  const base = 'pill bg-amber-50 text-gray-900 ring-amber-200';
  if (agent.isNew) {
    return (
      <span className={cn(base, className)}>
        <span className="sr-only">{intl.formatMessage(messages.agentRatingLabel)} </span>
        {intl.formatMessage(messages.newAgent)}
      </span>
    );
  }
  return (
    <span className={cn(base, className)}>
      <Star aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-400" />
      <span className="sr-only">{intl.formatMessage(messages.agentRating)} </span>
      {formatRating(agent.rating)}
      <span className="font-normal text-gray-600">
        ({agent.reviewCount}
        <span className="sr-only"> {intl.formatMessage(messages.reviews, { count: agent.reviewCount })}</span>)
      </span>
    </span>
  );
}

/**
 * The price line: struck-through original price when it dropped, the price, 'per month' unless for
 * sale, and with a concession the net effective rent ('· $3,300 net effective, 1 month free on 12').
 */
export function PriceLine({
  price,
  originalPrice,
  listingType,
  netEffectivePrice,
  concession,
  className,
}: {
  price: number;
  originalPrice: number | null | undefined;
  listingType: PropertyCard_PropertyFragment['listingType'];
  netEffectivePrice?: number;
  concession?: { monthsFree: number; leaseMonths: number } | null;
  className?: string;
}) {
  const intl = useIntl();
  // A sale shows its asking price alone: no month, no concession (issue 58 item 3).
  const net =
    listingType !== 'FOR_SALE' && concession && netEffectivePrice !== undefined
      ? netEffectiveLabel(netEffectivePrice, concession)
      : null;
  return (
    <p data-price={price} className={cn('flex flex-wrap items-baseline gap-x-2', className)}>
      {originalPrice !== null && originalPrice !== undefined ? (
        <s className="text-sm text-gray-500">
          <span className="sr-only">{intl.formatMessage(messages.was)} </span>
          {formatPrice(originalPrice)}
        </s>
      ) : null}
      <span className="text-lg font-semibold text-gray-900">
        {originalPrice !== null && originalPrice !== undefined ? (
          <span className="sr-only">{intl.formatMessage(messages.now)} </span>
        ) : null}
        {formatPrice(price)}
      </span>
      {listingType === 'FOR_SALE' ? null : <span className="text-sm text-gray-600">{intl.formatMessage(messages.perMonth)}</span>}
      {net ? (
        <span data-testid="net-effective" className="text-sm font-medium text-green-800">
          <span aria-hidden="true">· </span>
          {net}
        </span>
      ) : null}
    </p>
  );
}

/** The nearest subway station: its lines' bullets, its name and the walk ('2 min walk'). */
function NearestStation({ station }: { station: PropertyCard_PropertyFragment['nearbyStations'][number] | undefined }) {
  const intl = useIntl();
  if (!station) return null;
  return (
    <p data-testid="nearest-station" className="flex min-w-0 items-center gap-1.5 text-sm text-gray-700">
      <span className="sr-only">{intl.formatMessage(messages.nearestSubway)} </span>
      <SubwayBullets lines={station.subwayLines} />
      <span translate="no" className="truncate">
        {station.name}
      </span>
      <span aria-hidden="true" className="text-gray-400">
        ·
      </span>
      <span className="shrink-0 whitespace-nowrap">{intl.formatMessage(messages.minWalk, { minutes: station.walkMinutes })}</span>
    </p>
  );
}

/** The commute to the visitor's destination: '23 min to 14 St-Union Sq' by subway, door to door. */
function Commute({ minutes, to }: { minutes: number | null; to: string }) {
  const intl = useIntl();
  return (
    <p data-testid="commute" className="flex min-w-0 items-center gap-1.5 text-sm font-medium text-brand-800">
      <TrainFront aria-hidden="true" className="size-4 shrink-0" />
      <span className="truncate">
        {minutes === null ? (
          <span className="font-normal text-gray-600">{intl.formatMessage(messages.noSubwayEstimate, { to })}</span>
        ) : (
          <>
            {intl.formatMessage(messages.minutesTo, { minutes, to })}
            <span className="sr-only"> {intl.formatMessage(messages.doorToDoor)}</span>
          </>
        )}
      </span>
    </p>
  );
}

export interface PropertyCardProps {
  property: PropertyCard_PropertyFragment;
  /** With a commute destination chosen on the listings page: the listing's minutes to it (null: out of reach). */
  commute?: {
    minutes: number | null;
    to: string;
    /** The destination in the listing's link (`to=…&toName=…`). */ query?: string;
  };
  /** The level of the card's title heading under the page's headings. */
  headingLevel?: 2 | 3;
  /** One of the first cards of a page: its photo is not lazy-loaded (docs/decisions/0022-fast-graphql.md). */
  priority?: boolean;
}

/**
 * A listing in a results grid (SPEC part 2). The title link covers the whole card; the carousel,
 * the save heart, the agent link and 'Contact Agent' sit above it.
 */
export function PropertyCard({ property, headingLevel = 2, priority = false, commute }: PropertyCardProps) {
  const { id, title, address, unit, neighborhood, borough, price, originalPrice, bedrooms, bathrooms, listingType, agent } =
    property;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const intl = useIntl();

  return (
    <article data-property-id={id} className="group listing-card">
      <div className="relative">
        <PhotoCarousel photos={property.photos} title={title} priority={priority} />
        <span className="photo-badge">
          <CalendarDays aria-hidden="true" className="size-3.5 text-brand-700" />
          {/* A day gone by (a listing available since last spring) is now (issue 59 item 5). */}
          {isAvailableNow(property.availableDate)
            ? intl.formatMessage(messages.availableNow)
            : intl.formatMessage(messages.available, { date: formatDate(property.availableDate) })}
        </span>
        <SaveButton propertyId={id} isSaved={property.isSaved} title={title} className="absolute top-2 right-2" />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <FreshnessBadges isNew={property.isNew} priceDrop={property.priceDrop} className="mb-1" />
        <Heading data-authored className="line-clamp-2 text-base font-semibold wrap-anywhere text-gray-900">
          <PathLink
            to={commute?.query ? `${propertyPath(property)}?${commute.query}` : propertyPath(property)}
            className="listing-card-link"
          >
            {title}
          </PathLink>
        </Heading>
        <p translate="no" className="truncate text-sm text-gray-700">
          {address}
          {unit ? `, ${unit}` : ''}
        </p>
        <p className="truncate text-sm text-gray-600">
          <span translate="no">{neighborhood}</span>, {boroughLabels[borough]}
        </p>
        <NearestStation station={property.nearbyStations[0]} />
        {commute ? <Commute minutes={commute.minutes} to={commute.to} /> : null}
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-700">
          <span>
            {bedsLabel(bedrooms)} · {bathsLabel(bathrooms)}
          </span>
          {/* The tenant pays no broker fee (common/broker-fee.ts; never on a sale). */}
          {brokerFeeWording(property)?.noFee ? (
            <span className="pill bg-green-50 text-green-800 ring-green-200">{intl.formatMessage(brokerFeeMessages.noFee)}</span>
          ) : null}
        </p>
        {property.daysOnMarket != null ? <p className="text-xs text-gray-600">{listedLabel(property.daysOnMarket)}</p> : null}
        {agent ? (
          <div className="mt-2 flex min-w-0 items-center justify-between gap-2">
            <PathLink to={`/agents/${encodeURIComponent(agent.id)}`} className="listing-card-agent">
              <UserAvatar name={agent.displayName} photoUrl={agent.photoUrl} className="size-7" />
              <span className="truncate">
                <span className="sr-only">{intl.formatMessage(messages.agent)} </span>
                <span translate="no">{agent.displayName}</span>
              </span>
            </PathLink>
            <span className="flex shrink-0 items-center gap-1.5">
              <LicensedBadge verified={agent.licenseVerified} />
              <AgentRatingBadge agent={agent} />
            </span>
          </div>
        ) : null}
        {agent?.responseMinutes != null ? (
          <p className="text-xs text-gray-600">{responseTimeText(agent.responseMinutes)}</p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-3 pt-3">
          <PriceLine
            price={price}
            originalPrice={originalPrice}
            listingType={listingType}
            netEffectivePrice={property.netEffectivePrice}
            concession={property.concession}
          />
          <ContactAgentButton propertyId={id} viewerCanManage={property.viewerCanManage} size="sm" />
        </div>
      </div>
    </article>
  );
}

/** A shimmering stand-in for a property card while results load. */
export function PropertyCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="flex flex-col gap-2 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-1/3" />
        <div className="mt-2 flex items-center gap-2">
          <Skeleton className="size-7 rounded-full" />
          <Skeleton className="h-4 w-24" />
        </div>
        <div className="mt-2 flex items-end justify-between">
          <Skeleton className="h-6 w-2/5" />
          <Skeleton className="h-8 w-28" />
        </div>
      </div>
    </div>
  );
}
