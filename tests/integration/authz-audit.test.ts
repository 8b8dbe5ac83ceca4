import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { getSchema } from '../../server/graphql/schema.js';
import { happenedNow } from '../../server/core/within.js';
import { createPartnerKey } from '../../server/modules/partners/partner-keys.js';
import { PARTNER_MUTATIONS } from '../../server/http/partner-access.js';
import { createWebhookEndpoint } from '../../server/modules/webhooks/webhooks.service.js';
import { addPhotos, createProperty, createUser, dayIn } from '../factories/index.js';
import { createAccount, uniquePhone } from '../setup/accounts.js';
import { linkPhoneInEmulator, signUpInEmulator } from '../setup/identity.js';
import { changedTables, tableSnapshotter, unchangedSequence, type TableSnapshot } from '../setup/table-snapshot.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';
import { openSocket, settle, TEST_ORIGIN, type LiveSubscription } from '../setup/ws-client.js';
import { writeEndpoints } from '../setup/write-routes.js';

// Issue 12 item 4, the authorization audit. For every GraphQL mutation, every REST write and every
// subscription, the wrong callers try to act on other people's records: a signed-out visitor, an
// identity whose sign-up was never finished, another renter or agent (IDOR), the wrong role, and a
// partner API key. Each attempt must end in a clear refusal for the authorization reason (the error
// code, no data) and change no row: every table's fingerprint is compared after each attempt.
//
// The tables below say, operation by operation, which records it acts on and who is refused how.
// The operations are read from the schema and from the Express router: an operation without an
// entry (or an entry without an operation) fails the first test, so a new one cannot slip by.
//
// The server's rules audited here live in the module services (server/modules/*): listings are
// managed by their owner or listing agent (any completed account may post one, renters as owners);
// only a thread's two participants read, send, type, mark read or subscribe in it (anybody else is
// told it does not exist); renters rate agents, never agents or themselves; only the agent reviewed
// replies; a review's author cannot report it and a hidden review exists only for its author and
// agent; saved listings and uploads are the viewer's own; partner keys read public data only.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

/** Who is asking. "A" owns every record of the fixture (with agent A); "B" is someone else. */
type Caller = 'anon' | 'newcomer' | 'renterA' | 'renterB' | 'agentA' | 'agentB' | 'partnerB';
type Person = Exclude<Caller, 'anon' | 'partnerB'>;
const PEOPLE: Person[] = ['newcomer', 'renterA', 'renterB', 'agentA', 'agentB'];

/**
 * The records attempts aim at. Agent A manages `listingA` (active, with photos) and `draftA`; renter
 * A talks to agent A in `threadA` (unread messages, rating prompt not dismissed), saved `listingA`,
 * reviewed agent A in `reviewA` (no reply yet) and `hiddenReviewA` (hidden by three reports), uploaded
 * the photo `uploadA` and posted `listingOfRenterA` as its owner. Agent A uploaded `uploadOfAgentA`.
 * `newcomer` signed up with the identity provider (phone linked) but never finished sign-up.
 */
interface Fixture {
  uid: Record<Person, string>;
  email: Record<Person, string>;
  phone: Record<Person, string>;
  agentIdA: string;
  listingA: string;
  draftA: string;
  listingOfRenterA: string;
  threadA: string;
  reviewA: string;
  hiddenReviewA: string;
  uploadA: string;
  uploadOfAgentA: string;
  savedSearchA: string;
  notificationA: string;
  /** An open house of `listingA` (1 place, renter A going), of `draftA`, and of renter A's own listing. */
  openHouseA: string;
  openHouseOfDraftA: string;
  openHouseOfRenterA: string;
  /** Renter A's RSVP at `openHouseA`; renter A's tour request of `listingA` (asked, agent A to answer) and its time. */
  rsvpA: string;
  messageFlagA: string;
  tourA: string;
  tourWindowA: string;
  /** A webhook endpoint of partner key A (the audit's partner key); `partnerB` is another key. */
  webhookA: string;
}

/**
 * How an attempt must end: an error code (GraphQL `extensions.code`, and no data); `NULL`, a nullable
 * answer of nothing (what does not exist for the caller); or `NO_EFFECT`, where the operation only
 * ever acts on the caller's own rows: it is answered, and nothing (of A's or anyone's) changes.
 * BAD_USER_INPUT is expected only where it is the real reason, and then its message must say it
 * (`because`): a photo the caller did not upload is "not found" to them, as a form field; a phone
 * number must be verified by the caller.
 */
type Outcome = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'BAD_USER_INPUT' | 'NULL' | 'NO_EFFECT';

type Vars = (f: Fixture) => Record<string, unknown>;
/** One row of the table: who tries what, how it must end, with which variables. */
type Attempt = [as: Caller, tries: string, expect: Outcome, vars: Vars, because?: RegExp];

interface MutationAudit {
  /** The records the operation acts on, and whose they may be. */
  actsOn: string;
  document: string;
  attempts: Attempt[];
}

// --- inputs ------------------------------------------------------------------------------------------

const listingInput = (photos: string[] = []) => ({
  title: 'Hijacked loft',
  address: '1 Audit Street',
  borough: 'BROOKLYN',
  neighborhood: 'Williamsburg',
  propertyType: 'APARTMENT',
  listingType: 'FOR_RENT',
  bedrooms: 1,
  bathrooms: 1,
  price: 1,
  availableDate: dayIn(10),
  leaseTerm: 'ONE_YEAR',
  brokerFeePayer: 'NO_FEE',
  petPolicy: 'NO_PETS',
  parking: 'NO_PARKING',
  photos: photos.map((url) => ({ url })),
});

/** A well-formed sign-up of `p`'s identity (its own uid, e-mail and phone): only `p` may send it. */
const signupOf = (f: Fixture, p: Person) => ({
  uid: f.uid[p],
  firstName: 'Mallory',
  lastName: 'Impostor',
  email: f.email[p],
  phone: f.phone[p],
  role: 'renter',
});

/** A tour request's well-formed input: one half-hour two days ahead. */
const laterWindow = () => {
  const s = new Date(Math.floor((Date.now() + 48 * 3_600_000) / 60_000) * 60_000);
  return { s: s.toISOString(), e: new Date(s.getTime() + 1_800_000).toISOString() };
};
const tourInput = (listingId: string) => {
  const w = laterWindow();
  return { listingId, windows: [{ startsAt: w.s, endsAt: w.e }] };
};
/** Everyone but renter A and agent A is refused a step of their tour request as if it did not exist. */
const tourAttempts = (vars: Vars): Attempt[] => [
  ['anon', "renter A's tour request", ANON, vars],
  ['newcomer', "renter A's tour request, sign-up unfinished", 'NOT_FOUND', vars],
  ['renterB', "renter A's tour request", 'NOT_FOUND', vars],
  ['agentB', "renter A's tour request with agent A", 'NOT_FOUND', vars],
];

// --- GraphQL mutations ---------------------------------------------------------------------------------

const ANON = 'UNAUTHENTICATED';
/** What a photo that is not the caller's upload is, to them. */
const NOT_THEIRS = /^A photo was not found: upload it again\.$/;

/** Who may not manage a listing, for the mutations that manage one (`key` builds the variables). */
const notManagers = (key: (id: string) => Record<string, unknown>): Attempt[] => [
  ['anon', "agent A's listing", ANON, (f) => key(f.listingA)],
  ['newcomer', "agent A's listing, sign-up unfinished", ANON, (f) => key(f.listingA)],
  ['renterA', "agent A's listing (renter A only talks about it)", 'FORBIDDEN', (f) => key(f.listingA)],
  ['renterB', "agent A's listing", 'FORBIDDEN', (f) => key(f.listingA)],
  ['agentB', "agent A's listing", 'FORBIDDEN', (f) => key(f.listingA)],
  ['agentB', "agent A's draft (it does not exist for B)", 'NOT_FOUND', (f) => key(f.draftA)],
  ['agentA', "renter A's own listing (agent A is not its agent)", 'FORBIDDEN', (f) => key(f.listingOfRenterA)],
];

/** Who is not in thread A, for the mutations that act in a thread. */
const notParticipants = (vars: Vars): Attempt[] => [
  ['anon', 'the thread of renter A and agent A', ANON, vars],
  ['newcomer', 'the thread of renter A and agent A', 'NOT_FOUND', vars],
  ['renterB', 'the thread of renter A and agent A', 'NOT_FOUND', vars],
  ['agentB', 'the thread of renter A and agent A', 'NOT_FOUND', vars],
];

/** A well-formed endpoint (https, public name): only a partner key may register it. */
const webhookInput = { url: 'https://hooks.partner.example/nyc', contactEmail: 'dev@partner.example' };
/** Partner A's endpoint: nobody but key A acts on it; another key is told it does not exist. */
const webhookAttempts = (vars: Vars): Attempt[] => [
  ['anon', "partner A's webhook endpoint", ANON, vars],
  ['renterA', "partner A's webhook endpoint", 'FORBIDDEN', vars],
  ['agentB', "partner A's webhook endpoint", 'FORBIDDEN', vars],
  ['partnerB', "partner A's webhook endpoint, with another key", 'NOT_FOUND', vars],
];

const MUTATIONS: Record<string, MutationAudit> = {
  completeSignup: {
    actsOn: "creates the user row of the caller's own identity: input.uid must be the caller's",
    document: 'mutation A($input: CompleteSignupInput!) { completeSignup(input: $input) { id } }',
    attempts: [
      ['anon', "to create renter A's account", ANON, (f) => ({ input: signupOf(f, 'renterA') })],
      ['newcomer', "to finish sign-up as renter A's identity", 'FORBIDDEN', (f) => ({ input: signupOf(f, 'renterA') })],
      ['renterB', "to finish sign-up as renter A's identity", 'FORBIDDEN', (f) => ({ input: signupOf(f, 'renterA') })],
    ],
  },
  createListing: {
    actsOn: "a new listing owned by the caller (any completed account); its photos must be the caller's own uploads",
    document: 'mutation A($input: ListingInput!) { createListing(input: $input, status: DRAFT) { id } }',
    attempts: [
      ['anon', 'to post a listing', ANON, () => ({ input: listingInput() })],
      ['newcomer', 'to post a listing, sign-up unfinished', ANON, () => ({ input: listingInput() })],
      [
        'renterB',
        "to post renter A's uploaded photo",
        'BAD_USER_INPUT',
        (f) => ({ input: listingInput([f.uploadA]) }),
        NOT_THEIRS,
      ],
      [
        'agentB',
        "to post agent A's uploaded photo",
        'BAD_USER_INPUT',
        (f) => ({ input: listingInput([f.uploadOfAgentA]) }),
        NOT_THEIRS,
      ],
    ],
  },
  deleteListing: {
    actsOn: 'a listing the caller manages (its owner or its listing agent)',
    document: 'mutation A($id: ID!) { deleteListing(id: $id) { id } }',
    attempts: notManagers((id) => ({ id })),
  },
  duplicateListing: {
    actsOn: 'a listing the caller manages; the copy is a new draft',
    document: 'mutation A($id: ID!) { duplicateListing(id: $id) { id } }',
    attempts: notManagers((id) => ({ id })),
  },
  setListingStatus: {
    actsOn: 'a listing the caller manages',
    document: 'mutation A($id: ID!) { setListingStatus(id: $id, status: INACTIVE) { id } }',
    attempts: notManagers((id) => ({ id })),
  },
  updateListing: {
    actsOn: "a listing the caller manages; new photos must be the caller's own uploads",
    // With a stale expectedVersion too: who may not edit it is refused as such, never answered a
    // CONFLICT that would carry the listing's current values (issue 58 item 5).
    document:
      'mutation A($id: ID!, $input: ListingInput!, $expectedVersion: Int) { updateListing(id: $id, input: $input, expectedVersion: $expectedVersion) { id } }',
    attempts: [
      ...notManagers((id) => ({ id, input: listingInput(), expectedVersion: 0 })),
      [
        'agentA',
        "to put renter A's uploaded photo on agent A's own listing",
        'BAD_USER_INPUT',
        (f) => ({ id: f.listingA, input: listingInput([f.uploadA]) }),
        NOT_THEIRS,
      ],
    ],
  },
  dismissRatingPrompt: {
    actsOn: "the renter's one-time prompt to rate, in one of the caller's threads (from the agent side it changes nothing)",
    document: 'mutation A($threadId: ID!) { dismissRatingPrompt(threadId: $threadId) { id } }',
    attempts: [
      ...notParticipants((f) => ({ threadId: f.threadA })),
      ['agentA', "renter A's prompt in their shared thread", 'NO_EFFECT', (f) => ({ threadId: f.threadA })],
    ],
  },
  markThreadRead: {
    actsOn: "the read marks of the other side's messages in one of the caller's threads",
    document: 'mutation A($threadId: ID!) { markThreadRead(threadId: $threadId) { id } }',
    attempts: notParticipants((f) => ({ threadId: f.threadA })),
  },
  rateAgent: {
    actsOn: "the caller's own review of an agent (renters only, never themselves) and that agent's rating",
    document: 'mutation A($input: RateAgentInput!) { rateAgent(input: $input) { review { id } } }',
    attempts: [
      ['anon', 'to rate agent A', ANON, (f) => ({ input: { agentId: f.agentIdA, score: 1 } })],
      ['newcomer', 'to rate agent A, sign-up unfinished', ANON, (f) => ({ input: { agentId: f.agentIdA, score: 1 } })],
      [
        'agentB',
        'to rate agent A (agents cannot rate agents)',
        'FORBIDDEN',
        (f) => ({ input: { agentId: f.agentIdA, score: 1 } }),
      ],
      ['agentA', 'to rate themself', 'FORBIDDEN', (f) => ({ input: { agentId: f.agentIdA, score: 5 } })],
      [
        'renterB',
        "to rate agent A about agent A's draft (it does not exist for B)",
        'NOT_FOUND',
        (f) => ({ input: { agentId: f.agentIdA, score: 1, propertyId: f.draftA } }),
      ],
    ],
  },
  recordPropertyView: {
    actsOn: "the view count of an active listing (public); a draft does not exist for others; managers' visits do not count",
    document: 'mutation A($id: ID!) { recordPropertyView(id: $id) { id } }',
    attempts: [
      ['anon', "agent A's draft", 'NULL', (f) => ({ id: f.draftA })],
      ['renterB', "agent A's draft", 'NULL', (f) => ({ id: f.draftA })],
      ['agentB', "agent A's draft", 'NULL', (f) => ({ id: f.draftA })],
      ['agentA', 'to count views of their own listing', 'NO_EFFECT', (f) => ({ id: f.listingA })],
    ],
  },
  replyToReview: {
    actsOn: 'the public reply of a review: only the agent reviewed may write it, once',
    document: 'mutation A($reviewId: ID!) { replyToReview(reviewId: $reviewId, reply: "Not mine to answer") { id } }',
    attempts: [
      ['anon', "to reply to renter A's review of agent A", ANON, (f) => ({ reviewId: f.reviewA })],
      ['newcomer', "to reply to renter A's review of agent A", 'FORBIDDEN', (f) => ({ reviewId: f.reviewA })],
      ['renterA', 'to reply to their own review', 'FORBIDDEN', (f) => ({ reviewId: f.reviewA })],
      ['renterB', "to reply to renter A's review of agent A", 'FORBIDDEN', (f) => ({ reviewId: f.reviewA })],
      ['agentB', "to reply to renter A's review of agent A", 'FORBIDDEN', (f) => ({ reviewId: f.reviewA })],
    ],
  },
  reportReview: {
    actsOn: "a report by the caller, who is not the review's author; a hidden review exists only for its author and agent",
    document: 'mutation A($reviewId: ID!) { reportReview(reviewId: $reviewId, reason: SPAM) { hidden } }',
    attempts: [
      ['anon', "renter A's review", ANON, (f) => ({ reviewId: f.reviewA })],
      ['newcomer', "renter A's review, sign-up unfinished", ANON, (f) => ({ reviewId: f.reviewA })],
      ['renterA', 'their own review', 'FORBIDDEN', (f) => ({ reviewId: f.reviewA })],
      ['renterB', 'a hidden review of agent A', 'NOT_FOUND', (f) => ({ reviewId: f.hiddenReviewA })],
      ['agentB', 'a hidden review of agent A', 'NOT_FOUND', (f) => ({ reviewId: f.hiddenReviewA })],
    ],
  },
  reportListing: {
    actsOn: 'a report by the caller of a public listing the caller does not manage (issue 14)',
    document: 'mutation A($id: ID!) { reportListing(propertyId: $id, reason: SCAM_FRAUD) { propertyId } }',
    attempts: [
      ['anon', "agent A's listing", ANON, (f) => ({ id: f.listingA })],
      ['newcomer', "agent A's listing, sign-up unfinished", ANON, (f) => ({ id: f.listingA })],
      ['agentA', 'the listing agent A manages', 'FORBIDDEN', (f) => ({ id: f.listingA })],
      ['renterA', 'their own listing', 'FORBIDDEN', (f) => ({ id: f.listingOfRenterA })],
      ['renterB', "agent A's draft (it does not exist for B)", 'NOT_FOUND', (f) => ({ id: f.draftA })],
      ['agentB', "agent A's draft", 'NOT_FOUND', (f) => ({ id: f.draftA })],
    ],
  },
  requestListingReview: {
    actsOn: 'a hidden listing the caller manages (its owner or its listing agent): asks the moderators to review the hide',
    document: 'mutation A($id: ID!) { requestListingReview(propertyId: $id) { id } }',
    attempts: notManagers((id) => ({ id })),
  },
  moderateListing: {
    actsOn: 'any listing: administrators only (role ADMIN in the database)',
    document: 'mutation A($id: ID!) { moderateListing(propertyId: $id, action: HIDE) { id } }',
    attempts: [
      ['anon', "agent A's listing", ANON, (f) => ({ id: f.listingA })],
      ['newcomer', "agent A's listing, sign-up unfinished", ANON, (f) => ({ id: f.listingA })],
      ['renterA', "renter A's own listing", 'FORBIDDEN', (f) => ({ id: f.listingOfRenterA })],
      ['renterB', "agent A's listing", 'FORBIDDEN', (f) => ({ id: f.listingA })],
      ['agentA', 'the listing agent A manages', 'FORBIDDEN', (f) => ({ id: f.listingA })],
      ['agentB', "agent A's listing", 'FORBIDDEN', (f) => ({ id: f.listingA })],
    ],
  },
  resolveMessageFlag: {
    actsOn: "a message the system flagged (an agent's refusal of rental assistance): administrators only",
    document: 'mutation A($id: ID!) { resolveMessageFlag(id: $id) { id } }',
    attempts: [
      ['anon', "agent A's flagged message", ANON, (f) => ({ id: f.messageFlagA })],
      ['newcomer', "agent A's flagged message, sign-up unfinished", ANON, (f) => ({ id: f.messageFlagA })],
      ['renterA', "the flag on agent A's message to them", 'FORBIDDEN', (f) => ({ id: f.messageFlagA })],
      ['agentA', 'the flag on their own message', 'FORBIDDEN', (f) => ({ id: f.messageFlagA })],
      ['agentB', "agent A's flagged message", 'FORBIDDEN', (f) => ({ id: f.messageFlagA })],
    ],
  },
  setAgentLicenseVerified: {
    actsOn: "any agent's license verification: administrators only",
    document: 'mutation A($agentId: ID!) { setAgentLicenseVerified(agentId: $agentId, verified: true) { id } }',
    attempts: [
      ['anon', "agent A's license", ANON, (f) => ({ agentId: f.agentIdA })],
      ['newcomer', "agent A's license, sign-up unfinished", ANON, (f) => ({ agentId: f.agentIdA })],
      ['renterA', "agent A's license", 'FORBIDDEN', (f) => ({ agentId: f.agentIdA })],
      ['agentA', 'their own license', 'FORBIDDEN', (f) => ({ agentId: f.agentIdA })],
      ['agentB', "agent A's license", 'FORBIDDEN', (f) => ({ agentId: f.agentIdA })],
    ],
  },
  updateMyLicense: {
    actsOn: "the caller's own agent profile's license number only (agents)",
    document: 'mutation A { updateMyLicense(license: "10401234567") { id } }',
    attempts: [
      ['anon', 'a license number', ANON, () => ({})],
      ['newcomer', 'a license number, sign-up unfinished', ANON, () => ({})],
      ['renterA', 'a license number (renters have no agent profile)', 'FORBIDDEN', () => ({})],
    ],
  },
  updateMyAgentProfile: {
    actsOn: "the caller's own agent profile only (agents; no id argument)",
    document: 'mutation A { updateMyAgentProfile(input: { bio: "Hijacked" }) { id } }',
    attempts: [
      ['anon', 'an agent profile', ANON, () => ({})],
      ['newcomer', 'an agent profile, sign-up unfinished', ANON, () => ({})],
      ['renterA', 'an agent profile (renters have none)', 'FORBIDDEN', () => ({})],
    ],
  },
  saveListingFormDraft: {
    actsOn: "the caller's own draft of the listing form only (keyed by the caller; no one else's can be named)",
    document: 'mutation A { saveListingFormDraft(key: "new", draft: "{}") { key } }',
    attempts: [
      ['anon', 'a draft', ANON, () => ({})],
      ['newcomer', 'a draft, sign-up unfinished', ANON, () => ({})],
    ],
  },
  discardListingFormDraft: {
    actsOn: "the caller's own draft of the listing form only",
    document: 'mutation A { discardListingFormDraft(key: "new") }',
    attempts: [
      ['anon', 'a draft', ANON, () => ({})],
      ['newcomer', 'a draft, sign-up unfinished', ANON, () => ({})],
    ],
  },
  deleteMyAccount: {
    actsOn: "the caller's own account only (no id argument), once 'DELETE' is typed",
    document: 'mutation A { deleteMyAccount(confirm: "DELETE") { deletedAt } }',
    attempts: [
      ['anon', 'an account', ANON, () => ({})],
      ['newcomer', 'an account, sign-up unfinished', ANON, () => ({})],
    ],
  },
  rsvpOpenHouse: {
    actsOn: "an RSVP of the caller's own to an open house of a public listing the caller does not manage (issue 27)",
    document: 'mutation A($id: ID!) { rsvpOpenHouse(id: $id, waitlist: true) { id } }',
    attempts: [
      ['anon', "the open house of agent A's listing", ANON, (f) => ({ id: f.openHouseA })],
      ['newcomer', "the open house of agent A's listing, sign-up unfinished", ANON, (f) => ({ id: f.openHouseA })],
      ['agentA', 'the open house of the listing agent A manages', 'FORBIDDEN', (f) => ({ id: f.openHouseA })],
      ['renterA', 'the open house of their own listing', 'FORBIDDEN', (f) => ({ id: f.openHouseOfRenterA })],
      [
        'renterB',
        "the open house of agent A's draft (it does not exist for B)",
        'NOT_FOUND',
        (f) => ({ id: f.openHouseOfDraftA }),
      ],
      ['agentB', "the open house of agent A's draft", 'NOT_FOUND', (f) => ({ id: f.openHouseOfDraftA })],
    ],
  },
  cancelOpenHouseRsvp: {
    actsOn: "the caller's own RSVP only: renter A's place is never cancelled by anyone else",
    document: 'mutation A($id: ID!) { cancelOpenHouseRsvp(id: $id) { id } }',
    attempts: [
      ['anon', "renter A's place at agent A's open house", ANON, (f) => ({ id: f.openHouseA })],
      ['newcomer', "renter A's place, sign-up unfinished", ANON, (f) => ({ id: f.openHouseA })],
      ['renterB', "renter A's place (B has none)", 'NO_EFFECT', (f) => ({ id: f.openHouseA })],
      ['agentA', "renter A's place at the open house agent A runs", 'NO_EFFECT', (f) => ({ id: f.openHouseA })],
      ['agentB', "renter A's place", 'NO_EFFECT', (f) => ({ id: f.openHouseA })],
    ],
  },
  messageAttendee: {
    actsOn: "a message to renter A as an attendee of agent A's open house: from agent A (the listing's agent) only",
    document: 'mutation A($id: ID!) { messageAttendee(attendeeId: $id, message: "Intruding") }',
    attempts: [
      ['anon', "renter A's RSVP", ANON, (f) => ({ id: f.rsvpA })],
      ['newcomer', "renter A's RSVP, sign-up unfinished", ANON, (f) => ({ id: f.rsvpA })],
      ['renterA', 'their own RSVP', 'NOT_FOUND', (f) => ({ id: f.rsvpA })],
      ['renterB', "renter A's RSVP", 'NOT_FOUND', (f) => ({ id: f.rsvpA })],
      ['agentB', "renter A's RSVP at agent A's open house", 'NOT_FOUND', (f) => ({ id: f.rsvpA })],
    ],
  },
  requestTour: {
    actsOn: "a tour request of the caller's own, of a public listing the caller does not manage (issue 27)",
    document: 'mutation A($input: RequestTourInput!) { requestTour(input: $input) { id } }',
    attempts: [
      ['anon', "agent A's listing", ANON, (f) => ({ input: tourInput(f.listingA) })],
      ['newcomer', "agent A's listing, sign-up unfinished", ANON, (f) => ({ input: tourInput(f.listingA) })],
      ['agentA', 'the listing agent A manages', 'FORBIDDEN', (f) => ({ input: tourInput(f.listingA) })],
      ['renterA', 'their own listing', 'FORBIDDEN', (f) => ({ input: tourInput(f.listingOfRenterA) })],
      ['renterB', "agent A's draft", 'NOT_FOUND', (f) => ({ input: tourInput(f.draftA) })],
    ],
  },
  confirmTour: {
    actsOn: "renter A's tour request with agent A: only its two sides (each on their turn)",
    document: 'mutation A($id: ID!, $w: ID!) { confirmTour(id: $id, windowId: $w) { id } }',
    attempts: tourAttempts((f) => ({ id: f.tourA, w: f.tourWindowA })),
  },
  proposeTourTime: {
    actsOn: "renter A's tour request with agent A: its agent only",
    document: 'mutation A($id: ID!, $s: String!, $e: String!) { proposeTourTime(id: $id, startsAt: $s, endsAt: $e) { id } }',
    attempts: tourAttempts((f) => ({ id: f.tourA, ...laterWindow() })),
  },
  declineTour: {
    actsOn: "renter A's tour request with agent A: its agent only",
    document: 'mutation A($id: ID!) { declineTour(id: $id, reason: "Intruding") { id } }',
    attempts: tourAttempts((f) => ({ id: f.tourA })),
  },
  cancelTour: {
    actsOn: "renter A's tour request with agent A: its two sides only",
    document: 'mutation A($id: ID!) { cancelTour(id: $id) { id } }',
    attempts: tourAttempts((f) => ({ id: f.tourA })),
  },
  saveSearch: {
    actsOn: "a new saved search of the caller's own (a completed account); no argument names anyone else",
    document: 'mutation A($input: SaveSearchInput!) { saveSearch(input: $input) { id } }',
    attempts: [
      ['anon', 'to save a search', ANON, () => ({ input: { name: 'Mine', filter: {} } })],
      ['newcomer', 'to save a search, sign-up unfinished', ANON, () => ({ input: { name: 'Mine', filter: {} } })],
    ],
  },
  updateSavedSearch: {
    actsOn: "one of the caller's own saved searches (anyone else's does not exist for them)",
    document: 'mutation A($id: ID!) { updateSavedSearch(id: $id, input: { name: "Stolen", frequency: OFF }) { id } }',
    attempts: [
      ['anon', "renter A's saved search", ANON, (f) => ({ id: f.savedSearchA })],
      ['newcomer', "renter A's saved search", 'NOT_FOUND', (f) => ({ id: f.savedSearchA })],
      ['renterB', "renter A's saved search", 'NOT_FOUND', (f) => ({ id: f.savedSearchA })],
      ['agentB', "renter A's saved search", 'NOT_FOUND', (f) => ({ id: f.savedSearchA })],
    ],
  },
  markSavedSearchSeen: {
    actsOn: 'when the caller last opened one of their own saved searches',
    document: 'mutation A($id: ID!) { markSavedSearchSeen(id: $id) { id } }',
    attempts: [
      ['anon', "renter A's saved search", ANON, (f) => ({ id: f.savedSearchA })],
      ['newcomer', "renter A's saved search", 'NOT_FOUND', (f) => ({ id: f.savedSearchA })],
      ['renterB', "renter A's saved search", 'NOT_FOUND', (f) => ({ id: f.savedSearchA })],
      ['agentB', "renter A's saved search", 'NOT_FOUND', (f) => ({ id: f.savedSearchA })],
    ],
  },
  deleteSavedSearch: {
    actsOn: "one of the caller's own saved searches",
    document: 'mutation A($id: ID!) { deleteSavedSearch(id: $id) }',
    attempts: [
      ['anon', "renter A's saved search", ANON, (f) => ({ id: f.savedSearchA })],
      ['newcomer', "renter A's saved search", 'NOT_FOUND', (f) => ({ id: f.savedSearchA })],
      ['renterB', "renter A's saved search", 'NOT_FOUND', (f) => ({ id: f.savedSearchA })],
      ['agentB', "renter A's saved search", 'NOT_FOUND', (f) => ({ id: f.savedSearchA })],
    ],
  },
  markNotificationRead: {
    actsOn: "the read mark of one of the caller's own notifications",
    document: 'mutation A($id: ID!) { markNotificationRead(id: $id) { id } }',
    attempts: [
      ['anon', "renter A's notification", ANON, (f) => ({ id: f.notificationA })],
      ['newcomer', "renter A's notification", 'NOT_FOUND', (f) => ({ id: f.notificationA })],
      ['renterB', "renter A's notification", 'NOT_FOUND', (f) => ({ id: f.notificationA })],
      ['agentB', "renter A's notification", 'NOT_FOUND', (f) => ({ id: f.notificationA })],
    ],
  },
  markAllNotificationsRead: {
    actsOn: "the read marks of the caller's own notifications only (no argument names anyone else's)",
    document: 'mutation A { markAllNotificationsRead }',
    attempts: [
      ['anon', "everyone's notifications", ANON, () => ({})],
      ['renterB', "renter A's notifications among everyone's", 'NO_EFFECT', () => ({})],
      ['agentB', "renter A's notifications among everyone's", 'NO_EFFECT', () => ({})],
    ],
  },
  saveProperty: {
    actsOn: "the caller's own saved listings; only listings the caller can see",
    document: 'mutation A($id: ID!) { saveProperty(id: $id) { id } }',
    attempts: [
      ['anon', "agent A's listing", ANON, (f) => ({ id: f.listingA })],
      ['newcomer', "agent A's listing, sign-up unfinished", ANON, (f) => ({ id: f.listingA })],
      ['renterB', "agent A's draft", 'NOT_FOUND', (f) => ({ id: f.draftA })],
      ['agentB', "agent A's draft", 'NOT_FOUND', (f) => ({ id: f.draftA })],
    ],
  },
  sendMessage: {
    actsOn: "a new message in one of the caller's threads (its two participants only)",
    document: 'mutation A($threadId: ID!) { sendMessage(threadId: $threadId, content: "Intruding") { id } }',
    attempts: notParticipants((f) => ({ threadId: f.threadA })),
  },
  setTyping: {
    actsOn: "a typing signal to the other participant of one of the caller's threads (nothing stored)",
    document: 'mutation A($threadId: ID!) { setTyping(threadId: $threadId, typing: true) }',
    attempts: notParticipants((f) => ({ threadId: f.threadA })),
  },
  startThread: {
    actsOn: 'a thread of the caller as renter: about a listing they can see and do not manage, or with an agent not themself',
    document:
      'mutation A($propertyId: ID, $agentId: ID) { startThread(propertyId: $propertyId, agentId: $agentId, message: "Hello") { id } }',
    attempts: [
      ['anon', "about agent A's listing", ANON, (f) => ({ propertyId: f.listingA })],
      ['newcomer', "about agent A's listing, sign-up unfinished", ANON, (f) => ({ propertyId: f.listingA })],
      ['agentA', 'about their own listing', 'FORBIDDEN', (f) => ({ propertyId: f.listingA })],
      ['agentA', 'with themself', 'FORBIDDEN', (f) => ({ agentId: f.agentIdA })],
      ['renterB', "about agent A's draft", 'NOT_FOUND', (f) => ({ propertyId: f.draftA })],
    ],
  },
  unsaveProperty: {
    actsOn: "the caller's own saved listings only (renter A's saved listing cannot be named by anyone else)",
    document: 'mutation A($id: ID!) { unsaveProperty(id: $id) { id } }',
    attempts: [
      ['anon', 'the listing renter A saved', ANON, (f) => ({ id: f.listingA })],
      ['renterB', 'the listing renter A saved', 'NO_EFFECT', (f) => ({ id: f.listingA })],
      ['renterB', "agent A's draft", 'NOT_FOUND', (f) => ({ id: f.draftA })],
    ],
  },
  updateProfile: {
    actsOn: "the caller's own user row (no id argument); a new phone only once the caller verified it",
    document: 'mutation A($input: UpdateProfileInput!) { updateProfile(input: $input) { id } }',
    attempts: [
      ['anon', 'to rename someone', ANON, () => ({ input: { firstName: 'Mallory' } })],
      ['newcomer', 'to rename themself, sign-up unfinished', ANON, () => ({ input: { firstName: 'Mallory' } })],
      [
        'renterB',
        "to take renter A's phone number",
        'BAD_USER_INPUT',
        (f) => ({ input: { phone: f.phone.renterA } }),
        /Verify the new phone number first/,
      ],
    ],
  },
  createWebhookEndpoint: {
    actsOn: "a new webhook endpoint of the caller's partner key: people have no webhooks",
    document: 'mutation A($input: WebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret } }',
    attempts: [
      ['anon', 'to register a webhook', ANON, () => ({ input: webhookInput })],
      ['renterB', 'to register a webhook', 'FORBIDDEN', () => ({ input: webhookInput })],
      ['agentA', 'to register a webhook', 'FORBIDDEN', () => ({ input: webhookInput })],
    ],
  },
  updateWebhookEndpoint: {
    actsOn: "an endpoint of the caller's partner key",
    document: 'mutation A($id: ID!, $input: WebhookEndpointPatch!) { updateWebhookEndpoint(id: $id, input: $input) { id } }',
    attempts: webhookAttempts((f) => ({ id: f.webhookA, input: { url: webhookInput.url, enabled: false } })),
  },
  rotateWebhookSecret: {
    actsOn: "an endpoint of the caller's partner key",
    document: 'mutation A($id: ID!) { rotateWebhookSecret(id: $id) { secret } }',
    attempts: webhookAttempts((f) => ({ id: f.webhookA })),
  },
  deleteWebhookEndpoint: {
    actsOn: "an endpoint of the caller's partner key",
    document: 'mutation A($id: ID!) { deleteWebhookEndpoint(id: $id) }',
    attempts: webhookAttempts((f) => ({ id: f.webhookA })),
  },
  sendTestWebhook: {
    actsOn: "an endpoint of the caller's partner key (a delivery to it)",
    document: 'mutation A($id: ID!) { sendTestWebhook(id: $id) { id } }',
    attempts: webhookAttempts((f) => ({ id: f.webhookA })),
  },
};

// --- subscriptions ---------------------------------------------------------------------------------------

/** SILENT: accepted (it is the caller's own stream), and nothing of A's arrives on it after real events. */
type SubscriptionOutcome = 'UNAUTHENTICATED' | 'NOT_FOUND' | 'SILENT';

interface SubscriptionAudit {
  actsOn: string;
  document: string;
  vars: Vars;
  attempts: Array<[as: Caller, expect: SubscriptionOutcome]>;
}

const SUBSCRIPTIONS: Record<string, SubscriptionAudit> = {
  messageAdded: {
    actsOn: 'the messages of one thread, for its two participants only (refused at subscribe time)',
    document: 'subscription S($threadId: ID!) { messageAdded(threadId: $threadId) { id content } }',
    vars: (f) => ({ threadId: f.threadA }),
    attempts: [
      ['anon', 'UNAUTHENTICATED'],
      ['newcomer', 'NOT_FOUND'],
      ['renterB', 'NOT_FOUND'],
      ['agentB', 'NOT_FOUND'],
    ],
  },
  threadActivity: {
    actsOn: "the other participant's typing and reading in one thread, for its two participants only",
    document: 'subscription S($threadId: ID!) { threadActivity(threadId: $threadId) { kind userId } }',
    vars: (f) => ({ threadId: f.threadA }),
    attempts: [
      ['anon', 'UNAUTHENTICATED'],
      ['newcomer', 'NOT_FOUND'],
      ['renterB', 'NOT_FOUND'],
      ['agentB', 'NOT_FOUND'],
    ],
  },
  inboxChanged: {
    actsOn: "the caller's own threads, on the caller's own channel (no argument can name anyone else's)",
    document: 'subscription { inboxChanged { id lastMessage { content } } }',
    vars: () => ({}),
    attempts: [
      ['anon', 'UNAUTHENTICATED'],
      ['newcomer', 'SILENT'],
      ['renterB', 'SILENT'],
      ['agentB', 'SILENT'],
    ],
  },
  notificationAdded: {
    actsOn: "the caller's own notifications, on the caller's own channel (no argument can name anyone else's)",
    document: 'subscription { notificationAdded { id title } }',
    vars: () => ({}),
    attempts: [
      ['anon', 'UNAUTHENTICATED'],
      ['newcomer', 'SILENT'],
      ['renterB', 'SILENT'],
      ['agentB', 'SILENT'],
    ],
  },
  openHouseChanged: {
    actsOn: "the open houses of a listing the caller may see (agent A's draft exists for agent A only)",
    document: 'subscription S($listingId: ID!) { openHouseChanged(listingId: $listingId) { id goingCount } }',
    vars: (f) => ({ listingId: f.draftA }),
    attempts: [
      ['anon', 'UNAUTHENTICATED'],
      ['newcomer', 'NOT_FOUND'],
      ['renterB', 'NOT_FOUND'],
      ['agentB', 'NOT_FOUND'],
    ],
  },
  tourChanged: {
    actsOn: "the caller's own tour requests, on the caller's own channel (no argument can name anyone else's)",
    document: 'subscription { tourChanged { id status } }',
    vars: () => ({}),
    attempts: [
      ['anon', 'UNAUTHENTICATED'],
      ['newcomer', 'SILENT'],
      ['renterB', 'SILENT'],
      ['agentB', 'SILENT'],
    ],
  },
};

// --- REST writes -------------------------------------------------------------------------------------------

interface RestRequest {
  method: string;
  path: string;
  /** JSON, or a multipart form. */
  body?: unknown;
}

/** A status with the matching `{ error, code }`, or NO_EFFECT (200, nothing changed). */
type RestOutcome = 400 | 401 | 403 | 404 | 'NO_EFFECT';
type RestAttempt = [as: Caller, tries: string, expect: RestOutcome, request: (f: Fixture) => RestRequest, because?: RegExp];

interface RestAudit {
  actsOn: string;
  /** The request a partner key makes (every REST write refuses it with 403 before anything else). */
  probe: (f: Fixture) => RestRequest;
  attempts: RestAttempt[];
}

const post = (path: string, body?: unknown): RestRequest => ({ method: 'POST', path, body });
const patch = (path: string, body?: unknown): RestRequest => ({ method: 'PATCH', path, body });
const del = (path: string): RestRequest => ({ method: 'DELETE', path });

const restTour = (listingId: string) => ({
  listing_id: listingId,
  windows: [{ starts_at: laterWindow().s, ends_at: laterWindow().e }],
});

const photoForm = () => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(64)], { type: 'image/jpeg' }), 'photo.jpg');
  return form;
};

const restListingBody = {
  title: 'Hijacked loft',
  address: '1 Audit Street',
  neighborhood: 'Williamsburg',
  propertyType: 'Apartment',
  price: 1,
  bedrooms: 1,
  bathrooms: 1,
  availableDate: dayIn(10),
  leaseTerm: '1 Year',
  status: 'draft',
};

/** The three listing routes refuse the same callers the same way. */
function restNotManagers(request: (id: string) => RestRequest): RestAudit {
  return {
    actsOn: 'a listing the caller manages (its owner or its listing agent)',
    probe: (f) => request(f.listingA),
    attempts: [
      ['anon', "agent A's listing", 401, (f) => request(f.listingA)],
      ['newcomer', "agent A's listing, sign-up unfinished", 401, (f) => request(f.listingA)],
      ['renterA', "agent A's listing", 403, (f) => request(f.listingA)],
      ['renterB', "agent A's listing", 403, (f) => request(f.listingA)],
      ['agentB', "agent A's listing", 403, (f) => request(f.listingA)],
      ['agentB', "agent A's draft", 404, (f) => request(f.draftA)],
      ['agentA', "renter A's own listing", 403, (f) => request(f.listingOfRenterA)],
    ],
  };
}

const discard = (url: string) => del(`/api/uploads?url=${encodeURIComponent(url)}`);
const reply = (id: string) => post(`/api/reviews/${id}/reply`, { reply: 'Not mine to answer' });
const report = (id: string) => post(`/api/reviews/${id}/report`, { reason: 'spam' });

/** 'ALL /graphql' takes every mutation: each is audited in MUTATIONS; its partner probe is a mutation. */
const GRAPHQL_ENDPOINT = 'ALL /graphql';

const REST_WRITES: Record<string, RestAudit> = {
  [GRAPHQL_ENDPOINT]: {
    actsOn: 'every GraphQL mutation: audited one by one in MUTATIONS',
    probe: () => post('/graphql', { query: 'mutation { updateProfile(input: { firstName: "Partner" }) { id } }' }),
    attempts: [],
  },
  'POST /api/auth/session': {
    actsOn: 'a session cookie for the holder of a recent ID token, for their own account only',
    probe: () => post('/api/auth/session', { idToken: 'not-a-real-id-token' }),
    attempts: [['anon', 'with a made-up token', 401, () => post('/api/auth/session', { idToken: 'not-a-real-id-token' })]],
  },
  'POST /api/token': {
    actsOn: 'a session cookie for the Bearer token presented, for its own account only',
    probe: () => post('/api/token'),
    attempts: [['anon', 'without a token', 401, () => post('/api/token')]],
  },
  'POST /api/auth/signout': {
    actsOn: "the caller's own sessions (nothing names anyone else)",
    probe: () => post('/api/auth/signout'),
    attempts: [['anon', 'to sign someone out', 'NO_EFFECT', () => post('/api/auth/signout')]],
  },
  'POST /api/auth/check-phone': {
    actsOn:
      "the sign-up draft of the Bearer token's own identity (names, role, phone: kept to finish sign-up later); " +
      'whether a phone is registered is told only to an identity in the middle of its own sign-up',
    probe: (f) => post('/api/auth/check-phone', { phone: f.phone.renterA }),
    attempts: [
      ['anon', "renter A's phone", 401, (f) => post('/api/auth/check-phone', { phone: f.phone.renterA })],
      [
        'newcomer',
        "renter A's phone, with a phone already linked",
        403,
        (f) => post('/api/auth/check-phone', { phone: f.phone.renterA }),
      ],
      ['renterB', "renter A's phone", 403, (f) => post('/api/auth/check-phone', { phone: f.phone.renterA })],
    ],
  },
  'POST /api/auth/password-reset': {
    actsOn:
      "no row: an e-mail with a reset link to the address given, which only that address's owner reads " +
      '(the same answer whether or not an account uses it; 3 an hour per address)',
    probe: (f) => post('/api/auth/password-reset', { email: f.email.renterA }),
    attempts: [
      ['anon', "renter A's e-mail", 'NO_EFFECT', (f) => post('/api/auth/password-reset', { email: f.email.renterA })],
      ['renterB', "renter A's e-mail", 'NO_EFFECT', (f) => post('/api/auth/password-reset', { email: f.email.renterA })],
    ],
  },
  'POST /api/auth/complete-signup': {
    actsOn: "the user row of the Bearer token's own identity: body.uid must be its own",
    probe: (f) => post('/api/auth/complete-signup', signupOf(f, 'renterA')),
    attempts: [
      ['anon', "renter A's account", 401, (f) => post('/api/auth/complete-signup', signupOf(f, 'renterA'))],
      ['newcomer', "renter A's account", 403, (f) => post('/api/auth/complete-signup', signupOf(f, 'renterA'))],
      ['renterB', "renter A's account", 403, (f) => post('/api/auth/complete-signup', signupOf(f, 'renterA'))],
    ],
  },
  'POST /api/properties': {
    actsOn: "a new listing owned by the caller; photos must be the caller's own uploads",
    probe: () => post('/api/properties', restListingBody),
    attempts: [
      ['anon', 'to post a listing', 401, () => post('/api/properties', restListingBody)],
      ['newcomer', 'to post a listing, sign-up unfinished', 401, () => post('/api/properties', restListingBody)],
      [
        'renterB',
        "to post renter A's uploaded photo",
        400,
        (f) => post('/api/properties', { ...restListingBody, photos: [f.uploadA] }),
        NOT_THEIRS,
      ],
    ],
  },
  'PATCH /api/properties/:id/status': restNotManagers((id) => patch(`/api/properties/${id}/status`, { status: 'inactive' })),
  'PATCH /api/properties/:id': restNotManagers((id) => patch(`/api/properties/${id}`, restListingBody)),
  'DELETE /api/properties/:id': restNotManagers((id) => del(`/api/properties/${id}`)),
  'POST /api/me/saved-listings/:listingId': {
    actsOn: "the caller's own saved listings; only listings the caller can see",
    probe: (f) => post(`/api/me/saved-listings/${f.listingA}`),
    attempts: [
      ['anon', "agent A's listing", 401, (f) => post(`/api/me/saved-listings/${f.listingA}`)],
      ['newcomer', "agent A's listing", 401, (f) => post(`/api/me/saved-listings/${f.listingA}`)],
      ['renterB', "agent A's draft", 404, (f) => post(`/api/me/saved-listings/${f.draftA}`)],
    ],
  },
  'DELETE /api/me/saved-listings/:listingId': {
    actsOn: "the caller's own saved listings only",
    probe: (f) => del(`/api/me/saved-listings/${f.listingA}`),
    attempts: [
      ['anon', 'the listing renter A saved', 401, (f) => del(`/api/me/saved-listings/${f.listingA}`)],
      ['renterB', 'the listing renter A saved', 'NO_EFFECT', (f) => del(`/api/me/saved-listings/${f.listingA}`)],
      ['renterB', "agent A's draft", 404, (f) => del(`/api/me/saved-listings/${f.draftA}`)],
    ],
  },
  'POST /api/open-houses/:id/rsvp': {
    actsOn: "an RSVP of the caller's own to an open house of a public listing the caller does not manage (issue 27)",
    probe: (f) => post(`/api/open-houses/${f.openHouseA}/rsvp`, { waitlist: true }),
    attempts: [
      [
        'anon',
        "the open house of agent A's listing",
        401,
        (f) => post(`/api/open-houses/${f.openHouseA}/rsvp`, { waitlist: true }),
      ],
      ['newcomer', 'the same, sign-up unfinished', 401, (f) => post(`/api/open-houses/${f.openHouseA}/rsvp`, { waitlist: true })],
      ['agentA', 'the open house agent A runs', 403, (f) => post(`/api/open-houses/${f.openHouseA}/rsvp`, { waitlist: true })],
      ['renterA', 'the open house of their own listing', 403, (f) => post(`/api/open-houses/${f.openHouseOfRenterA}/rsvp`)],
      ['renterB', "the open house of agent A's draft", 404, (f) => post(`/api/open-houses/${f.openHouseOfDraftA}/rsvp`)],
    ],
  },
  'POST /api/tours': {
    actsOn: "a tour request of the caller's own, of a public listing the caller does not manage (issue 27)",
    probe: (f) => post('/api/tours', restTour(f.listingA)),
    attempts: [
      ['anon', "agent A's listing", 401, (f) => post('/api/tours', restTour(f.listingA))],
      ['newcomer', "agent A's listing, sign-up unfinished", 401, (f) => post('/api/tours', restTour(f.listingA))],
      ['agentA', 'the listing agent A manages', 403, (f) => post('/api/tours', restTour(f.listingA))],
      ['renterB', "agent A's draft", 404, (f) => post('/api/tours', restTour(f.draftA))],
    ],
  },
  ...Object.fromEntries(
    (
      [
        ['confirm', (f: Fixture) => ({ window_id: f.tourWindowA })],
        ['propose', () => ({ starts_at: laterWindow().s, ends_at: laterWindow().e })],
        ['decline', () => ({ reason: 'Intruding' })],
        ['cancel', () => undefined],
      ] as const
    ).map(([step, body]): [string, RestAudit] => [
      `POST /api/tours/:id/${step}`,
      {
        actsOn: `renter A's tour request with agent A (${step}): its two sides only`,
        probe: (f) => post(`/api/tours/${f.tourA}/${step}`, body(f)),
        attempts: [
          ['anon', "renter A's tour request", 401, (f) => post(`/api/tours/${f.tourA}/${step}`, body(f))],
          ['newcomer', "renter A's tour request, sign-up unfinished", 404, (f) => post(`/api/tours/${f.tourA}/${step}`, body(f))],
          ['renterB', "renter A's tour request", 404, (f) => post(`/api/tours/${f.tourA}/${step}`, body(f))],
          ['agentB', "renter A's tour request", 404, (f) => post(`/api/tours/${f.tourA}/${step}`, body(f))],
        ],
      },
    ]),
  ),
  'DELETE /api/open-houses/:id/rsvp': {
    actsOn: "the caller's own RSVP only: renter A's place is never cancelled by anyone else",
    probe: (f) => del(`/api/open-houses/${f.openHouseA}/rsvp`),
    attempts: [
      ['anon', "renter A's place", 401, (f) => del(`/api/open-houses/${f.openHouseA}/rsvp`)],
      ['newcomer', "renter A's place, sign-up unfinished", 401, (f) => del(`/api/open-houses/${f.openHouseA}/rsvp`)],
      ['renterB', "renter A's place (B has none)", 'NO_EFFECT', (f) => del(`/api/open-houses/${f.openHouseA}/rsvp`)],
      ['agentA', "renter A's place at agent A's open house", 'NO_EFFECT', (f) => del(`/api/open-houses/${f.openHouseA}/rsvp`)],
    ],
  },
  'POST /alerts/unsubscribe/:token': {
    actsOn:
      "the alerts of the one saved search whose secret token is in the path (the e-mails' link); no other credential counts",
    probe: () => post('/alerts/unsubscribe/a-guessed-token'),
    attempts: [
      ['anon', 'a guessed token', 404, () => post('/alerts/unsubscribe/a-guessed-token')],
      ['renterB', "renter A's saved search by its id", 404, (f) => post(`/alerts/unsubscribe/${f.savedSearchA}`)],
      [
        'renterA',
        'their own saved search by its id (the token is the key, not the session)',
        404,
        (f) => post(`/alerts/unsubscribe/${f.savedSearchA}`),
      ],
    ],
  },
  'POST /api/uploads': {
    actsOn: 'a new upload owned by the caller (a completed account)',
    probe: () => post('/api/uploads', photoForm()),
    attempts: [
      ['anon', 'to upload a photo', 401, () => post('/api/uploads', photoForm())],
      ['newcomer', 'to upload a photo, sign-up unfinished', 401, () => post('/api/uploads', photoForm())],
    ],
  },
  'DELETE /api/uploads': {
    actsOn: "an upload of the caller's own, not yet on a listing",
    probe: (f) => discard(f.uploadA),
    attempts: [
      ['anon', "renter A's upload", 401, (f) => discard(f.uploadA)],
      ['renterB', "renter A's upload", 404, (f) => discard(f.uploadA)],
      ['agentA', "renter A's upload", 404, (f) => discard(f.uploadA)],
    ],
  },
  'POST /api/reviews': {
    actsOn: "the caller's own review of an agent (renters only, never themselves)",
    probe: (f) => post('/api/reviews', { agentId: f.agentIdA, rating: 1 }),
    attempts: [
      ['anon', 'to rate agent A', 401, (f) => post('/api/reviews', { agentId: f.agentIdA, rating: 1 })],
      ['newcomer', 'to rate agent A', 401, (f) => post('/api/reviews', { agentId: f.agentIdA, rating: 1 })],
      ['agentB', 'to rate agent A', 403, (f) => post('/api/reviews', { agentId: f.agentIdA, rating: 1 })],
      ['agentA', 'to rate themself', 403, (f) => post('/api/reviews', { agentId: f.agentIdA, rating: 5 })],
      [
        'renterB',
        "to rate agent A about agent A's draft",
        404,
        (f) => post('/api/reviews', { agentId: f.agentIdA, rating: 1, propertyId: f.draftA }),
      ],
    ],
  },
  'POST /api/reviews/:id/reply': {
    actsOn: 'the reply of a review: only the agent reviewed',
    probe: (f) => reply(f.reviewA),
    attempts: [
      ['anon', "renter A's review of agent A", 401, (f) => reply(f.reviewA)],
      ['newcomer', "renter A's review of agent A", 403, (f) => reply(f.reviewA)],
      ['renterA', 'their own review', 403, (f) => reply(f.reviewA)],
      ['renterB', "renter A's review of agent A", 403, (f) => reply(f.reviewA)],
      ['agentB', "renter A's review of agent A", 403, (f) => reply(f.reviewA)],
    ],
  },
  'POST /api/reviews/:id/report': {
    actsOn: "a report by the caller, not the review's author; hidden reviews exist only for their author and agent",
    probe: (f) => report(f.reviewA),
    attempts: [
      ['anon', "renter A's review", 401, (f) => report(f.reviewA)],
      ['renterA', 'their own review', 403, (f) => report(f.reviewA)],
      ['renterB', "renter A's hidden review", 404, (f) => report(f.hiddenReviewA)],
    ],
  },
  'POST /api/threads': {
    actsOn: 'a thread of the caller as renter, about a listing they can see and do not manage',
    probe: (f) => post('/api/threads', { propertyId: f.listingA, firstMessage: 'Hello' }),
    attempts: [
      ['anon', "about agent A's listing", 401, (f) => post('/api/threads', { propertyId: f.listingA, firstMessage: 'Hello' })],
      [
        'newcomer',
        "about agent A's listing",
        401,
        (f) => post('/api/threads', { propertyId: f.listingA, firstMessage: 'Hello' }),
      ],
      ['agentA', 'about their own listing', 403, (f) => post('/api/threads', { propertyId: f.listingA, firstMessage: 'Hello' })],
      ['renterB', "about agent A's draft", 404, (f) => post('/api/threads', { propertyId: f.draftA, firstMessage: 'Hello' })],
    ],
  },
  'POST /api/messages': {
    actsOn: "a message from the caller (fromUserId must be their own), in the caller's thread with toUserId",
    probe: (f) => post('/api/messages', { fromUserId: f.uid.renterA, toUserId: f.uid.agentA, content: 'Hello' }),
    attempts: [
      [
        'anon',
        'as renter A, to agent A',
        401,
        (f) => post('/api/messages', { fromUserId: f.uid.renterA, toUserId: f.uid.agentA, content: 'Hi' }),
      ],
      [
        'renterB',
        'as renter A, to agent A (into their thread)',
        403,
        (f) => post('/api/messages', { fromUserId: f.uid.renterA, toUserId: f.uid.agentA, content: 'Hi' }),
      ],
      [
        'agentB',
        'as agent A, to renter A (into their thread)',
        403,
        (f) => post('/api/messages', { fromUserId: f.uid.agentA, toUserId: f.uid.renterA, content: 'Hi' }),
      ],
      [
        'agentB',
        'to renter A, with whom agent B has no thread (agents answer, renters start)',
        404,
        (f) => post('/api/messages', { fromUserId: f.uid.agentB, toUserId: f.uid.renterA, content: 'Hi' }),
      ],
    ],
  },
};

const CODE_OF_STATUS: Record<number, string> = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
};

/**
 * Columns a refused request may change: when people were last seen (the identity middleware records
 * presence, User.lastSeenAt and with it User.updatedAt, in the background before any refusal), and
 * when a partner key was last used (recorded in the background too).
 */
const UNTRACKED = ['User.lastSeenAt', 'User.updatedAt', 'PartnerKey.lastUsedAt'];

/** The root field a document asks for. */
const fieldOf = (document: string) => /\{\s*(\w+)/.exec(document)![1]!;

// ------------------------------------------------------------------------------------------------------

describe.each(transportBackends)('authorization audit on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let f: Fixture;
  let partnerKey = '';
  let partnerKeyB = '';
  const tokens = {} as Record<Person, string>;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = await startTestApp(db);
    const renterA = await createAccount(db.prisma, 'renter', { firstName: 'Rita', lastName: 'Alpha' });
    const renterB = await createAccount(db.prisma, 'renter', { firstName: 'Rob', lastName: 'Beta' });
    const agentA = await createAccount(db.prisma, 'agent', { firstName: 'Ada', lastName: 'Alpha' });
    const agentB = await createAccount(db.prisma, 'agent', { firstName: 'Ben', lastName: 'Beta' });
    const signedUp = await signUpInEmulator();
    const newcomerPhone = uniquePhone();
    const newcomer = {
      uid: signedUp.uid,
      email: signedUp.email,
      phone: newcomerPhone,
      idToken: await linkPhoneInEmulator(signedUp.idToken, newcomerPhone),
    };
    const accounts = { newcomer, renterA, renterB, agentA, agentB };
    for (const p of PEOPLE) tokens[p] = accounts[p].idToken;

    const { prisma } = db;
    const agentRowA = await prisma.agent.findUniqueOrThrow({ where: { userId: agentA.uid } });
    const listingA = await createProperty(prisma, { userId: agentA.uid, agentId: agentRowA.id }, { title: "Agent A's loft" });
    await addPhotos(prisma, listingA.id, 2);
    const draftA = await createProperty(prisma, { userId: agentA.uid, agentId: agentRowA.id }, { status: 'DRAFT' });
    const listingOfRenterA = await createProperty(prisma, { userId: renterA.uid }, { title: "Renter A's sublet" });
    const thread = await prisma.thread.create({
      data: { propertyId: listingA.id, renterId: renterA.uid, agentUserId: agentA.uid, agentFirstResponseAt: new Date() },
    });
    await prisma.message.create({ data: { threadId: thread.id, senderId: renterA.uid, content: 'Is it available?' } });
    await prisma.message.create({ data: { threadId: thread.id, senderId: agentA.uid, content: 'Yes, come and see it.' } });
    // An agent's refusal of rental assistance, flagged for the moderators (issue 58 item 1).
    const flagA = await prisma.messageFlag.create({
      data: {
        reason: 'SOURCE_OF_INCOME',
        phrase: 'no vouchers',
        message: { create: { threadId: thread.id, senderId: agentA.uid, content: 'Sorry, no vouchers.' } },
      },
    });
    await prisma.favorite.create({ data: { userId: renterA.uid, propertyId: listingA.id } });
    const reviewA = await prisma.review.create({
      data: { agentId: agentRowA.id, authorId: renterA.uid, propertyId: listingA.id, score: 4, comment: 'Helpful.' },
    });
    // One review per renter and agent (issue 58 item 10): the hidden one is another renter's.
    const hiddenAuthor = await createUser(prisma);
    const hiddenReviewA = await prisma.review.create({
      data: { agentId: agentRowA.id, authorId: hiddenAuthor.id, score: 1, comment: 'Reported away.', hiddenAt: new Date() },
    });
    // Hidden by the reports of three other users (review-moderation.ts); none of them is B.
    for (let i = 0; i < 3; i++) {
      const reporter = await createUser(prisma);
      await prisma.reviewReport.create({ data: { reviewId: hiddenReviewA.id, reporterId: reporter.id, reason: 'SPAM' } });
    }
    const upload = (ownerId: string, name: string) =>
      prisma.upload.create({
        data: {
          ownerId,
          draftId: 'default',
          storageKey: `uploads/${name}.webp`,
          thumbnailKey: `uploads/${name}-thumb.webp`,
          url: `/media/uploads/${name}.webp`,
          thumbnailUrl: `/media/uploads/${name}-thumb.webp`,
          width: 1200,
          height: 800,
          placeholder: 'data:image/webp;base64,AAAA',
          contentType: 'image/webp',
          bytes: 1000,
        },
      });
    const uploadA = await upload(renterA.uid, 'renter-a');
    const uploadOfAgentA = await upload(agentA.uid, 'agent-a');
    const savedSearchA = await prisma.savedSearch.create({
      data: { userId: renterA.uid, name: 'Lofts', filter: {}, unsubscribeToken: `audit-${renterA.uid}` },
    });
    const notificationA = await prisma.notification.create({
      data: { userId: renterA.uid, kind: 'NEW_MATCH', title: "A match for renter A's search", savedSearchId: savedSearchA.id },
    });
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const openHouseOf = (propertyId: string) =>
      prisma.openHouse.create({
        data: { propertyId, startsAt: tomorrow, endsAt: new Date(tomorrow.getTime() + 3_600_000), capacity: 1 },
      });
    const openHouseA = await openHouseOf(listingA.id);
    const rsvpA = await prisma.openHouseRsvp.create({
      data: { openHouseId: openHouseA.id, userId: renterA.uid, status: 'GOING' },
    });
    const tourA = await prisma.tourRequest.create({
      data: {
        propertyId: listingA.id,
        renterId: renterA.uid,
        agentUserId: agentA.uid,
        threadId: thread.id,
        expiresAt: tomorrow,
        windows: { create: [{ startsAt: tomorrow, endsAt: new Date(tomorrow.getTime() + 1_800_000), proposedBy: 'RENTER' }] },
      },
      include: { windows: true },
    });
    const openHouseOfDraftA = await openHouseOf(draftA.id);
    const openHouseOfRenterA = await openHouseOf(listingOfRenterA.id);
    const partnerA = await createPartnerKey(prisma, 'Audit partner');
    partnerKey = partnerA.key;
    partnerKeyB = (await createPartnerKey(prisma, 'Audit partner B')).key;
    const webhookA = await createWebhookEndpoint({ prisma, rules: { allowLoopback: false } }, partnerA.row.id, webhookInput);
    snapshot = tableSnapshotter(prisma, { ignoreColumns: UNTRACKED });
    attempts = unchangedSequence(snapshot);
    const byPerson = (pick: (p: Person) => string) =>
      Object.fromEntries(PEOPLE.map((p) => [p, pick(p)])) as Record<Person, string>;
    f = {
      uid: byPerson((p) => accounts[p].uid),
      email: byPerson((p) => accounts[p].email),
      phone: byPerson((p) => accounts[p].phone),
      agentIdA: agentRowA.id,
      listingA: listingA.id,
      draftA: draftA.id,
      listingOfRenterA: listingOfRenterA.id,
      threadA: thread.id,
      reviewA: reviewA.id,
      hiddenReviewA: hiddenReviewA.id,
      uploadA: uploadA.url,
      uploadOfAgentA: uploadOfAgentA.url,
      savedSearchA: savedSearchA.id,
      notificationA: notificationA.id,
      openHouseA: openHouseA.id,
      openHouseOfDraftA: openHouseOfDraftA.id,
      openHouseOfRenterA: openHouseOfRenterA.id,
      rsvpA: rsvpA.id,
      messageFlagA: flagA.id,
      tourA: tourA.id,
      tourWindowA: tourA.windows[0]!.id,
      webhookA: webhookA.endpoint.id,
    };
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const authOf = (who: Caller | 'partner'): Record<string, string> =>
    who === 'anon'
      ? {}
      : { authorization: `Bearer ${who === 'partner' ? partnerKey : who === 'partnerB' ? partnerKeyB : tokens[who]}` };

  /** A fingerprint of every table (but UNTRACKED), one statement each time. */
  let snapshot: () => Promise<TableSnapshot>;

  /**
   * Runs an attempt, then fails (naming it) when any table changed since the previous attempt. The
   * snapshot is taken however the attempt ended, so a change is never blamed on the next attempt.
   */
  let attempts: ReturnType<typeof unchangedSequence>;
  async function unchanged(name: string, attempt: () => Promise<void>) {
    const { before, after } = await attempts.check(name, attempt);
    expect(changedTables(before, after), `${name}: rows changed`).toEqual([]);
  }

  /** Over HTTP, from the allowed origin (so no CSRF check answers in the authorization check's place). */
  async function gql(who: Caller | 'partner', query: string, variables: Record<string, unknown> = {}) {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...authOf(who) },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: (await res.json()) as Body };
  }

  async function rest(who: Caller | 'partner', r: RestRequest) {
    const form = r.body instanceof FormData ? r.body : null;
    const res = await fetch(`${app.url}${r.path}`, {
      method: r.method,
      headers: {
        origin: TEST_ORIGIN,
        ...(r.body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
        ...authOf(who),
      },
      body: r.body === undefined ? undefined : (form ?? JSON.stringify(r.body)),
    });
    const text = await res.text();
    try {
      return { status: res.status, body: JSON.parse(text) as Body };
    } catch {
      return { status: res.status, body: text as Body };
    }
  }

  /** A GraphQL answer (over HTTP or the WebSocket) against the outcome its attempt must have. */
  function checkAnswer(label: string, field: string, result: Body, expected: Outcome, because?: RegExp) {
    const errors = (result.errors ?? []) as Array<{ message: string; extensions?: { code?: string } }>;
    if (expected === 'NULL' || expected === 'NO_EFFECT') {
      expect(errors, label).toEqual([]);
      if (expected === 'NULL') expect(result.data?.[field], label).toBeNull();
      // Answered (a count of 0 is an answer): the table snapshot proves nothing changed.
      else expect(result.data?.[field] ?? null, label).not.toBeNull();
      return;
    }
    const codes = errors.map((e) => e.extensions?.code);
    expect(codes, `${label}: ${JSON.stringify(result)}`).toEqual([expected]);
    expect(errors[0]!.message, label).toMatch(because ?? /\w{3}/);
    expect(result.data?.[field] ?? null, label).toBeNull();
  }

  const openSockets = () =>
    Object.fromEntries(
      (['anon', ...PEOPLE] as const).map((who) => [who, openSocket(app.url, who === 'anon' ? {} : { idToken: tokens[who] })]),
    ) as Record<Caller, ReturnType<typeof openSocket>>;

  it('has an audit entry for every mutation, subscription and REST write, each trying the wrong callers', () => {
    const schema = getSchema();
    expect(Object.keys(MUTATIONS).sort()).toEqual(Object.keys(schema.getMutationType()!.getFields()).sort());
    expect(Object.keys(SUBSCRIPTIONS).sort()).toEqual(Object.keys(schema.getSubscriptionType()!.getFields()).sort());
    expect(Object.keys(REST_WRITES).sort()).toEqual(writeEndpoints(app.app));
    for (const [name, audit] of [...Object.entries(MUTATIONS), ...Object.entries(SUBSCRIPTIONS), ...Object.entries(REST_WRITES)])
      expect(audit.actsOn, `${name}: which records does it act on?`).toMatch(/\w{3}/);
    for (const [name, audit] of Object.entries(MUTATIONS)) {
      expect(fieldOf(audit.document), name).toBe(name);
      // A signed-out visitor, and someone signed in who has no right to the records.
      expect(
        audit.attempts.some(([as]) => as === 'anon'),
        `${name}: no signed-out attempt`,
      ).toBe(true);
      expect(
        audit.attempts.some(([as]) => as !== 'anon'),
        `${name}: no signed-in attempt`,
      ).toBe(true);
      // An input error counts as a refusal only with the message of the real reason.
      for (const [as, tries, outcome, , because] of audit.attempts)
        if (outcome === 'BAD_USER_INPUT') expect(because, `${name} as ${as} (${tries}): say why`).toBeInstanceOf(RegExp);
    }
    for (const [name, audit] of Object.entries(SUBSCRIPTIONS)) {
      expect(fieldOf(audit.document), name).toBe(name);
      expect(audit.attempts.map(([as]) => as).sort(), name).toEqual(['agentB', 'anon', 'newcomer', 'renterB']);
    }
    for (const [name, audit] of Object.entries(REST_WRITES)) {
      if (name === GRAPHQL_ENDPOINT) continue;
      expect(
        audit.attempts.some(([as]) => as === 'anon'),
        `${name}: no signed-out attempt`,
      ).toBe(true);
      for (const [as, tries, outcome, , because] of audit.attempts)
        if (outcome === 400) expect(because, `${name} as ${as} (${tries}): say why`).toBeInstanceOf(RegExp);
    }
  });

  it('refuses every mutation to the wrong callers over HTTP, for the authorization reason and with no data, and changes no row', async () => {
    for (const [name, audit] of Object.entries(MUTATIONS)) {
      for (const [as, tries, outcome, vars, because] of audit.attempts) {
        const label = `${name} as ${as} (${tries})`;
        await unchanged(label, async () => {
          const r = await gql(as, audit.document, vars(f));
          expect(r.status, `${label}: ${JSON.stringify(r.body)}`).toBe(200);
          checkAnswer(label, name, r.body, outcome, because);
        });
      }
    }
  });

  it('refuses the same attempts over the WebSocket', async () => {
    const sockets = openSockets();
    try {
      for (const [name, audit] of Object.entries(MUTATIONS)) {
        for (const [as, tries, outcome, vars, because] of audit.attempts) {
          if (as === 'partnerB') continue; // the WebSocket takes no partner keys (below)
          const label = `${name} over the socket as ${as} (${tries})`;
          await unchanged(label, async () => {
            const op = sockets[as].subscribe(audit.document, vars(f));
            const result = await op.next();
            expect(await op.ended, label).toEqual({});
            checkAnswer(label, name, result, outcome, because);
          });
        }
      }
    } finally {
      await Promise.all(Object.values(sockets).map((s) => s.close()));
    }
  });

  it('refuses every mutation but its own webhooks to a partner key (403, read-only), and changes no row', async () => {
    for (const [name, audit] of Object.entries(MUTATIONS)) {
      if (PARTNER_MUTATIONS.has(name)) continue; // audited above, against another key's endpoint
      const vars = audit.attempts[0]![3](f);
      await unchanged(`${name} with a partner key`, async () => {
        const r = await gql('partner', audit.document, vars);
        expect(r.status, name).toBe(403);
        expect(r.body, name).toEqual({
          errors: [
            {
              message: 'Partner API keys are read-only, but for their own webhooks: queries and the webhook mutations only.',
              extensions: { code: 'FORBIDDEN' },
            },
          ],
          // Every answer to a key says what its request cost and what the key has left (issue 53 item 3).
          extensions: { cost: expect.objectContaining({ actual: 0, budget: expect.objectContaining({ limit: 1_200 }) }) },
        });
      });
    }
  });

  it('refuses every REST write to the wrong callers with 401, 403 or 404 and a message, and changes no row', async () => {
    for (const [name, audit] of Object.entries(REST_WRITES)) {
      for (const [as, tries, outcome, request, because] of audit.attempts) {
        const label = `${name} as ${as} (${tries})`;
        await unchanged(label, async () => {
          const r = await rest(as, request(f));
          const shown = `${label}: ${JSON.stringify(r.body)}`;
          if (outcome === 'NO_EFFECT') {
            // Done (200) or taken to be done later (202): in either case no row changed.
            expect([200, 202], shown).toContain(r.status);
            return;
          }
          expect(r.status, shown).toBe(outcome);
          expect(r.body.code, shown).toBe(CODE_OF_STATUS[outcome]);
          expect(r.body.error, shown).toMatch(because ?? /\w{3}/);
        });
      }
    }
  });

  it('refuses partner keys on every REST write with 403 before anything else, and changes no row', async () => {
    for (const [name, audit] of Object.entries(REST_WRITES)) {
      await unchanged(`${name} with a partner key`, async () => {
        const r = await rest('partner', audit.probe(f));
        expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(403);
        expect(r.body, name).toEqual(
          name === GRAPHQL_ENDPOINT
            ? {
                errors: [
                  {
                    message:
                      'Partner API keys are read-only, but for their own webhooks: queries and the webhook mutations only.',
                    extensions: { code: 'FORBIDDEN' },
                  },
                ],
                extensions: { cost: expect.objectContaining({ actual: 0 }) },
              }
            : { error: 'Partner keys work on /graphql only', code: 'FORBIDDEN' },
        );
      });
    }
  });

  it("keeps the private reads beside these writes private: another user's stats, ratings, messages, thread and draft", async () => {
    const refused: Array<[Caller, string]> = [
      ['agentB', `/api/listings/stats?user_id=${f.uid.agentA}`],
      ['agentB', `/api/reviews?role=received&targetUserId=${f.uid.agentA}`],
      ['renterB', `/api/reviews?role=given&targetUserId=${f.uid.renterA}`],
      ['renterB', `/api/messages?userId=${f.uid.renterA}`],
      ['renterB', `/api/conversations?userId=${f.uid.renterA}&recipientId=${f.uid.agentA}`],
    ];
    for (const [as, path] of refused) {
      const r = await rest(as, { method: 'GET', path });
      expect(r.status, `${as} GET ${path}: ${JSON.stringify(r.body)}`).toBe(403);
      expect(r.body.code).toBe('FORBIDDEN');
    }
    for (const as of ['renterB', 'agentB'] as const) {
      const thread = await gql(as, 'query T($id: ID!) { thread(id: $id) { id messages { items { content } } } }', {
        id: f.threadA,
      });
      expect(thread.body).toEqual({ data: { thread: null } });
      const draft = await gql(as, 'query P($id: ID!) { property(id: $id) { id } }', { id: f.draftA });
      expect(draft.body).toEqual({ data: { property: null } });
    }
  });

  /**
   * graphql-ws by hand, with a partner key where a person's ID token goes: the server must refuse the
   * connection itself (close 4403, no acknowledgement), so no operation can even be sent.
   */
  function partnerSubscribe(document: string, variables: Record<string, unknown>) {
    return new Promise<{ code: number; reason: string; received: unknown[] }>((resolve, reject) => {
      const ws = new WebSocket(`${app.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', {
        headers: { origin: TEST_ORIGIN, authorization: `Bearer ${partnerKey}` },
      });
      const received: unknown[] = [];
      ws.on('open', () =>
        ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${partnerKey}` } })),
      );
      ws.on('message', (data) => {
        const message = JSON.parse(String(data)) as { type: string };
        received.push(message);
        if (message.type === 'connection_ack')
          ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: document, variables } }));
      });
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString(), received }));
      ws.on('error', reject);
    });
  }

  it("refuses subscriptions to another user's thread, and delivers nothing of A's to anyone else after real events", async () => {
    for (const [name, audit] of Object.entries(SUBSCRIPTIONS)) {
      expect(await partnerSubscribe(audit.document, audit.vars(f)), `${name} with a partner key`).toEqual({
        code: 4403,
        reason: 'Forbidden',
        received: [],
      });
    }

    const sockets = openSockets();
    try {
      const silent: Array<[label: string, sub: LiveSubscription]> = [];
      for (const [name, audit] of Object.entries(SUBSCRIPTIONS)) {
        for (const [as, outcome] of audit.attempts) {
          const label = `${name} as ${as}`;
          const sub = sockets[as].subscribe(audit.document, audit.vars(f));
          if (outcome === 'SILENT') {
            silent.push([label, sub]);
            continue;
          }
          // Refused at subscribe time: one error answer, then the operation ends (the socket stays open).
          expect(await sub.ended, label).toEqual({});
          expect(sub.results, label).toHaveLength(1);
          const [result] = sub.results;
          expect(
            result!.errors?.map((e) => e.extensions?.code),
            label,
          ).toEqual([outcome]);
          expect(result!.data ?? null, label).toBeNull();
        }
      }

      // The rightful participant listens to the same streams: the events below are really published.
      const control = {
        added: sockets.agentA.subscribe(SUBSCRIPTIONS.messageAdded!.document, { threadId: f.threadA }),
        activity: sockets.agentA.subscribe(SUBSCRIPTIONS.threadActivity!.document, { threadId: f.threadA }),
        inbox: sockets.agentA.subscribe(SUBSCRIPTIONS.inboxChanged!.document),
        notification: sockets.renterA.subscribe(SUBSCRIPTIONS.notificationAdded!.document),
      };
      await settle(300);
      // Typing signals from outside the thread are refused and reach no one.
      for (const as of ['renterB', 'agentB'] as const) {
        const typing = await gql(as, MUTATIONS.setTyping!.document, { threadId: f.threadA });
        expect(typing.body.errors[0].extensions.code).toBe('NOT_FOUND');
      }
      const sent = await gql('renterA', MUTATIONS.sendMessage!.document, { threadId: f.threadA });
      expect(sent.body.errors).toBeUndefined();
      expect((await gql('renterA', MUTATIONS.setTyping!.document, { threadId: f.threadA })).body.data).toEqual({
        setTyping: true,
      });

      expect((await control.added.next()).data).toEqual({
        messageAdded: { id: sent.body.data.sendMessage.id, content: 'Intruding' },
      });
      expect((await control.inbox.next()).data).toEqual({
        inboxChanged: { id: f.threadA, lastMessage: { content: 'Intruding' } },
      });
      expect((await control.activity.next()).data).toEqual({ threadActivity: { kind: 'TYPING', userId: f.uid.renterA } });
      // A notification for renter A, made and announced the way alerts and moderation make them.
      const { told } = await happenedNow(db.prisma, {
        type: 'search.matched',
        propertyId: f.listingA,
        tell: [{ userId: f.uid.renterA, kind: 'PRICE_DROP', texts: { title: "Price drop: Agent A's loft" } }],
      });
      const made = told?.[0];
      expect((await control.notification.next()).data).toEqual({
        notificationAdded: { id: made!.id, title: "Price drop: Agent A's loft" },
      });
      await settle(300);
      expect(control.activity.results, 'only renter A typed').toHaveLength(1);
      for (const [label, sub] of silent) expect(sub.results, `${label} heard of A's thread`).toEqual([]);
    } finally {
      await Promise.all(Object.values(sockets).map((s) => s.close()));
    }
  });

  it('lets the rightful callers do, on the same records, what the others were refused (the refusals were not about bad ids)', async () => {
    const ok = async (who: Caller | 'partner', name: string, variables: Record<string, unknown>) => {
      const r = await gql(who, MUTATIONS[name]!.document, variables);
      expect(r.body.errors, `${name} as ${who}`).toBeUndefined();
      expect(r.body.data[name], `${name} as ${who}`).toBeTruthy();
    };
    await ok('renterA', 'markThreadRead', { threadId: f.threadA });
    await ok('renterA', 'dismissRatingPrompt', { threadId: f.threadA });
    expect(await db.prisma.thread.findUniqueOrThrow({ where: { id: f.threadA } })).toMatchObject({ userRatingPromptSent: true });
    await ok('agentA', 'replyToReview', { reviewId: f.reviewA });
    await ok('agentA', 'reportReview', { reviewId: f.hiddenReviewA });
    await ok('renterB', 'reportListing', { id: f.listingA });
    await ok('renterA', 'updateSavedSearch', { id: f.savedSearchA });
    await ok('renterA', 'markSavedSearchSeen', { id: f.savedSearchA });
    await ok('renterA', 'markNotificationRead', { id: f.notificationA });
    await ok('renterA', 'deleteSavedSearch', { id: f.savedSearchA });
    await ok('agentA', 'messageAttendee', { id: f.rsvpA });
    await ok('agentA', 'confirmTour', { id: f.tourA, w: f.tourWindowA });
    await ok('renterA', 'cancelTour', { id: f.tourA });
    expect(await db.prisma.savedSearch.count({ where: { userId: f.uid.renterA } })).toBe(0);
    await ok('agentA', 'updateMyLicense', {});
    await ok('agentA', 'duplicateListing', { id: f.draftA });
    await ok('agentA', 'setListingStatus', { id: f.listingA });
    await ok('renterA', 'setListingStatus', { id: f.listingOfRenterA });
    await ok('renterA', 'unsaveProperty', { id: f.listingA });
    expect(await db.prisma.favorite.count({ where: { userId: f.uid.renterA } })).toBe(0);
    await ok('renterA', 'createListing', { input: listingInput([f.uploadA]) });
    expect((await rest('agentA', discard(f.uploadOfAgentA))).status).toBe(200);
    await ok('agentA', 'deleteListing', { id: f.draftA });
    expect(await db.prisma.property.findUnique({ where: { id: f.draftA } })).toBeNull();
    // Partner key A, on its own endpoint.
    await ok('partner', 'sendTestWebhook', { id: f.webhookA });
    await ok('partner', 'rotateWebhookSecret', { id: f.webhookA });
    await ok('partner', 'updateWebhookEndpoint', { id: f.webhookA, input: { enabled: false } });
    await ok('partner', 'deleteWebhookEndpoint', { id: f.webhookA });
    expect(await db.prisma.webhookEndpoint.count({ where: { id: f.webhookA } })).toBe(0);
  });
});
