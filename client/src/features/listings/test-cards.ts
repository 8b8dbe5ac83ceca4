// A listing as the cards' fragment answers it (PropertyCard_property), for component tests of the
// screens that list cards (saved homes, the agent's profile): a rental unless `overrides` say otherwise.
import type { PropertyCard_PropertyFragment } from '@/gql/graphql';

type Card = PropertyCard_PropertyFragment & { __typename: 'Property' };

let n = 0;

export function cardListing(overrides: Partial<PropertyCard_PropertyFragment> = {}): Card {
  const i = ++n;
  return {
    __typename: 'Property',
    id: `card-${i}`,
    slug: `card-listing-${i}`,
    title: `Card listing ${i}`,
    address: `${100 + i} W 21st St`,
    unit: null,
    neighborhood: 'Chelsea',
    borough: 'MANHATTAN',
    price: 4250,
    originalPrice: null,
    netEffectivePrice: 4250,
    concession: null,
    bedrooms: 2,
    bathrooms: 1,
    listingType: 'FOR_RENT',
    availableDate: '2026-12-01',
    // The tenant pays a broker fee: no 'No fee' (common/broker-fee.ts).
    brokerFee: 4250,
    brokerFeePayer: 'TENANT',
    isNew: false,
    daysOnMarket: 12,
    viewerCanManage: false,
    isSaved: false,
    priceDrop: null,
    nearbyStations: [],
    photos: [],
    agent: null,
    ...overrides,
  };
}

/** A sale as the API answers it: an asking price, no concession, no broker fee payer (so no 'No fee' either). */
export function saleCardListing(overrides: Partial<PropertyCard_PropertyFragment> = {}): Card {
  return cardListing({
    listingType: 'FOR_SALE',
    price: 950_000,
    netEffectivePrice: 950_000,
    brokerFee: null,
    brokerFeePayer: null,
    title: 'Condo for sale',
    ...overrides,
  });
}

/** A rental with a concession and no fee: what a sale must not show (per month, net effective, No fee). */
export function rentalCardListing(overrides: Partial<PropertyCard_PropertyFragment> = {}): Card {
  return cardListing({
    price: 3600,
    netEffectivePrice: 3300,
    concession: { __typename: 'Concession', monthsFree: 1, leaseMonths: 12 },
    brokerFee: null,
    brokerFeePayer: 'NO_FEE',
    title: 'Rental with a concession',
    ...overrides,
  });
}
