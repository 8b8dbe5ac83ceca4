// One broker-fee wording (issue 52 item 5): for the same listing, Compare's Broker fee row says what
// the listing page's Broker Fee row says (who pays it: 'Landlord pays', not just 'No fee'), in English
// and in the page's other languages; a sale shows it on neither.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CompareListingsDocument,
  type BrokerFeePayer,
  type CompareColumn_PropertyFragment,
  type PropertyDetails_PropertyFragment,
} from '@/gql/graphql';
import { PricingTerms } from '@/features/listings/detail/property-details';
import { loadCatalogue } from '@/i18n/catalogues';
import { renderWithProviders } from '@/test/render';
import { createIntl, setPageIntl } from '@common/i18n/messages';
import { compareVariables } from '@/features/compare/compare-variables';
import CompareScreen from './compare';

const ID = '44444444-4444-4444-8444-444444444444';

interface Fee {
  listingType: 'FOR_RENT' | 'FOR_SALE';
  brokerFee: number | null;
  brokerFeePayer: BrokerFeePayer | null;
}

function compareListing(fee: Fee): CompareColumn_PropertyFragment & { __typename: 'Property' } {
  return {
    __typename: 'Property',
    id: ID,
    slug: 'a-listing',
    title: 'A listing',
    price: 3600,
    netEffectivePrice: 3600,
    concession: null,
    bedrooms: 2,
    bathrooms: 1,
    sqft: null,
    neighborhood: 'Williamsburg',
    applicationFee: 20,
    securityDeposit: 3600,
    totalMoveInCost: 7220,
    petPolicy: 'NO_PETS',
    laundry: null,
    accessibilityFeatures: [],
    daysOnMarket: 3,
    nearbyStations: [],
    photos: [],
    ...fee,
  } as CompareColumn_PropertyFragment & { __typename: 'Property' };
}

function detailListing(fee: Fee): PropertyDetails_PropertyFragment {
  return {
    __typename: 'Property',
    id: ID,
    description: null,
    price: 3600,
    netEffectivePrice: 3600,
    concession: null,
    bedrooms: 2,
    bathrooms: 1,
    sqft: null,
    leaseTerm: fee.listingType === 'FOR_SALE' ? null : 'ONE_YEAR',
    availableDate: '2026-12-01',
    availableNow: false,
    securityDeposit: 3600,
    applicationFee: 20,
    otherFees: [],
    totalMoveInCost: 7220,
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
    ...fee,
  } as PropertyDetails_PropertyFragment;
}

/** What Compare's Broker fee cell says (without the label a phone reads before it), or null without the row. */
async function compareSays(fee: Fee, label: string): Promise<string | null> {
  const { unmount } = renderWithProviders(<CompareScreen />, {
    route: `/compare?ids=${ID}`,
    mocks: [
      {
        request: { query: CompareListingsDocument, variables: compareVariables([ID]) },
        result: { data: { a: compareListing(fee) } },
      },
    ],
  });
  await screen.findByRole('link', { name: 'A listing' });
  const header = screen.queryByRole('rowheader', { name: label });
  const text = header ? within(header.closest('tr')!).getByRole('cell').textContent!.replace(`${label}: `, '') : null;
  unmount();
  return text;
}

/** What the listing page's Broker Fee row says, or null without the row. */
function detailSays(fee: Fee, label: string): string | null {
  const { unmount } = renderWithProviders(<PricingTerms property={detailListing(fee)} />);
  const term = screen.queryByText(label, { selector: 'dt' });
  const text = term ? within(term.parentElement!).getByRole('definition').textContent : null;
  unmount();
  return text;
}

const rent = (brokerFeePayer: BrokerFeePayer | null, brokerFee: number | null = null): Fee => ({
  listingType: 'FOR_RENT',
  brokerFee,
  brokerFeePayer,
});

const CASES: [name: string, fee: Fee, english: string | null][] = [
  ['no fee', rent('NO_FEE'), 'No fee'],
  ['the tenant pays an amount', rent('TENANT', 4550), '$4,550 (Tenant pays)'],
  ['the landlord pays (Compare said only ‘No fee’)', rent('LANDLORD', 4550), 'Landlord pays'],
  ['unknown: nobody said who pays', rent(null, 2700), 'No fee'],
  ['a sale: neither shows a broker fee', { listingType: 'FOR_SALE', brokerFee: null, brokerFeePayer: null }, null],
];

describe('the broker fee on Compare and on the listing page', () => {
  it.each(CASES)('%s', async (_name, fee, english) => {
    const onDetail = detailSays(fee, 'Broker Fee');
    expect(onDetail).toBe(english);
    expect(await compareSays(fee, 'Broker fee')).toBe(onDetail);
  });

  describe('in Spanish and Chinese', () => {
    afterEach(() => setPageIntl(createIntl('en', {})));

    it.each([
      ['es', 'Comisión del corredor', ['Sin comisión', '4.550 US$ (paga el inquilino)', 'Paga el propietario']],
      ['zh', '中介费', ['免中介费', '$4,550（租客支付）', '房东支付']],
    ] as const)('%s: the same words on both, from the parts the two screens load', async (locale, label, expected) => {
      // Compare's parts and the listing page's (app/router.tsx): each has the broker fee's texts.
      const compareIntl = createIntl(locale, await loadCatalogue(locale, ['compare', 'records', 'cards']));
      const detailIntl = createIntl(locale, await loadCatalogue(locale, ['detail', 'cards', 'records', 'tours', 'map']));
      const fees = [rent('NO_FEE'), rent('TENANT', 4550), rent('LANDLORD', 4550)];
      const onDetail: (string | null)[] = [];
      const onCompare: (string | null)[] = [];
      for (const fee of fees) {
        setPageIntl(detailIntl);
        onDetail.push(detailSays(fee, label));
        setPageIntl(compareIntl);
        onCompare.push(await compareSays(fee, label));
      }
      expect(onCompare).toEqual(onDetail);
      expect(onDetail.map((t) => t?.replace(/\u00a0/g, ' '))).toEqual(expected);
    });
  });
});
