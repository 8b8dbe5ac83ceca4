/** The day (YYYY-MM-DD) `days` days from today: a date that stays valid whenever the tests run. */
export function dayIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A complete, valid `ListingInput` for GraphQL's createListing / updateListing (a Williamsburg
 * two-bedroom; no photos, so it publishes only with `photos` given, and saves as a draft without).
 */
export function listingInput(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Sunny two-bedroom in Williamsburg',
    description: 'Bright corner unit near the L train.',
    address: '123 Bedford Avenue',
    unit: '4B',
    borough: 'BROOKLYN',
    neighborhood: 'Williamsburg',
    postalCode: '11211',
    location: { lat: 40.7172, lng: -73.9566 },
    propertyType: 'APARTMENT',
    listingType: 'FOR_RENT',
    bedrooms: 2,
    bathrooms: 1,
    sqft: 850,
    price: 3800,
    availableDate: dayIn(10),
    leaseTerm: 'ONE_YEAR',
    // One month's rent, New York's cap (GOL § 7-108): whatever rent a test gives.
    securityDeposit: typeof overrides.price === 'number' ? Math.min(overrides.price, 3800) : 3800,
    applicationFee: 20,
    brokerFee: 0,
    brokerFeePayer: 'NO_FEE',
    utilitiesIncluded: [],
    petPolicy: 'NO_PETS',
    petTypesAllowed: [],
    smokingPolicy: 'NO_SMOKING',
    parking: 'NO_PARKING',
    laundry: 'IN_BUILDING',
    buildingAmenities: [],
    amenities: [],
    unitFeatures: [],
    appliancesIncluded: [],
    photos: [],
    openHouses: [],
    ...overrides,
  };
}
