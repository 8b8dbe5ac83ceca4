import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXECUTOR_HEADER, PLANNED } from '../../server/graphql/planned/index.js';
import { loadTrustedDocuments } from '../../server/graphql/trusted-documents.js';
import { addPhotos, createProperty } from '../factories/index.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';

// The planned path (server/graphql/planned/) answers the site's queries byte for byte as Apollo
// does, with the same SQL statements: each case is sent by its persisted text (planned at start) and
// as that text with a comment never sent before (seen once: Apollo answers it).

const ORIGIN = 'http://localhost:5173';
const DOCS = [...loadTrustedDocuments({ required: true }).texts()];
const textOf = (name: string) => {
  const found = DOCS.find((t) => new RegExp(`query ${name}\\b[ ({]`).test(t));
  if (!found) throw new Error(`no persisted query ${name}`);
  return found;
};
let once = 0;
const unseen = (text: string) => `${text}\n# planned.test ${++once}`;

interface Answer {
  status: number;
  executor: string | null;
  text: string;
  statements: number;
}

describe.each(transportBackends)('the planned path on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let renter: TestAccount;
  let agent: TestAccount;
  let listingId = '';
  let agentId = '';

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    [renter, agent] = await Promise.all([
      createAccount(db.prisma, 'renter', { firstName: 'Rae', lastName: 'Renter' }),
      createAccount(db.prisma, 'agent', { firstName: 'Ada', lastName: 'Agent' }),
    ]);
    agentId = (await db.prisma.agent.findUniqueOrThrow({ where: { userId: agent.uid } })).id;
    for (let i = 0; i < 3; i++) {
      const p = await createProperty(
        db.prisma,
        { userId: agent.uid, agentId },
        { title: `Planned loft ${i}`, locationLat: 40.7081, locationLng: -73.9571, views: 10 + i },
      );
      await addPhotos(db.prisma, p.id, 2);
      listingId = p.id;
    }
    await db.prisma.favorite.create({ data: { userId: renter.uid, propertyId: listingId } });
    app = await startTestApp(db);
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  async function send(query: string, variables: Record<string, unknown>, headers: Record<string, string>): Promise<Answer> {
    db.resetQueries();
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
      body: JSON.stringify({ query, variables }),
    });
    const text = await res.text();
    return { status: res.status, executor: res.headers.get(EXECUTOR_HEADER), text, statements: db.queries.length };
  }

  /**
   * The planned answer and Apollo's, after one warm-up (a detail page counts the visit once) and once
   * the database is quiet (a signed-in request records presence without waiting for it).
   */
  async function both(name: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) {
    const text = textOf(name);
    await send(text, variables, headers);
    await db.untilQuiet();
    const planned = await send(text, variables, headers);
    const apollo = await send(unseen(text), variables, headers);
    return { planned, apollo };
  }

  const who = (w: 'anonymous' | 'renter' | 'agent') => (w === 'anonymous' ? {} : w === 'renter' ? renter.bearer : agent.bearer);

  it.each([
    ['PropertyDetail', 'anonymous'],
    ['PropertyDetail', 'renter'],
    ['PropertyDetail', 'agent'],
  ] as const)('answers %s for %s as Apollo does, with the same statements', async (name, w) => {
    const { planned, apollo } = await both(name, { id: listingId }, who(w));
    expect(planned.executor).toBe(PLANNED);
    expect(apollo.executor).toBeNull();
    expect(planned.status).toBe(200);
    expect(JSON.parse(planned.text).errors).toBeUndefined();
    expect(planned.text).toBe(apollo.text);
    expect(planned.statements).toBe(apollo.statements);
    const data = JSON.parse(planned.text).data.property;
    // The viewer's own facts come through: the saved flag, and the numbers only its agent reads.
    expect(data.isSaved).toBe(w === 'renter');
    expect(data.views === null).toBe(w !== 'agent');
  });

  it.each([
    ['Me', {}, 'renter'],
    ['Me', {}, 'agent'],
    ['SubwayLines', {}, 'anonymous'],
    ['MyListings', {}, 'agent'],
    ['ListingStats', {}, 'agent'],
    ['Notifications', {}, 'renter'],
    ['UnreadMessagesCount', {}, 'renter'],
    ['SavedSearches', {}, 'renter'],
    ['Conversations', { first: 10 }, 'renter'],
    ['RateableAgents', {}, 'renter'],
    ['EditListing', { id: 'LISTING' }, 'agent'],
  ] as const)('answers %s as Apollo does (%o, %s)', async (name, vars, w) => {
    const variables = Object.fromEntries(
      Object.entries(vars).map(([k, v]) => [k, v === 'AGENT' ? agentId : v === 'LISTING' ? listingId : v]),
    );
    const { planned, apollo } = await both(name, variables, who(w));
    expect(apollo.executor).toBeNull();
    expect(planned.executor).toBe(PLANNED);
    expect(planned.status).toBe(apollo.status);
    expect(planned.text).toBe(apollo.text);
    expect(planned.statements).toBe(apollo.statements);
  });

  it('leaves an alias named __proto__ to Apollo, which answers it as a key of its own', async () => {
    const text = `query Proto($id: ID) { property(id: $id) { id __proto__: title } }`;
    await send(text, { id: listingId }, {});
    const again = await send(text, { id: listingId }, {});
    expect(again.executor).toBeNull();
    expect(again.status).toBe(200);
    const property = JSON.parse(again.text).data.property as Record<string, unknown>;
    expect(Object.keys(property)).toEqual(['id', '__proto__']);
    expect(Object.getOwnPropertyDescriptor(property, '__proto__')?.value).toEqual(expect.any(String));
  });

  it("leaves the agent's page to Apollo: its viewerRating reads the relation reviews beside Agent.reviews", async () => {
    // Found by planned-differential.test.ts (issue 52): planned, the viewer's 'existing review' was the
    // agent's newest review, someone else's.
    const { planned, apollo } = await both('AgentProfile', { id: agentId, first: 6, reviews: 3 }, renter.bearer);
    expect(planned.executor).toBeNull();
    expect(planned.text).toBe(apollo.text);
    expect(planned.statements).toBe(apollo.statements);
  });

  it("keeps a listing's query per viewer and per the variables its selection reads, never another's", async () => {
    const other = await createAccount(db.prisma, 'renter', { firstName: 'Otto', lastName: 'Other' });
    const text = textOf('PropertyDetail');
    const saved = async (headers: Record<string, string>) => {
      const answer = await send(text, { id: listingId }, headers);
      expect(answer.executor).toBe(PLANNED);
      return JSON.parse(answer.text).data.property.isSaved as boolean;
    };
    // In turn, each after the other: the renter saved the listing, the other renter and a visitor did not.
    for (let round = 0; round < 2; round++) {
      expect(await saved(renter.bearer)).toBe(true);
      expect(await saved(other.bearer)).toBe(false);
      expect(await saved({})).toBe(false);
    }
    // The same for a page of the search (a connection), each viewer in turn.
    const search = textOf('SearchProperties');
    const savedInSearch = async (headers: Record<string, string>) => {
      const answer = await send(search, { first: 50 }, headers);
      expect(answer.executor).toBe(PLANNED);
      const edges = JSON.parse(answer.text).data.properties.edges as Array<{ node: { id: string; isSaved: boolean } }>;
      return edges.find((e) => e.node.id === listingId)?.node.isSaved;
    };
    await send(search, { first: 50 }, {});
    for (let round = 0; round < 2; round++) {
      expect(await savedInSearch(renter.bearer)).toBe(true);
      expect(await savedInSearch(other.bearer)).toBe(false);
      expect(await savedInSearch({})).toBe(false);
    }
    // A variable below the root field changes what is selected: each value has its own query.
    const conditional = `query KeptIncludes($id: ID, $withAgent: Boolean!) { property(id: $id) { id title agent @include(if: $withAgent) { id } } }`;
    await send(conditional, { id: listingId, withAgent: true }, {});
    for (const withAgent of [true, false, true]) {
      const answer = await send(conditional, { id: listingId, withAgent }, {});
      expect(answer.executor).toBe(PLANNED);
      const apollo = await send(unseen(conditional), { id: listingId, withAgent }, {});
      expect(answer.text).toBe(apollo.text);
      expect('agent' in JSON.parse(answer.text).data.property).toBe(withAgent);
    }
  });

  it('answers a listing that is not there (null) as Apollo does', async () => {
    const { planned, apollo } = await both('PropertyDetail', { id: '00000000-0000-4000-8000-000000000000' });
    expect(planned.status).toBe(apollo.status);
    expect(planned.text).toBe(apollo.text);
    expect(JSON.parse(planned.text).data.property).toBeNull();
  });

  it("hides another agent's draft as Apollo does (the root resolver's own rule), and shows it to its agent", async () => {
    const draft = await createProperty(db.prisma, { userId: agent.uid, agentId }, { status: 'DRAFT', title: 'Hidden draft' });
    const { planned, apollo } = await both('PropertyDetail', { id: draft.id }, renter.bearer);
    expect(planned.executor).toBe(PLANNED);
    expect(planned.text).toBe(apollo.text);
    expect(planned.text).not.toContain('Hidden draft');
    const own = await both('PropertyDetail', { id: draft.id }, agent.bearer);
    expect(own.planned.executor).toBe(PLANNED);
    expect(own.planned.text).toBe(own.apollo.text);
    expect(own.planned.text).toContain('Hidden draft');
  });

  it('leaves mutations to Apollo, even sent twice', async () => {
    for (let i = 0; i < 2; i++) {
      const answered = await send('mutation Read { markAllNotificationsRead }', {}, renter.bearer);
      expect(answered.executor).toBeNull();
      expect(JSON.parse(answered.text).data.markAllNotificationsRead).toBe(0);
    }
  });
});
