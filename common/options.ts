// Option lists with their display labels (SPEC part 3, "Option lists for the listing form", and part 5).
// Every Prisma enum of prisma/schema.prisma has a value tuple (usable with `z.enum`) and a label map
// keyed by the enum value. This module is imported by the browser: it must not import Prisma.

/** The label of a value in a label map; falls back to the value itself for unknown input. */
export function labelOf<K extends string>(map: Readonly<Record<K, string>>, value: K | null | undefined): string {
  if (value === null || value === undefined) return '';
  return (map as Record<string, string | undefined>)[value] ?? value;
}

/** A `{ value, label }` list in the declared order of a value tuple, for selects and checkbox groups. */
export function optionsOf<K extends string>(
  values: readonly K[],
  labels: Readonly<Record<K, string>>,
): { value: K; label: string }[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

// --- Role -------------------------------------------------------------------------------------------
export const RoleValues = ['RENTER', 'AGENT', 'ADMIN'] as const;
export type Role = (typeof RoleValues)[number];
export const roleLabels: Record<Role, string> = {
  RENTER: 'Renter',
  AGENT: 'Agent/Broker',
  /** Moderators (issue 14), granted by `npm run admin`; never chosen at sign-up (common/auth.ts). */
  ADMIN: 'Admin',
};

// --- Borough (names and neighborhoods live in common/nyc.ts) ----------------------------------------
export const BoroughValues = ['MANHATTAN', 'BROOKLYN', 'QUEENS', 'BRONX', 'STATEN_ISLAND'] as const;
export type Borough = (typeof BoroughValues)[number];
export const boroughLabels: Record<Borough, string> = {
  MANHATTAN: 'Manhattan',
  BROOKLYN: 'Brooklyn',
  QUEENS: 'Queens',
  BRONX: 'Bronx',
  STATEN_ISLAND: 'Staten Island',
};

// --- PropertyType -----------------------------------------------------------------------------------
export const PropertyTypeValues = ['APARTMENT', 'TOWNHOUSE', 'CONDO', 'HOUSE', 'LOFT', 'STUDIO'] as const;
export type PropertyType = (typeof PropertyTypeValues)[number];
export const propertyTypeLabels: Record<PropertyType, string> = {
  APARTMENT: 'Apartment',
  TOWNHOUSE: 'Townhouse',
  CONDO: 'Condo',
  HOUSE: 'House',
  LOFT: 'Loft',
  STUDIO: 'Studio',
};

// --- ListingType ------------------------------------------------------------------------------------
export const ListingTypeValues = ['FOR_RENT', 'FOR_SALE', 'SUBLET'] as const;
export type ListingType = (typeof ListingTypeValues)[number];
export const listingTypeLabels: Record<ListingType, string> = {
  FOR_RENT: 'For Rent',
  FOR_SALE: 'For Sale',
  SUBLET: 'Sublet',
};

// --- LeaseTerm --------------------------------------------------------------------------------------
export const LeaseTermValues = ['MONTH_TO_MONTH', 'SIX_MONTHS', 'ONE_YEAR', 'TWO_YEARS'] as const;
export type LeaseTerm = (typeof LeaseTermValues)[number];
export const leaseTermLabels: Record<LeaseTerm, string> = {
  MONTH_TO_MONTH: 'Month-to-Month',
  SIX_MONTHS: '6 Months',
  ONE_YEAR: '1 Year',
  TWO_YEARS: '2 Years',
};

// --- PetPolicy --------------------------------------------------------------------------------------
export const PetPolicyValues = ['PETS_ALLOWED', 'NO_PETS'] as const;
export type PetPolicy = (typeof PetPolicyValues)[number];
export const petPolicyLabels: Record<PetPolicy, string> = {
  PETS_ALLOWED: 'Pets Allowed',
  NO_PETS: 'No Pets',
};

// --- PetType ----------------------------------------------------------------------------------------
export const PetTypeValues = ['CATS', 'DOGS', 'SMALL_DOGS_ONLY', 'BIRDS'] as const;
export type PetType = (typeof PetTypeValues)[number];
export const petTypeLabels: Record<PetType, string> = {
  CATS: 'Cats',
  DOGS: 'Dogs',
  SMALL_DOGS_ONLY: 'Small Dogs Only',
  BIRDS: 'Birds',
};

// --- SmokingPolicy ----------------------------------------------------------------------------------
export const SmokingPolicyValues = ['NO_SMOKING', 'SMOKING_ALLOWED', 'OUTDOOR_ONLY'] as const;
export type SmokingPolicy = (typeof SmokingPolicyValues)[number];
export const smokingPolicyLabels: Record<SmokingPolicy, string> = {
  NO_SMOKING: 'No Smoking',
  SMOKING_ALLOWED: 'Smoking Allowed',
  OUTDOOR_ONLY: 'Outdoor Only',
};

// --- Parking ----------------------------------------------------------------------------------------
export const ParkingValues = ['PARKING_AVAILABLE', 'NO_PARKING', 'STREET'] as const;
export type Parking = (typeof ParkingValues)[number];
export const parkingLabels: Record<Parking, string> = {
  PARKING_AVAILABLE: 'Parking Available',
  NO_PARKING: 'No Parking',
  STREET: 'Street',
};

// --- Laundry ----------------------------------------------------------------------------------------
export const LaundryValues = ['IN_UNIT', 'IN_BUILDING', 'HOOKUPS', 'NONE'] as const;
export type Laundry = (typeof LaundryValues)[number];
export const laundryLabels: Record<Laundry, string> = {
  IN_UNIT: 'In-Unit',
  IN_BUILDING: 'In-Building',
  HOOKUPS: 'Hookups',
  NONE: 'None',
};

// --- Utility (utilitiesIncluded) --------------------------------------------------------------------
export const UtilityValues = ['WATER', 'ELECTRICITY', 'GAS', 'INTERNET', 'CABLE_TV', 'HEAT'] as const;
export type Utility = (typeof UtilityValues)[number];
export const utilityLabels: Record<Utility, string> = {
  WATER: 'Water',
  ELECTRICITY: 'Electricity',
  GAS: 'Gas',
  INTERNET: 'Internet',
  CABLE_TV: 'Cable TV',
  HEAT: 'Heat',
};

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
export const buildingAmenityLabels: Record<BuildingAmenity, string> = {
  ELEVATOR: 'Elevator',
  DOORMAN: 'Doorman',
  FITNESS_CENTER: 'Fitness Center',
  SWIMMING_POOL: 'Swimming Pool',
  ROOFTOP_DECK: 'Rooftop Deck',
  CONCIERGE: 'Concierge',
  BIKE_STORAGE: 'Bike Storage',
  PACKAGE_ROOM: 'Package Room',
  STORAGE_AVAILABLE: 'Storage Available',
  GARDEN_COURTYARD: 'Garden/Courtyard',
};

// --- AccessibilityFeature (issue 26 item 4) -----------------------------------------------------------
export const AccessibilityFeatureValues = [
  'STEP_FREE_ENTRANCE',
  'ELEVATOR',
  'WHEELCHAIR_ACCESSIBLE_UNIT',
  'ACCESSIBLE_BATHROOM',
  'VISUAL_AUDIBLE_ALARMS',
] as const;
export type AccessibilityFeature = (typeof AccessibilityFeatureValues)[number];
export const accessibilityFeatureLabels: Record<AccessibilityFeature, string> = {
  STEP_FREE_ENTRANCE: 'Step-free entrance',
  ELEVATOR: 'Elevator',
  WHEELCHAIR_ACCESSIBLE_UNIT: 'Wheelchair-accessible unit',
  ACCESSIBLE_BATHROOM: 'Accessible bathroom',
  VISUAL_AUDIBLE_ALARMS: 'Visual and audible alarms',
};

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
export const unitFeatureLabels: Record<UnitFeature, string> = {
  BALCONY: 'Balcony',
  TERRACE: 'Terrace',
  FIREPLACE: 'Fireplace',
  WALK_IN_CLOSET: 'Walk-in Closet',
  HARDWOOD_FLOORS: 'Hardwood Floors',
  HIGH_CEILINGS: 'High Ceilings',
  DISHWASHER: 'Dishwasher',
  AIR_CONDITIONING: 'Air Conditioning',
};

// --- Flooring (flooringType) ------------------------------------------------------------------------
export const FlooringValues = ['TILE', 'WOOD', 'CARPET', 'VINYL'] as const;
export type Flooring = (typeof FlooringValues)[number];
export const flooringLabels: Record<Flooring, string> = {
  TILE: 'Tile',
  WOOD: 'Wood',
  CARPET: 'Carpet',
  VINYL: 'Vinyl',
};

// --- Appliance (appliancesIncluded) -----------------------------------------------------------------
export const ApplianceValues = ['REFRIGERATOR', 'STOVE_RANGE', 'MICROWAVE', 'DISHWASHER', 'WASHER_DRYER'] as const;
export type Appliance = (typeof ApplianceValues)[number];
export const applianceLabels: Record<Appliance, string> = {
  REFRIGERATOR: 'Refrigerator',
  STOVE_RANGE: 'Stove/Range',
  MICROWAVE: 'Microwave',
  DISHWASHER: 'Dishwasher',
  WASHER_DRYER: 'Washer/Dryer',
};

// --- Hvac -------------------------------------------------------------------------------------------
export const HvacValues = ['RADIATOR', 'CENTRAL_AIR', 'HEAT_PUMP', 'WINDOW_UNITS', 'OTHER'] as const;
export type Hvac = (typeof HvacValues)[number];
export const hvacLabels: Record<Hvac, string> = {
  RADIATOR: 'Radiator',
  CENTRAL_AIR: 'Central Air',
  HEAT_PUMP: 'Heat Pump',
  WINDOW_UNITS: 'Window Units',
  OTHER: 'Other',
};

// --- BrokerFeePayer ---------------------------------------------------------------------------------
export const BrokerFeePayerValues = ['TENANT', 'LANDLORD', 'NO_FEE'] as const;
export type BrokerFeePayer = (typeof BrokerFeePayerValues)[number];
export const brokerFeePayerLabels: Record<BrokerFeePayer, string> = {
  TENANT: 'Tenant pays',
  LANDLORD: 'Landlord pays',
  NO_FEE: 'No fee',
};

// --- ListingStatus ----------------------------------------------------------------------------------
export const ListingStatusValues = ['DRAFT', 'ACTIVE', 'INACTIVE'] as const;
export type ListingStatus = (typeof ListingStatusValues)[number];
export const listingStatusLabels: Record<ListingStatus, string> = {
  DRAFT: 'Draft',
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
};

// --- ThreadStatus -----------------------------------------------------------------------------------
// SPEC part 4: an open thread shows an 'Active' badge; other statuses show no badge.
export const ThreadStatusValues = ['OPEN', 'CLOSED', 'ARCHIVED'] as const;
export type ThreadStatus = (typeof ThreadStatusValues)[number];
export const threadStatusLabels: Record<ThreadStatus, string> = {
  OPEN: 'Active',
  CLOSED: 'Closed',
  ARCHIVED: 'Archived',
};

// --- ReviewReportReason (issue 10: reporting a review) ---------------------------------------------
export const ReviewReportReasonValues = ['SPAM', 'OFFENSIVE', 'FALSE_INFORMATION', 'CONFLICT_OF_INTEREST', 'OTHER'] as const;
export type ReviewReportReason = (typeof ReviewReportReasonValues)[number];
export const reviewReportReasonLabels: Record<ReviewReportReason, string> = {
  SPAM: 'Spam or advertising',
  OFFENSIVE: 'Offensive or abusive',
  FALSE_INFORMATION: 'False information',
  CONFLICT_OF_INTEREST: 'Conflict of interest',
  OTHER: 'Other',
};

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
export const reviewSubscoreLabels: Record<ReviewSubscore, string> = {
  communication: 'Communication',
  reliability: 'Reliability',
  cleanliness: 'Cleanliness',
  accuracy: 'Accuracy',
};

// --- Search filters (SPEC part 5) -------------------------------------------------------------------

/** Bedrooms filter; sent to the server as `minBeds` (5 means 5 or more). */
export const BedroomsFilterValues = ['any', '0', '1', '2', '3', '4', '5'] as const;
export type BedroomsFilter = (typeof BedroomsFilterValues)[number];
export const bedroomsFilterLabels: Record<BedroomsFilter, string> = {
  any: 'Any',
  '0': 'Studio',
  '1': '1',
  '2': '2',
  '3': '3',
  '4': '4',
  '5': '5+',
};

/** Property-type filter, lower-case in the URL; maps onto PropertyType. */
export const PropertyTypeFilterValues = ['any', 'apartment', 'house', 'condo', 'townhouse', 'loft'] as const;
export type PropertyTypeFilter = (typeof PropertyTypeFilterValues)[number];
export const propertyTypeFilterLabels: Record<PropertyTypeFilter, string> = {
  any: 'Any',
  apartment: 'Apartment',
  house: 'House',
  condo: 'Condo',
  townhouse: 'Townhouse',
  loft: 'Loft',
};
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
export const petsFilterLabels: Record<PetsFilter, string> = {
  any: 'Any',
  allowed: 'Pets Allowed',
  cats: 'Cats OK',
  dogs: 'Dogs OK',
  none: 'No Pets',
};

/** Sort orders of the search page; `newest` is the default. */
export const SortValues = ['newest', 'oldest', 'price_low', 'price_high', 'popular', 'commute', 'recently_reduced'] as const;
export type SortOption = (typeof SortValues)[number];
export const sortLabels: Record<SortOption, string> = {
  newest: 'Newest',
  oldest: 'Oldest',
  price_low: 'Price: Low to High',
  price_high: 'Price: High to Low',
  popular: 'Most Popular',
  commute: 'Shortest Commute',
  recently_reduced: 'Recently Reduced',
};
export const DEFAULT_SORT: SortOption = 'newest';

// --- AlertFrequency (issue 14: saved searches) -----------------------------------------------------
export const AlertFrequencyValues = ['INSTANT', 'DAILY', 'OFF'] as const;
export type AlertFrequency = (typeof AlertFrequencyValues)[number];
export const alertFrequencyLabels: Record<AlertFrequency, string> = {
  INSTANT: 'Instant',
  DAILY: 'Daily digest',
  OFF: 'Off',
};

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
export const notificationKindLabels: Record<NotificationKind, string> = {
  NEW_MATCH: 'New match',
  PRICE_DROP: 'Price drop',
  LISTING_HIDDEN: 'Listing hidden',
  LISTING_REINSTATED: 'Listing reinstated',
  LICENSE_VERIFIED: 'License verified',
  OPEN_HOUSE_PLACE: 'Open house place',
  TOUR_UPDATE: 'Tour update',
  TOUR_REMINDER: 'Tour reminder',
};

// --- RsvpStatus (issue 27: open-house RSVPs) --------------------------------------------------------
export const RsvpStatusValues = ['GOING', 'WAITLISTED'] as const;
export type RsvpStatus = (typeof RsvpStatusValues)[number];
export const rsvpStatusLabels: Record<RsvpStatus, string> = {
  GOING: 'Going',
  WAITLISTED: 'On the waitlist',
};

// --- TourStatus, TourSide (issue 27: private tour requests) -----------------------------------------
export const TourStatusValues = ['REQUESTED', 'PROPOSED', 'CONFIRMED', 'DECLINED', 'EXPIRED', 'CANCELLED'] as const;
export type TourStatus = (typeof TourStatusValues)[number];
export const tourStatusLabels: Record<TourStatus, string> = {
  REQUESTED: 'Requested',
  PROPOSED: 'New time proposed',
  CONFIRMED: 'Confirmed',
  DECLINED: 'Declined',
  EXPIRED: 'Expired',
  CANCELLED: 'Cancelled',
};

export const TourSideValues = ['RENTER', 'AGENT'] as const;
export type TourSide = (typeof TourSideValues)[number];
export const tourSideLabels: Record<TourSide, string> = {
  RENTER: 'Renter',
  AGENT: 'Agent',
};

// --- ListingReportReason (issue 14: reporting a listing) --------------------------------------------
export const ListingReportReasonValues = [
  'SCAM_FRAUD',
  'WRONG_INFORMATION',
  'ALREADY_RENTED',
  'DISCRIMINATORY',
  'OTHER',
] as const;
export type ListingReportReason = (typeof ListingReportReasonValues)[number];
export const listingReportReasonLabels: Record<ListingReportReason, string> = {
  SCAM_FRAUD: 'Scam or fraud',
  WRONG_INFORMATION: 'Wrong information',
  ALREADY_RENTED: 'Already rented',
  DISCRIMINATORY: 'Discriminatory',
  OTHER: 'Other',
};

// The manage screen's tabs, sorts and page (SPEC part 2, /me/listings; its query's schema: listing.ts).
export const MY_LISTINGS_PAGE_SIZE = 9;
export const MyListingsStatusValues = ['all', 'active', 'inactive', 'draft', 'saved'] as const;
export const MyListingsSortValues = ['newest', 'price-asc', 'price-desc', 'views'] as const;
