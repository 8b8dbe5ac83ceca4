import * as E from '../../db/generated/prisma/enums.js';
import type { AmenityFilter } from '../../../common/options.js';
import { builder } from '../../graphql/builder.js';

/** Listing enums, exposed under their Prisma names with the same values. */
export const BoroughEnum = builder.enumType(E.Borough, { name: 'Borough' });
export const PropertyTypeEnum = builder.enumType(E.PropertyType, { name: 'PropertyType' });
export const ListingTypeEnum = builder.enumType(E.ListingType, { name: 'ListingType' });
export const LeaseTermEnum = builder.enumType(E.LeaseTerm, { name: 'LeaseTerm' });
export const PetPolicyEnum = builder.enumType(E.PetPolicy, { name: 'PetPolicy' });
export const PetTypeEnum = builder.enumType(E.PetType, { name: 'PetType' });
export const SmokingPolicyEnum = builder.enumType(E.SmokingPolicy, { name: 'SmokingPolicy' });
export const ParkingEnum = builder.enumType(E.Parking, { name: 'Parking' });
export const LaundryEnum = builder.enumType(E.Laundry, { name: 'Laundry' });
export const UtilityEnum = builder.enumType(E.Utility, { name: 'Utility' });
export const BuildingAmenityEnum = builder.enumType(E.BuildingAmenity, { name: 'BuildingAmenity' });
export const UnitFeatureEnum = builder.enumType(E.UnitFeature, { name: 'UnitFeature' });
export const AccessibilityFeatureEnum = builder.enumType(E.AccessibilityFeature, { name: 'AccessibilityFeature' });
export const FlooringEnum = builder.enumType(E.Flooring, { name: 'Flooring' });
export const ApplianceEnum = builder.enumType(E.Appliance, { name: 'Appliance' });
export const HvacEnum = builder.enumType(E.Hvac, { name: 'Hvac' });
export const BrokerFeePayerEnum = builder.enumType(E.BrokerFeePayer, { name: 'BrokerFeePayer' });
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
