// The listing page's 'Pricing & Terms': the Broker Fee row says who pays, and is never left empty.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PropertyDetails_PropertyFragment } from '@/gql/graphql';
import { renderWithProviders } from '@/test/render';
import { PricingTerms } from './property-details';

function listing(overrides: Partial<PropertyDetails_PropertyFragment>): PropertyDetails_PropertyFragment {
  return {
    id: 'prop-1',
    description: null,
    price: 4550,
    netEffectivePrice: 4550,
    concession: null,
    bedrooms: 2,
    bathrooms: 1.5,
    sqft: null,
    listingType: 'FOR_RENT',
    leaseTerm: 'ONE_YEAR',
    availableDate: '2026-12-01',
    securityDeposit: 2700,
    applicationFee: 20,
    brokerFee: null,
    brokerFeePayer: null,
    noFee: true,
    otherFees: [],
    totalMoveInCost: 7270,
    utilitiesIncluded: [],
    amenities: [],
    buildingAmenities: [],
    accessibilityFeatures: [],
    unitFeatures: [],
    flooringType: null,
    appliancesIncluded: [],
    hvac: null,
    laundry: null,
    petPolicy: 'NO_PETS',
    petFee: null,
    petDeposit: null,
    petTypesAllowed: [],
    smokingPolicy: 'NO_SMOKING',
    parking: 'STREET',
    parkingFee: null,
    viewerCanManage: false,
    openHouses: [],
    priceHistory: [],
    ...overrides,
  } as PropertyDetails_PropertyFragment;
}

const brokerFeeRow = () => {
  const term = screen.getByText('Broker Fee');
  return within(term.parentElement!).getByRole('definition');
};

describe('PricingTerms: Broker Fee', () => {
  it.each([
    ['the tenant pays', { brokerFee: 4550, brokerFeePayer: 'TENANT' as const, noFee: false }, '$4,550 (Tenant pays)'],
    ['the landlord pays', { brokerFee: 4550, brokerFeePayer: 'LANDLORD' as const }, 'Landlord pays'],
    ['no fee', { brokerFee: null, brokerFeePayer: 'NO_FEE' as const }, 'No fee'],
    ['a fee with no payer given (not charged to the tenant)', { brokerFee: 2700, brokerFeePayer: null }, 'No fee'],
    ['neither a fee nor a payer', { brokerFee: null, brokerFeePayer: null }, 'No fee'],
  ])('%s', (_name, overrides, text) => {
    renderWithProviders(<PricingTerms property={listing(overrides)} />);
    expect(brokerFeeRow()).toHaveTextContent(new RegExp(`^${text.replace(/[()$]/g, '\\$&')}$`));
  });
});
