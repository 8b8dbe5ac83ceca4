import { Prisma, type PrismaClient } from '../../db/generated/prisma/client.js';
import { nearbyStationsFor } from './nearby.js';

/**
 * Fills `Property.nearbyStations` where it is NULL: rows written before the column existed, or reset
 * by a migration after a new import of the subway data (`UPDATE "Property" SET "nearbyStations" =
 * NULL`). Run at start-up after the migrations; a no-op (one query) when every row has its list.
 * Returns how many rows it filled.
 */
export async function backfillNearbyStations(prisma: PrismaClient, batchSize = 200): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await prisma.property.findMany({
      where: { nearbyStations: { equals: Prisma.DbNull } },
      select: { id: true, locationLat: true, locationLng: true },
      take: batchSize,
    });
    if (rows.length === 0) return filled;
    await prisma.$transaction(
      // Raw, so `updatedAt` (what a listing shows as 'updated') stays as it was.
      rows.map(
        (r) =>
          prisma.$executeRaw`UPDATE "Property" SET "nearbyStations" = ${JSON.stringify(nearbyStationsFor(r.locationLat, r.locationLng))}::jsonb WHERE "id" = ${r.id}::uuid`,
      ),
    );
    filled += rows.length;
  }
}
