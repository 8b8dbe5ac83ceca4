// The ratings feature's GraphQL documents (issue 10). The mutation selects the agent's `id`, `rating`,
// `reviewCount` and `isNew`, and the viewer's GIVEN summary: Apollo's normalized cache then updates the
// agent profile, the listing detail page, every property card and the ratings screen by itself.
import { graphql } from '@/gql';

export const ReviewFieldsFragment = graphql(`
  fragment RatingsReview_review on Review {
    id
    score
    communication
    reliability
    cleanliness
    accuracy
    comment
    createdAt
    updatedAt
    listingTitle
    propertyId
    verified
    author {
      firstName
      lastName
      photoUrl
    }
    agent {
      id
      displayName
      photoUrl
    }
    ...ReviewModeration_review
  }
`);

export const ViewerRatingFragment = graphql(`
  fragment RatingsViewerRating on ViewerRating {
    allowed
    reason
    title
    message
    verified
    existingReview {
      id
      score
      comment
      communication
      reliability
      cleanliness
      accuracy
    }
  }
`);

export const RateAgentPageQuery = graphql(`
  query RateAgentPage($id: ID!, $propertyId: ID) {
    agent(id: $id) {
      id
      displayName
      photoUrl
      specialties
      agency
      rating
      reviewCount
      isNew
      viewerRating(propertyId: $propertyId) {
        ...RatingsViewerRating
      }
    }
  }
`);

export const RateAgentMutation = graphql(`
  mutation RateAgent($input: RateAgentInput!, $propertyId: ID) {
    rateAgent(input: $input) {
      created
      review {
        ...RatingsReview_review
      }
      agent {
        id
        rating
        reviewCount
        isNew
        viewerRating(propertyId: $propertyId) {
          ...RatingsViewerRating
        }
      }
      givenSummary {
        ...RatingsSummary_summary
      }
    }
  }
`);

export const RatingsSummaryFragment = graphql(`
  fragment RatingsSummary_summary on RatingsSummary {
    id
    role
    averageScore
    totalReviews
    positiveCount
    positivePercent
    verifiedCount
    distribution {
      score
      count
      percent
    }
    categoryAverages {
      communication
      reliability
      cleanliness
      accuracy
    }
  }
`);

/** Both tabs' summaries (their counts show on the tabs); normalized by id, so a review's answer updates GIVEN. */
export const MyRatingsSummariesQuery = graphql(`
  query MyRatingsSummaries {
    received: myRatingsSummary(role: RECEIVED) {
      ...RatingsSummary_summary
    }
    given: myRatingsSummary(role: GIVEN) {
      ...RatingsSummary_summary
    }
  }
`);

export const MyReviewsQuery = graphql(`
  query MyReviews($role: ReviewRole!, $first: Int!) {
    myReviews(role: $role, first: $first) {
      totalCount
      edges {
        cursor
        node {
          ...RatingsReview_review
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const RateableAgentsQuery = graphql(`
  query RateableAgents {
    rateableAgents {
      lastContactAt
      agent {
        id
        displayName
        photoUrl
      }
      listings {
        id
        title
      }
    }
  }
`);
