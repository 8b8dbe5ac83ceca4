import { formatPrice, pluralize } from '@common/format';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { graphql } from '@/gql';
import type { PropertyCard_PropertyFragment } from '@/gql/graphql';

export const PropertyCardFragment = graphql(`
  fragment PropertyCard_property on Property {
    id
    slug
    title
    address
    price
    originalPrice
    bedrooms
    bathrooms
    photos {
      id
      url
      thumbnailUrl
      width
      height
    }
  }
`);

export interface PropertyCardProps {
  property: PropertyCard_PropertyFragment;
}

function CardPhoto({ src, width, height }: { src: string | undefined; width?: number; height?: number }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div className="flex aspect-[4/3] flex-col items-center justify-center gap-2 bg-gray-100 text-sm text-gray-500">
        <ImageOff aria-hidden="true" className="size-6" />
        No photos
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="aspect-[4/3] w-full bg-gray-100 object-cover"
    />
  );
}

/** A listing in a results grid; the whole card links to the listing's page. */
export function PropertyCard({ property }: PropertyCardProps) {
  const { slug, id, title, address, price, originalPrice, bedrooms, bathrooms, photos } = property;
  const photo = photos[0];
  const showOriginalPrice = originalPrice !== null && originalPrice !== undefined && originalPrice > price;

  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
      <CardPhoto src={photo?.thumbnailUrl ?? photo?.url} width={photo?.width} height={photo?.height} />
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h2 className="line-clamp-2 text-base font-semibold text-gray-900">
          <Link
            to={`/properties/${encodeURIComponent(slug || id)}`}
            className="outline-none after:absolute after:inset-0 group-hover:text-brand-700"
          >
            {title}
          </Link>
        </h2>
        <p className="truncate text-sm text-gray-600">{address}</p>
        <p className="text-sm text-gray-600">
          {pluralize(bedrooms, 'bed')} · {pluralize(bathrooms, 'bath')}
        </p>
        <p className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-2">
          {showOriginalPrice ? (
            <s className="text-sm text-gray-500">
              <span className="sr-only">Was </span>
              {formatPrice(originalPrice)}
            </s>
          ) : null}
          <span className="text-lg font-semibold text-gray-900">{formatPrice(price)}</span>
          <span className="text-sm text-gray-600">per month</span>
        </p>
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
        <Skeleton className="mt-2 h-6 w-2/5" />
      </div>
    </div>
  );
}
