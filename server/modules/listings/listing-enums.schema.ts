import * as E from '../../db/generated/prisma/enums.js';
import type { AmenityFilter } from '../../../common/options.js';
import { builder } from '../../graphql/builder.js';
import { LISTING_OPTIONS } from '../../../common/listing-fields.js';
import { listingEnum } from './listing-fields.schema.js';

/**
 * The enums of the listing's option lists are made with the fields that use them (listing-fields.schema.ts,
 * one per list, named and valued as Prisma's); the search's filters use these three too.
 */
export const BoroughEnum = listingEnum(LISTING_OPTIONS.borough);
export const PropertyTypeEnum = listingEnum(LISTING_OPTIONS.propertyType);
export const AccessibilityFeatureEnum = listingEnum(LISTING_OPTIONS.accessibilityFeature);
export const ListingStatusEnum = builder.enumType(E.ListingStatus, { name: 'ListingStatus' });

export const AmenityFilterEnum = builder.enumType('AmenityFilter', {
  description: "An amenity the search filters by (issue 59 item 1), read from the listing's own fields.",
  values: {
    IN_UNIT_LAUNDRY: { description: 'Laundry in the unit, or a washer/dryer among its appliances.' },
    DISHWASHER: { description: 'A dishwasher (unit feature or appliance).' },
    DOORMAN: { description: 'A doorman building.' },
    ELEVATOR: { description: 'An elevator building.' },
    OUTDOOR_SPACE: { description: "A balcony or terrace, or the building's roof deck or garden." },
    GYM: { description: "The building's fitness center." },
    FURNISHED: { description: 'The home comes furnished (`furnishing` FURNISHED).' },
  } as const satisfies Record<AmenityFilter, { description: string }>,
});

export const PetsFilterEnum = builder.enumType('PetsFilter', {
  values: { ALLOWED: { value: 'allowed' }, CATS: { value: 'cats' }, DOGS: { value: 'dogs' }, NONE: { value: 'none' } } as const,
});

export const PriceBasisEnum = builder.enumType('PriceBasis', {
  description: 'Which rent a price filter and the price sorts read (issue 26 item 2).',
  values: {
    GROSS: { description: 'The advertised (gross) monthly rent: what the lease says.' },
    NET_EFFECTIVE: { description: 'The net effective rent: the gross rent with the free months spread over the lease.' },
  } as const,
});

export const SearchListingTypeEnum = builder.enumType('SearchListingType', {
  description: 'What a search looks for (issue 58 item 3): rentals unless asked for sales.',
  values: {
    FOR_RENT: { description: 'Rentals: listings for rent and sublets (the default).' },
    FOR_SALE: { description: 'Homes for sale, at their asking price.' },
  } as const,
});

export const PropertySortEnum = builder.enumType('PropertySort', {
  values: {
    NEWEST: { value: 'newest' },
    OLDEST: { value: 'oldest' },
    PRICE_LOW: { value: 'price_low' },
    PRICE_HIGH: { value: 'price_high' },
    POPULAR: { value: 'popular' },
    COMMUTE: { value: 'commute', description: 'Shortest commute first (needs filter.commuteTo).' },
    RECENTLY_REDUCED: {
      value: 'recently_reduced',
      description:
        'Listings whose rent was lowered most recently first (any past drop), then those without a drop, newest first.',
    },
  } as const,
});
