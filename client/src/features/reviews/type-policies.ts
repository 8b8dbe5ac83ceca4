// Cache rules of the ratings feature, spread into lib/apollo/type-policies.ts. Only types no other
// rule names (a spread key would replace theirs): none of Query, Agent, Thread here.
//
// Everything else needs no rule: Agent and Review are normalized by id, so rateAgent's answer
// (`agent { id rating reviewCount isNew viewerRating }`) updates the profile, the listing page and every
// property card; RatingsSummary has an id (`ROLE:uid`), so the answer's `givenSummary` updates the
// ratings screen; the lists that cannot be patched are dropped after a review (use-rate-agent.ts).
import type { TypePolicies } from '@apollo/client';

export const ratingsTypePolicies: TypePolicies = {
  // Values of their parent with no id of their own: a newer answer replaces the fields it carries.
  ViewerRating: { merge: true },
  CategoryAverages: { merge: true },
  ReviewAuthor: { merge: true },
};
