import { describe, expect, it } from 'vitest';
import { distanceMeters, findNeighborhood, NEIGHBORHOODS, neighborhoodsOf, boroughOfNeighborhood } from '../../../common/nyc.js';
import * as options from '../../../common/options.js';
import { recentPriceDrop } from '../../../common/freshness.js';
import { feeCapIssues, MAX_LISTING_PHOTOS } from '../../../common/listing.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';
import { buildSeedData, type SeedData } from './index.js';
import { listingsPerNeighborhood, randomPointNear } from './listings.js';
import { NEW_AGENT_COUNT } from './people.js';
import { photoPoolKinds, type SeedMedia } from './photos.js';
import { hashSeed, mulberry32, Rng, shortId, uuidFrom } from './random.js';
import { LANDMARKS, kebab } from './text.js';
import { newYorkTime } from './time.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const NOW = new Date('2026-11-22T15:30:00Z');
const DAY = 86_400_000;

function fakeMedia(): SeedMedia {
  return {
    photos: photoPoolKinds().map((kind, i) => ({
      index: i + 1,
      kind,
      url: `/media/seed/photo-${i + 1}.jpg`,
      thumbnailUrl: `/media/seed/photo-${i + 1}-thumb.jpg`,
      width: 1200,
      height: 800,
    })),
    avatars: Array.from({ length: 20 }, (_, i) => `/media/seed/avatar-${i + 1}.jpg`),
  };
}

describe('random', () => {
  it('mulberry32 is deterministic and seed-dependent', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const seqA = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(seqA);
    expect(Array.from({ length: 5 }, c)).not.toEqual(seqA);
    // Reference values of the canonical mulberry32 (bryc) for seed 42: the generator must never change silently.
    expect(seqA).toEqual([2581720956, 1925393290, 3661312704, 2876485805, 750819978]);
  });

  it('Rng helpers stay in range and are reproducible', () => {
    const r1 = new Rng('x');
    const r2 = new Rng('x');
    for (let i = 0; i < 2000; i++) {
      const n = r1.int(-3, 7);
      expect(n).toBe(r2.int(-3, 7));
      expect(n).toBeGreaterThanOrEqual(-3);
      expect(n).toBeLessThanOrEqual(7);
      const f = r1.next();
      r2.next();
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
    }
    expect(new Rng('y').shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(new Rng('y').sample([1, 2, 3], 5)).toHaveLength(3);
    expect(hashSeed('abc')).toBe(hashSeed('abc'));
    expect(hashSeed('abc')).not.toBe(hashSeed('abd'));
  });

  it('uuidFrom yields valid, unique, reproducible v4-format ids', () => {
    const a = new Rng('ids');
    const b = new Rng('ids');
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const id = uuidFrom(a);
      expect(id).toMatch(UUID_V4);
      expect(uuidFrom(b)).toBe(id);
      seen.add(id);
    }
    expect(seen.size).toBe(5000);
    expect(shortId(new Rng('s'))).toMatch(/^[0-9a-z]{6}$/);
  });
});

describe('NYC geography', () => {
  it('has the 43 neighborhoods of the spec, with centroids inside the city', () => {
    expect(NEIGHBORHOODS).toHaveLength(43);
    expect(neighborhoodsOf('MANHATTAN')).toHaveLength(12);
    expect(neighborhoodsOf('BROOKLYN')).toHaveLength(11);
    expect(neighborhoodsOf('QUEENS')).toHaveLength(8);
    expect(neighborhoodsOf('BRONX')).toHaveLength(6);
    expect(neighborhoodsOf('STATEN_ISLAND')).toHaveLength(6);
    expect(new Set(NEIGHBORHOODS.map((n) => n.slug)).size).toBe(43);
    for (const n of NEIGHBORHOODS) {
      expect(n.centroid.lat, n.name).toBeGreaterThan(40.49);
      expect(n.centroid.lat, n.name).toBeLessThan(40.92);
      expect(n.centroid.lng, n.name).toBeGreaterThan(-74.26);
      expect(n.centroid.lng, n.name).toBeLessThan(-73.7);
      expect(n.radiusM).toBeGreaterThanOrEqual(250);
      expect(n.radiusM).toBeLessThanOrEqual(1000);
      expect(n.postalCodes.length).toBeGreaterThan(0);
      for (const zip of n.postalCodes) expect(zip).toMatch(/^1[01]\d{3}$/);
      expect(n.streets.length).toBeGreaterThanOrEqual(4);
      expect(n.rent1Br.low).toBeLessThan(n.rent1Br.median);
      expect(n.rent1Br.median).toBeLessThan(n.rent1Br.high);
      expect(LANDMARKS[n.slug], n.slug).toBeDefined();
    }
  });

  it('finds neighborhoods by name or slug', () => {
    expect(findNeighborhood('bedford-stuyvesant')?.name).toBe('Bedford-Stuyvesant');
    expect(findNeighborhood('st. george')?.borough).toBe('STATEN_ISLAND');
    expect(findNeighborhood('Upper East Side')?.slug).toBe('upper-east-side');
    expect(boroughOfNeighborhood('DUMBO')).toBe('BROOKLYN');
    expect(boroughOfNeighborhood('Atlantis')).toBeUndefined();
  });

  it('keeps random points within the neighborhood radius', () => {
    const rng = new Rng('points');
    for (const n of NEIGHBORHOODS) {
      for (let i = 0; i < 300; i++) {
        const p = randomPointNear(rng, n.centroid, n.radiusM);
        expect(distanceMeters(p, n.centroid)).toBeLessThanOrEqual(n.radiusM + 1);
      }
    }
  });

  it('spreads listings over every neighborhood', () => {
    for (const total of [86, 400, 420, 1000]) {
      const counts = listingsPerNeighborhood(total);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(Math.min(...counts)).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('time helpers', () => {
  it('converts New York wall-clock times across daylight saving', () => {
    expect(newYorkTime(2026, 6, 4, 11, 0).toISOString()).toBe('2026-07-04T15:00:00.000Z');
    expect(newYorkTime(2026, 11, 12, 18, 30).toISOString()).toBe('2026-12-12T23:30:00.000Z');
  });

  it('kebab-cases titles', () => {
    expect(kebab('Sunny 2BR with Balcony — Williamsburg')).toBe('sunny-2br-with-balcony-williamsburg');
    expect(kebab('Café & Co')).toBe('cafe-and-co');
  });
});

describe('buildSeedData', () => {
  const data: SeedData = buildSeedData({ now: NOW, media: fakeMedia() });

  it('is deterministic', () => {
    const again = buildSeedData({ now: NOW, media: fakeMedia() });
    expect(again).toEqual(data);
  });

  it('has the demo accounts, the agents and the renters', () => {
    for (const demo of DEMO_ACCOUNTS) {
      const user = data.users.find((u) => u.id === demo.uid);
      expect(user).toMatchObject({
        email: demo.email,
        phone: demo.phone,
        role: demo.role,
        firstName: demo.firstName,
        lastName: demo.lastName,
      });
    }
    const agentUsers = data.users.filter((u) => u.role === 'AGENT');
    expect(agentUsers.length).toBeGreaterThanOrEqual(31);
    expect(data.agents).toHaveLength(agentUsers.length);
    expect(data.users.filter((u) => u.id.startsWith('seed-renter-'))).toHaveLength(24);
    expect(new Set(data.users.map((u) => u.email)).size).toBe(data.users.length);
    expect(new Set(data.users.map((u) => u.phone)).size).toBe(data.users.length);
    for (const a of data.agents) {
      expect(a.id).toMatch(UUID_V4);
      expect(a.license).toMatch(/^NY-\d{11}$/);
      expect(a.bio!.length).toBeGreaterThan(60);
      expect((a.specialties as string[]).length).toBeGreaterThan(0);
      expect(a.yearsExperience).toBeGreaterThanOrEqual(1);
      expect(a.yearsExperience).toBeLessThanOrEqual(30);
    }
    const recent = data.agents.filter((a) => NOW.getTime() - new Date(a.createdAt!).getTime() < 20 * DAY);
    expect(recent).toHaveLength(NEW_AGENT_COUNT);
    for (const a of recent) expect(data.reviews.some((r) => r.agentId === a.id)).toBe(false);
  });

  it('has at least 400 listings across every neighborhood, inside their neighborhood', () => {
    expect(data.properties.length).toBe(420);
    expect(new Set(data.properties.map((p) => p.neighborhood)).size).toBe(43);
    expect(new Set(data.properties.map((p) => p.slug)).size).toBe(data.properties.length);
    for (const p of data.properties) {
      expect(p.id).toMatch(UUID_V4);
      const hood = findNeighborhood(p.neighborhood)!;
      expect(p.borough).toBe(hood.borough);
      expect(hood.postalCodes).toContain(p.postalCode);
      if (p.locationLat != null) {
        const d = distanceMeters({ lat: Number(p.locationLat), lng: Number(p.locationLng) }, hood.centroid);
        expect(d).toBeLessThanOrEqual(hood.radiusM + 1);
      }
      expect(p.price).toBeGreaterThan(0);
      if (p.listingType !== 'FOR_SALE') expect(p.price % 25).toBe(0);
      if (p.brokerFeePayer === 'NO_FEE') expect(p.brokerFee).toBeNull();
      if (p.parking !== 'PARKING_AVAILABLE') expect(p.parkingFee).toBeNull();
      if (p.petPolicy === 'NO_PETS') {
        expect(p.petTypesAllowed).toEqual([]);
        expect(p.petFee).toBeNull();
        expect(p.petDeposit).toBeNull();
      } else expect((p.petTypesAllowed as string[]).length).toBeGreaterThan(0);
      if (p.status === 'INACTIVE') expect(p.deactivatedAt).toBeInstanceOf(Date);
      else expect(p.deactivatedAt).toBeNull();
      const age = NOW.getTime() - new Date(p.createdAt!).getTime();
      expect(age).toBeGreaterThan(0);
      expect(age).toBeLessThanOrEqual(120 * DAY);
      const available = new Date(p.availableDate).getTime();
      expect(available).toBeLessThanOrEqual(NOW.getTime() + 91 * DAY);
      expect(p.views).toBeLessThanOrEqual(2500);
      expect(p.inquiriesCount).toBeLessThanOrEqual(60);
      expect(p.agentId).toBeTruthy();
    }
    expect(data.properties.filter((p) => p.locationLat == null).length).toBeGreaterThan(0);
    const withPhotos = new Set(data.photos.map((ph) => ph.propertyId));
    expect(data.properties.filter((p) => !withPhotos.has(p.id!)).length).toBeGreaterThan(0);
  });

  it("keeps every rental within New York's fee caps, and gives a sale no lease, concession or broker fee payer (issue 58)", () => {
    const rentals = data.properties.filter((p) => p.listingType !== 'FOR_SALE');
    const sales = data.properties.filter((p) => p.listingType === 'FOR_SALE');
    expect(sales.length).toBeGreaterThan(0);
    for (const p of rentals) {
      expect(
        feeCapIssues({
          ...p,
          listingType: p.listingType!,
          securityDeposit: p.securityDeposit ?? null,
          applicationFee: p.applicationFee ?? null,
        }),
        p.slug,
      ).toEqual([]);
      expect(p.leaseTerm).toBeTruthy();
    }
    for (const p of sales) {
      expect(p.leaseTerm ?? null, p.slug).toBeNull();
      expect(p.brokerFeePayer ?? null).toBeNull();
      expect(p.concessionMonthsFree ?? null).toBeNull();
      expect(p.netEffectivePrice).toBe(p.price);
    }
  });

  it('uses every option of every list', () => {
    const single = [
      ['propertyType', options.PropertyTypeValues],
      ['listingType', options.ListingTypeValues],
      ['leaseTerm', options.LeaseTermValues],
      ['petPolicy', options.PetPolicyValues],
      ['smokingPolicy', options.SmokingPolicyValues],
      ['parking', options.ParkingValues],
      ['laundry', options.LaundryValues],
      ['flooringType', options.FlooringValues],
      ['hvac', options.HvacValues],
      ['brokerFeePayer', options.BrokerFeePayerValues],
      ['status', options.ListingStatusValues],
      ['borough', options.BoroughValues],
    ] as const;
    for (const [field, values] of single) {
      const used = new Set(data.properties.map((p) => p[field]));
      for (const v of values) expect(used.has(v), `${field} ${v}`).toBe(true);
    }
    const lists = [
      ['utilitiesIncluded', options.UtilityValues],
      ['petTypesAllowed', options.PetTypeValues],
      ['buildingAmenities', options.BuildingAmenityValues],
      ['unitFeatures', options.UnitFeatureValues],
      ['appliancesIncluded', options.ApplianceValues],
    ] as const;
    for (const [field, values] of lists) {
      const used = new Set(data.properties.flatMap((p) => p[field] as string[]));
      for (const v of values) expect(used.has(v), `${field} ${v}`).toBe(true);
    }
    const threadStatuses = new Set(data.threads.map((t) => t.status));
    for (const v of options.ThreadStatusValues) expect(threadStatuses.has(v)).toBe(true);
  });

  it('gives the demo agent drafts, inactive and active listings', () => {
    const demoAgent = data.agents.find((a) => a.userId === 'demo-agent')!;
    const own = data.properties.filter((p) => p.ownerId === 'demo-agent');
    expect(own.length).toBeGreaterThanOrEqual(12);
    for (const p of own) expect(p.agentId).toBe(demoAgent.id);
    const statuses = new Set(own.map((p) => p.status));
    expect(statuses).toEqual(new Set(['DRAFT', 'INACTIVE', 'ACTIVE']));
  });

  it('has photos, open houses and price history that fit their listings', () => {
    const byProperty = new Map<string, number[]>();
    for (const ph of data.photos) byProperty.set(ph.propertyId, [...(byProperty.get(ph.propertyId) ?? []), ph.position]);
    for (const positions of byProperty.values()) {
      expect(positions.length).toBeGreaterThanOrEqual(3);
      // 3 to 7, or every photo a listing may have (the gallery's '+N' tile, issue 59 item 5).
      if (positions.length !== MAX_LISTING_PHOTOS) expect(positions.length).toBeLessThanOrEqual(7);
      expect(positions).toEqual(positions.map((_, i) => i));
    }
    const full = [...byProperty].filter(([, positions]) => positions.length === MAX_LISTING_PHOTOS).map(([id]) => id);
    const activeIds = new Set(data.properties.filter((p) => p.status === 'ACTIVE').map((p) => p.id));
    expect(full.filter((id) => activeIds.has(id)).length).toBeGreaterThan(0);
    expect(full.every((id) => activeIds.has(id))).toBe(true);
    expect(new Set(data.photos.map((ph) => ph.id)).size).toBe(data.photos.length);
    for (const oh of data.openHouses) {
      expect(new Date(oh.startsAt).getTime()).toBeGreaterThan(NOW.getTime());
      expect(new Date(oh.endsAt).getTime()).toBeGreaterThan(new Date(oh.startsAt).getTime());
    }
    const active = data.properties.filter((p) => p.status === 'ACTIVE');
    const withOpenHouse = new Set(data.openHouses.map((o) => o.propertyId));
    expect(withOpenHouse.size / active.length).toBeGreaterThan(0.2);
    expect(withOpenHouse.size / active.length).toBeLessThan(0.4);
    for (const p of data.properties) {
      const history = data.priceChanges.filter((c) => c.propertyId === p.id);
      expect(history.length).toBeGreaterThanOrEqual(1);
      expect(history.length).toBeLessThanOrEqual(3);
      expect(history[history.length - 1]!.newPrice).toBe(p.price);
      expect(history[0]!.oldPrice).toBeNull();
      // The last drop is the last change when it lowered the rent (issue 14 item 3).
      const last = history[history.length - 1]!;
      const dropped = last.oldPrice != null && last.newPrice < last.oldPrice;
      expect(p.priceDroppedAt ?? null).toEqual(dropped ? last.changedAt : null);
      expect(p.priceDropAmount ?? null).toBe(dropped ? last.oldPrice! - last.newPrice : null);
      if (p.originalPrice != null) {
        expect(p.originalPrice).toBeGreaterThan(p.price);
        expect(history[0]!.newPrice).toBe(p.originalPrice);
      }
    }
    expect(data.properties.filter((p) => p.originalPrice != null).length).toBeGreaterThan(20);
    // The demo shows a few 'Price drop' badges: active listings whose drop is within the window.
    const recent = data.properties.filter(
      (p) =>
        p.status === 'ACTIVE' &&
        recentPriceDrop(
          { priceDroppedAt: (p.priceDroppedAt as Date | null) ?? null, priceDropAmount: p.priceDropAmount ?? null },
          NOW,
        ),
    );
    expect(recent.length).toBeGreaterThanOrEqual(3);
  });

  it("keeps with each saved listing the rent of the day it was saved (its price history's)", () => {
    expect(data.favorites.length).toBeGreaterThan(0);
    let moved = 0;
    for (const f of data.favorites) {
      const history = data.priceChanges
        .filter((c) => c.propertyId === f.propertyId)
        .sort((a, b) => new Date(a.changedAt as Date).getTime() - new Date(b.changedAt as Date).getTime());
      const before = history.filter((c) => new Date(c.changedAt as Date) <= new Date(f.createdAt as Date)).at(-1) ?? history[0];
      expect(f.priceAtSave).toBe(before?.newPrice);
      const listing = data.properties.find((p) => p.id === f.propertyId);
      if (listing && f.priceAtSave !== listing.price) moved += 1;
    }
    // Some saved listings changed rent since, so the saved homes page has something to say.
    expect(moved).toBeGreaterThan(0);
  });

  it('has at least 300 reviews by renters, skewed positive', () => {
    expect(data.reviews.length).toBeGreaterThanOrEqual(300);
    const renters = new Set(data.users.filter((u) => u.role === 'RENTER').map((u) => u.id));
    let sum = 0;
    for (const r of data.reviews) {
      expect(renters.has(r.authorId)).toBe(true);
      expect(r.score).toBeGreaterThanOrEqual(1);
      expect(r.score).toBeLessThanOrEqual(5);
      for (const s of [r.communication, r.reliability, r.cleanliness, r.accuracy]) {
        if (s != null) {
          expect(s).toBeGreaterThanOrEqual(1);
          expect(s).toBeLessThanOrEqual(5);
        }
      }
      expect((r.comment ?? '').length).toBeLessThanOrEqual(1000);
      expect(r.isSample).toBe(false);
      expect(new Date(r.createdAt!).getTime()).toBeLessThan(NOW.getTime());
      sum += r.score;
    }
    expect(sum / data.reviews.length).toBeGreaterThan(3.8);
    expect(data.reviews.some((r) => r.propertyId)).toBe(true);
    expect(data.reviews.some((r) => r.authorId === 'demo-renter')).toBe(true);
  });

  it('has one review per author and agent, verified exactly when the agent answered the author, most of them verified', () => {
    const keys = data.reviews.map((r) => `${r.authorId}|${r.agentId}`);
    expect(new Set(keys).size).toBe(keys.length);
    const userOfAgent = new Map(data.agents.map((a) => [a.id, a.userId]));
    const threads = new Map(data.threads.map((t) => [t.id, t]));
    const answered = new Set(
      data.messages
        .filter((m) => threads.get(m.threadId)?.agentUserId === m.senderId)
        .map((m) => `${threads.get(m.threadId)!.renterId}|${m.senderId}`),
    );
    for (const r of data.reviews) {
      expect(r.verified).toBe(answered.has(`${r.authorId}|${userOfAgent.get(r.agentId)}`));
      expect(r.updatedAt).toEqual(r.createdAt);
    }
    const verified = data.reviews.filter((r) => r.verified).length;
    // The demo shows ratings (most reviews count) and a few 'Not verified' reviews that do not.
    expect(verified).toBeGreaterThanOrEqual(300);
    expect(verified).toBeLessThan(data.reviews.length);
    expect(data.reviews.filter((r) => r.authorId === 'demo-renter').every((r) => r.verified)).toBe(true);
  });

  it('has favorites and conversations for the demo accounts', () => {
    const favs = data.favorites.filter((f) => f.userId === 'demo-renter');
    expect(favs.length).toBeGreaterThanOrEqual(5);
    expect(favs.length).toBeLessThanOrEqual(8);
    expect(data.threads.some((t) => t.renterId === 'demo-renter' && t.agentUserId === 'demo-agent')).toBe(true);
    expect(data.threads.filter((t) => t.agentUserId === 'demo-agent').length).toBeGreaterThanOrEqual(2);
    for (const t of data.threads) {
      const msgs = data.messages.filter((m) => m.threadId === t.id);
      expect(msgs.length).toBeGreaterThanOrEqual(2);
      expect(msgs.length).toBeLessThanOrEqual(3);
      expect(msgs[0]!.senderId).toBe(t.renterId);
      expect(new Date(t.lastMessageAt!).getTime()).toBe(new Date(msgs[msgs.length - 1]!.createdAt!).getTime());
    }
    const pairs = data.threads.map((t) => `${t.propertyId}:${t.renterId}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('scales with the listings option', () => {
    const small = buildSeedData({ now: NOW, media: fakeMedia(), listings: 100 });
    expect(small.properties).toHaveLength(100);
    expect(new Set(small.properties.map((p) => p.neighborhood)).size).toBe(43);
    expect(small.users).toEqual(data.users);
  });
});
