// GraphQL answers shared by the ratings component tests (rate-agent.test.tsx, leave-review-dialog.test.tsx).

/** The viewer's 'given' ratings summary as RateAgent answers it, with one review of this score. */
export function givenSummaryAnswer(averageScore: number) {
  return {
    __typename: 'RatingsSummary' as const,
    id: 'GIVEN:user-1',
    role: 'GIVEN' as const,
    averageScore,
    totalReviews: 1,
    positiveCount: 1,
    positivePercent: 100,
    verifiedCount: 1,
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
