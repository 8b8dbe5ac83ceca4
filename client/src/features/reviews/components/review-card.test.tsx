import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RatingsReview_ReviewFragment } from '@/gql/graphql';
import { renderWithProviders } from '@/test/render';
import { GivenReviewCard, ReceivedReviewCard } from './review-card';

function review(overrides: Partial<RatingsReview_ReviewFragment> = {}): RatingsReview_ReviewFragment {
  return {
    __typename: 'Review',
    id: 'review-1',
    score: 1,
    communication: null,
    reliability: null,
    cleanliness: null,
    accuracy: null,
    comment: 'Never again.',
    createdAt: '2026-11-01T12:00:00.000Z',
    updatedAt: '2026-11-01T12:00:00.000Z',
    listingTitle: null,
    propertyId: null,
    verified: false,
    isMine: false,
    hidden: false,
    reply: null,
    repliedAt: null,
    viewerCanReply: false,
    viewerHasReported: false,
    author: { __typename: 'ReviewAuthor', firstName: 'Fresh', lastName: 'Renter', photoUrl: null },
    agent: { __typename: 'Agent', id: 'agent-1', displayName: 'Morgan Agent', photoUrl: null },
    ...overrides,
  };
}

const WHY = 'The agent has not answered this renter or confirmed a tour with them: not counted in the rating.';

describe('the review cards’ verification mark (issue 58 item 10)', () => {
  it("marks a review without a real interaction 'Not verified', saying why to pointers and screen readers", () => {
    renderWithProviders(<ReceivedReviewCard review={review()} />);
    const mark = screen.getByText('Not verified');
    expect(mark).toHaveAttribute('title', WHY);
    expect(mark).toHaveTextContent(`Not verified: ${WHY}`);
    expect(screen.queryByText('Verified conversation')).not.toBeInTheDocument();
  });

  it("marks a verified review 'Verified conversation' and nothing else, on the given tab too", () => {
    renderWithProviders(<GivenReviewCard review={review({ verified: true, isMine: true })} />);
    expect(screen.getByText('Verified conversation')).toBeInTheDocument();
    expect(screen.queryByText('Not verified')).not.toBeInTheDocument();
  });
});
