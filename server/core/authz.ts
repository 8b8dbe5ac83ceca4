import type { PrismaClient } from '../db/client.js';
import { defineMessages, formatMessage } from '../../common/i18n/messages.js';
import { AppError } from './errors.js';
import { say } from './texts.js';
import type { Viewer } from './viewer.js';

const messages = defineMessages({
  onlyAgents: { id: 'server.auth.onlyAgents', defaultMessage: 'Only agents can do that.' },
  onlyRenters: { id: 'server.auth.onlyRenters', defaultMessage: 'Only renters can do that.' },
  onlyAdmins: { id: 'server.auth.onlyAdmins', defaultMessage: 'Only administrators can do that.' },
  onlyOwnListing: { id: 'server.listing.onlyOwn', defaultMessage: 'You can only change your own listing.' },
});

/**
 * Authorization helpers used by every module's service (GraphQL, REST and WebSocket alike).
 * They throw typed AppErrors: UNAUTHENTICATED without a viewer, FORBIDDEN otherwise.
 */
export function requireViewer(viewer: Viewer | null | undefined): Viewer {
  if (!viewer) throw new AppError('UNAUTHENTICATED', say('signIn'));
  return viewer;
}

/** The viewer's database row; UNAUTHENTICATED when signed in but sign-up was never completed. */
export async function requireUser(prisma: PrismaClient, viewer: Viewer | null | undefined) {
  const v = requireViewer(viewer);
  const user = await prisma.user.findUnique({ where: { id: v.uid }, include: { agent: true } });
  if (!user) throw new AppError('UNAUTHENTICATED', say('finishAccount'));
  // A deleted account (issue 59 item 6) acts no more, whatever token it still holds.
  if (user.deletedAt) throw new AppError('UNAUTHENTICATED', say('accountDeleted'));
  return user;
}

export async function requireRole(prisma: PrismaClient, viewer: Viewer | null | undefined, role: 'RENTER' | 'AGENT') {
  const user = await requireUser(prisma, viewer);
  if (user.role !== role)
    throw new AppError('FORBIDDEN', formatMessage(role === 'AGENT' ? messages.onlyAgents : messages.onlyRenters));
  return user;
}

/** The listing must belong to the viewer (its ownerId is the viewer's uid). */
export function requireOwner(viewer: Viewer | null | undefined, record: { ownerId: string } | null | undefined) {
  const v = requireViewer(viewer);
  if (!record) throw new AppError('NOT_FOUND', say('listingNotFound'));
  if (record.ownerId !== v.uid) throw new AppError('FORBIDDEN', formatMessage(messages.onlyOwnListing));
  return record;
}

/** The viewer must be an administrator (role ADMIN, read from the database on every call). */
export async function requireAdmin(prisma: PrismaClient, viewer: Viewer | null | undefined) {
  const user = await requireUser(prisma, viewer);
  if (user.role !== 'ADMIN') throw new AppError('FORBIDDEN', formatMessage(messages.onlyAdmins));
  return user;
}

const roles = new WeakMap<Viewer, Promise<Viewer['role']>>();

/**
 * The viewer's role from the database, read once per viewer object (one request, or one socket's
 * connection): the role on the credential is not known (asViewer leaves it null).
 */
export function viewerRole(prisma: PrismaClient, viewer: Viewer): Promise<Viewer['role']> {
  if (viewer.role) return Promise.resolve(viewer.role);
  let role = roles.get(viewer);
  if (!role) {
    role = prisma.user.findUnique({ where: { id: viewer.uid }, select: { role: true } }).then((u) => u?.role ?? null);
    roles.set(viewer, role);
  }
  return role;
}
