import { useQuery } from '@/lib/apollo/use-query';
import { netEffectiveLabel } from '@common/concession';
import { formatPrice } from '@common/format';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { bathsLabel, bedsLabel, propertyPath } from '@/lib/format';
import { graphql } from '@/gql';
import type { SearchPropertiesQuery } from '@/gql/graphql';
import { defineMessages, useIntl } from '@common/i18n/messages';

// In the part 'map' of the catalogues: the popup is loaded with the map's code.
const messages = defineMessages({
  perMonth: { id: 'mapPopup.perMonth', defaultMessage: 'per month' },
  loading: { id: 'mapPopup.loading', defaultMessage: 'Loading listing…' },
  failed: { id: 'mapPopup.failed', defaultMessage: 'The listing could not be loaded.' },
  gone: { id: 'mapPopup.gone', defaultMessage: 'This listing is no longer available.' },
});

/** A listing of the map that is not among the cards loaded: its popup asks for it. */
const MapPopupListingDocument = graphql(`
  query MapPopupListing($id: ID!) {
    property(id: $id) {
      id
      slug
      title
      price
      netEffectivePrice
      concession {
        monthsFree
        leaseMonths
      }
      listingType
      bedrooms
      bathrooms
      neighborhood
      photos {
        id
        thumbnailUrl
        width
        height
      }
    }
  }
`);

type Listing = Pick<
  SearchPropertiesQuery['properties']['edges'][number]['node'],
  | 'id'
  | 'slug'
  | 'title'
  | 'price'
  | 'netEffectivePrice'
  | 'concession'
  | 'listingType'
  | 'bedrooms'
  | 'bathrooms'
  | 'neighborhood'
> & { photos: ReadonlyArray<{ thumbnailUrl: string; width: number; height: number }> };

function MapPopupCard({ listing }: { listing: Listing }) {
  const intl = useIntl();
  const photo = listing.photos[0];
  return (
    <div className="w-64 text-left">
      {photo ? (
        <img
          src={photo.thumbnailUrl}
          alt=""
          width={photo.width}
          height={photo.height}
          className="aspect-[16/9] w-full object-cover"
        />
      ) : null}
      <div className="space-y-1 p-3">
        <p data-authored className="text-sm font-semibold text-gray-900">
          <Link to={propertyPath(listing)} className="hover:text-brand-700 hover:underline">
            {listing.title}
          </Link>
        </p>
        <p className="text-xs text-gray-600">
          {bedsLabel(listing.bedrooms)} · {bathsLabel(listing.bathrooms)} · {listing.neighborhood}
        </p>
        <p className="text-sm font-semibold text-gray-900">
          {formatPrice(listing.price)}
          {listing.listingType === 'FOR_SALE' ? null : (
            <span className="font-normal text-gray-600"> {intl.formatMessage(messages.perMonth)}</span>
          )}
        </p>
        {listing.concession && listing.listingType !== 'FOR_SALE' ? (
          <p className="text-xs font-medium text-green-800">{netEffectiveLabel(listing.netEffectivePrice, listing.concession)}</p>
        ) : null}
      </div>
    </div>
  );
}

/** A marker's popup: the card's listing when it is loaded, else asked for by its id. */
export default function MapPopup({ id, loaded }: { id: string; loaded: Listing | undefined }) {
  const { data, loading, error } = useQuery(MapPopupListingDocument, { variables: { id }, skip: loaded !== undefined });
  const intl = useIntl();
  const listing = loaded ?? data?.property ?? undefined;
  if (listing) return <MapPopupCard listing={listing} />;
  return (
    <div className="flex w-64 items-center justify-center gap-2 p-4 text-sm text-gray-600" role="status">
      {loading ? (
        <>
          <Spinner className="size-4" /> {intl.formatMessage(messages.loading)}
        </>
      ) : error ? (
        intl.formatMessage(messages.failed)
      ) : (
        intl.formatMessage(messages.gone)
      )}
    </div>
  );
}
