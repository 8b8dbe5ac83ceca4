// The ratings screen's summary: '1 review' / 'N reviews' under the average, '1 star' / 'N stars' in
// the distribution, one decimal, and 'Not rated yet' for a category without scores.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RatingsSummary_SummaryFragment } from '@/gql/graphql';
import { Breakdown, SummaryCards } from './summary';

function summary(totalReviews: number, averageScore: number): RatingsSummary_SummaryFragment {
  return {
    __typename: 'RatingsSummary',
    id: 'RECEIVED:user-1',
    role: 'RECEIVED',
    averageScore,
    totalReviews,
    positiveCount: totalReviews,
    positivePercent: 100,
    verifiedCount: 0,
    distribution: [5, 4, 3, 2, 1].map((score) => ({
      __typename: 'ScoreCount' as const,
      score,
      count: score === 5 ? totalReviews : 0,
      percent: score === 5 ? 100 : 0,
    })),
    categoryAverages: {
      __typename: 'CategoryAverages',
      communication: 4.5,
      reliability: null,
      cleanliness: null,
      accuracy: null,
    },
  };
}

describe('ratings summary', () => {
  it("'1 review' for one review, the distribution from '5 stars' down to '1 star'", () => {
    render(<Breakdown summary={summary(1, 5)} />);
    expect(screen.getByText('1 review', { exact: true })).toBeInTheDocument();
    expect(screen.getAllByText(/^\d stars?$/).map((el) => el.textContent)).toEqual([
      '5 stars',
      '4 stars',
      '3 stars',
      '2 stars',
      '1 star',
    ]);
    expect(screen.getByText('5.0', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('4.5', { exact: true })).toBeInTheDocument();
    expect(screen.getAllByText('Not rated yet')).toHaveLength(3);
  });

  it("'N reviews' otherwise", () => {
    render(<Breakdown summary={summary(7, 4.25)} />);
    expect(screen.getByText('7 reviews', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('4.3', { exact: true })).toBeInTheDocument();
  });

  it('the cards: Average Rating to one decimal, Total Reviews, Positive Reviews in percent', () => {
    render(<SummaryCards summary={{ ...summary(7, 4.25), positivePercent: 86 }} caption="Reviews you received" />);
    const card = (label: string) => screen.getByText(label).closest('div');
    expect(card('Average Rating')).toHaveTextContent('Average Rating4.3out of 5');
    expect(card('Total Reviews')).toHaveTextContent('Total Reviews7');
    expect(card('Positive Reviews')).toHaveTextContent('Positive Reviews86%4 stars or more');
  });

  it("with no review yet: 'No ratings yet', not an average of 0.0 (issue 59 item 8)", () => {
    render(<SummaryCards summary={{ ...summary(0, 0), positivePercent: 0 }} caption="Reviews you received" />);
    const card = (label: string) => screen.getByText(label).closest('div');
    expect(card('Average Rating')).toHaveTextContent('Average RatingNo ratings yet');
    expect(card('Average Rating')).not.toHaveTextContent('0.0');
    expect(card('Total Reviews')).toHaveTextContent('Total Reviews0');
    expect(card('Positive Reviews')).toHaveTextContent('Positive Reviews—4 stars or more');
  });
});
