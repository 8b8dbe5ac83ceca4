// The variables of the agent profile's query (SPEC part 2, /agents/:id): the screen asks with them,
// and the server fetches them before it renders the page (client/src/app/page-queries.ts).

/** Listings on the profile before 'Show more listings'. */
export const AGENT_LISTINGS_PAGE = 6;

/** Reviews shown on the profile. */
export const PROFILE_REVIEWS = 5;

export function agentProfileVariables(id: string) {
  return { id, first: AGENT_LISTINGS_PAGE, reviews: PROFILE_REVIEWS };
}
