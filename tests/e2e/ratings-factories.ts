// Data for the ratings browser tests (issue 10), made through the real APIs while the server runs: a
// new agent (sign-up flow) with one active listing, and a renter's conversation with that agent, so
// the agent is one the renter may review ('Leave a Review' pickers) and the review is marked
// 'Verified conversation'. A new agent is 'New' (under 30 days, no reviews) until the first review.
import { createRenter, emulatorSignIn, type NewAccount } from './accounts.js';
import { api, uploadPhoto } from './messaging-factories.js';
import { dayIn } from '../factories/listing-input.js';

export interface RateableAgent {
  agent: NewAccount;
  /** The agent's profile id (/agents/{id}, /rate-agent/{id}). */
  agentId: string;
  token: string;
  listing: { id: string; slug: string; title: string };
}

/** A GraphQL call with an ID token; throws on any error (the messaging factories' helper). */
export const gql = api;

/** A new agent with one active listing (its title carries a tag of this run). */
export async function createAgentToRate(baseURL: string, firstName = 'Morgan'): Promise<RateableAgent> {
  const agent = await createRenter(baseURL, { firstName, lastName: 'Realtor', role: 'agent' });
  const { idToken: token } = await emulatorSignIn(agent);
  const tag = agent.uid.replace(/[^a-z]/gi, '').slice(0, 6);
  const photo = await uploadPhoto(baseURL, token);
  const { createListing } = await gql<{ createListing: RateableAgent['listing'] }>(
    baseURL,
    token,
    `mutation C($input: ListingInput!) { createListing(input: $input, status: ACTIVE) { id slug title } }`,
    {
      input: {
        title: `Quiet ratings studio ${tag}`,
        address: '88 Orchard Street',
        borough: 'MANHATTAN',
        neighborhood: 'Lower East Side',
        propertyType: 'APARTMENT',
        listingType: 'FOR_RENT',
        bedrooms: 1,
        bathrooms: 1,
        sqft: 520,
        price: 2875,
        availableDate: dayIn(10),
        leaseTerm: 'ONE_YEAR',
        brokerFeePayer: 'NO_FEE',
        petPolicy: 'NO_PETS',
        parking: 'STREET',
        description: 'A quiet studio over the courtyard.',
        photos: [{ url: photo }],
      },
    },
  );
  const { me } = await gql<{ me: { agent: { id: string } | null } }>(baseURL, token, '{ me { agent { id } } }');
  if (!me.agent) throw new Error('the new agent has no agent profile');
  return { agent, agentId: me.agent.id, token, listing: createListing };
}

/**
 * The renter's conversation with the agent about the listing, answered by the agent: makes the agent
 * rateable and the review verified, so it counts in the rating (issue 58 item 10).
 */
export async function talkTo(
  baseURL: string,
  renter: NewAccount,
  target: Pick<RateableAgent, 'token' | 'listing'>,
): Promise<string> {
  const { idToken } = await emulatorSignIn(renter);
  const { startThread } = await gql<{ startThread: { id: string } }>(
    baseURL,
    idToken,
    'mutation S($propertyId: ID!, $message: String!) { startThread(propertyId: $propertyId, message: $message) { id } }',
    { propertyId: target.listing.id, message: 'Hello! Is the studio still available?' },
  );
  await gql(
    baseURL,
    target.token,
    'mutation A($threadId: ID!, $content: String!) { sendMessage(threadId: $threadId, content: $content) { id } }',
    {
      threadId: startThread.id,
      content: 'Yes, it is. Would Saturday at 11 work for a viewing?',
    },
  );
  return startThread.id;
}

/** Removes the agent's listing (so later spec files see only the seed's listings). */
export async function deleteListing(baseURL: string, token: string, id: string): Promise<void> {
  await gql(baseURL, token, 'mutation D($id: ID!) { deleteListing(id: $id) { id } }', { id });
}
