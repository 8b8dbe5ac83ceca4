// The labels of a listing's facts and of the app's records (moderation, tours, alerts), apart from
// common/options.ts: the screens that show them load them, not the listings page (issue 29: each label
// is a message, in the page's language). Their values and types are in common/options.ts.
import { defineMessages } from './i18n/messages.js';
import { labels } from './i18n/labels.js';
import type {
  AlertFrequency,
  Appliance,
  BrokerFeePayer,
  BuildingAmenity,
  Flooring,
  Furnishing,
  Hvac,
  Laundry,
  LeaseTerm,
  ListingReportReason,
  ListingStatus,
  ListingType,
  NotificationKind,
  Parking,
  PetPolicy,
  PetType,
  PropertyType,
  ReviewReportReason,
  ReviewSubscore,
  Role,
  RsvpStatus,
  SmokingPolicy,
  ThreadStatus,
  TourSide,
  TourCancelReason,
  MessageFlagReason,
  TourStatus,
  UnitFeature,
  Utility,
} from './options.js';

export const leaseTermLabels: Readonly<Record<LeaseTerm, string>> = /* @__PURE__ */ labels<LeaseTerm>({
  ...defineMessages({
    MONTH_TO_MONTH: { id: 'option.leaseTerm.MONTH_TO_MONTH', defaultMessage: 'Month-to-Month' },
    SIX_MONTHS: { id: 'option.leaseTerm.SIX_MONTHS', defaultMessage: '6 Months' },
    ONE_YEAR: { id: 'option.leaseTerm.ONE_YEAR', defaultMessage: '1 Year' },
    TWO_YEARS: { id: 'option.leaseTerm.TWO_YEARS', defaultMessage: '2 Years' },
  }),
});

export const petPolicyLabels: Readonly<Record<PetPolicy, string>> = /* @__PURE__ */ labels<PetPolicy>({
  ...defineMessages({
    PETS_ALLOWED: { id: 'option.petPolicy.PETS_ALLOWED', defaultMessage: 'Pets Allowed' },
    NO_PETS: { id: 'option.petPolicy.NO_PETS', defaultMessage: 'No Pets' },
  }),
});

export const petTypeLabels: Readonly<Record<PetType, string>> = /* @__PURE__ */ labels<PetType>({
  ...defineMessages({
    CATS: { id: 'option.petType.CATS', defaultMessage: 'Cats' },
    DOGS: { id: 'option.petType.DOGS', defaultMessage: 'Dogs' },
    SMALL_DOGS_ONLY: { id: 'option.petType.SMALL_DOGS_ONLY', defaultMessage: 'Small Dogs Only' },
    BIRDS: { id: 'option.petType.BIRDS', defaultMessage: 'Birds' },
  }),
});

export const smokingPolicyLabels: Readonly<Record<SmokingPolicy, string>> = /* @__PURE__ */ labels<SmokingPolicy>({
  ...defineMessages({
    NO_SMOKING: { id: 'option.smokingPolicy.NO_SMOKING', defaultMessage: 'No Smoking' },
    SMOKING_ALLOWED: { id: 'option.smokingPolicy.SMOKING_ALLOWED', defaultMessage: 'Smoking Allowed' },
    OUTDOOR_ONLY: { id: 'option.smokingPolicy.OUTDOOR_ONLY', defaultMessage: 'Outdoor Only' },
  }),
});

export const parkingLabels: Readonly<Record<Parking, string>> = /* @__PURE__ */ labels<Parking>({
  ...defineMessages({
    PARKING_AVAILABLE: { id: 'option.parking.PARKING_AVAILABLE', defaultMessage: 'Parking Available' },
    NO_PARKING: { id: 'option.parking.NO_PARKING', defaultMessage: 'No Parking' },
    STREET: { id: 'option.parking.STREET', defaultMessage: 'Street' },
  }),
});

export const laundryLabels: Readonly<Record<Laundry, string>> = /* @__PURE__ */ labels<Laundry>({
  ...defineMessages({
    IN_UNIT: { id: 'option.laundry.IN_UNIT', defaultMessage: 'In-Unit' },
    IN_BUILDING: { id: 'option.laundry.IN_BUILDING', defaultMessage: 'In-Building' },
    HOOKUPS: { id: 'option.laundry.HOOKUPS', defaultMessage: 'Hookups' },
    NONE: { id: 'option.laundry.NONE', defaultMessage: 'None' },
  }),
});

export const utilityLabels: Readonly<Record<Utility, string>> = /* @__PURE__ */ labels<Utility>({
  ...defineMessages({
    WATER: { id: 'option.utility.WATER', defaultMessage: 'Water' },
    ELECTRICITY: { id: 'option.utility.ELECTRICITY', defaultMessage: 'Electricity' },
    GAS: { id: 'option.utility.GAS', defaultMessage: 'Gas' },
    INTERNET: { id: 'option.utility.INTERNET', defaultMessage: 'Internet' },
    CABLE_TV: { id: 'option.utility.CABLE_TV', defaultMessage: 'Cable TV' },
    HEAT: { id: 'option.utility.HEAT', defaultMessage: 'Heat' },
  }),
});

export const buildingAmenityLabels: Readonly<Record<BuildingAmenity, string>> = /* @__PURE__ */ labels<BuildingAmenity>({
  ...defineMessages({
    ELEVATOR: { id: 'option.buildingAmenity.ELEVATOR', defaultMessage: 'Elevator' },
    DOORMAN: { id: 'option.buildingAmenity.DOORMAN', defaultMessage: 'Doorman' },
    FITNESS_CENTER: { id: 'option.buildingAmenity.FITNESS_CENTER', defaultMessage: 'Fitness Center' },
    SWIMMING_POOL: { id: 'option.buildingAmenity.SWIMMING_POOL', defaultMessage: 'Swimming Pool' },
    ROOFTOP_DECK: { id: 'option.buildingAmenity.ROOFTOP_DECK', defaultMessage: 'Rooftop Deck' },
    CONCIERGE: { id: 'option.buildingAmenity.CONCIERGE', defaultMessage: 'Concierge' },
    BIKE_STORAGE: { id: 'option.buildingAmenity.BIKE_STORAGE', defaultMessage: 'Bike Storage' },
    PACKAGE_ROOM: { id: 'option.buildingAmenity.PACKAGE_ROOM', defaultMessage: 'Package Room' },
    STORAGE_AVAILABLE: { id: 'option.buildingAmenity.STORAGE_AVAILABLE', defaultMessage: 'Storage Available' },
    GARDEN_COURTYARD: { id: 'option.buildingAmenity.GARDEN_COURTYARD', defaultMessage: 'Garden/Courtyard' },
  }),
});

export const unitFeatureLabels: Readonly<Record<UnitFeature, string>> = /* @__PURE__ */ labels<UnitFeature>({
  ...defineMessages({
    BALCONY: { id: 'option.unitFeature.BALCONY', defaultMessage: 'Balcony' },
    TERRACE: { id: 'option.unitFeature.TERRACE', defaultMessage: 'Terrace' },
    FIREPLACE: { id: 'option.unitFeature.FIREPLACE', defaultMessage: 'Fireplace' },
    WALK_IN_CLOSET: { id: 'option.unitFeature.WALK_IN_CLOSET', defaultMessage: 'Walk-in Closet' },
    HARDWOOD_FLOORS: { id: 'option.unitFeature.HARDWOOD_FLOORS', defaultMessage: 'Hardwood Floors' },
    HIGH_CEILINGS: { id: 'option.unitFeature.HIGH_CEILINGS', defaultMessage: 'High Ceilings' },
    DISHWASHER: { id: 'option.unitFeature.DISHWASHER', defaultMessage: 'Dishwasher' },
    AIR_CONDITIONING: { id: 'option.unitFeature.AIR_CONDITIONING', defaultMessage: 'Air Conditioning' },
  }),
});

export const flooringLabels: Readonly<Record<Flooring, string>> = /* @__PURE__ */ labels<Flooring>({
  ...defineMessages({
    TILE: { id: 'option.flooring.TILE', defaultMessage: 'Tile' },
    WOOD: { id: 'option.flooring.WOOD', defaultMessage: 'Wood' },
    CARPET: { id: 'option.flooring.CARPET', defaultMessage: 'Carpet' },
    VINYL: { id: 'option.flooring.VINYL', defaultMessage: 'Vinyl' },
  }),
});

export const applianceLabels: Readonly<Record<Appliance, string>> = /* @__PURE__ */ labels<Appliance>({
  ...defineMessages({
    REFRIGERATOR: { id: 'option.appliance.REFRIGERATOR', defaultMessage: 'Refrigerator' },
    STOVE_RANGE: { id: 'option.appliance.STOVE_RANGE', defaultMessage: 'Stove/Range' },
    MICROWAVE: { id: 'option.appliance.MICROWAVE', defaultMessage: 'Microwave' },
    DISHWASHER: { id: 'option.appliance.DISHWASHER', defaultMessage: 'Dishwasher' },
    WASHER_DRYER: { id: 'option.appliance.WASHER_DRYER', defaultMessage: 'Washer/Dryer' },
  }),
});

export const hvacLabels: Readonly<Record<Hvac, string>> = /* @__PURE__ */ labels<Hvac>({
  ...defineMessages({
    RADIATOR: { id: 'option.hvac.RADIATOR', defaultMessage: 'Radiator' },
    CENTRAL_AIR: { id: 'option.hvac.CENTRAL_AIR', defaultMessage: 'Central Air' },
    HEAT_PUMP: { id: 'option.hvac.HEAT_PUMP', defaultMessage: 'Heat Pump' },
    WINDOW_UNITS: { id: 'option.hvac.WINDOW_UNITS', defaultMessage: 'Window Units' },
    OTHER: { id: 'option.hvac.OTHER', defaultMessage: 'Other' },
  }),
});

export const furnishingLabels: Readonly<Record<Furnishing, string>> = /* @__PURE__ */ labels<Furnishing>({
  ...defineMessages({
    FURNISHED: { id: 'option.furnishing.FURNISHED', defaultMessage: 'Furnished' },
    PARTLY_FURNISHED: { id: 'option.furnishing.PARTLY_FURNISHED', defaultMessage: 'Partly furnished' },
    UNFURNISHED: { id: 'option.furnishing.UNFURNISHED', defaultMessage: 'Unfurnished' },
  }),
});

export const brokerFeePayerLabels: Readonly<Record<BrokerFeePayer, string>> = /* @__PURE__ */ labels<BrokerFeePayer>({
  ...defineMessages({
    TENANT: { id: 'option.brokerFeePayer.TENANT', defaultMessage: 'Tenant pays' },
    LANDLORD: { id: 'option.brokerFeePayer.LANDLORD', defaultMessage: 'Landlord pays' },
    NO_FEE: { id: 'option.brokerFeePayer.NO_FEE', defaultMessage: 'No fee' },
  }),
});

export const propertyTypeLabels: Readonly<Record<PropertyType, string>> = /* @__PURE__ */ labels<PropertyType>({
  ...defineMessages({
    APARTMENT: { id: 'option.propertyType.APARTMENT', defaultMessage: 'Apartment' },
    TOWNHOUSE: { id: 'option.propertyType.TOWNHOUSE', defaultMessage: 'Townhouse' },
    CONDO: { id: 'option.propertyType.CONDO', defaultMessage: 'Condo' },
    HOUSE: { id: 'option.propertyType.HOUSE', defaultMessage: 'House' },
    LOFT: { id: 'option.propertyType.LOFT', defaultMessage: 'Loft' },
    STUDIO: { id: 'option.propertyType.STUDIO', defaultMessage: 'Studio' },
  }),
});

export const listingTypeLabels: Readonly<Record<ListingType, string>> = /* @__PURE__ */ labels<ListingType>({
  ...defineMessages({
    FOR_RENT: { id: 'option.listingType.FOR_RENT', defaultMessage: 'For Rent' },
    FOR_SALE: { id: 'option.listingType.FOR_SALE', defaultMessage: 'For Sale' },
    SUBLET: { id: 'option.listingType.SUBLET', defaultMessage: 'Sublet' },
  }),
});

export const listingStatusLabels: Readonly<Record<ListingStatus, string>> = /* @__PURE__ */ labels<ListingStatus>({
  ...defineMessages({
    DRAFT: { id: 'option.listingStatus.DRAFT', defaultMessage: 'Draft' },
    ACTIVE: { id: 'option.listingStatus.ACTIVE', defaultMessage: 'Active' },
    INACTIVE: { id: 'option.listingStatus.INACTIVE', defaultMessage: 'Inactive' },
  }),
});

export const listingReportReasonLabels: Readonly<Record<ListingReportReason, string>> =
  /* @__PURE__ */ labels<ListingReportReason>({
    ...defineMessages({
      SCAM_FRAUD: { id: 'option.listingReportReason.SCAM_FRAUD', defaultMessage: 'Scam or fraud' },
      WRONG_INFORMATION: { id: 'option.listingReportReason.WRONG_INFORMATION', defaultMessage: 'Wrong information' },
      ALREADY_RENTED: { id: 'option.listingReportReason.ALREADY_RENTED', defaultMessage: 'Already rented' },
      DISCRIMINATORY: { id: 'option.listingReportReason.DISCRIMINATORY', defaultMessage: 'Discriminatory' },
      OTHER: { id: 'option.listingReportReason.OTHER', defaultMessage: 'Other' },
    }),
  });

export const reviewReportReasonLabels: Readonly<Record<ReviewReportReason, string>> = /* @__PURE__ */ labels<ReviewReportReason>({
  ...defineMessages({
    SPAM: { id: 'option.reviewReportReason.SPAM', defaultMessage: 'Spam or advertising' },
    OFFENSIVE: { id: 'option.reviewReportReason.OFFENSIVE', defaultMessage: 'Offensive or abusive' },
    FALSE_INFORMATION: { id: 'option.reviewReportReason.FALSE_INFORMATION', defaultMessage: 'False information' },
    CONFLICT_OF_INTEREST: { id: 'option.reviewReportReason.CONFLICT_OF_INTEREST', defaultMessage: 'Conflict of interest' },
    OTHER: { id: 'option.reviewReportReason.OTHER', defaultMessage: 'Other' },
  }),
});

export const reviewSubscoreLabels: Readonly<Record<ReviewSubscore, string>> = /* @__PURE__ */ labels<ReviewSubscore>({
  ...defineMessages({
    communication: { id: 'option.reviewSubscore.communication', defaultMessage: 'Communication' },
    reliability: { id: 'option.reviewSubscore.reliability', defaultMessage: 'Reliability' },
    cleanliness: { id: 'option.reviewSubscore.cleanliness', defaultMessage: 'Cleanliness' },
    accuracy: { id: 'option.reviewSubscore.accuracy', defaultMessage: 'Accuracy' },
  }),
});

export const alertFrequencyLabels: Readonly<Record<AlertFrequency, string>> = /* @__PURE__ */ labels<AlertFrequency>({
  ...defineMessages({
    INSTANT: { id: 'option.alertFrequency.INSTANT', defaultMessage: 'Instant' },
    DAILY: { id: 'option.alertFrequency.DAILY', defaultMessage: 'Daily digest' },
    OFF: { id: 'option.alertFrequency.OFF', defaultMessage: 'Off' },
  }),
});

export const notificationKindLabels: Readonly<Record<NotificationKind, string>> = /* @__PURE__ */ labels<NotificationKind>({
  ...defineMessages({
    NEW_MATCH: { id: 'option.notificationKind.NEW_MATCH', defaultMessage: 'New match' },
    PRICE_DROP: { id: 'option.notificationKind.PRICE_DROP', defaultMessage: 'Price drop' },
    LISTING_HIDDEN: { id: 'option.notificationKind.LISTING_HIDDEN', defaultMessage: 'Listing hidden' },
    LISTING_REINSTATED: { id: 'option.notificationKind.LISTING_REINSTATED', defaultMessage: 'Listing reinstated' },
    LICENSE_VERIFIED: { id: 'option.notificationKind.LICENSE_VERIFIED', defaultMessage: 'License verified' },
    OPEN_HOUSE_PLACE: { id: 'option.notificationKind.OPEN_HOUSE_PLACE', defaultMessage: 'Open house place' },
    TOUR_UPDATE: { id: 'option.notificationKind.TOUR_UPDATE', defaultMessage: 'Tour update' },
    TOUR_REMINDER: { id: 'option.notificationKind.TOUR_REMINDER', defaultMessage: 'Tour reminder' },
  }),
});

export const rsvpStatusLabels: Readonly<Record<RsvpStatus, string>> = /* @__PURE__ */ labels<RsvpStatus>({
  ...defineMessages({
    GOING: { id: 'option.rsvpStatus.GOING', defaultMessage: 'Going' },
    WAITLISTED: { id: 'option.rsvpStatus.WAITLISTED', defaultMessage: 'On the waitlist' },
  }),
});

export const tourStatusLabels: Readonly<Record<TourStatus, string>> = /* @__PURE__ */ labels<TourStatus>({
  ...defineMessages({
    REQUESTED: { id: 'option.tourStatus.REQUESTED', defaultMessage: 'Requested' },
    PROPOSED: { id: 'option.tourStatus.PROPOSED', defaultMessage: 'New time proposed' },
    CONFIRMED: { id: 'option.tourStatus.CONFIRMED', defaultMessage: 'Confirmed' },
    DECLINED: { id: 'option.tourStatus.DECLINED', defaultMessage: 'Declined' },
    EXPIRED: { id: 'option.tourStatus.EXPIRED', defaultMessage: 'Expired' },
    CANCELLED: { id: 'option.tourStatus.CANCELLED', defaultMessage: 'Cancelled' },
  }),
});

export const tourSideLabels: Readonly<Record<TourSide, string>> = /* @__PURE__ */ labels<TourSide>({
  ...defineMessages({
    RENTER: { id: 'option.tourSide.RENTER', defaultMessage: 'Renter' },
    AGENT: { id: 'option.tourSide.AGENT', defaultMessage: 'Agent' },
  }),
});

export const tourCancelReasonLabels: Readonly<Record<TourCancelReason, string>> = /* @__PURE__ */ labels<TourCancelReason>({
  ...defineMessages({
    LISTING_REMOVED: { id: 'option.tourCancelReason.LISTING_REMOVED', defaultMessage: 'The listing was removed' },
    LISTING_UNAVAILABLE: {
      id: 'option.tourCancelReason.LISTING_UNAVAILABLE',
      defaultMessage: 'The listing is no longer available',
    },
  }),
});

export const messageFlagReasonLabels: Readonly<Record<MessageFlagReason, string>> = /* @__PURE__ */ labels<MessageFlagReason>({
  ...defineMessages({
    SOURCE_OF_INCOME: {
      id: 'option.messageFlagReason.SOURCE_OF_INCOME',
      defaultMessage: 'Refuses rental assistance (source of income)',
    },
  }),
});

export const threadStatusLabels: Readonly<Record<ThreadStatus, string>> = /* @__PURE__ */ labels<ThreadStatus>({
  ...defineMessages({
    OPEN: { id: 'option.threadStatus.OPEN', defaultMessage: 'Active' },
    CLOSED: { id: 'option.threadStatus.CLOSED', defaultMessage: 'Closed' },
    ARCHIVED: { id: 'option.threadStatus.ARCHIVED', defaultMessage: 'Archived' },
  }),
});

export const roleLabels: Readonly<Record<Role, string>> = /* @__PURE__ */ labels<Role>({
  ...defineMessages({
    RENTER: { id: 'option.role.RENTER', defaultMessage: 'Renter' },
    AGENT: { id: 'option.role.AGENT', defaultMessage: 'Agent/Broker' },
    /** Moderators (issue 14), granted by `npm run admin`; never chosen at sign-up (common/auth.ts). */
    ADMIN: { id: 'option.role.ADMIN', defaultMessage: 'Admin' },
  }),
});
