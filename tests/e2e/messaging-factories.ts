// Data for the messaging browser tests, made through the real APIs while the server runs: an agent
// account (sign-up flow) with one published listing (photo through POST /api/uploads, listing
// through GraphQL), and conversations started through GraphQL as the renter would.
import sharp from 'sharp';
import { createRenter, emulatorSignIn, type NewAccount } from './accounts.js';
import { dayIn } from '../factories/listing-input.js';

export interface AgentWithListing {
  agent: NewAccount;
  /** The agent's profile id (the rating link's target). */
  agentId: string;
  token: string;
  listing: { id: string; slug: string; title: string; price: number };
}

/** A GraphQL call with the account's ID token; throws on any error. */
export async function api<T>(baseURL: string, token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(new URL('/graphql', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data as T;
}

/** A small JPEG uploaded through the real upload route; answers its URL. */
export async function uploadPhoto(baseURL: string, token: string): Promise<string> {
  const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 60, g: 110, b: 170 } } })
    .jpeg({ quality: 70 })
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'living-room.jpg');
  const res = await fetch(new URL('/api/uploads', baseURL), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, origin: new URL(baseURL).origin },
    body: form,
  });
  if (!res.ok) throw new Error(`POST /api/uploads answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { url: string }).url;
}

/** A new agent with one active listing of their own (its title carries a tag of this run); `input` changes its fields. */
export async function createAgentWithListing(
  baseURL: string,
  firstName = 'Alex',
  input: Record<string, unknown> = {},
): Promise<AgentWithListing> {
  const agent = await createRenter(baseURL, { firstName, lastName: 'Broker', role: 'agent' });
  const { idToken: token } = await emulatorSignIn(agent);
  const tag = agent.uid.replace(/[^a-z]/gi, '').slice(0, 6);
  const photo = await uploadPhoto(baseURL, token);
  const { createListing } = await api<{ createListing: AgentWithListing['listing'] }>(
    baseURL,
    token,
    `mutation C($input: ListingInput!) { createListing(input: $input, status: ACTIVE) { id slug title price } }`,
    {
      input: {
        title: `Sunny messaging loft ${tag}`,
        address: '210 Rivington Street',
        borough: 'MANHATTAN',
        neighborhood: 'Lower East Side',
        propertyType: 'APARTMENT',
        listingType: 'FOR_RENT',
        bedrooms: 1,
        bathrooms: 1,
        sqft: 640,
        price: 3150,
        availableDate: dayIn(10),
        leaseTerm: 'ONE_YEAR',
        brokerFeePayer: 'NO_FEE',
        petPolicy: 'NO_PETS',
        parking: 'STREET',
        description: 'A bright one-bedroom close to the F train.',
        photos: [{ url: photo }],
        ...input,
      },
    },
  );
  const { me } = await api<{ me: { agent: { id: string } | null } }>(baseURL, token, '{ me { agent { id } } }');
  if (!me.agent) throw new Error('the new agent has no agent profile');
  return { agent, agentId: me.agent.id, token, listing: createListing };
}

/** Deletes a listing of the account (so later spec files see only the seed's listings). */
export async function deleteListing(baseURL: string, token: string, id: string): Promise<void> {
  await api(baseURL, token, 'mutation D($id: ID!) { deleteListing(id: $id) { id } }', { id });
}

/** Starts the renter's conversation about a listing with a first message; returns the thread id. */
export async function startThread(baseURL: string, renter: NewAccount, listingId: string, message: string): Promise<string> {
  const { idToken } = await emulatorSignIn(renter);
  const { startThread: thread } = await api<{ startThread: { id: string } }>(
    baseURL,
    idToken,
    'mutation S($propertyId: ID!, $message: String!) { startThread(propertyId: $propertyId, message: $message) { id } }',
    { propertyId: listingId, message },
  );
  return thread.id;
}
