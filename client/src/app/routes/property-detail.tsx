import { useQuery } from '@/lib/apollo/use-query';
import { formatCount, formatPrice } from '@common/format';
import { defineMessages, formatMessage, useIntl } from '@common/i18n/messages';
import { boroughLabels } from '@common/options';
import { listingTypeLabels, propertyTypeLabels } from '@common/listing-labels';
import { ArrowLeft, EyeOff, MapPin, TrainFront } from '@/components/icons';
import { Suspense, useEffect, useMemo } from 'react';
import { useBottomInset } from '@/lib/bottom-inset';
import { useParams, useSearchParams } from 'react-router';
import { PathLink } from '@/components/ui/path-link';
import { buttonClasses } from '@/components/ui/button';
import { PageContainer } from '@/components/ui/page-container';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ContactAgentButton } from '@/features/listings/components/contact-agent-button';
import { FreshnessBadges } from '@/features/listings/components/freshness-badges';
import { ReportListingButton } from '@/features/moderation/report-listing';
import { PriceLine } from '@/features/listings/components/property-card';
import { AgentPanel } from '@/features/listings/detail/agent-panel';
import { Gallery } from '@/features/listings/detail/gallery';
import { useRecordView } from '@/features/listings/detail/record-view';
import {
  AboutProperty,
  Amenities,
  KeyFacts,
  OpenHouses,
  Policies,
  PriceHistory,
  PricingTerms,
  Section,
  UnitFeatures,
  Accessibility,
} from '@/features/listings/detail/property-details';
import { bathsLabel, bedsLabel, listedLabel } from '@/lib/format';
import { parseCommuteParam, toCommuteDestination } from '@/features/transit/commute-param';
import { MapView } from '@/features/map/map-view';
import { TransitList } from '@/features/transit/transit-section';
import type { MapMarker } from '@/features/map/types';
import { graphql } from '@/gql';
import { useDocumentTitle } from '@/lib/use-document-title';

const messages = defineMessages({
  listingTitle: { id: 'detail.listingTitle', defaultMessage: 'Listing' },
  commuteMinutes: { id: 'detail.commuteMinutes', defaultMessage: '{minutes} min to {to} by subway, door to door' },
  commuteNone: { id: 'detail.commuteNone', defaultMessage: 'No subway estimate to {to}' },
  commuteLoading: { id: 'detail.commuteLoading', defaultMessage: 'Working out the commute to {to}…' },
  notFoundTitle: { id: 'detail.notFoundTitle', defaultMessage: 'Property not found' },
  minutes: { id: 'detail.minutes', defaultMessage: '{minutes} min' },
  stationWalk: { id: 'detail.stationWalk', defaultMessage: '{station} station, {minutes} min walk' },
  notFound: { id: 'detail.notFound', defaultMessage: 'Property not found.' },
  notFoundHint: { id: 'detail.notFoundHint', defaultMessage: 'The listing may have been removed, or the link is not right.' },
  back: { id: 'detail.back', defaultMessage: 'Back to listings' },
  hidden: { id: 'detail.hidden', defaultMessage: 'Hidden by moderation.' },
  hiddenReported: {
    id: 'detail.hiddenReported',
    defaultMessage: 'Several people reported this listing; it is hidden from search until a moderator reviews it.',
  },
  hiddenByModerator: {
    id: 'detail.hiddenByModerator',
    defaultMessage: 'A moderator hid this listing from search. Only you can see it.',
  },
  sqft: { id: 'detail.sqft', defaultMessage: '{sqft} sq ft' },
  transit: { id: 'detail.transit', defaultMessage: 'Transit' },
  location: { id: 'detail.location', defaultMessage: 'Location' },
  mapWithStations: { id: 'detail.mapWithStations', defaultMessage: 'Map showing {title} and nearby subway stations' },
  map: { id: 'detail.map', defaultMessage: 'Map showing {title}' },
  mapPreview: { id: 'detail.mapPreview', defaultMessage: 'Map preview' },
  locationHidden: { id: 'detail.locationHidden', defaultMessage: 'The exact location of this listing is not shown.' },
  agentAndContact: { id: 'detail.agentAndContact', defaultMessage: 'Agent and contact' },
  loading: { id: 'common.loading', defaultMessage: 'Loading…' },
});

const PropertyDetailQuery = graphql(`
  query PropertyDetail($id: ID!) {
    property(id: $id) {
      id
      slug
      title
      address
      unit
      neighborhood
      borough
      postalCode
      price
      originalPrice
      netEffectivePrice
      concession {
        monthsFree
        leaseMonths
      }
      bedrooms
      bathrooms
      propertyType
      listingType
      viewerCanManage
      isSaved
      views
      isNew
      daysOnMarket
      priceDrop {
        amount
        at
      }
      hidden
      hiddenReason
      viewerHasReported
      location {
        lat
        lng
      }
      nearbyStations {
        id
        name
        walkMinutes
        location {
          lat
          lng
        }
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
      }
      agent {
        ...ListingAgent_agent
      }
      ...PropertyDetails_property
    }
  }
`);

/** Listing detail (SPEC part 2) at /listing/:id and /properties/:id, where id may be a slug. */
// Asked only after a commute search led here (the card's link carries the destination, issue 59 item 5).
const PropertyCommuteQuery = graphql(`
  query PropertyCommute($id: ID!, $to: CommuteDestination!) {
    property(id: $id) {
      id
      commuteMinutes(to: $to)
    }
  }
`);

/**
 * The commute to where the visitor's search said they go ('23 min to 14 St-Union Sq by subway, door to
 * door'), when the page was opened from such a search (`to` and `toName` in its URL); nothing otherwise.
 */
function CommuteLine({ id }: { id: string }) {
  const [params] = useSearchParams();
  const target = parseCommuteParam(params.get('to'), params.get('toName'));
  const intl = useIntl();
  const { data, loading, error } = useQuery(PropertyCommuteQuery, {
    variables: { id, to: target ? toCommuteDestination(target) : { stationId: '' } },
    skip: !target,
  });
  if (!target || error) return null;
  const minutes = data?.property?.commuteMinutes;
  const to = target.label;
  return (
    <p data-testid="commute" className="mt-1 flex items-center gap-1.5 text-sm font-medium text-brand-800" aria-live="polite">
      <TrainFront aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0 wrap-anywhere">
        {loading && minutes === undefined
          ? intl.formatMessage(messages.commuteLoading, { to })
          : minutes == null
            ? intl.formatMessage(messages.commuteNone, { to })
            : intl.formatMessage(messages.commuteMinutes, { minutes, to })}
      </span>
    </p>
  );
}

export default function PropertyDetailScreen() {
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(PropertyDetailQuery, { variables: { id } });
  const property = data?.property ?? null;
  // The phone's bar pinned to the bottom: toasts appear above it.
  const bottomBar = useBottomInset();

  const intl = useIntl();
  useDocumentTitle(
    property ? property.title : loading ? intl.formatMessage(messages.listingTitle) : intl.formatMessage(messages.notFoundTitle),
  );

  useEffect(() => {
    if (error) console.warn('Failed to fetch property', error);
  }, [error]);

  useRecordView(property?.id);

  const location = property?.location ?? null;
  const markers = useMemo<MapMarker[]>(() => {
    if (!property || !location) return [];
    const stations: MapMarker[] = property.nearbyStations.flatMap((s) =>
      s.location
        ? [
            {
              id: `station-${s.id}`,
              kind: 'station' as const,
              // The chip on the side away from the listing, so the two do not cover each other.
              side: s.location.lng >= location.lng ? ('right' as const) : ('left' as const),
              position: s.location,
              text: intl.formatMessage(messages.minutes, { minutes: s.walkMinutes }),
              label: intl.formatMessage(messages.stationWalk, { station: s.name, minutes: s.walkMinutes }),
            },
          ]
        : [],
    );
    // The listing last, so its price draws over a station's chip when they are close.
    return [...stations, { id: property.id, position: location, text: formatPrice(property.price), label: property.title }];
  }, [property, location, intl]);
  // The listing and its stations all in view (the nearest few are within a few hundred metres).
  const mapView = useMemo(() => {
    if (!location) return null;
    const points = markers.map((m) => m.position);
    return points.length > 1
      ? ({ kind: 'points', points, maxZoom: 16 } as const)
      : ({ kind: 'center', center: location, zoom: 15 } as const);
  }, [location, markers]);

  if (loading && !property) return <DetailSkeleton />;

  if (!property) {
    return (
      <PageContainer className="max-w-2xl py-16 text-center">
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{intl.formatMessage(messages.notFound)}</h1>
        <p className="mt-3 text-gray-600">{intl.formatMessage(messages.notFoundHint)}</p>
        <PathLink to="/" className={buttonClasses({ className: 'mt-8' })}>
          {intl.formatMessage(messages.back)}
        </PathLink>
      </PageContainer>
    );
  }

  const place = `${property.neighborhood}, ${boroughLabels[property.borough]}${property.postalCode ? ` ${property.postalCode}` : ''}`;

  return (
    <PageContainer className="pb-28 lg:pb-10">
      <PathLink to="/" className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {intl.formatMessage(messages.back)}
      </PathLink>
      {property.hidden ? (
        <div
          role="status"
          className="mt-3 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <EyeOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>
            <span className="font-semibold">{intl.formatMessage(messages.hidden)}</span>{' '}
            {property.hiddenReason === 'REPORTED'
              ? intl.formatMessage(messages.hiddenReported)
              : intl.formatMessage(messages.hiddenByModerator)}
          </p>
        </div>
      ) : null}
      <header className="mt-3">
        <div className="flex flex-wrap gap-2 text-xs font-medium">
          <span className="rounded-full bg-brand-50 px-2.5 py-1 text-brand-800">{listingTypeLabels[property.listingType]}</span>
          <span className="rounded-full bg-gray-100 px-2.5 py-1 text-gray-700">{propertyTypeLabels[property.propertyType]}</span>
        </div>
        <FreshnessBadges isNew={property.isNew} priceDrop={property.priceDrop} className="mt-2" />
        <h1 data-authored className="mt-2 text-2xl font-semibold tracking-tight wrap-anywhere text-gray-900 sm:text-3xl">
          {property.title}
        </h1>
        <p className="mt-1 flex items-center gap-1.5 text-gray-600">
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          <span translate="no">
            {property.address}
            {property.unit ? `, ${property.unit}` : ''}, {place}
          </span>
        </p>
        <p className="mt-1 text-sm text-gray-600">
          {bedsLabel(property.bedrooms)} · {bathsLabel(property.bathrooms)}
          {property.sqft ? ` · ${intl.formatMessage(messages.sqft, { sqft: formatCount(property.sqft) })}` : ''}
        </p>
        {property.daysOnMarket != null ? (
          <p className="mt-1 text-sm text-gray-600">{listedLabel(property.daysOnMarket)}</p>
        ) : null}
        {location ? <CommuteLine id={property.id} /> : null}
      </header>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          {/* Suspense boundaries cut the hydration of a page rendered on the server into parts, each
              its own short task (docs/decisions/0035-server-rendering.md). */}
          <Suspense fallback={null}>
            <Gallery key={property.id} photos={property.photos} title={property.title} />
          </Suspense>
          <Suspense fallback={null}>
            <KeyFacts property={property} />
            <AboutProperty property={property} />
            <PricingTerms property={property} />
          </Suspense>
          <Suspense fallback={null}>
            <Amenities property={property} />
            <UnitFeatures property={property} />
            <Accessibility property={property} />
            <Policies property={property} />
            <OpenHouses property={property} />
          </Suspense>
          <Suspense fallback={null}>
            <PriceHistory property={property} />
          </Suspense>
          {location ? (
            <Section title={intl.formatMessage(messages.transit)}>
              <TransitList stations={property.nearbyStations} />
            </Section>
          ) : null}
          <Section title={intl.formatMessage(messages.location)}>
            {location && mapView ? (
              <MapView
                label={
                  property.nearbyStations.length
                    ? intl.formatMessage(messages.mapWithStations, { title: property.title })
                    : intl.formatMessage(messages.map, { title: property.title })
                }
                className="h-72 rounded-lg sm:h-80"
                markers={markers}
                view={mapView}
                viewKey={`${location.lat},${location.lng}`}
                interactive={false}
                loadWhenVisible
              />
            ) : (
              <div className="flex h-48 flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-gray-300 bg-gray-50 text-sm text-gray-600">
                <MapPin aria-hidden="true" className="size-6 text-gray-400" />
                <p className="font-medium">{intl.formatMessage(messages.mapPreview)}</p>
                <p>{intl.formatMessage(messages.locationHidden)}</p>
              </div>
            )}
          </Section>
        </div>
        <aside aria-label={intl.formatMessage(messages.agentAndContact)} className="lg:sticky lg:top-20 lg:self-start">
          <Suspense fallback={null}>
            <AgentPanel property={property} agent={property.agent} />
            <div className="mt-3 flex justify-end">
              <ReportListingButton
                propertyId={property.id}
                viewerCanManage={property.viewerCanManage}
                viewerHasReported={property.viewerHasReported}
              />
            </div>
          </Suspense>
        </aside>
      </div>

      <div
        ref={bottomBar}
        className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white/95 px-4 py-3 backdrop-blur lg:hidden"
      >
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3">
          <PriceLine price={property.price} originalPrice={property.originalPrice} listingType={property.listingType} />
          <ContactAgentButton propertyId={property.id} viewerCanManage={property.viewerCanManage} />
        </div>
      </div>
    </PageContainer>
  );
}

/**
 * The page's frame while the listing loads, laid out like the page itself (the back link, the header,
 * the gallery's 16:9 box, the agent panel) and at least a screen tall, so nothing painted moves when the
 * listing arrives and the footer stays below the fold (docs/decisions/0022-fast-graphql.md).
 */
function DetailSkeleton() {
  return (
    <PageContainer className="min-h-screen pb-28 lg:pb-10">
      <p role="status" className="inline-flex items-center gap-1.5 text-sm font-medium text-gray-700">
        <Spinner className="size-4" />
        {formatMessage(messages.loading)}
      </p>
      <div aria-hidden="true" className="mt-3">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="mt-3 h-8 w-3/4 sm:h-9" />
        <Skeleton className="mt-2 h-5 w-1/2" />
        <Skeleton className="mt-2 h-4 w-1/3" />
      </div>
      <div aria-hidden="true" className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <Skeleton className="aspect-[16/9] w-full rounded-xl" />
          <Skeleton className="h-32 w-full rounded-xl" />
        </div>
        <Skeleton className="hidden h-80 rounded-xl lg:block" />
      </div>
    </PageContainer>
  );
}
