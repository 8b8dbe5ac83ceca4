import { requireUser } from '../../core/authz.js';
import { audit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { eventsOf } from '../../core/events.js';
import type { Viewer } from '../../core/viewer.js';
import type { PrismaClient } from '../../db/client.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import { DELETED_ACCOUNT_NAME } from '../../../common/account.js';
import { deleteListing } from '../listings/index.js';
import type { IdentityProvider } from '../auth/index.js';
import type { Storage } from '../uploads/index.js';

const messages = defineMessages({
  confirm: { id: 'server.account.confirmDelete', defaultMessage: 'Type DELETE to delete your account.' },
});

export interface AccountDeletionDeps {
  prisma: PrismaClient;
  identity: Pick<IdentityProvider, 'deleteAccount' | 'revokeSessions'>;
  storage?: Storage;
  log?: { error(obj: object, msg: string): void };
}

/**
 * 'Delete my account' (issue 59 item 6). What is personal goes: the sign-in (the identity provider's
 * account, every session), the profile (name, e-mail, phone, photo, language, an agent's public
 * profile and license), saved homes and searches, notifications, RSVPs, reports, uploads not on a
 * listing, the listing form's drafts, the listings the person owns (their renters are told, as for any deleted listing), and
 * upcoming tours (cancelled). What others keep stays, without the person: their conversations with
 * them (messages are the other side's record too) and the reviews the person wrote (shown as a former
 * member's, the agent's rating unchanged). The row itself stays, scrubbed, for those to point at.
 */
export async function deleteMyAccount(deps: AccountDeletionDeps, viewer: Viewer | null | undefined, confirm: string) {
  const user = await requireUser(deps.prisma, viewer);
  if (confirm.trim() !== 'DELETE') throw new AppError('BAD_USER_INPUT', formatMessage(messages.confirm));
  // The sign-in first: past this point nobody can act as the account, whatever fails after.
  await deps.identity.revokeSessions(user.id);
  await deps.identity.deleteAccount(user.id);

  // Their own listings, as a deletion by them (renters with tours or conversations are told).
  const owned = await deps.prisma.property.findMany({ where: { ownerId: user.id }, select: { id: true } });
  for (const { id } of owned) {
    await deleteListing(deps.prisma, viewer ?? null, id, deps.storage, (err) =>
      deps.log?.error({ err, listingId: id }, 'A photo of a deleted account could not be removed'),
    );
  }
  const now = new Date();
  await deps.prisma.$transaction(async (tx) => {
    // Listings they were the agent of, for another owner: the owner answers for them from now on.
    if (user.agent) {
      await tx.property.updateMany({ where: { agentId: user.agent.id }, data: { agentId: null } });
      await tx.agent.update({
        where: { id: user.agent.id },
        data: { bio: null, agency: null, specialties: [], license: null, licenseVerifiedAt: null, yearsExperience: 0 },
      });
    }
    await tx.favorite.deleteMany({ where: { userId: user.id } });
    await tx.savedSearch.deleteMany({ where: { userId: user.id } });
    await tx.notification.deleteMany({ where: { userId: user.id } });
    await tx.openHouseRsvp.deleteMany({ where: { userId: user.id } });
    await tx.listingReport.deleteMany({ where: { reporterId: user.id } });
    await tx.reviewReport.deleteMany({ where: { reporterId: user.id } });
    await tx.upload.deleteMany({ where: { ownerId: user.id } });
    await tx.formDraft.deleteMany({ where: { userId: user.id } });
    // Upcoming tours, theirs to take or to give, do not happen.
    await tx.tourRequest.updateMany({
      where: {
        OR: [{ renterId: user.id }, { agentUserId: user.id }],
        status: { in: ['REQUESTED', 'PROPOSED', 'CONFIRMED'] },
      },
      data: { status: 'CANCELLED' },
    });
    await tx.user.update({
      where: { id: user.id },
      data: {
        email: `deleted-${user.id}@deleted.invalid`,
        phone: null,
        firstName: DELETED_ACCOUNT_NAME.firstName,
        lastName: DELETED_ACCOUNT_NAME.lastName,
        photoUrl: null,
        locale: null,
        emailMessages: false,
        emailVerified: false,
        lastSeenAt: null,
        deletedAt: now,
      },
    });
    await audit(tx, { actorId: user.id, action: 'account.deleted', targetType: 'User', targetId: user.id });
  });
  if (user.agent) eventsOf(deps.prisma).publish({ type: 'agent.changed', agentId: user.agent.id });
  return { deletedAt: now };
}
