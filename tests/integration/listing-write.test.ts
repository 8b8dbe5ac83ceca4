import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneOrphanUploads } from '../../server/modules/uploads/prune.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { listingInput } from '../factories/listing-input.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const ORIGIN = 'http://localhost:5173';

const FIELDS =
  'id slug title status price noFee totalMoveInCost brokerFeePayer petFee parkingFee viewerCanManage otherFees { label amount frequency } photos { url position placeholder } openHouses { startsAt endsAt } priceHistory { oldPrice newPrice }';
const CREATE = `mutation C($input: ListingInput!, $status: ListingStatus) { createListing(input: $input, status: $status) { ${FIELDS} } }`;
const UPDATE = `mutation U($id: ID!, $input: ListingInput!, $status: ListingStatus) { updateListing(id: $id, input: $input, status: $status) { ${FIELDS} } }`;
const STATUS = 'mutation S($id: ID!, $status: ListingStatus!) { setListingStatus(id: $id, status: $status) { id status } }';
const DUPLICATE = 'mutation D($id: ID!) { duplicateListing(id: $id) { id title status photos { url } } }';
const DELETE = 'mutation X($id: ID!) { deleteListing(id: $id) { id } }';
const MINE =
  'query M($status: MyListingsStatus, $search: String, $sort: MyListingsSort, $page: Int) { myListings(status: $status, search: $search, sort: $sort, page: $page) { totalCount page pageCount items { id title price status views } } }';
const STATS = '{ listingStats { totalListings totalViews totalInquiries occupancyRate } }';

/** A complete, valid listing (SPEC part 3 fields), with every optional part filled in. */
const OPEN_HOUSE_STARTS = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 7 * 86_400_000).toISOString();

function listing(overrides: Record<string, unknown> = {}) {
  return listingInput({
    bathrooms: 1.5,
    utilitiesIncluded: ['WATER', 'HEAT'],
    petPolicy: 'PETS_ALLOWED',
    petFee: 50,
    petDeposit: 300,
    petTypesAllowed: ['CATS'],
    parkingFee: 150,
    buildingAmenities: ['ELEVATOR'],
    amenities: ['Roof access'],
    unitFeatures: ['HARDWOOD_FLOORS'],
    flooringType: 'WOOD',
    appliancesIncluded: ['DISHWASHER'],
    hvac: 'RADIATOR',
    virtualTourUrl: 'https://tours.example.com/123',
    // A week ahead, on the hour: a new open house must be to come (issue 59 item 7).
    openHouses: [{ startsAt: OPEN_HOUSE_STARTS, endsAt: new Date(Date.parse(OPEN_HOUSE_STARTS) + 3_600_000).toISOString() }],
    ...overrides,
  });
}

describe.each(backends)('posting and managing listings on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let owner: TestAccount;
  let stranger: TestAccount;
  let agent: TestAccount;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = await startTestApp(db);
    owner = await createAccount(db.prisma, 'renter', { firstName: 'Olive', lastName: 'Owner' });
    stranger = await createAccount(db.prisma, 'renter', { firstName: 'Sam', lastName: 'Stranger' });
    agent = await createAccount(db.prisma, 'agent', { firstName: 'Avery', lastName: 'Agent' });
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const gql = async (query: string, variables: Record<string, unknown>, who: TestAccount | null) => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...(who ? who.bearer : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as Body;
  };
  const rest = async (method: string, path: string, who: TestAccount | null, body?: unknown) => {
    const res = await fetch(`${app.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...(who ? who.bearer : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as Body };
  };

  /** Photos the account uploaded (rows as POST /api/uploads makes them), with files in storage. */
  async function uploaded(who: TestAccount, n: number) {
    const urls: string[] = [];
    for (let i = 0; i < n; i++) {
      const key = `listings/${who.uid}/test/${Date.now()}-${i}-photo.webp`;
      const thumbKey = key.replace('.webp', '-thumb.webp');
      const big = await app.storage.put(key, Buffer.from('big'), 'image/webp');
      const thumb = await app.storage.put(thumbKey, Buffer.from('thumb'), 'image/webp');
      await db.prisma.upload.create({
        data: {
          ownerId: who.uid,
          draftId: 'test',
          storageKey: key,
          thumbnailKey: thumbKey,
          url: big.url,
          thumbnailUrl: thumb.url,
          width: 1600,
          height: 1200,
          placeholder: 'AAAA',
          contentType: 'image/webp',
          bytes: 3,
        },
      });
      urls.push(big.url);
    }
    return urls;
  }

  async function published(who: TestAccount, overrides: Record<string, unknown> = {}) {
    const photos = (await uploaded(who, 1)).map((url) => ({ url }));
    const r = await gql(CREATE, { input: listing({ photos, ...overrides }) }, who);
    expect(r.errors).toBeUndefined();
    return r.data.createListing as { id: string; slug: string };
  }

  it('creates a published listing from the form fields, with its photos, open houses and first price', async () => {
    const photos = (await uploaded(owner, 3)).map((url) => ({ url }));
    const r = await gql(
      CREATE,
      {
        input: listing({
          photos,
          otherFees: [
            { label: 'Amenity fee', amount: 75, frequency: 'MONTHLY' },
            { label: 'Move-in fee', amount: 200, frequency: 'ONE_TIME' },
          ],
        }),
      },
      owner,
    );
    expect(r.errors).toBeUndefined();
    const l = r.data.createListing;
    expect(l).toMatchObject({ status: 'ACTIVE', price: 3800, noFee: true, viewerCanManage: true, petFee: 50, parkingFee: null });
    // Move-in: rent + deposit + application + the one-time fee (no broker fee: nobody pays one).
    expect(l.totalMoveInCost).toBe(3800 + 3800 + 20 + 200);
    expect(l.otherFees).toHaveLength(2);
    expect(l.photos.map((p: { url: string; position: number }) => [p.url, p.position])).toEqual(photos.map((p, i) => [p.url, i]));
    expect(l.photos[0].placeholder).toBe('AAAA');
    expect(l.openHouses).toHaveLength(1);
    expect(l.priceHistory).toEqual([{ oldPrice: null, newPrice: 3800 }]);
    expect(l.slug).toMatch(/^sunny-two-bedroom-in-williamsburg-[0-9a-f]{6}$/);
    // It is in the public search.
    const search = await gql('{ properties(filter: { search: "Sunny two-bedroom" }) { edges { node { id } } } }', {}, null);
    expect(search.data.properties.edges.map((e: { node: { id: string } }) => e.node.id)).toContain(l.id);
  });

  it("counts the tenant's broker fee in the move-in total and drops it from 'No fee'", async () => {
    const r = await gql(CREATE, { input: listing({ brokerFee: 4000, brokerFeePayer: 'TENANT' }), status: 'DRAFT' }, owner);
    expect(r.data.createListing).toMatchObject({ noFee: false, totalMoveInCost: 3800 + 3800 + 20 + 4000 });
    const landlord = await gql(
      CREATE,
      { input: listing({ brokerFee: 4000, brokerFeePayer: 'LANDLORD' }), status: 'DRAFT' },
      owner,
    );
    expect(landlord.data.createListing).toMatchObject({ noFee: true, totalMoveInCost: 3800 + 3800 + 20 });
  });

  it("answers the form's messages per field, and refuses what the form refuses", async () => {
    const r = await gql(
      CREATE,
      { input: listing({ price: 0, bedrooms: -1, sqft: -5, availableDate: '' }), status: 'DRAFT' },
      owner,
    );
    expect(r.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const fields = Object.fromEntries(
      r.errors[0].extensions.fields.map((f: { path: string; message: string }) => [f.path, f.message]),
    );
    expect(fields).toMatchObject({
      price: 'Price must be greater than 0',
      bedrooms: 'Bedrooms must be 0 or more',
      sqft: 'Square footage must be positive',
      availableDate: 'Available date is required',
    });
    const hood = await gql(
      CREATE,
      { input: listing({ borough: 'QUEENS', neighborhood: 'Williamsburg' }), status: 'DRAFT' },
      owner,
    );
    expect(hood.errors[0].message).toBe('neighborhood: Choose a neighborhood of Queens');
    const eleven = await gql(
      CREATE,
      { input: listing({ photos: Array.from({ length: 11 }, (_, i) => ({ url: `/media/x/${i}.jpg` })) }), status: 'DRAFT' },
      owner,
    );
    expect(eleven.errors[0].message).toMatch(/at most 10 photos/);
    expect(await db.prisma.property.count({ where: { price: 0 } })).toBe(0);
  });

  it('answers bad dates and control characters with BAD_USER_INPUT (400), never a 500', async () => {
    for (const [input, message] of [
      [{ availableDate: '2026-02-30' }, 'availableDate: Available date must be a real date'],
      [{ availableDate: '2026-99-99' }, 'availableDate: Available date must be a real date'],
      [
        { openHouses: [{ startsAt: '-271821-04-20T00:00:00Z' }] },
        'openHouses.0.startsAt: Open house start must be a date and time',
      ],
      [
        { openHouses: [{ startsAt: '+275760-09-13T00:00:00Z' }] },
        'openHouses.0.startsAt: Open house start must be a date and time',
      ],
      [
        { openHouses: [{ startsAt: '2026-12-01T10:00:00Z', endsAt: '2026-12-03T10:00:00Z' }] },
        'openHouses.0.endsAt: An open house lasts at most a day',
      ],
      [{ description: 'a\u001b[31mred' }, 'description: Description must not contain control characters'],
    ] as const) {
      const r = await gql(CREATE, { input: listing(input), status: 'DRAFT' }, owner);
      expect(r.errors?.[0]?.extensions?.code, JSON.stringify(input)).toBe('BAD_USER_INPUT');
      expect(r.errors[0].message).toBe(message);
    }
    const rest400 = await rest('POST', '/api/properties', owner, {
      ...listing({ availableDate: '2026-99-99' }),
      status: 'draft',
    });
    expect(rest400.status).toBe(400);
    // An open house that is not an object or a date (the fuzz suite found a null crashing the shim).
    for (const openHouses of [[null], [42], [true]]) {
      const r = await rest('POST', '/api/properties', owner, { ...listing(), openHouses, status: 'draft' });
      expect(r.status, JSON.stringify(openHouses)).toBe(400);
    }
    // Tabs and line breaks are text.
    const ok = await gql(CREATE, { input: listing({ description: 'Line one\nLine two\twith a tab' }), status: 'DRAFT' }, owner);
    expect(ok.errors).toBeUndefined();
  });

  it('drops the conditional fields when their condition is off (pet fee without pets, parking fee without parking)', async () => {
    const r = await gql(
      CREATE,
      { input: listing({ petPolicy: 'NO_PETS', petFee: 50, parking: 'STREET', parkingFee: 99 }), status: 'DRAFT' },
      owner,
    );
    expect(r.data.createListing).toMatchObject({ petFee: null, parkingFee: null });
  });

  it('refuses to publish a listing that refuses rental assistance, naming the phrase; a draft may keep it', async () => {
    const photos = (await uploaded(owner, 1)).map((url) => ({ url }));
    for (const [field, text, phrase] of [
      ['description', 'Lovely flat. No vouchers please.', 'No vouchers'],
      ['description', 'Sorry, no Section 8.', 'no Section 8'],
      ['title', 'Great deal - no programs', 'no programs'],
      ['description', 'Income restrictions apply to programs.', 'Income restrictions apply to programs'],
    ] as const) {
      const r = await gql(CREATE, { input: listing({ photos, [field]: text }) }, owner);
      expect(r.errors?.[0]?.message, text).toContain(`"${phrase}"`);
      expect(r.errors[0].message).toMatch(/Source-of-income discrimination is illegal in New York City/);
      expect(r.errors[0].extensions.fields[0].path).toBe(field);
    }
    const draft = await gql(CREATE, { input: listing({ photos, description: 'No vouchers please.' }), status: 'DRAFT' }, owner);
    expect(draft.data.createListing.status).toBe('DRAFT');
    const activate = await gql(STATUS, { id: draft.data.createListing.id, status: 'ACTIVE' }, owner);
    expect(activate.errors[0].message).toContain('"No vouchers"');
    // Mentioning that vouchers ARE accepted is fine.
    const welcome = await gql(
      CREATE,
      {
        input: listing({
          photos: (await uploaded(owner, 1)).map((url) => ({ url })),
          description: 'All vouchers and Section 8 welcome. No smoking, no pets over 50 lb.',
        }),
      },
      owner,
    );
    expect(welcome.errors).toBeUndefined();
  });

  it("publishes without photos (the card says 'No photos'), and only with the viewer's own uploads", async () => {
    const none = await gql(CREATE, { input: listing() }, owner);
    expect(none.errors).toBeUndefined();
    expect(
      await db.prisma.property.findUniqueOrThrow({ where: { id: none.data.createListing.id }, select: { status: true } }),
    ).toEqual({
      status: 'ACTIVE',
    });
    const theirs = await uploaded(stranger, 1);
    const borrowed = await gql(CREATE, { input: listing({ photos: [{ url: theirs[0] }] }) }, owner);
    expect(borrowed.errors[0].message).toMatch(/photo was not found/);
  });

  it("takes SPEC part 7's create body as documented: borough and neighborhood from location (or the address), no photos needed; PATCH too", async () => {
    // Exactly the keys SPEC part 7 lists for POST /api/properties (no borough, no neighborhood).
    const documented = (over: Record<string, unknown> = {}) => ({
      title: 'Documented two-bedroom',
      address: '210 Bedford Avenue',
      description: 'Sent as SPEC part 7 shows it.',
      bedrooms: 2,
      bathrooms: 1,
      propertyType: 'Apartment',
      listingType: 'For Rent',
      price: 3600,
      leaseTerm: '1 Year',
      availableDate: '2030-07-01',
      photos: [],
      images: [],
      amenities: [],
      unitFeatures: [],
      securityDeposit: 3600,
      applicationFee: 20,
      brokerFee: null,
      utilitiesIncluded: [],
      petPolicy: 'No Pets',
      petFee: null,
      petDeposit: null,
      petTypesAllowed: [],
      smoking: 'No Smoking',
      parking: 'Street',
      status: 'active',
      location: { lat: 40.7172, lng: -73.9577 },
      media: [],
      policies: {
        petPolicy: 'No Pets',
        smokingPolicy: 'No Smoking',
        parking: 'Street',
        leaseTerm: '1 Year',
        utilitiesIncluded: [],
      },
      pricing: { monthlyRent: 3600, securityDeposit: 3600, applicationFee: 20, brokerFee: null },
      ...over,
    });
    const created = await rest('POST', '/api/properties', owner, documented());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ borough: 'Brooklyn', neighborhood: 'Williamsburg', status: 'active', photos: [] });
    const row = await db.prisma.property.findUniqueOrThrow({ where: { id: created.body.id } });
    expect([row.borough, row.neighborhood, row.status, row.brokerFeePayer]).toEqual([
      'BROOKLYN',
      'Williamsburg',
      'ACTIVE',
      'NO_FEE',
    ]);

    // No map point: the address names the neighborhood.
    const byAddress = await rest(
      'POST',
      '/api/properties',
      owner,
      documented({ location: null, address: '26-26 31st Street, Astoria, NY 11102' }),
    );
    expect(byAddress.status, JSON.stringify(byAddress.body)).toBe(201);
    expect(byAddress.body).toMatchObject({ borough: 'Queens', neighborhood: 'Astoria' });

    // Nothing places it: the schema's own message.
    const nowhere = await rest('POST', '/api/properties', owner, documented({ location: null, address: '1 Main Street' }));
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.error).toBe('borough: Choose a borough');

    // PATCH with the same body, moved to Astoria's map point.
    const moved = await rest(
      'PATCH',
      `/api/properties/${created.body.id}`,
      owner,
      documented({ location: { lat: 40.7644, lng: -73.9235 } }),
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ borough: 'Queens', neighborhood: 'Astoria' });
  });

  it('never assumes who pays the broker fee (FARE Act): a fee needs its payer; without a fee a published listing is no-fee', async () => {
    const input = listing();
    delete (input as Record<string, unknown>).brokerFeePayer;
    const withFee = await gql(CREATE, { input: { ...input, brokerFee: 2500 } }, owner);
    expect(withFee.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(withFee.errors[0].message).toBe('brokerFeePayer: Say who pays the broker fee');
    const restBody = { ...input, brokerFee: 2500, location: { lat: 40.7081, lng: -73.9571 } };
    const viaRest = await rest('POST', '/api/properties', owner, restBody);
    expect(viaRest.status).toBe(400);
    expect(viaRest.body.error).toBe('brokerFeePayer: Say who pays the broker fee');

    const noFee = await gql(CREATE, { input }, owner);
    expect(noFee.errors).toBeUndefined();
    const live = await db.prisma.property.findUniqueOrThrow({ where: { id: noFee.data.createListing.id } });
    expect([live.brokerFeePayer, live.brokerFee]).toEqual(['NO_FEE', null]);

    // A draft may leave it open (the form asks before it goes live); publishing it makes it no-fee.
    const draft = await gql(CREATE, { input, status: 'DRAFT' }, owner);
    const id = draft.data.createListing.id as string;
    expect((await db.prisma.property.findUniqueOrThrow({ where: { id } })).brokerFeePayer).toBeNull();
    expect((await gql(STATUS, { id, status: 'ACTIVE' }, owner)).errors).toBeUndefined();
    expect((await db.prisma.property.findUniqueOrThrow({ where: { id } })).brokerFeePayer).toBe('NO_FEE');

    const tenantPays = await gql(CREATE, { input: { ...input, brokerFee: 2500, brokerFeePayer: 'TENANT' } }, owner);
    const paid = await db.prisma.property.findUniqueOrThrow({ where: { id: tenantPays.data.createListing.id } });
    expect([paid.brokerFeePayer, paid.brokerFee]).toEqual(['TENANT', 2500]);
  });

  it("refuses every write to someone else's listing (403 / FORBIDDEN) and changes nothing; anonymous is UNAUTHENTICATED", async () => {
    const mine = await published(owner, { title: 'Owner only loft' });
    const before = await db.prisma.property.findUniqueOrThrow({ where: { id: mine.id } });
    const attempts = [
      await gql(UPDATE, { id: mine.id, input: listing({ title: 'Hijacked' }) }, stranger),
      await gql(STATUS, { id: mine.id, status: 'INACTIVE' }, stranger),
      await gql(DUPLICATE, { id: mine.id }, stranger),
      await gql(DELETE, { id: mine.id }, stranger),
    ];
    for (const a of attempts) expect(a.errors[0].extensions.code).toBe('FORBIDDEN');
    for (const a of [await gql(UPDATE, { id: mine.id, input: listing() }, null), await gql(DELETE, { id: mine.id }, null)]) {
      expect(a.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    }
    expect((await rest('PATCH', `/api/properties/${mine.id}`, stranger, { title: 'Hijacked' })).status).toBe(403);
    const status = await rest('PATCH', `/api/properties/${mine.id}/status`, stranger, { status: 'inactive' });
    expect(status.status).toBe(403);
    expect(status.body.error).toBe('You can only change your own listings.');
    expect((await rest('DELETE', `/api/properties/${mine.id}`, stranger)).status).toBe(403);
    expect((await rest('DELETE', `/api/properties/${mine.id}`, null)).status).toBe(401);
    const after = await db.prisma.property.findUniqueOrThrow({ where: { id: mine.id } });
    expect(after).toEqual(before);
    expect(await db.prisma.property.count({ where: { title: { contains: 'Owner only loft' } } })).toBe(1);
  });

  it("answers NOT_FOUND (404), as for a missing id, for a write to someone else's listing they may not see", async () => {
    const MISSING = '00000000-0000-4000-8000-000000000000';
    const hidden = await published(owner, { title: 'Hidden by moderation' });
    await db.prisma.property.update({ where: { id: hidden.id }, data: { hiddenAt: new Date() } });
    const inactive = await published(owner, { title: 'Taken off the market' });
    await db.prisma.property.update({ where: { id: inactive.id }, data: { status: 'INACTIVE' } });
    const draft = (await gql(CREATE, { input: listing({ title: 'Not yet out' }), status: 'DRAFT' }, owner)).data.createListing;
    const before = await db.prisma.property.findMany({ where: { ownerId: owner.uid }, orderBy: { id: 'asc' } });

    // Every write, through GraphQL and REST, with what it answers (the code and words, or the status and body).
    const answers = async (id: string) => {
      const graphql = [
        await gql(UPDATE, { id, input: listing({ title: 'Hijacked' }) }, stranger),
        await gql(STATUS, { id, status: 'INACTIVE' }, stranger),
        await gql(DUPLICATE, { id }, stranger),
        await gql(DELETE, { id }, stranger),
        await gql('query A($id: ID!) { listingAffectedPeople(id: $id) { id } }', { id }, stranger),
      ].map((a) => [a.errors?.[0]?.extensions?.code, a.errors?.[0]?.message]);
      const rests = [
        await rest('PATCH', `/api/properties/${id}`, stranger, { title: 'Hijacked' }),
        await rest('PATCH', `/api/properties/${id}/status`, stranger, { status: 'inactive' }),
        await rest('DELETE', `/api/properties/${id}`, stranger),
      ].map((r) => [r.status, r.body]);
      return { graphql, rests };
    };
    const missing = await answers(MISSING);
    for (const [code] of missing.graphql) expect(code).toBe('NOT_FOUND');
    for (const [status] of missing.rests) expect(status).toBe(404);
    // The same answer as a missing id, so nobody can tell such a listing from none.
    for (const id of [hidden.id, inactive.id, draft.id]) expect(await answers(id), id).toEqual(missing);
    expect(await db.prisma.property.findMany({ where: { ownerId: owner.uid }, orderBy: { id: 'asc' } })).toEqual(before);

    // Its owner still manages the hidden listing.
    expect((await gql(STATUS, { id: hidden.id, status: 'INACTIVE' }, owner)).data.setListingStatus.status).toBe('INACTIVE');
  });

  it('lets the listing agent manage a listing too', async () => {
    const agentRow = await db.prisma.agent.findUniqueOrThrow({ where: { userId: agent.uid } });
    const mine = await published(owner, { title: 'Agent managed' });
    await db.prisma.property.update({ where: { id: mine.id }, data: { agentId: agentRow.id } });
    expect((await gql(STATUS, { id: mine.id, status: 'INACTIVE' }, agent)).data.setListingStatus.status).toBe('INACTIVE');
  });

  it('records each price change of a live listing in its history; edits of a draft do not', async () => {
    const l = await published(owner);
    const photos = (await db.prisma.propertyPhoto.findMany({ where: { propertyId: l.id } })).map((p) => ({ url: p.url }));
    await gql(UPDATE, { id: l.id, input: listing({ photos, price: 3650 }) }, owner);
    const r = await gql(UPDATE, { id: l.id, input: listing({ photos, price: 3600 }) }, owner);
    expect(r.data.updateListing.priceHistory).toEqual([
      { oldPrice: null, newPrice: 3800 },
      { oldPrice: 3800, newPrice: 3650 },
      { oldPrice: 3650, newPrice: 3600 },
    ]);
    const draft = await gql(CREATE, { input: listing(), status: 'DRAFT' }, owner);
    const edited = await gql(UPDATE, { id: draft.data.createListing.id, input: listing({ price: 4000 }) }, owner);
    expect(edited.data.updateListing.priceHistory).toEqual([]);
    // A draft cannot be deactivated through an edit either.
    const inactive = await gql(UPDATE, { id: draft.data.createListing.id, input: listing(), status: 'INACTIVE' }, owner);
    expect(inactive.errors[0].message).toBe('A draft cannot be deactivated: publish it first.');
  });

  it('records the first price when a draft goes live, and a price edited while inactive when it comes back', async () => {
    const [photo] = await uploaded(owner, 1);
    const draft = (await gql(CREATE, { input: listing({ photos: [{ url: photo }], price: 3000 }), status: 'DRAFT' }, owner)).data
      .createListing;
    await gql(STATUS, { id: draft.id, status: 'ACTIVE' }, owner);
    await gql(STATUS, { id: draft.id, status: 'INACTIVE' }, owner);
    await gql(UPDATE, { id: draft.id, input: listing({ photos: [{ url: photo }], price: 2900 }) }, owner);
    await gql(STATUS, { id: draft.id, status: 'ACTIVE' }, owner);
    const r = await gql(`query P($id: ID) { property(id: $id) { priceHistory { oldPrice newPrice } } }`, { id: draft.id }, owner);
    expect(r.data.property.priceHistory).toEqual([
      { oldPrice: null, newPrice: 3000 },
      { oldPrice: 3000, newPrice: 2900 },
    ]);
  });

  it('deactivates, reactivates and duplicates; a duplicate is a draft with the same photos', async () => {
    const l = await published(owner, { title: 'Flip flop' });
    expect((await rest('PATCH', `/api/properties/${l.id}/status`, owner, { status: 'inactive' })).body).toEqual({
      id: l.id,
      status: 'inactive',
    });
    expect((await db.prisma.property.findUniqueOrThrow({ where: { id: l.id } })).deactivatedAt).not.toBeNull();
    expect((await gql(STATUS, { id: l.id, status: 'ACTIVE' }, owner)).data.setListingStatus.status).toBe('ACTIVE');
    const copy = (await gql(DUPLICATE, { id: l.id }, owner)).data.duplicateListing;
    expect(copy).toMatchObject({ title: 'Flip flop (copy)', status: 'DRAFT' });
    expect(copy.photos).toHaveLength(1);
    const bad = await rest('PATCH', `/api/properties/${copy.id}/status`, owner, { status: 'inactive' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Only an active listing can be deactivated.');
  });

  it('deletes a listing and its photos from storage (unless a duplicate still shows them); threads and reviews stay', async () => {
    const l = await published(owner, { title: 'Going away' });
    const photo = await db.prisma.propertyPhoto.findFirstOrThrow({ where: { propertyId: l.id } });
    const thread = await db.prisma.thread.create({ data: { propertyId: l.id, renterId: stranger.uid, agentUserId: owner.uid } });
    const copy = (await gql(DUPLICATE, { id: l.id }, owner)).data.duplicateListing;
    expect((await gql(DELETE, { id: l.id }, owner)).data.deleteListing.id).toBe(l.id);
    expect(await app.storage.get(photo.storageKey!)).not.toBeNull(); // the copy still shows it
    expect((await rest('DELETE', `/api/properties/${copy.id}`, owner)).body).toEqual({ ok: true, id: copy.id });
    expect(await app.storage.get(photo.storageKey!)).toBeNull();
    expect(await app.storage.get(photo.thumbnailKey!)).toBeNull();
    const kept = await db.prisma.thread.findUniqueOrThrow({ where: { id: thread.id } });
    expect(kept.propertyId).toBeNull();
  });

  describe('the manage screen', () => {
    let manager: TestAccount;
    beforeAll(async () => {
      manager = await createAccount(db.prisma, 'renter');
      const photos = (await uploaded(manager, 1)).map((url) => ({ url }));
      for (let i = 0; i < 11; i++) {
        const r = await gql(
          CREATE,
          {
            input: listing({
              title: `Manage ${i} ${i % 2 ? 'Loft' : 'Flat'}`,
              address: `${10 + i} Grand Street`,
              price: 2000 + i * 100,
              photos,
            }),
            status: i < 8 ? 'ACTIVE' : 'DRAFT',
          },
          manager,
        );
        expect(r.errors).toBeUndefined();
      }
      const all = await db.prisma.property.findMany({ where: { ownerId: manager.uid }, orderBy: { price: 'asc' } });
      await db.prisma.property.update({ where: { id: all[0]!.id }, data: { views: 40, inquiriesCount: 3 } });
      await db.prisma.property.update({ where: { id: all[1]!.id }, data: { views: 10, inquiriesCount: 1, status: 'INACTIVE' } });
      await db.prisma.favorite.create({
        data: { userId: manager.uid, propertyId: (await published(owner, { title: 'Saved by the manager' })).id },
      });
    });

    it('pages 9 at a time, newest first, with tabs, search and sorts', async () => {
      const first = (await gql(MINE, {}, manager)).data.myListings;
      expect(first).toMatchObject({ totalCount: 11, page: 1, pageCount: 2 });
      expect(first.items).toHaveLength(9);
      expect((await gql(MINE, { page: 2 }, manager)).data.myListings.items).toHaveLength(2);
      expect((await gql(MINE, { status: 'DRAFT' }, manager)).data.myListings.totalCount).toBe(3);
      expect((await gql(MINE, { status: 'ACTIVE' }, manager)).data.myListings.totalCount).toBe(7);
      expect((await gql(MINE, { status: 'INACTIVE' }, manager)).data.myListings.totalCount).toBe(1);
      expect(
        (await gql(MINE, { status: 'SAVED' }, manager)).data.myListings.items.map((i: { title: string }) => i.title),
      ).toEqual(['Saved by the manager']);
      expect((await gql(MINE, { search: 'loft' }, manager)).data.myListings.totalCount).toBe(5);
      expect(
        (await gql(MINE, { search: '12 GRAND' }, manager)).data.myListings.items.map((i: { title: string }) => i.title),
      ).toEqual(['Manage 2 Flat']);
      const cheap = (await gql(MINE, { sort: 'PRICE_ASC' }, manager)).data.myListings.items.map(
        (i: { price: number }) => i.price,
      );
      expect(cheap).toEqual([...cheap].sort((a, b) => a - b));
      expect((await gql(MINE, { sort: 'VIEWS' }, manager)).data.myListings.items[0].views).toBe(40);
      // Someone else sees only their own.
      expect(
        (await gql(MINE, {}, stranger)).data.myListings.items.every((i: { title: string }) => !i.title.startsWith('Manage')),
      ).toBe(true);
    });

    it('reads a page in three SQL statements (the viewer, the rows with their photos, the count) and the stats in two', async () => {
      const data = (qs: string[]) => qs.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|SET|DEALLOCATE)/i.test(q.trim()));
      db.resetQueries();
      await gql('{ myListings { totalCount items { id title photos { url } } } }', {}, manager);
      expect(data(db.queries)).toHaveLength(3);
      db.resetQueries();
      await gql(STATS, {}, manager);
      expect(data(db.queries)).toHaveLength(2);
    });

    it('computes the four numbers on the server (occupancy: inactive among published)', async () => {
      const stats = (await gql(STATS, {}, manager)).data.listingStats;
      expect(stats).toEqual({ totalListings: 11, totalViews: 50, totalInquiries: 4, occupancyRate: 12.5 });
      const r = await rest('GET', `/api/listings/stats?user_id=${manager.uid}`, manager);
      expect(r.body).toEqual({ total_listings: 11, total_views: 50, total_inquiries: 4, occupancy_rate: 12.5 });
      expect((await rest('GET', `/api/listings/stats?user_id=${manager.uid}`, stranger)).status).toBe(403);
      expect((await rest('GET', '/api/listings/stats', null)).status).toBe(401);
    });

    it('answers GET /api/me/listings with {items}, its status filter (pending is draft), and 401 signed out', async () => {
      const all = await rest('GET', '/api/me/listings?nocache=1', manager);
      expect(all.body.items).toHaveLength(11);
      expect(all.body.items[0]).toHaveProperty('address_full');
      expect((await rest('GET', '/api/me/listings?status=pending', manager)).body.items).toHaveLength(3);
      expect((await rest('GET', '/api/me/listings', null)).status).toBe(401);
    });
  });

  it('prunes uploads a week old that no listing shows, with their files; attached ones stay', async () => {
    const [orphanUrl] = await uploaded(stranger, 1);
    const shown = await published(stranger, { title: 'Shown photo' });
    const attached = await db.prisma.propertyPhoto.findFirstOrThrow({ where: { propertyId: shown.id } });
    const orphan = await db.prisma.upload.findUniqueOrThrow({ where: { url: orphanUrl } });
    const eightDaysLater = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    const removed = await pruneOrphanUploads(db.prisma, app.storage, eightDaysLater);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await db.prisma.upload.findUnique({ where: { url: orphanUrl } })).toBeNull();
    expect(await app.storage.get(orphan.storageKey)).toBeNull();
    expect(await app.storage.get(orphan.thumbnailKey)).toBeNull();
    expect(await db.prisma.upload.findUnique({ where: { storageKey: attached.storageKey! } })).not.toBeNull();
    expect(await app.storage.get(attached.storageKey!)).not.toBeNull();
    // A recent orphan stays.
    const [fresh] = await uploaded(stranger, 1);
    await pruneOrphanUploads(db.prisma, app.storage);
    expect(await db.prisma.upload.findUnique({ where: { url: fresh } })).not.toBeNull();
  });

  it('accepts the documented REST bodies: labels, nested pricing and policies, location or null, images', async () => {
    const [photo] = await uploaded(owner, 1);
    const created = await rest('POST', '/api/properties', owner, {
      title: 'REST loft',
      address: '55 Water Street',
      neighborhood: 'DUMBO',
      description: 'Views of the bridge',
      bedrooms: '1',
      bathrooms: 1,
      propertyType: 'Loft',
      listingType: 'For Rent',
      price: 4100,
      leaseTerm: '1 Year',
      availableDate: '2027-01-01',
      images: [photo],
      amenities: [],
      unitFeatures: ['Hardwood Floors'],
      utilitiesIncluded: ['Heat', 'Water'],
      smoking: 'No Smoking',
      status: 'active',
      location: null,
      policies: {
        petPolicy: 'Pets Allowed',
        petFee: 40,
        petDeposit: 0,
        petTypesAllowed: ['Cats'],
        smokingPolicy: 'No Smoking',
        parking: 'Street',
        leaseTerm: '1 Year',
        utilitiesIncluded: ['Heat'],
      },
      pricing: { monthlyRent: 4100, securityDeposit: 4100, applicationFee: 20, brokerFee: 0 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'REST loft',
      borough: 'Brooklyn',
      neighborhood: 'DUMBO',
      propertyType: 'Loft',
      petPolicy: 'Pets Allowed',
      petFee: 40,
      parking: 'Street',
      smokingPolicy: 'No Smoking',
      securityDeposit: 4100,
      location: null,
      status: 'active',
      images: [photo],
    });
    const patched = await rest('PATCH', `/api/properties/${created.body.id}`, owner, {
      ...created.body,
      title: 'REST loft, renovated',
      images: [photo],
      status: 'draft',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: 'REST loft, renovated', status: 'draft' });
    const invalid = await rest('POST', '/api/properties', owner, { title: 'x', price: 'lots' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('BAD_USER_INPUT');
  });
});
