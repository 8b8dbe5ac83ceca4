// The listing page's 'Pricing & Terms': the Broker Fee row says who pays, and is never left empty.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PropertyDetails_PropertyFragment } from '@/gql/graphql';
import { renderWithProviders } from '@/test/render';
import { KeyFacts, PricingTerms } from './property-details';

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
    furnishing: null,
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
    ['the tenant pays', { brokerFee: 4550, brokerFeePayer: 'TENANT' as const }, '$4,550 (Tenant pays)'],
    ['the landlord pays', { brokerFee: 4550, brokerFeePayer: 'LANDLORD' as const }, 'Landlord pays'],
    ['no fee', { brokerFee: null, brokerFeePayer: 'NO_FEE' as const }, 'No fee'],
    ['a fee with no payer given (not charged to the tenant)', { brokerFee: 2700, brokerFeePayer: null }, 'No fee'],
    ['neither a fee nor a payer', { brokerFee: null, brokerFeePayer: null }, 'No fee'],
  ])('%s', (_name, overrides, text) => {
    renderWithProviders(<PricingTerms property={listing(overrides)} />);
    expect(brokerFeeRow()).toHaveTextContent(new RegExp(`^${text.replace(/[()$]/g, '\\$&')}$`));
  });
});

describe('a sale (issue 58 item 3)', () => {
  const sale = () =>
    listing({
      listingType: 'FOR_SALE',
      price: 3_200_000,
      netEffectivePrice: 3_200_000,
      leaseTerm: null,
      securityDeposit: null,
      applicationFee: null,
      brokerFeePayer: null,
      totalMoveInCost: 3_200_000,
      concession: { __typename: 'Concession', monthsFree: 1.5, leaseMonths: 12, terms: null, label: '1.5 months free on 12' },
    });

  it('Pricing & Terms: its asking price, no lease, concession, net effective rent, broker fee or move-in total', () => {
    renderWithProviders(<PricingTerms property={sale()} />);
    const section = document.body;
    expect(screen.getByText('Asking Price').nextElementSibling).toHaveTextContent('$3,200,000');
    for (const text of [
      'Concession',
      'Net Effective Rent',
      'per month',
      'Broker Fee',
      'Total move-in cost',
      'Security Deposit',
      'Lease',
    ])
      expect(section).not.toHaveTextContent(text);
  });

  it('the key facts: Asking Price, beds and baths; no Lease Term, net effective note or No fee', () => {
    renderWithProviders(<KeyFacts property={sale()} />);
    const facts = screen.getByText('Asking Price').closest('dl')!;
    expect(facts).toHaveTextContent('Asking Price$3,200,000');
    expect(facts).not.toHaveTextContent('Lease Term');
    expect(facts).not.toHaveTextContent('net effective');
    expect(facts).not.toHaveTextContent('No fee');
  });

  it('a rental keeps its Lease Term and Monthly Rent', () => {
    renderWithProviders(<KeyFacts property={listing({})} />);
    expect(screen.getByText('Lease Term')).toBeInTheDocument();
    expect(screen.getByText('Monthly Rent')).toBeInTheDocument();
  });
});
