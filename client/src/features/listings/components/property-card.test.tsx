// The property card's texts (SPEC part 2): beds and baths with a plural 's' unless the count is
// exactly 1 ('Studio' for 0 bedrooms), the agent's rating badge ('New', or the rating to one decimal
// with '1 review' / 'N reviews'), the availability, the price per month, and the carousel inside.
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PropertyCard_PropertyFragment } from '@/gql/graphql';
import { renderWithProviders } from '@/test/render';
import { PropertyCard } from './property-card';

type Card = PropertyCard_PropertyFragment;

function listing(overrides: Partial<Card> = {}, agent: Partial<NonNullable<Card['agent']>> | null = {}): Card {
  return {
    __typename: 'Property',
    id: 'prop-1',
    slug: 'sunny-loft-in-chelsea',
    title: 'Sunny loft in Chelsea',
    address: '210 W 21st St',
    unit: '4B',
    neighborhood: 'Chelsea',
    borough: 'MANHATTAN',
    price: 4250,
    originalPrice: null,
    netEffectivePrice: 4250,
    concession: null,
    bedrooms: 2,
    bathrooms: 1,
    listingType: 'FOR_RENT',
    availableDate: '2099-12-01',
    brokerFee: 4250,
    brokerFeePayer: 'TENANT',
    isNew: false,
    daysOnMarket: 12,
    viewerCanManage: false,
    isSaved: false,
    priceDrop: null,
    nearbyStations: [],
    photos: ['a', 'b', 'c'].map((id) => ({
      __typename: 'PropertyPhoto' as const,
      id,
      url: `https://img.example/${id}.jpg`,
      thumbnailUrl: `https://img.example/${id}-thumb.jpg`,
      width: 800,
      height: 600,
      placeholder: null,
    })),
    agent:
      agent === null
        ? null
        : {
            __typename: 'Agent',
            id: 'agent-1',
            displayName: 'Morgan Agent',
            photoUrl: null,
            rating: 4.5,
            reviewCount: 12,
            isNew: false,
            licenseVerified: false,
            responseMinutes: 42,
            ...agent,
          },
    ...overrides,
  };
}

function renderCard(card: Card) {
  renderWithProviders(<PropertyCard property={card} />, { route: '/listings' });
  return screen.getByRole('article');
}

describe('PropertyCard', () => {
  it.each([
    [0, 1, 'Studio · 1 bath'],
    [1, 1, '1 bed · 1 bath'],
    [2, 1.5, '2 beds · 1.5 baths'],
    [3, 2, '3 beds · 2 baths'],
    [1.5, 0, '1.5 beds · 0 baths'],
  ])('%s bedrooms and %s bathrooms read "%s"', (bedrooms, bathrooms, text) => {
    const card = renderCard(listing({ bedrooms, bathrooms }));
    expect(within(card).getByText(text)).toBeInTheDocument();
  });

  it.each([
    [4, 1, 'Agent rating 4.0(1 review)'],
    [4.25, 12, 'Agent rating 4.3(12 reviews)'],
    [5, 0, 'Agent rating 5.0(0 reviews)'],
  ])("an agent rated %s with %s reviews: '%s'", (rating, reviewCount, text) => {
    const card = renderCard(listing({}, { rating, reviewCount }));
    expect(card).toHaveTextContent(text);
  });

  it("a new agent without reviews: 'New'", () => {
    const card = renderCard(listing({}, { isNew: true, rating: 0, reviewCount: 0 }));
    expect(card).toHaveTextContent('Agent rating: New');
    expect(card).not.toHaveTextContent('review');
  });

  it("says 'Available now' once the day has come in New York, and carries a commute search to the listing", () => {
    const past = renderCard(listing({ availableDate: '2020-01-15' }));
    expect(past).toHaveTextContent('Available now');
    expect(past).not.toHaveTextContent('2020');
    cleanup();
    renderWithProviders(
      <PropertyCard
        property={listing()}
        commute={{ minutes: 23, to: 'Union Sq', query: 'to=40.7359%2C-73.9911&toName=Union+Sq' }}
      />,
      { route: '/listings' },
    );
    const card = screen.getByRole('article');
    expect(card).toHaveTextContent('23 min to Union Sq');
    expect(within(card).getByRole('link', { name: 'Sunny loft in Chelsea' })).toHaveAttribute(
      'href',
      '/properties/sunny-loft-in-chelsea?to=40.7359%2C-73.9911&toName=Union+Sq',
    );
  });

  it('links to the listing, shows the availability, the agent, the prices and the first of its photos', () => {
    const card = renderCard(listing({ originalPrice: 4500 }));
    expect(within(card).getByRole('link', { name: 'Sunny loft in Chelsea' })).toHaveAttribute(
      'href',
      '/properties/sunny-loft-in-chelsea',
    );
    expect(card).toHaveTextContent('Available Dec 1, 2099');
    expect(card).toHaveTextContent('210 W 21st St, 4B');
    expect(card).toHaveTextContent('Chelsea, Manhattan');
    expect(card).toHaveTextContent('Listed 12 days ago');
    expect(card).toHaveTextContent('Usually responds within an hour');
    expect(within(card).getByRole('link', { name: 'Agent: Morgan Agent' })).toHaveAttribute('href', '/agents/agent-1');
    expect(card.querySelector('s')).toHaveTextContent('Was $4,500');
    expect(card).toHaveTextContent('Now $4,250per month');
    expect(within(card).queryByTestId('net-effective')).not.toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Sunny loft in Chelsea, photo 1 of 3' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Next photo' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Contact Agent' })).toBeEnabled();
  });

  it.each([
    [3600, 3300, 1, 12, '· $3,300 net effective, 1 month free on 12'],
    [2950, 2610, 1.5, 13, '· $2,610 net effective, 1.5 months free on 13'],
  ])('a concession shows both rents: $%s per month and %s net effective', (price, net, monthsFree, leaseMonths, text) => {
    const card = renderCard(
      listing({ price, netEffectivePrice: net, concession: { __typename: 'Concession', monthsFree, leaseMonths } }),
    );
    expect(within(card).getByTestId('net-effective')).toHaveTextContent(text);
    expect(card).toHaveTextContent(`$${price.toLocaleString('en-US')}per month${text}`);
  });

  it("a listing for sale has no 'per month'; a listing without an agent shows no agent", () => {
    const card = renderCard(listing({ listingType: 'FOR_SALE', price: 950000 }, null));
    expect(card).toHaveTextContent('$950,000');
    expect(card).not.toHaveTextContent('per month');
    expect(within(card).queryByRole('link', { name: /^Agent:/ })).not.toBeInTheDocument();
  });

  it("the listing's own agent sees 'You are the agent' instead of 'Contact Agent'", () => {
    const card = renderCard(listing({ viewerCanManage: true }));
    expect(within(card).getByRole('button', { name: 'You are the agent' })).toBeDisabled();
    expect(within(card).queryByRole('button', { name: 'Contact Agent' })).not.toBeInTheDocument();
  });
});

describe('PropertyCard of a sale (issue 58 item 3)', () => {
  const concession = { __typename: 'Concession' as const, monthsFree: 1.5, leaseMonths: 12, terms: null, label: '' };

  it('shows the asking price alone: no month, net effective rent or No fee', () => {
    const card = renderCard(
      listing({
        listingType: 'FOR_SALE',
        price: 3_200_000,
        netEffectivePrice: 2_800_000,
        concession,
        brokerFee: null,
        brokerFeePayer: null,
      }),
    );
    expect(card).toHaveTextContent('$3,200,000');
    expect(card).not.toHaveTextContent('per month');
    expect(card).not.toHaveTextContent('net effective');
    expect(card).not.toHaveTextContent('No fee');
  });

  it('a rental keeps them', () => {
    const card = renderCard(
      listing({ price: 3600, netEffectivePrice: 3150, concession, brokerFee: null, brokerFeePayer: 'NO_FEE' }),
    );
    expect(card).toHaveTextContent('per month');
    expect(card).toHaveTextContent('$3,150 net effective');
    expect(card).toHaveTextContent('No fee');
  });
});
