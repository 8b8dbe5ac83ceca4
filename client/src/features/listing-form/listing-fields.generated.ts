// Written by `npm run schema:emit` from common/listing-fields.ts (every declared field `Property` gives): do not edit.
import { graphql } from '@/gql';

export const ListingFormFields = graphql(`
  fragment ListingFormFields on Property {
    title
    description
    address
    unit
    borough
    neighborhood
    postalCode
    locationPlaceId
    propertyType
    listingType
    bedrooms
    bathrooms
    sqft
    price
    availableDate
    leaseTerm
    securityDeposit
    applicationFee
    brokerFee
    brokerFeePayer
    utilitiesIncluded
    petPolicy
    petFee
    petDeposit
    petTypesAllowed
    smokingPolicy
    parking
    parkingFee
    laundry
    buildingAmenities
    accessibilityFeatures
    amenities
    unitFeatures
    flooringType
    appliancesIncluded
    hvac
    furnishing
    virtualTourUrl
  }
`);
