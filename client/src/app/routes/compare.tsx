import { useQuery } from '@apollo/client/react';
import { formatPrice } from '@common/format';
import { accessibilityFeatureLabels } from '@common/options';
import { brokerFeePayerLabels, laundryLabels, petPolicyLabels } from '@common/listing-labels';
import { Columns3, X } from '@/components/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useCompareSelection } from '@/features/compare/compare-selection';
import { bathsLabel, bedsLabel, listedLabel, propertyPath } from '@/features/listings/format';
import { graphql } from '@/gql';
import type { CompareListingsQuery } from '@/gql/graphql';
import { useDocumentTitle } from '@/lib/use-document-title';

const CompareListingsDocument = graphql(`
  query CompareListings($a: ID, $b: ID, $c: ID) {
    a: property(id: $a) {
      ...CompareColumn_property
    }
    b: property(id: $b) {
      ...CompareColumn_property
    }
    c: property(id: $c) {
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
    noFee
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

const money = (n: number | null | undefined) => (n == null ? '—' : formatPrice(n));

/** The rows of the comparison: a label and what each listing says. */
const ROWS: Array<[string, (l: Listing) => ReactNode]> = [
  ['Rent', (l) => `${formatPrice(l.price)}${l.listingType === 'FOR_SALE' ? '' : ' / month'}`],
  [
    'Net effective',
    (l) => (l.concession ? `${formatPrice(l.netEffectivePrice)} / month (${l.concession.label})` : 'No concession'),
  ],
  ['Move-in total', (l) => money(l.totalMoveInCost)],
  [
    'Broker fee',
    (l) =>
      l.noFee ? 'No fee' : `${money(l.brokerFee)}${l.brokerFeePayer ? ` (${brokerFeePayerLabels[l.brokerFeePayer]})` : ''}`,
  ],
  ['Application fee', (l) => money(l.applicationFee)],
  ['Security deposit', (l) => money(l.securityDeposit)],
  ['Bedrooms', (l) => bedsLabel(l.bedrooms)],
  ['Bathrooms', (l) => bathsLabel(l.bathrooms)],
  ['Size', (l) => (l.sqft ? `${l.sqft.toLocaleString('en-US')} sq ft` : '—')],
  ['Neighborhood', (l) => l.neighborhood],
  [
    'Subway',
    (l) => {
      const s = l.nearbyStations[0];
      return s ? `${s.name} · ${s.walkMinutes} min walk` : 'None within 15 minutes';
    },
  ],
  ['Pets', (l) => petPolicyLabels[l.petPolicy]],
  ['Laundry', (l) => (l.laundry ? laundryLabels[l.laundry] : '—')],
  [
    'Accessibility',
    (l) =>
      l.accessibilityFeatures.length
        ? l.accessibilityFeatures.map((f) => accessibilityFeatureLabels[f]).join(', ')
        : 'None listed',
  ],
  ['On the market', (l) => (l.daysOnMarket == null ? '—' : listedLabel(l.daysOnMarket))],
];

/**
 * Compare (issue 26 item 6): up to 3 listings side by side, the selection in the URL (`ids=`), each
 * removable; picked with 'Compare' on the listings page.
 */
export default function CompareScreen() {
  useDocumentTitle('Compare Homes');
  const { ids, set } = useCompareSelection('ids');
  const { data, loading, error, refetch } = useQuery(CompareListingsDocument, {
    variables: { a: ids[0] ?? null, b: ids[1] ?? null, c: ids[2] ?? null },
    skip: ids.length === 0,
  });
  const byId = new Map<string, Listing>();
  for (const l of [data?.a, data?.b, data?.c]) if (l) byId.set(l.id, l);
  const gone = data ? ids.filter((id) => !byId.has(id)) : [];
  const listings = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));

  return (
    <PageContainer className="py-8">
      <PageHeader title="Compare Homes" description="Up to 3 listings side by side." />
      <div className="mt-6">
        {ids.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-16 text-center">
            <Columns3 aria-hidden="true" className="size-8 text-gray-400" />
            <h2 className="text-lg font-semibold text-gray-900">Nothing to compare yet</h2>
            <p className="max-w-md text-sm text-gray-600">Tick ‘Compare’ under up to 3 listings, then press Compare.</p>
            <Link to="/listings" className={buttonClasses()}>
              Browse listings
            </Link>
          </div>
        ) : error && !data ? (
          <LoadError onRetry={refetch}>The listings could not be loaded.</LoadError>
        ) : loading && !data ? (
          <div role="status">
            <span className="sr-only">Loading the listings…</span>
            <Skeleton className="h-96 w-full" />
          </div>
        ) : (
          <>
            {gone.length > 0 ? (
              <p role="status" className="mb-4 text-sm text-gray-700">
                {gone.length === 1 ? 'One listing is' : `${gone.length} listings are`} no longer available.
              </p>
            ) : null}
            <table lang="en" className="w-full table-fixed border-collapse text-left text-sm hyphens-auto">
              <caption className="sr-only">The listings compared</caption>
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
                        <span className="sr-only sm:not-sr-only">Remove</span>
                        <span className="sr-only"> {l.title} from the comparison</span>
                      </Button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {ROWS.map(([label, value]) => [
                  <tr key={`${label}-phone`} aria-hidden="true" className="border-t border-gray-200 sm:hidden">
                    <td
                      colSpan={listings.length}
                      className="px-2 pt-2 text-xs font-semibold tracking-wide text-gray-600 uppercase"
                    >
                      {label}
                    </td>
                  </tr>,
                  <tr key={label} className="sm:border-t sm:border-gray-200">
                    <th scope="row" className="hidden p-2 align-top font-medium break-words text-gray-700 sm:table-cell">
                      {label}
                    </th>
                    {listings.map((l) => (
                      <td key={l.id} className="p-2 align-top break-words text-gray-900">
                        {/* On a phone the row header is not shown: each value says what it is. */}
                        <span className="sr-only sm:hidden">{label}: </span>
                        {value(l)}
                      </td>
                    ))}
                  </tr>,
                ])}
              </tbody>
            </table>
          </>
        )}
      </div>
    </PageContainer>
  );
}
