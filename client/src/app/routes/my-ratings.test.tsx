// 'Your Ratings & Reviews': the three summary cards are about the reviews the viewer RECEIVED
// (SPEC part 2), on either tab; a renter's given reviews (4.3, 8, 88 %) once showed there as theirs.
import type { MockLink } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MyRatingsSummariesDocument, MyReviewsDocument } from '@/gql/graphql';
import { summaryAnswer } from '@/features/reviews/test-answers';
import { renderWithProviders, TEST_USER } from '@/test/render';
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
    // None received: the average says so, not '0.0' read as zero stars (issue 59 item 8).
    expect(within(cards).getByText('Average Rating').parentElement).toHaveTextContent('No ratings yet');
    expect(cards).not.toHaveTextContent('0.0');
    expect(cards).not.toHaveTextContent('0%');
    expect(cards).not.toHaveTextContent('4.3');
    expect(cards).not.toHaveTextContent('88%');
    // A renter is invited to rate.
    expect(screen.getByRole('button', { name: 'Leave a Review' })).toBeInTheDocument();
    expect(await screen.findByText('Share your rental experiences to help other tenants and landlords')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave Your First Review' })).toBeInTheDocument();
  });
});

describe('an agent, who cannot rate (issue 59 item 8)', () => {
  it("is not offered 'Leave a Review' nor asked to share rental experiences", async () => {
    renderWithProviders(<MyRatingsScreen />, { route: '/me/ratings?tab=given', mocks, user: { ...TEST_USER, role: 'AGENT' } });
    expect(await screen.findByText('No reviews given yet')).toBeInTheDocument();
    expect(
      screen.getByText('Agents cannot rate other agents. Only renters rate the agents they dealt with.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave a Review' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave Your First Review' })).not.toBeInTheDocument();
    expect(screen.queryByText('Share your rental experiences to help other tenants and landlords')).not.toBeInTheDocument();
  });
});
