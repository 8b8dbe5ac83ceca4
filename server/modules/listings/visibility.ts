import { Prisma, type PrismaClient } from '../../db/generated/prisma/client.js';
import { viewerRole } from '../../core/authz.js';
import type { Viewer } from '../../core/viewer.js';

/**
 * Who may see and manage a listing: ONE rule, as a test of a row (`canSeeListing`), a Prisma WHERE
 * (`PUBLIC_LISTING`, `visibleListingWhere`) and one SQL fragment (`publicListingSql`). GraphQL,
 * REST, search, counts, agent profiles, alerts, views, suggestions and moderation all read it from
 * here; no other file spells it out (docs/decisions/0043-each-rule-once.md).
 */

/**
 * A public listing: active and not hidden by moderation (issue 14; docs/decisions/0033-trust.md). Every
 * public read (search, counts, details, agent profiles, REST, the partner API) filters on this.
 */
export const PUBLIC_LISTING = { status: 'ACTIVE', hiddenAt: null } as const satisfies Prisma.PropertyWhereInput;

/**
 * `PUBLIC_LISTING` in SQL, for a "Property" row under `alias` (a name written in code, never input;
 * null: the table is not aliased).
 */
export function publicListingSql(alias: 'p' | 'o' | null = 'p'): Prisma.Sql {
  const a = alias ? `"${alias}".` : '';
  return Prisma.raw(`${a}"status" = 'ACTIVE' AND ${a}"hiddenAt" IS NULL`);
}

/** Whether a row is public (`PUBLIC_LISTING` as a test). */
export function isPublicListing(listing: Pick<ListingAccessFacts, 'status' | 'hiddenAt'>): boolean {
  return listing.status === 'ACTIVE' && !listing.hiddenAt;
}

/** Whether a viewer may see a listing that is not active: only its owner or its agent. */
export interface ListingViewer {
  uid: string;
}

/** The facts about a listing the access rule reads. */
export interface ListingAccessFacts {
  status: string;
  /** Hidden by moderation: public no more, still seen by those who manage it. */
  hiddenAt?: Date | null;
  ownerId: string;
  agent?: { userId: string } | null;
}

/** Select these to call `canManageListing` / `canSeeListing` on a row. */
export const listingAccessSelect = { status: true, hiddenAt: true, ownerId: true, agent: { select: { userId: true } } } as const;

/** The listing's owner and its listing agent manage it (and see it in any status). */
export function canManageListing(viewer: ListingViewer | null | undefined, listing: ListingAccessFacts): boolean {
  return Boolean(viewer) && (listing.ownerId === viewer!.uid || listing.agent?.userId === viewer!.uid);
}

/**
 * A listing's numbers (views, inquiries) are its owner's, its listing agent's and administrators':
 * null to everyone else, partners included (issue 24 item 9). The answer is a test of a row, for a
 * viewer whose role is read once (per request, or per socket).
 */
export async function listingNumbersReader(
  prisma: PrismaClient,
  viewer: Viewer | null | undefined,
): Promise<(listing: ListingAccessFacts) => boolean> {
  if (!viewer) return () => false;
  const admin = (await viewerRole(prisma, viewer)) === 'ADMIN';
  return (listing) => admin || canManageListing(viewer, listing);
}

/** `listingNumbersReader` for one row; a manager of the listing needs no read of the role. */
export async function canReadListingNumbers(
  prisma: PrismaClient,
  viewer: Viewer | null | undefined,
  listing: ListingAccessFacts,
): Promise<boolean> {
  if (!viewer) return false;
  return canManageListing(viewer, listing) || (await viewerRole(prisma, viewer)) === 'ADMIN';
}

/** Active listings not hidden by moderation are public; the rest are seen by those who manage them only. */
export function canSeeListing(viewer: ListingViewer | null | undefined, listing: ListingAccessFacts): boolean {
  return isPublicListing(listing) || canManageListing(viewer, listing);
}

/** `canSeeListing` as a Prisma WHERE (the same rule, for queries that filter many rows). */
export function visibleListingWhere(viewer: ListingViewer | null | undefined): Prisma.PropertyWhereInput {
  if (!viewer) return { ...PUBLIC_LISTING };
  return { OR: [{ ...PUBLIC_LISTING }, { ownerId: viewer.uid }, { agent: { is: { userId: viewer.uid } } }] };
}

/**
 * Listings a user manages: as owner or as listing agent (`canManageListing`), by the indexed columns
 * (`ownerId`, and `agentId` for an agent) rather than through the agent relation, so the owner's
 * index serves the manage screen.
 */
export const managedBy = (uid: string, agentId: string | null): Prisma.PropertyWhereInput =>
  agentId ? { OR: [{ ownerId: uid }, { agentId }] } : { ownerId: uid };
