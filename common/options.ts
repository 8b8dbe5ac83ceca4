// Option lists with their display labels (SPEC part 3, "Option lists for the listing form", and part 5).
// Every Prisma enum of prisma/schema.prisma has a value tuple (usable with `z.enum`) and a label map
// keyed by the enum value. This module is imported by the browser: it must not import Prisma.
import { PAGE_LIMITS } from './page-limits.js';
import { defineMessages } from './i18n/messages.js';
import { labels } from './i18n/labels.js';

/** The label of a value in a label map; falls back to the value itself for unknown input. */
export function labelOf<K extends string>(map: Readonly<Record<K, string>>, value: K | null | undefined): string {
  if (value === null || value === undefined) return '';
  return (map as Record<string, string | undefined>)[value] ?? value;
}

/**
 * A `{ value, label }` list in the declared order of a value tuple, for selects and checkbox groups.
 * Each label is read when it is used, in the page's language, so a list made once serves them all.
 */
export function optionsOf<K extends string>(
  values: readonly K[],
  labels: Readonly<Record<K, string>>,
): { value: K; label: string }[] {
  return values.map((value) => ({
    value,
    get label() {
      return labels[value];
    },
  }));
}

// --- Role -------------------------------------------------------------------------------------------
export const RoleValues = ['RENTER', 'AGENT', 'ADMIN'] as const;
export type Role = (typeof RoleValues)[number];

// --- Borough (names and neighborhoods live in common/nyc.ts) ----------------------------------------
export const BoroughValues = ['MANHATTAN', 'BROOKLYN', 'QUEENS', 'BRONX', 'STATEN_ISLAND'] as const;
export type Borough = (typeof BoroughValues)[number];
export const boroughLabels: Readonly<Record<Borough, string>> = /* @__PURE__ */ labels<Borough>({
  ...defineMessages({
    MANHATTAN: { id: 'option.borough.MANHATTAN', defaultMessage: 'Manhattan' },
    BROOKLYN: { id: 'option.borough.BROOKLYN', defaultMessage: 'Brooklyn' },
    QUEENS: { id: 'option.borough.QUEENS', defaultMessage: 'Queens' },
    BRONX: { id: 'option.borough.BRONX', defaultMessage: 'Bronx' },
    STATEN_ISLAND: { id: 'option.borough.STATEN_ISLAND', defaultMessage: 'Staten Island' },
  }),
});

// --- PropertyType -----------------------------------------------------------------------------------
export const PropertyTypeValues = ['APARTMENT', 'TOWNHOUSE', 'CONDO', 'HOUSE', 'LOFT', 'STUDIO'] as const;
export type PropertyType = (typeof PropertyTypeValues)[number];

// --- ListingType ------------------------------------------------------------------------------------
export const ListingTypeValues = ['FOR_RENT', 'FOR_SALE', 'SUBLET'] as const;
export type ListingType = (typeof ListingTypeValues)[number];

// --- LeaseTerm --------------------------------------------------------------------------------------
export const LeaseTermValues = ['MONTH_TO_MONTH', 'SIX_MONTHS', 'ONE_YEAR', 'TWO_YEARS'] as const;
export type LeaseTerm = (typeof LeaseTermValues)[number];

// --- PetPolicy --------------------------------------------------------------------------------------
export const PetPolicyValues = ['PETS_ALLOWED', 'NO_PETS'] as const;
export type PetPolicy = (typeof PetPolicyValues)[number];

// --- PetType ----------------------------------------------------------------------------------------
export const PetTypeValues = ['CATS', 'DOGS', 'SMALL_DOGS_ONLY', 'BIRDS'] as const;
export type PetType = (typeof PetTypeValues)[number];

// --- SmokingPolicy ----------------------------------------------------------------------------------
export const SmokingPolicyValues = ['NO_SMOKING', 'SMOKING_ALLOWED', 'OUTDOOR_ONLY'] as const;
export type SmokingPolicy = (typeof SmokingPolicyValues)[number];

// --- Parking ----------------------------------------------------------------------------------------
export const ParkingValues = ['PARKING_AVAILABLE', 'NO_PARKING', 'STREET'] as const;
export type Parking = (typeof ParkingValues)[number];

// --- Laundry ----------------------------------------------------------------------------------------
export const LaundryValues = ['IN_UNIT', 'IN_BUILDING', 'HOOKUPS', 'NONE'] as const;
export type Laundry = (typeof LaundryValues)[number];

// --- Utility (utilitiesIncluded) --------------------------------------------------------------------
export const UtilityValues = ['WATER', 'ELECTRICITY', 'GAS', 'INTERNET', 'CABLE_TV', 'HEAT'] as const;
export type Utility = (typeof UtilityValues)[number];

// --- BuildingAmenity --------------------------------------------------------------------------------
export const BuildingAmenityValues = [
  'ELEVATOR',
  'DOORMAN',
  'FITNESS_CENTER',
  'SWIMMING_POOL',
  'ROOFTOP_DECK',
  'CONCIERGE',
  'BIKE_STORAGE',
  'PACKAGE_ROOM',
  'STORAGE_AVAILABLE',
  'GARDEN_COURTYARD',
] as const;
export type BuildingAmenity = (typeof BuildingAmenityValues)[number];

// --- AccessibilityFeature (issue 26 item 4) -----------------------------------------------------------
export const AccessibilityFeatureValues = [
  'STEP_FREE_ENTRANCE',
  'ELEVATOR',
  'WHEELCHAIR_ACCESSIBLE_UNIT',
  'ACCESSIBLE_BATHROOM',
  'VISUAL_AUDIBLE_ALARMS',
] as const;
export type AccessibilityFeature = (typeof AccessibilityFeatureValues)[number];
export const accessibilityFeatureLabels: Readonly<Record<AccessibilityFeature, string>> =
  /* @__PURE__ */ labels<AccessibilityFeature>({
    ...defineMessages({
      STEP_FREE_ENTRANCE: { id: 'option.accessibilityFeature.STEP_FREE_ENTRANCE', defaultMessage: 'Step-free entrance' },
      ELEVATOR: { id: 'option.accessibilityFeature.ELEVATOR', defaultMessage: 'Elevator' },
      WHEELCHAIR_ACCESSIBLE_UNIT: {
        id: 'option.accessibilityFeature.WHEELCHAIR_ACCESSIBLE_UNIT',
        defaultMessage: 'Wheelchair-accessible unit',
      },
      ACCESSIBLE_BATHROOM: { id: 'option.accessibilityFeature.ACCESSIBLE_BATHROOM', defaultMessage: 'Accessible bathroom' },
      VISUAL_AUDIBLE_ALARMS: {
        id: 'option.accessibilityFeature.VISUAL_AUDIBLE_ALARMS',
        defaultMessage: 'Visual and audible alarms',
      },
    }),
  });

// --- AmenityFilter (issue 59 item 1) ------------------------------------------------------------------
/**
 * The amenities a New Yorker filters by first, each read from the listing's own fields (the search's
 * SQL, server/modules/listings/listings.service.ts): laundry in the unit (or a washer/dryer), a
 * dishwasher, a doorman, an elevator, outdoor space (a balcony or terrace, or the building's roof deck
 * or garden), a gym (the building's fitness center).
 */
export const AmenityFilterValues = [
  'IN_UNIT_LAUNDRY',
  'DISHWASHER',
  'DOORMAN',
  'ELEVATOR',
  'OUTDOOR_SPACE',
  'GYM',
  'FURNISHED',
] as const;
export type AmenityFilter = (typeof AmenityFilterValues)[number];
// Their labels are common/more-filter-labels.ts: only the More popover and saved searches show them.

// --- UnitFeature ------------------------------------------------------------------------------------
export const UnitFeatureValues = [
  'BALCONY',
  'TERRACE',
  'FIREPLACE',
  'WALK_IN_CLOSET',
  'HARDWOOD_FLOORS',
  'HIGH_CEILINGS',
  'DISHWASHER',
  'AIR_CONDITIONING',
] as const;
export type UnitFeature = (typeof UnitFeatureValues)[number];

// --- Flooring (flooringType) ------------------------------------------------------------------------
export const FlooringValues = ['TILE', 'WOOD', 'CARPET', 'VINYL'] as const;
export type Flooring = (typeof FlooringValues)[number];

// --- Appliance (appliancesIncluded) -----------------------------------------------------------------
export const ApplianceValues = ['REFRIGERATOR', 'STOVE_RANGE', 'MICROWAVE', 'DISHWASHER', 'WASHER_DRYER'] as const;
export type Appliance = (typeof ApplianceValues)[number];

// --- Hvac -------------------------------------------------------------------------------------------
export const HvacValues = ['RADIATOR', 'CENTRAL_AIR', 'HEAT_PUMP', 'WINDOW_UNITS', 'OTHER'] as const;
export type Hvac = (typeof HvacValues)[number];

// --- Furnishing (issue 59 item 1: the first field declared the new way) --------------------------
export const FurnishingValues = ['FURNISHED', 'PARTLY_FURNISHED', 'UNFURNISHED'] as const;
export type Furnishing = (typeof FurnishingValues)[number];

// --- BrokerFeePayer ---------------------------------------------------------------------------------
export const BrokerFeePayerValues = ['TENANT', 'LANDLORD', 'NO_FEE'] as const;
export type BrokerFeePayer = (typeof BrokerFeePayerValues)[number];

// --- ListingStatus ----------------------------------------------------------------------------------
export const ListingStatusValues = ['DRAFT', 'ACTIVE', 'INACTIVE'] as const;
export type ListingStatus = (typeof ListingStatusValues)[number];

// --- ThreadStatus -----------------------------------------------------------------------------------
// SPEC part 4: an open thread shows an 'Active' badge; other statuses show no badge.
export const ThreadStatusValues = ['OPEN', 'CLOSED', 'ARCHIVED'] as const;
export type ThreadStatus = (typeof ThreadStatusValues)[number];

// --- ReviewReportReason (issue 10: reporting a review) ---------------------------------------------
export const ReviewReportReasonValues = ['SPAM', 'OFFENSIVE', 'FALSE_INFORMATION', 'CONFLICT_OF_INTEREST', 'OTHER'] as const;
export type ReviewReportReason = (typeof ReviewReportReasonValues)[number];

// --- Review score labels (SPEC part 4, review form) -------------------------------------------------
export const REVIEW_SCORE_LABELS: Record<1 | 2 | 3 | 4 | 5, string> = {
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very Good',
  5: 'Excellent',
};

export const ReviewSubscoreValues = ['communication', 'reliability', 'cleanliness', 'accuracy'] as const;
export type ReviewSubscore = (typeof ReviewSubscoreValues)[number];

// --- Search filters (SPEC part 5) -------------------------------------------------------------------

/** Bedrooms filter; sent to the server as `minBeds` (5 means 5 or more). */
export const BedroomsFilterValues = ['any', '0', '1', '2', '3', '4', '5'] as const;
export type BedroomsFilter = (typeof BedroomsFilterValues)[number];
export const bedroomsFilterLabels: Readonly<Record<BedroomsFilter, string>> = /* @__PURE__ */ labels<BedroomsFilter>({
  ...defineMessages({
    any: { id: 'option.bedroomsFilter.any', defaultMessage: 'Any' },
    '0': { id: 'option.bedroomsFilter.0', defaultMessage: 'Studio' },
  }),
  // At least that many (issue 59 item 1: '2' read as exactly two).
  '1': '1+',
  '2': '2+',
  '3': '3+',
  '4': '4+',
  '5': '5+',
});

// Its labels are common/more-filter-labels.ts (the More popover's).

/** Property-type filter, lower-case in the URL; maps onto PropertyType. */
export const PropertyTypeFilterValues = ['any', 'apartment', 'house', 'condo', 'townhouse', 'loft'] as const;
export type PropertyTypeFilter = (typeof PropertyTypeFilterValues)[number];
export const propertyTypeFilterLabels: Readonly<Record<PropertyTypeFilter, string>> = /* @__PURE__ */ labels<PropertyTypeFilter>({
  ...defineMessages({
    any: { id: 'option.propertyTypeFilter.any', defaultMessage: 'Any' },
    apartment: { id: 'option.propertyTypeFilter.apartment', defaultMessage: 'Apartment' },
    house: { id: 'option.propertyTypeFilter.house', defaultMessage: 'House' },
    condo: { id: 'option.propertyTypeFilter.condo', defaultMessage: 'Condo' },
    townhouse: { id: 'option.propertyTypeFilter.townhouse', defaultMessage: 'Townhouse' },
    loft: { id: 'option.propertyTypeFilter.loft', defaultMessage: 'Loft' },
  }),
});
export const propertyTypeFilterToEnum: Record<Exclude<PropertyTypeFilter, 'any'>, PropertyType> = {
  apartment: 'APARTMENT',
  house: 'HOUSE',
  condo: 'CONDO',
  townhouse: 'TOWNHOUSE',
  loft: 'LOFT',
};

/** Pet-policy filter: allowed (any pets), cats, dogs (incl. small dogs only), none (no pets). */
export const PetsFilterValues = ['any', 'allowed', 'cats', 'dogs', 'none'] as const;
export type PetsFilter = (typeof PetsFilterValues)[number];
export const petsFilterLabels: Readonly<Record<PetsFilter, string>> = /* @__PURE__ */ labels<PetsFilter>({
  ...defineMessages({
    any: { id: 'option.petsFilter.any', defaultMessage: 'Any' },
    allowed: { id: 'option.petsFilter.allowed', defaultMessage: 'Pets Allowed' },
    cats: { id: 'option.petsFilter.cats', defaultMessage: 'Cats OK' },
    dogs: { id: 'option.petsFilter.dogs', defaultMessage: 'Dogs OK' },
    none: { id: 'option.petsFilter.none', defaultMessage: 'No Pets' },
  }),
});

/** Sort orders of the search page; `newest` is the default. */
export const SortValues = ['newest', 'oldest', 'price_low', 'price_high', 'popular', 'commute', 'recently_reduced'] as const;
export type SortOption = (typeof SortValues)[number];
export const sortLabels: Readonly<Record<SortOption, string>> = /* @__PURE__ */ labels<SortOption>({
  ...defineMessages({
    newest: { id: 'option.sort.newest', defaultMessage: 'Newest' },
    oldest: { id: 'option.sort.oldest', defaultMessage: 'Oldest' },
    price_low: { id: 'option.sort.price_low', defaultMessage: 'Price: Low to High' },
    price_high: { id: 'option.sort.price_high', defaultMessage: 'Price: High to Low' },
    popular: { id: 'option.sort.popular', defaultMessage: 'Most Popular' },
    commute: { id: 'option.sort.commute', defaultMessage: 'Shortest Commute' },
    recently_reduced: { id: 'option.sort.recently_reduced', defaultMessage: 'Recently Reduced' },
  }),
});
export const DEFAULT_SORT: SortOption = 'newest';

// --- AlertFrequency (issue 14: saved searches) -----------------------------------------------------
export const AlertFrequencyValues = ['INSTANT', 'DAILY', 'OFF'] as const;
export type AlertFrequency = (typeof AlertFrequencyValues)[number];

// --- NotificationKind (issue 14: the notification centre) -------------------------------------------
export const NotificationKindValues = [
  'NEW_MATCH',
  'PRICE_DROP',
  'LISTING_HIDDEN',
  'LISTING_REINSTATED',
  'LICENSE_VERIFIED',
  'OPEN_HOUSE_PLACE',
  'TOUR_UPDATE',
  'TOUR_REMINDER',
] as const;
export type NotificationKind = (typeof NotificationKindValues)[number];

// --- RsvpStatus (issue 27: open-house RSVPs) --------------------------------------------------------
export const RsvpStatusValues = ['GOING', 'WAITLISTED'] as const;
export type RsvpStatus = (typeof RsvpStatusValues)[number];

// --- TourStatus, TourSide (issue 27: private tour requests) -----------------------------------------
export const TourStatusValues = ['REQUESTED', 'PROPOSED', 'CONFIRMED', 'DECLINED', 'EXPIRED', 'CANCELLED'] as const;
export type TourStatus = (typeof TourStatusValues)[number];

export const TourSideValues = ['RENTER', 'AGENT'] as const;
export type TourSide = (typeof TourSideValues)[number];

// --- TourCancelReason (issue 58 item 4: a tour cancelled by its listing's withdrawal) --------------
export const TourCancelReasonValues = ['LISTING_REMOVED', 'LISTING_UNAVAILABLE'] as const;
export type TourCancelReason = (typeof TourCancelReasonValues)[number];

// --- MessageFlagReason (issue 58 item 1: a message flagged for the moderators) ----------------------
export const MessageFlagReasonValues = ['SOURCE_OF_INCOME'] as const;
export type MessageFlagReason = (typeof MessageFlagReasonValues)[number];

// --- ListingReportReason (issue 14: reporting a listing) --------------------------------------------
export const ListingReportReasonValues = [
  'SCAM_FRAUD',
  'WRONG_INFORMATION',
  'ALREADY_RENTED',
  'DISCRIMINATORY',
  'OTHER',
] as const;
export type ListingReportReason = (typeof ListingReportReasonValues)[number];

// The manage screen's tabs, sorts and page (SPEC part 2, /me/listings; its query's schema: listing.ts).
export const MY_LISTINGS_PAGE_SIZE = PAGE_LIMITS.myListings.default;
export const MyListingsStatusValues = ['all', 'active', 'inactive', 'draft', 'saved'] as const;
export const MyListingsSortValues = ['newest', 'price-asc', 'price-desc', 'views'] as const;
