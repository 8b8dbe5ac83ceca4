import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPhotos, createAgent, createProperty, createUser, dayIn } from '../factories/index.js';
import { signUpInEmulator } from '../setup/identity.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';

type Item = Record<string, unknown> & {
  id: string;
  title: string;
  agent: Record<string, unknown> | null;
  policies: Record<string, unknown>;
  pricing: Record<string, unknown>;
};

describe.each(transportBackends)('REST shims of listings, agents and saved listings on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let agentId: string;
  let agentUserId: string;
  let loft: { id: string; slug: string };
  let draft: { id: string };
  let renter: { uid: string; idToken: string };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const { user, agent } = await createAgent(db.prisma, {
      user: {
        firstName: 'Maya',
        lastName: 'Lopez',
        email: 'maya@example.com',
        photoUrl: '/media/avatars/maya.jpg',
        phone: '+12125550111',
      },
      agent: {
        rating: 4.75,
        reviewCount: 2,
        yearsExperience: 9,
        propertiesSold: 31,
        license: 'NY-778',
        agency: 'Bridge Realty',
        specialties: ['Lofts'],
      },
    });
    agentId = agent.id;
    agentUserId = user.id;
    const owner = { userId: user.id, agentId: agent.id };
    const base = Date.parse('2026-07-01T12:00:00Z');
    loft = await createProperty(db.prisma, owner, {
      title: 'Industrial Loft with Skyline Views',
      description: 'Open plan with 14 ft ceilings.',
      address: '88 Bedford Avenue',
      neighborhood: 'Williamsburg',
      borough: 'BROOKLYN',
      price: 4200,
      originalPrice: 4500,
      bedrooms: 2,
      bathrooms: 1.5,
      sqft: 1100,
      propertyType: 'LOFT',
      petPolicy: 'PETS_ALLOWED',
      petTypesAllowed: ['CATS', 'DOGS'],
      petFee: 50,
      petDeposit: 500,
      smokingPolicy: 'NO_SMOKING',
      parking: 'NO_PARKING',
      securityDeposit: 4200,
      applicationFee: 20,
      brokerFee: 4200,
      amenities: ['Roof access'],
      buildingAmenities: ['ELEVATOR', 'BIKE_STORAGE'],
      utilitiesIncluded: ['HEAT', 'WATER'],
      laundry: 'IN_BUILDING',
      views: 77,
      inquiriesCount: 4,
      createdAt: new Date(base + 3 * 3_600_000),
    });
    await addPhotos(db.prisma, loft.id, 3);
    await createProperty(db.prisma, owner, {
      title: 'Sunny Studio near the Park',
      address: '210 West 85th Street',
      neighborhood: 'Upper West Side',
      borough: 'MANHATTAN',
      price: 2450,
      bedrooms: 0,
      propertyType: 'STUDIO',
      createdAt: new Date(base + 2 * 3_600_000),
    });
    await createProperty(db.prisma, owner, {
      title: 'Cat-friendly 1BR in Astoria',
      address: '21-10 Ditmars Boulevard',
      neighborhood: 'Astoria',
      borough: 'QUEENS',
      price: 2300,
      petPolicy: 'PETS_ALLOWED',
      petTypesAllowed: ['CATS'],
      createdAt: new Date(base + 3_600_000),
      locationLat: null,
      locationLng: null,
    });
    draft = await createProperty(db.prisma, owner, { title: 'Draft Loft', status: 'DRAFT', createdAt: new Date(base) });
    const author = await createUser(db.prisma, {
      firstName: 'Omar',
      lastName: 'Haddad',
      photoUrl: '/media/avatars/omar.jpg',
      email: 'omar@example.com',
      phone: '+12125550199',
    });
    await db.prisma.review.create({
      data: {
        agentId: agent.id,
        authorId: author.id,
        propertyId: loft.id,
        score: 5,
        comment: 'Great loft and agent.',
        createdAt: new Date(base),
      },
    });
    // One review per renter and agent (issue 58 item 10): the second is another renter's.
    const second = await createUser(db.prisma, { firstName: 'Omar', lastName: 'Haddad', photoUrl: '/media/avatars/omar.jpg' });
    await db.prisma.review.create({
      data: { agentId: agent.id, authorId: second.id, score: 4, comment: null, createdAt: new Date(base + 1000) },
    });

    const acc = await signUpInEmulator();
    await createUser(db.prisma, { id: acc.uid, email: acc.email, firstName: 'Rita', lastName: 'Renter' });
    renter = { uid: acc.uid, idToken: acc.idToken };
    app = await startTestApp(db);
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${app.url}${path}`, { headers });
  const send = (method: 'POST' | 'DELETE', path: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${path}`, { method, headers });
  const bearer = () => ({ authorization: `Bearer ${renter.idToken}` });
  const expectNoCache = (res: Response) => {
    expect(res.headers.get('cache-control')).toBe('no-store, no-cache, must-revalidate');
    expect(res.headers.get('pragma')).toBe('no-cache');
  };

  describe('GET /api/properties', () => {
    it('answers { items, nextCursor } with no-cache headers, newest first, active listings only', async () => {
      const res = await get('/api/properties');
      expect(res.status).toBe(200);
      expectNoCache(res);
      const body = (await res.json()) as { items: Item[]; nextCursor: string | null };
      expect(body.items.map((i) => i.title)).toEqual([
        'Industrial Loft with Skyline Views',
        'Sunny Studio near the Park',
        'Cat-friendly 1BR in Astoria',
      ]);
      expect(body.nextCursor).toBeNull();
    });

    it('reads a page of items in one SQL statement (their relations and counts in it)', async () => {
      await get('/api/properties');
      db.resetQueries();
      const res = await get('/api/properties', { 'cache-control': 'no-cache' });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { items: Item[] };
      expect(body.items).toHaveLength(3);
      expect(db.queries.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|SET|DEALLOCATE)/i.test(q.trim()))).toHaveLength(1);
    });

    it('gives each item the fields and aliases a client reads', async () => {
      const body = (await (await get('/api/properties?search=bedford')).json()) as { items: Item[] };
      const [item] = body.items;
      expect(item).toMatchObject({
        id: loft.id,
        slug: loft.slug,
        title: 'Industrial Loft with Skyline Views',
        description: 'Open plan with 14 ft ceilings.',
        address: '88 Bedford Avenue',
        address_full: '88 Bedford Avenue',
        neighborhood: 'Williamsburg',
        borough: 'Brooklyn',
        price: 4200,
        originalPrice: 4500,
        bedrooms: 2,
        beds: 2,
        bathrooms: 1.5,
        baths: 1.5,
        sqft: 1100,
        square_feet: 1100,
        propertyType: 'Loft',
        listingType: 'For Rent',
        availableDate: dayIn(10),
        leaseTerm: '1 Year',
        amenities: ['Roof access'],
        buildingAmenities: ['Elevator', 'Bike Storage'],
        utilitiesIncluded: ['Heat', 'Water'],
        laundry: 'In-Building',
        location: { lat: 40.7081, lng: -73.9571 },
        status: 'active',
        // The listing's numbers are its managers' (listing-numbers.test.ts): null to this anonymous read.
        views: null,
        inquiries_count: null,
        average_rating: 5,
        total_ratings: 1,
        totalMoveInCost: 4200 + 4200 + 20 + 4200,
        ownerId: agentUserId,
        owner_id: agentUserId,
        createdAt: '2026-07-01T15:00:00.000Z',
        created_at: '2026-07-01T15:00:00.000Z',
        pricing: { monthlyRent: 4200, securityDeposit: 4200, applicationFee: 20, brokerFee: 4200, availableDate: dayIn(10) },
        policies: {
          petPolicy: 'Pets Allowed',
          smokingPolicy: 'No Smoking',
          parking: 'No Parking',
          petFee: 50,
          petDeposit: 500,
          petTypesAllowed: ['Cats', 'Dogs'],
        },
      });
      expect(item?.photos).toEqual(
        [0, 1, 2].map((i) => ({
          url: `/media/test/${loft.id}-${i}.jpg`,
          thumbnailUrl: `/media/test/${loft.id}-${i}-thumb.jpg`,
          width: 1200,
          height: 800,
        })),
      );
      expect(item?.images).toEqual([0, 1, 2].map((i) => `/media/test/${loft.id}-${i}.jpg`));
      expect(item?.photoUrls).toEqual(item?.images);
      expect(item?.agent).toEqual({
        id: agentId,
        userId: agentUserId,
        displayName: 'Maya Lopez',
        name: 'Maya Lopez',
        email: 'maya@example.com',
        photoURL: '/media/avatars/maya.jpg',
        photoUrl: '/media/avatars/maya.jpg',
        rating: 4.75,
        ratingAvg: 4.75,
        ratingCount: 2,
        reviewCount: 2,
        years: 9,
        agency: 'Bridge Realty',
        isNew: false,
        // Issue 14: an admin checked the agent's license number (the 'Licensed' badge).
        license_verified: false,
      });
    });

    it('filters with the same rules as GraphQL, ignoring "all" and "any", accepting labels', async () => {
      const titles = async (qs: string) =>
        ((await (await get(`/api/properties?${qs}`)).json()) as { items: Item[] }).items.map((i) => i.title);
      expect(await titles('borough=Manhattan')).toEqual(['Sunny Studio near the Park']);
      expect(await titles('borough=QUEENS&neighborhood=astoria')).toEqual(['Cat-friendly 1BR in Astoria']);
      expect(await titles('borough=all&neighborhood=all&pets=any&propertyType=any&minBeds=any')).toHaveLength(3);
      expect(await titles('minPrice=2400&maxPrice=3000')).toEqual(['Sunny Studio near the Park']);
      expect(await titles('minBeds=0')).toEqual(['Sunny Studio near the Park']);
      expect(await titles('minBeds=2')).toEqual(['Industrial Loft with Skyline Views']);
      expect(await titles('propertyType=loft')).toEqual(['Industrial Loft with Skyline Views']);
      expect(await titles('pets=cats&sort=price_low')).toEqual([
        'Cat-friendly 1BR in Astoria',
        'Industrial Loft with Skyline Views',
      ]);
      expect(await titles('search=wiliamsburg&nocache=123')).toEqual(['Industrial Loft with Skyline Views']);
      expect(await titles('sort=price_high')).toEqual([
        'Industrial Loft with Skyline Views',
        'Sunny Studio near the Park',
        'Cat-friendly 1BR in Astoria',
      ]);
    });

    it('pages with limit and cursor', async () => {
      const first = (await (await get('/api/properties?limit=2&sort=oldest')).json()) as { items: Item[]; nextCursor: string };
      expect(first.items.map((i) => i.title)).toEqual(['Cat-friendly 1BR in Astoria', 'Sunny Studio near the Park']);
      const second = (await (await get(`/api/properties?limit=2&sort=oldest&cursor=${first.nextCursor}`)).json()) as {
        items: Item[];
        nextCursor: null;
      };
      expect(second.items.map((i) => i.title)).toEqual(['Industrial Loft with Skyline Views']);
      expect(second.nextCursor).toBeNull();
    });

    it('answers 400 { error } for bad parameters', async () => {
      for (const qs of [
        'borough=Hoboken',
        'minPrice=cheap',
        'minPrice=5000&maxPrice=100',
        'pets=fish',
        'sort=random',
        'limit=500',
        'cursor=forged',
        'neighborhood=Hoboken',
      ]) {
        const res = await get(`/api/properties?${qs}`);
        expect(res.status, qs).toBe(400);
        expectNoCache(res);
        expect(((await res.json()) as { error: string }).error, qs).toBeTruthy();
      }
      const res = await get('/api/properties?borough=Hoboken');
      expect(((await res.json()) as { error: string }).error).toBe('borough: must be a borough of New York City');
    });
  });

  describe('GET /api/properties/{id or slug}', () => {
    it('answers the same object by id and by slug', async () => {
      const byId = await get(`/api/properties/${loft.id}`);
      expect(byId.status).toBe(200);
      expectNoCache(byId);
      const item = (await byId.json()) as Item;
      const list = ((await (await get('/api/properties?search=bedford')).json()) as { items: Item[] }).items[0];
      expect(item).toEqual(list);
      expect(((await (await get(`/api/properties/${loft.slug}`)).json()) as Item).id).toBe(loft.id);
    });

    it('404s unknown listings and drafts of others; shows a draft to its owner', async () => {
      for (const key of ['00000000-0000-4000-8000-000000000000', 'no-such-slug', draft.id]) {
        const res = await get(`/api/properties/${key}`);
        expect(res.status).toBe(404);
        expectNoCache(res);
        expect(((await res.json()) as { error: string }).error).toBe('Property not found');
      }
      expect((await get(`/api/properties/${draft.id}`, bearer())).status).toBe(404);
      const owner = await signUpInEmulator();
      await db.prisma.property.update({
        where: { id: draft.id },
        data: { owner: { connect: { id: (await createUser(db.prisma, { id: owner.uid, email: owner.email })).id } } },
      });
      const mine = await get(`/api/properties/${draft.id}`, { authorization: `Bearer ${owner.idToken}` });
      expect(mine.status).toBe(200);
      expect(((await mine.json()) as Item).status).toBe('draft');
    });
  });

  describe('GET /api/agents/{id}', () => {
    it('answers the profile as the client reads it, by agent id or user id', async () => {
      const res = await get(`/api/agents/${agentId}`);
      expect(res.status).toBe(200);
      expectNoCache(res);
      const body = (await res.json()) as Record<string, unknown> & {
        properties: Item[];
        reviews: Array<Record<string, unknown>>;
      };
      expect(body).toMatchObject({
        id: agentId,
        userId: agentUserId,
        user: {
          firstName: 'Maya',
          lastName: 'Lopez',
          avatar: '/media/avatars/maya.jpg',
          phone: '+12125550111',
          displayName: 'Maya Lopez',
          photoUrl: '/media/avatars/maya.jpg',
        },
        rating: 4.75,
        reviewCount: 2,
        propertiesSold: 31,
        yearsExperience: 9,
        agency: 'Bridge Realty',
        bio: 'Helps New Yorkers find homes.',
        specialties: ['Lofts'],
        license: 'NY-778',
        activeListingsCount: 3,
      });
      expect(body.properties.map((p) => p.title)).toEqual([
        'Industrial Loft with Skyline Views',
        'Sunny Studio near the Park',
        'Cat-friendly 1BR in Astoria',
      ]);
      const loftItem = (await (await get(`/api/properties/${loft.id}`)).json()) as Item;
      expect(body.properties[0]).toEqual(loftItem);
      expect(body.reviews).toEqual([
        {
          id: expect.any(String),
          user: { firstName: 'Omar', lastName: 'Haddad', avatar: '/media/avatars/omar.jpg' },
          rating: 4,
          comment: null,
          createdAt: '2026-07-01T12:00:01.000Z',
          communication: null,
          reliability: null,
          cleanliness: null,
          accuracy: null,
          listingTitle: null,
        },
        {
          id: expect.any(String),
          user: { firstName: 'Omar', lastName: 'Haddad', avatar: '/media/avatars/omar.jpg' },
          rating: 5,
          comment: 'Great loft and agent.',
          createdAt: '2026-07-01T12:00:00.000Z',
          communication: null,
          reliability: null,
          cleanliness: null,
          accuracy: null,
          listingTitle: 'Industrial Loft with Skyline Views',
        },
      ]);
      expect(JSON.stringify(body.reviews)).not.toContain('omar@example.com');
      const byUser = (await (await get(`/api/agents/${agentUserId}`)).json()) as { id: string };
      expect(byUser.id).toBe(agentId);
    });

    it('404s an unknown agent', async () => {
      for (const key of ['00000000-0000-4000-8000-000000000000', 'nobody']) {
        const res = await get(`/api/agents/${key}`);
        expect(res.status).toBe(404);
        expectNoCache(res);
        expect(((await res.json()) as { error: string }).error).toBe('Agent not found');
      }
    });
  });

  describe('/api/me/saved-listings', () => {
    it('needs sign-in: 401 { error }', async () => {
      const list = await get('/api/me/saved-listings');
      expect(list.status).toBe(401);
      expectNoCache(list);
      expect(((await list.json()) as { error: string }).error).toMatch(/sign in/i);
      // A state-changing call without a Bearer token must come from an allowed origin (CSRF).
      const allowedOrigin = new URL(app.url).origin.replace('127.0.0.1', 'localhost');
      const save = await send('POST', `/api/me/saved-listings/${loft.id}`, { origin: allowedOrigin });
      expect([401, 403]).toContain(save.status);
    });

    it('saves, lists and unsaves, idempotently', async () => {
      const save = await send('POST', `/api/me/saved-listings/${loft.id}`, bearer());
      expect(save.status).toBe(200);
      expectNoCache(save);
      expect(await save.json()).toEqual({ ok: true });
      expect((await send('POST', `/api/me/saved-listings/${loft.slug}`, bearer())).status).toBe(200);

      const list = await get(`/api/me/saved-listings?nocache=${Date.now()}`, bearer());
      expect(list.status).toBe(200);
      expectNoCache(list);
      const body = (await list.json()) as { items: Array<Item & { savedAt: string }>; nextCursor: null };
      expect(body.items.map((i) => i.id)).toEqual([loft.id]);
      expect(body.items[0]).toMatchObject({ title: 'Industrial Loft with Skyline Views', address_full: '88 Bedford Avenue' });
      expect(typeof body.items[0]?.savedAt).toBe('string');
      expect(body.nextCursor).toBeNull();

      const unsave = await send('DELETE', `/api/me/saved-listings/${loft.id}`, bearer());
      expect(unsave.status).toBe(200);
      expect(await unsave.json()).toEqual({ ok: true });
      expect((await send('DELETE', `/api/me/saved-listings/${loft.id}`, bearer())).status).toBe(200);
      const after = (await (await get('/api/me/saved-listings', bearer())).json()) as { items: Item[] };
      expect(after.items).toEqual([]);
    });

    it('404s listings the viewer cannot see', async () => {
      const res = await send('POST', `/api/me/saved-listings/${draft.id}`, bearer());
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: string }).error).toBe('That listing does not exist.');
    });
  });
});
