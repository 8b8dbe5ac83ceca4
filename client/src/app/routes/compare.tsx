import { useQuery } from '@/lib/apollo/use-query';
import { formatPrice } from '@common/format';
import { accessibilityFeatureLabels } from '@common/options';
import { brokerFeeWording } from '@common/broker-fee';
import { laundryLabels, petPolicyLabels } from '@common/listing-labels';
import { Columns3, X } from '@/components/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useCompareSelection } from '@/features/compare/compare-selection';
import { compareVariables } from '@/features/compare/compare-variables';
import { bathsLabel, bedsLabel, listedLabel, propertyPath } from '@/lib/format';
import { graphql } from '@/gql';
import type { CompareListingsQuery } from '@/gql/graphql';
import { useDocumentTitle } from '@/lib/use-document-title';
import { formatCount } from '@common/format';
import { currentLocale, defineMessages, formatMessage, useIntl, type MessageDescriptor } from '@common/i18n/messages';

const CompareListingsDocument = graphql(`
  query CompareListings($a: ID!, $b: ID, $c: ID, $withB: Boolean!, $withC: Boolean!) {
    a: property(id: $a) {
      ...CompareColumn_property
    }
    b: property(id: $b) @include(if: $withB) {
      ...CompareColumn_property
    }
    c: property(id: $c) @include(if: $withC) {
      ...CompareColumn_property
    }
  }
  fragment CompareColumn_property on Property {
    id
    slug
    title
    price
    netEffectivePrice
    concession {
      label
    }
    listingType
    bedrooms
    bathrooms
    sqft
    neighborhood
    brokerFee
    brokerFeePayer
    applicationFee
    securityDeposit
    totalMoveInCost
    petPolicy
    laundry
    accessibilityFeatures
    daysOnMarket
    nearbyStations {
      id
      name
      walkMinutes
    }
    photos {
      id
      thumbnailUrl
      width
      height
    }
  }
`);

type Listing = NonNullable<CompareListingsQuery['a']>;

const messages = defineMessages({
  title: { id: 'compare.title', defaultMessage: 'Compare Homes' },
  description: { id: 'compare.description', defaultMessage: 'Up to 3 listings side by side.' },
  empty: { id: 'compare.empty', defaultMessage: 'Nothing to compare yet' },
  emptyHint: { id: 'compare.emptyHint', defaultMessage: 'Tick ‘Compare’ under up to 3 listings, then press Compare.' },
  browse: { id: 'compare.browse', defaultMessage: 'Browse listings' },
  loadFailed: { id: 'compare.loadFailed', defaultMessage: 'The listings could not be loaded.' },
  loading: { id: 'compare.loading', defaultMessage: 'Loading the listings…' },
  gone: {
    id: 'compare.gone',
    defaultMessage: '{count, plural, one {One listing is no longer available.} other {# listings are no longer available.}}',
  },
  caption: { id: 'compare.caption', defaultMessage: 'The listings compared' },
  remove: { id: 'compare.remove', defaultMessage: 'Remove' },
  fromComparison: { id: 'compare.fromComparison', defaultMessage: '{title} from the comparison' },
  rent: { id: 'compare.rent', defaultMessage: 'Rent' },
  askingPrice: { id: 'compare.askingPrice', defaultMessage: 'Asking price' },
  price: { id: 'compare.price', defaultMessage: 'Price' },
  askingPriceValue: { id: 'compare.askingPriceValue', defaultMessage: '{price} asking price' },
  notForSale: { id: 'compare.notForSale', defaultMessage: 'Does not apply to a sale' },
  netEffective: { id: 'compare.netEffective', defaultMessage: 'Net effective' },
  moveIn: { id: 'compare.moveIn', defaultMessage: 'Move-in total' },
  brokerFee: { id: 'compare.brokerFee', defaultMessage: 'Broker fee' },
  applicationFee: { id: 'compare.applicationFee', defaultMessage: 'Application fee' },
  securityDeposit: { id: 'compare.securityDeposit', defaultMessage: 'Security deposit' },
  bedrooms: { id: 'compare.bedrooms', defaultMessage: 'Bedrooms' },
  bathrooms: { id: 'compare.bathrooms', defaultMessage: 'Bathrooms' },
  size: { id: 'compare.size', defaultMessage: 'Size' },
  neighborhood: { id: 'compare.neighborhood', defaultMessage: 'Neighborhood' },
  subway: { id: 'compare.subway', defaultMessage: 'Subway' },
  pets: { id: 'compare.pets', defaultMessage: 'Pets' },
  laundry: { id: 'compare.laundry', defaultMessage: 'Laundry' },
  accessibility: { id: 'compare.accessibility', defaultMessage: 'Accessibility' },
  onTheMarket: { id: 'compare.onTheMarket', defaultMessage: 'On the market' },
  perMonth: { id: 'compare.perMonth', defaultMessage: '{price} / month' },
  netPerMonth: { id: 'compare.netPerMonth', defaultMessage: '{price} / month ({concession})' },
  noConcession: { id: 'compare.noConcession', defaultMessage: 'No concession' },
  sqft: { id: 'compare.sqft', defaultMessage: '{sqft} sq ft' },
  station: { id: 'compare.station', defaultMessage: '{station} · {minutes} min walk' },
  noStation: { id: 'compare.noStation', defaultMessage: 'None within 15 minutes' },
  noneListed: { id: 'compare.noneListed', defaultMessage: 'None listed' },
});

const money = (n: number | null | undefined) => (n == null ? '—' : formatPrice(n));

const isSale = (l: Listing) => l.listingType === 'FOR_SALE';

/**
 * A row of the comparison: a label and what each listing says. A rental's money (net effective rent,
 * move-in total, broker fee, application fee, deposit) is `rentalOnly`: a sale has none of it (issue 58
 * item 3), so it says so beside rentals and the row is left out when only sales are compared.
 */
interface Row {
  label: MessageDescriptor;
  value: (l: Listing, mixed: boolean) => ReactNode;
  rentalOnly?: boolean;
}

/** A sale beside rentals in a rental's row: a dash, which says it does not apply. */
function NotForSale() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{formatMessage(messages.notForSale)}</span>
    </>
  );
}

const ROWS: Row[] = [
  {
    // Its label is the listings': 'Rent', 'Asking price' when all are sales, 'Price' when they are mixed.
    label: messages.rent,
    value: (l, mixed) =>
      isSale(l)
        ? mixed
          ? formatMessage(messages.askingPriceValue, { price: formatPrice(l.price) })
          : formatPrice(l.price)
        : formatMessage(messages.perMonth, { price: formatPrice(l.price) }),
  },
  {
    label: messages.netEffective,
    rentalOnly: true,
    value: (l) =>
      // The concession's label is the listing's own (its agent's words).
      l.concession
        ? formatMessage(messages.netPerMonth, { price: formatPrice(l.netEffectivePrice), concession: l.concession.label })
        : formatMessage(messages.noConcession),
  },
  { label: messages.moveIn, rentalOnly: true, value: (l) => money(l.totalMoveInCost) },
  {
    label: messages.brokerFee,
    rentalOnly: true,
    // Who pays it, as the listing's page says it (common/broker-fee.ts): 'Landlord pays', not just 'No fee'.
    value: (l) => {
      const wording = brokerFeeWording(l);
      return wording ? formatMessage(wording.message, wording.values) : <NotForSale />;
    },
  },
  { label: messages.applicationFee, rentalOnly: true, value: (l) => money(l.applicationFee) },
  { label: messages.securityDeposit, rentalOnly: true, value: (l) => money(l.securityDeposit) },
  { label: messages.bedrooms, value: (l) => bedsLabel(l.bedrooms) },
  { label: messages.bathrooms, value: (l) => bathsLabel(l.bathrooms) },
  { label: messages.size, value: (l) => (l.sqft ? formatMessage(messages.sqft, { sqft: formatCount(l.sqft) }) : '—') },
  { label: messages.neighborhood, value: (l) => l.neighborhood },
  {
    label: messages.subway,
    value: (l) => {
      const s = l.nearbyStations[0];
      return s
        ? formatMessage(messages.station, { station: s.name, minutes: formatCount(s.walkMinutes) })
        : formatMessage(messages.noStation);
    },
  },
  { label: messages.pets, value: (l) => petPolicyLabels[l.petPolicy] },
  { label: messages.laundry, value: (l) => (l.laundry ? laundryLabels[l.laundry] : '—') },
  {
    label: messages.accessibility,
    value: (l) =>
      l.accessibilityFeatures.length
        ? // Chinese lists with its enumeration comma.
          l.accessibilityFeatures.map((f) => accessibilityFeatureLabels[f]).join(currentLocale() === 'zh' ? '、' : ', ')
        : formatMessage(messages.noneListed),
  },
  { label: messages.onTheMarket, value: (l) => (l.daysOnMarket == null ? '—' : listedLabel(l.daysOnMarket)) },
];

/**
 * Compare (issue 26 item 6): up to 3 listings side by side, the selection in the URL (`ids=`), each
 * removable; picked with 'Compare' on the listings page.
 */
export default function CompareScreen() {
  const intl = useIntl();
  const title = intl.formatMessage(messages.title);
  useDocumentTitle(title);
  const { ids, set } = useCompareSelection('ids');
  const { data, loading, error, refetch } = useQuery(CompareListingsDocument, {
    // A listing is asked for by its id only: `property` without one is refused (BAD_USER_INPUT).
    variables: compareVariables(ids),
    skip: ids.length === 0,
  });
  const byId = new Map<string, Listing>();
  for (const l of [data?.a, data?.b, data?.c]) if (l) byId.set(l.id, l);
  const gone = data ? ids.filter((id) => !byId.has(id)) : [];
  const listings = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const sales = listings.filter(isSale).length;
  const mixed = sales > 0 && sales < listings.length;
  const rows = ROWS.filter((row) => !row.rentalOnly || sales < listings.length);
  const priceLabel = sales === 0 ? messages.rent : mixed ? messages.price : messages.askingPrice;

  return (
    <PageContainer className="py-8">
      <PageHeader title={title} description={intl.formatMessage(messages.description)} />
      <div className="mt-6">
        {ids.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-16 text-center">
            <Columns3 aria-hidden="true" className="size-8 text-gray-400" />
            <h2 className="text-lg font-semibold text-gray-900">{intl.formatMessage(messages.empty)}</h2>
            <p className="max-w-md text-sm text-gray-600">{intl.formatMessage(messages.emptyHint)}</p>
            <Link to="/listings" className={buttonClasses()}>
              {intl.formatMessage(messages.browse)}
            </Link>
          </div>
        ) : error && !data ? (
          <LoadError onRetry={refetch}>{intl.formatMessage(messages.loadFailed)}</LoadError>
        ) : loading && !data ? (
          <div role="status">
            <span className="sr-only">{intl.formatMessage(messages.loading)}</span>
            <Skeleton className="h-96 w-full" />
          </div>
        ) : (
          <>
            {gone.length > 0 ? (
              <p role="status" className="mb-4 text-sm text-gray-700">
                {intl.formatMessage(messages.gone, { count: gone.length })}
              </p>
            ) : null}
            <table lang={intl.locale} className="w-full table-fixed border-collapse text-left text-sm hyphens-auto">
              <caption className="sr-only">{intl.formatMessage(messages.caption)}</caption>
              <thead>
                <tr>
                  {/* The labels' column from a tablet up; on a phone each label heads its row instead. */}
                  <td className="hidden w-40 sm:table-cell" />
                  {listings.map((l) => (
                    <th key={l.id} scope="col" className="p-2 align-top font-normal">
                      {l.photos[0] ? (
                        <img
                          src={l.photos[0].thumbnailUrl}
                          alt=""
                          width={l.photos[0].width}
                          height={l.photos[0].height}
                          className="aspect-[4/3] w-full rounded-lg object-cover"
                        />
                      ) : null}
                      <Link
                        to={propertyPath(l)}
                        className="mt-2 block font-semibold break-words text-gray-900 hover:text-brand-700"
                      >
                        {l.title}
                      </Link>
                      <Button
                        variant="ghost"
                        size="sm"
                        className="mt-1 -ml-2 max-w-full"
                        onClick={() => set(ids.filter((id) => id !== l.id))}
                      >
                        <X aria-hidden="true" className="size-4" />
                        <span className="sr-only sm:not-sr-only">{intl.formatMessage(messages.remove)}</span>
                        <span className="sr-only"> {intl.formatMessage(messages.fromComparison, { title: l.title })}</span>
                      </Button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map(({ label: rowLabel, value, rentalOnly }) => {
                  const row = rowLabel === messages.rent ? priceLabel : rowLabel;
                  const label = intl.formatMessage(row);
                  return [
                    <tr key={`${row.id}-phone`} aria-hidden="true" className="border-t border-gray-200 sm:hidden">
                      <td
                        colSpan={listings.length}
                        className="px-2 pt-2 text-xs font-semibold tracking-wide text-gray-600 uppercase"
                      >
                        {label}
                      </td>
                    </tr>,
                    <tr key={row.id} className="sm:border-t sm:border-gray-200">
                      <th scope="row" className="hidden p-2 align-top font-medium break-words text-gray-700 sm:table-cell">
                        {label}
                      </th>
                      {listings.map((l) => (
                        <td key={l.id} className="p-2 align-top break-words text-gray-900">
                          {/* On a phone the row header is not shown: each value says what it is. */}
                          <span className="sr-only sm:hidden">{label}: </span>
                          {rentalOnly && isSale(l) ? <NotForSale /> : value(l, mixed)}
                        </td>
                      ))}
                    </tr>,
                  ];
                })}
              </tbody>
            </table>
          </>
        )}
      </div>
    </PageContainer>
  );
}
