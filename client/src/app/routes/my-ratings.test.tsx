// 'Your Ratings & Reviews': the three summary cards are about the reviews the viewer RECEIVED
// (SPEC part 2), on either tab; a renter's given reviews (4.3, 8, 88 %) once showed there as theirs.
import type { MockLink } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MyRatingsSummariesDocument, MyReviewsDocument } from '@/gql/graphql';
import { summaryAnswer } from '@/features/reviews/test-answers';
import { renderWithProviders } from '@/test/render';
import MyRatingsScreen from './my-ratings';

const noReviews = (role: 'RECEIVED' | 'GIVEN') => ({
  request: { query: MyReviewsDocument, variables: { role, first: 10 } },
  result: {
    data: {
      myReviews: {
        __typename: 'ReviewConnection',
        totalCount: 0,
        edges: [],
        pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
      },
    },
  },
});

const mocks: MockLink.MockedResponse[] = [
  {
    request: { query: MyRatingsSummariesDocument },
    result: { data: { received: summaryAnswer('RECEIVED', 0, 0, 0), given: summaryAnswer('GIVEN', 4.3, 8, 88) } },
  },
  noReviews('GIVEN'),
  noReviews('RECEIVED'),
];

describe('the ratings summary cards', () => {
  it("show the reviews received, not a renter's given ones, on the Given tab too", async () => {
    renderWithProviders(<MyRatingsScreen />, { route: '/me/ratings?tab=given', mocks });
    expect(await screen.findByRole('tab', { name: 'Given (8)' })).toHaveAttribute('aria-selected', 'true');
    const cards = screen.getByLabelText('Reviews you received');
    expect(cards).toHaveAttribute('aria-busy', 'false');
    expect(within(cards).getByText('Total Reviews').parentElement).toHaveTextContent('0');
    expect(cards).toHaveTextContent('0.0');
    expect(cards).toHaveTextContent('0%');
    expect(cards).not.toHaveTextContent('4.3');
    expect(cards).not.toHaveTextContent('88%');
  });
});
