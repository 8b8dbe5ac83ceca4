// GraphQL answers shared by the ratings component tests (rate-agent.test.tsx, leave-review-dialog.test.tsx,
// my-ratings.test.tsx).

/** A ratings summary as the server answers it: `totalReviews` reviews averaging `averageScore`. */
export function summaryAnswer(role: 'RECEIVED' | 'GIVEN', averageScore: number, totalReviews: number, positivePercent: number) {
  return {
    __typename: 'RatingsSummary' as const,
    id: `${role}:user-1`,
    role,
    averageScore,
    totalReviews,
    positiveCount: Math.round((totalReviews * positivePercent) / 100),
    positivePercent,
    verifiedCount: role === 'GIVEN' ? totalReviews : 0,
    distribution: [],
    categoryAverages: {
      __typename: 'CategoryAverages' as const,
      communication: null,
      reliability: null,
      cleanliness: null,
      accuracy: null,
    },
  };
}

/** The viewer's 'given' ratings summary as RateAgent answers it, with one review of this score. */
export function givenSummaryAnswer(averageScore: number) {
  return summaryAnswer('GIVEN', averageScore, 1, 100);
}
