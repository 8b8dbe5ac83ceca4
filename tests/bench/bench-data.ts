// The bench database's data, shared by search.bench.ts and load.bench.ts: BENCH_LISTINGS listings
// (default 100,000) across the 43 neighborhoods, inserted in batches of multi-row
// INSERT … SELECT generate_series, a few agents, about 30% of listings with a photo row, a renter
// ('bench-renter') with a few saved listings, their nearby subway stations, then VACUUM ANALYZE.

import { performance } from 'node:perf_hooks';
import { NEIGHBORHOODS } from '../../common/nyc.js';
import type { Database } from '../../server/db/client.js';
import { nearbyStationsFor } from '../../server/modules/transit/nearby.js';

export const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
export const AGENTS = 12;
const BATCH = 10_000;

const log = (msg: string) => console.log(`[bench] ${msg}`);

export const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

export async function seed(db: Database): Promise<{ renterId: string; seconds: number }> {
  const started = performance.now();
  const prisma = db.prisma;
  const agentUsers = Array.from({ length: AGENTS }, (_, i) => ({
    id: `bench-agent-${i}`,
    email: `agent${i}@bench.nycrentals.test`,
    role: 'AGENT' as const,
    firstName: ['Maya', 'Jon', 'Ana', 'Omar', 'Lee', 'Rita', 'Sam', 'Dana', 'Eli', 'Nia', 'Ivan', 'Zoe'][i % 12]!,
    lastName: `Agent${i}`,
  }));
  await prisma.user.createMany({ data: agentUsers });
  await prisma.agent.createMany({
    data: agentUsers.map((u, i) => ({
      userId: u.id,
      yearsExperience: 2 + i,
      rating: 3.5 + (i % 4) * 0.4,
      reviewCount: i * 3,
      agency: 'Bench Realty',
    })),
  });
  const agents = await prisma.agent.findMany({ select: { id: true, userId: true }, orderBy: { userId: 'asc' } });
  const renter = await prisma.user.create({
    data: { id: 'bench-renter', email: 'renter@bench.nycrentals.test', firstName: 'Rae', lastName: 'Renter' },
  });

  const hoods = NEIGHBORHOODS.map(
    (h, i) =>
      `(${i}, ${q(h.name)}, ${q(h.borough)}, ${h.centroid.lat}, ${h.centroid.lng}, ARRAY[${h.streets.map(q).join(',')}], ${h.rent1Br.median}, ${q(h.postalCodes[0] ?? '10001')})`,
  );
  const agentIds = `ARRAY[${agents.map((a) => q(a.id)).join(',')}]::uuid[]`;
  const agentUserIds = `ARRAY[${agents.map((a) => q(a.userId)).join(',')}]`;
  const adjectives = `ARRAY['Sunny','Bright','Spacious','Renovated','Charming','Quiet','Modern','Classic','Cozy','Elegant','Airy','Updated']`;

  for (let start = 1; start <= LISTINGS; start += BATCH) {
    const end = Math.min(LISTINGS, start + BATCH - 1);
    await prisma.$executeRawUnsafe(`
      WITH hoods(idx, name, borough, lat, lng, streets, rent, zip) AS (VALUES ${hoods.join(',\n')}),
      draws AS (
        SELECT g, floor(random() * ${NEIGHBORHOODS.length})::int AS hi, random() AS rb, random() AS rp, random() AS rt,
               random() AS rpet, random() AS rs, random() AS rv, random() AS rc, random() AS ra, random() AS rn,
               1 + floor(random() * ${agents.length})::int AS ai
        FROM generate_series(${start}, ${end}) AS g
      ),
      rows AS (
        SELECT d.*, h.name AS hood, h.borough, h.lat, h.lng, h.streets, h.rent, h.zip,
               CASE WHEN d.rb < 0.12 THEN 0 WHEN d.rb < 0.47 THEN 1 WHEN d.rb < 0.77 THEN 2 WHEN d.rb < 0.92 THEN 3 WHEN d.rb < 0.98 THEN 4 ELSE 5 END AS beds,
               CASE WHEN d.rs < 0.94 THEN 'ACTIVE' WHEN d.rs < 0.98 THEN 'INACTIVE' ELSE 'DRAFT' END AS status,
               (now() AT TIME ZONE 'UTC') - (d.rc * 400) * interval '1 day' AS created
        FROM draws d JOIN hoods h ON h.idx = d.hi
      ),
      typed AS (
        SELECT r.*,
               CASE WHEN r.beds = 0 AND r.rt < 0.5 THEN 'STUDIO' WHEN r.rt < 0.55 THEN 'APARTMENT' WHEN r.rt < 0.67 THEN 'CONDO'
                    WHEN r.rt < 0.77 THEN 'LOFT' WHEN r.rt < 0.88 THEN 'TOWNHOUSE' ELSE 'HOUSE' END AS ptype
        FROM rows r
      )
      INSERT INTO "Property" (
        "id", "slug", "title", "address", "unit", "neighborhood", "borough", "postalCode", "price", "originalPrice",
        "netEffectivePrice", "bedrooms", "bathrooms", "sqft", "propertyType", "listingType", "availableDate", "locationLat", "locationLng",
        "securityDeposit", "applicationFee", "brokerFee", "leaseTerm", "petPolicy", "petTypesAllowed", "status",
        "deactivatedAt", "views", "inquiriesCount", "ownerId", "agentId", "createdAt", "updatedAt", "listedAt"
      )
      SELECT
        gen_random_uuid(),
        'bench-listing-' || t.g,
        (${adjectives})[1 + (t.g % 12)] || ' ' ||
          CASE t.beds WHEN 0 THEN 'Studio' ELSE t.beds || 'BR' END || ' ' ||
          initcap(lower(replace(t.ptype, '_', ' '))) || ' in ' || t.hood,
        (1 + floor(t.ra * 480))::int || ' ' || t.streets[1 + floor(t.rn * array_length(t.streets, 1))::int],
        CASE WHEN t.ptype IN ('APARTMENT', 'CONDO', 'LOFT', 'STUDIO') THEN (1 + t.g % 12) || chr(65 + (t.g % 6)) END,
        t.hood,
        t.borough::"Borough",
        t.zip,
        (round(t.rent * (ARRAY[0.8, 1.0, 1.35, 1.75, 2.2, 2.8])[t.beds + 1] * (0.75 + t.rp * 0.6) / 25) * 25)::int,
        CASE WHEN t.rv < 0.12 THEN (round(t.rent * (ARRAY[0.8, 1.0, 1.35, 1.75, 2.2, 2.8])[t.beds + 1] * (0.75 + t.rp * 0.6) * 1.06 / 25) * 25)::int END,
        -- no concession: the net effective rent is the rent
        (round(t.rent * (ARRAY[0.8, 1.0, 1.35, 1.75, 2.2, 2.8])[t.beds + 1] * (0.75 + t.rp * 0.6) / 25) * 25)::int,
        t.beds,
        CASE WHEN t.beds >= 3 THEN 2 WHEN t.beds = 2 AND t.rb > 0.6 THEN 1.5 ELSE 1 END,
        (300 + t.beds * 280 + floor(t.rp * 250))::int,
        t.ptype::"PropertyType",
        'FOR_RENT'::"ListingType",
        (current_date + (t.rc * 90)::int),
        round((t.lat + (t.ra - 0.5) * 0.012)::numeric, 7),
        round((t.lng + (t.rn - 0.5) * 0.012)::numeric, 7),
        (round(t.rent / 50) * 50)::int,
        20,
        CASE WHEN t.rv > 0.6 THEN (round(t.rent / 50) * 50)::int END,
        'ONE_YEAR'::"LeaseTerm",
        CASE WHEN t.rpet < 0.45 THEN 'PETS_ALLOWED' ELSE 'NO_PETS' END::"PetPolicy",
        CASE WHEN t.rpet < 0.15 THEN ARRAY['CATS']
             WHEN t.rpet < 0.30 THEN ARRAY['CATS', 'DOGS']
             WHEN t.rpet < 0.38 THEN ARRAY['SMALL_DOGS_ONLY']
             WHEN t.rpet < 0.45 THEN ARRAY['DOGS']
             ELSE ARRAY[]::text[] END::"PetType"[],
        t.status::"ListingStatus",
        CASE WHEN t.status = 'INACTIVE' THEN t.created + interval '20 days' END,
        CASE WHEN t.status = 'DRAFT' THEN 0 ELSE floor(power(t.rv, 3) * 5000)::int END,
        CASE WHEN t.status = 'DRAFT' THEN 0 ELSE floor(power(t.rv, 3) * 60)::int END,
        (${agentUserIds})[t.ai],
        (${agentIds})[t.ai],
        t.created,
        t.created,
        CASE WHEN t.status <> 'DRAFT' THEN t.created END
      FROM typed t`);
    log(`inserted ${end.toLocaleString('en-US')} listings`);
  }
  await prisma.$executeRawUnsafe(`
    INSERT INTO "PropertyPhoto" ("id", "propertyId", "position", "url", "thumbnailUrl", "width", "height", "createdAt")
    SELECT gen_random_uuid(), p."id", 0, '/media/bench/photo-' || (abs(hashtext(p."id"::text)) % 40) || '.jpg',
           '/media/bench/photo-' || (abs(hashtext(p."id"::text)) % 40) || '-thumb.jpg', 1200, 800, p."createdAt"
    FROM "Property" p WHERE random() < 0.3`);
  await prisma.$executeRawUnsafe(`
    INSERT INTO "Favorite" ("id", "userId", "propertyId", "createdAt")
    SELECT gen_random_uuid(), ${q(renter.id)}, p."id", p."createdAt" + interval '1 day'
    FROM "Property" p WHERE p."status" = 'ACTIVE' AND random() < 0.002`);
  // Nearby stations, as the app's start-up backfill would fill them (before the floor runs, so both measure the same rows).
  for (let offset = 0; ; offset += BATCH) {
    const rows = await prisma.$queryRawUnsafe<Array<{ id: string; lat: number | null; lng: number | null }>>(
      `SELECT "id"::text AS id, "locationLat"::float8 AS lat, "locationLng"::float8 AS lng FROM "Property" ORDER BY "id" LIMIT ${BATCH} OFFSET ${offset}`,
    );
    if (rows.length === 0) break;
    await prisma.$executeRawUnsafe(
      `UPDATE "Property" p SET "nearbyStations" = s.stations FROM (SELECT unnest($1::uuid[]) AS id, unnest($2::jsonb[]) AS stations) s WHERE p."id" = s.id`,
      rows.map((r) => r.id),
      rows.map((r) => JSON.stringify(nearbyStationsFor(r.lat, r.lng))),
    );
  }
  log('nearby stations filled');
  log('VACUUM ANALYZE');
  await prisma.$executeRawUnsafe('VACUUM ANALYZE');
  return { renterId: renter.id, seconds: (performance.now() - started) / 1000 };
}
