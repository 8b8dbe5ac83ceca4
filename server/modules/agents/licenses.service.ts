import { PAGE_LIMITS } from '../../../common/page-limits.js';
import type { Viewer } from '../../core/viewer.js';
import { AppError } from '../../core/errors.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import { requireAdmin, requireUser } from '../../core/authz.js';
import { eventsOf } from '../../core/events.js';
import { licenseInputSchema } from '../../../common/trust.js';
import { happenedNow } from '../../core/within.js';
import { inLocale } from '../../core/locale.js';
import { audit } from '../../core/audit.js';
import { parse, TRUST_MESSAGES, type TrustDeps } from '../moderation/index.js';

const messages = defineMessages({
  changedMeanwhile: {
    id: 'server.trust.licenseChangedMeanwhile',
    defaultMessage: 'The agent changed the license number meanwhile. Reload and check again.',
  },
});

// The agent's notification, in the agent's language (server/modules/mail/texts.ts).
const mailMessages = defineMessages({
  verifiedTitle: { id: 'mail.license.verifiedTitle', defaultMessage: 'Your license is verified' },
  verifiedBody: {
    id: 'mail.license.verifiedBody',
    defaultMessage: "Your listings and profile now show the 'Licensed' badge.",
  },
});

/**
 * Agents' New York license numbers (issue 14; docs/decisions/0033-trust.md): an agent keeps theirs;
 * changing it clears the verification; administrators verify it, and cards then show 'Licensed'.
 * Every decision writes an AuditLog row in the same transaction as the change.
 */

/** The agent's own license number: normalised, checked; a change clears the verification. */
export async function updateMyLicense(deps: TrustDeps, viewer: Viewer | null | undefined, input: unknown) {
  const user = await requireUser(deps.prisma, viewer);
  if (!user.agent) throw new AppError('FORBIDDEN', TRUST_MESSAGES.onlyAgents);
  const { license } = parse(licenseInputSchema.safeParse(input ?? {}));
  if (license === user.agent.license) return { agentId: user.agent.id };
  await deps.prisma.agent.update({
    where: { id: user.agent.id },
    data: { license, licenseVerifiedAt: null },
    select: { id: true },
  });
  // A new number loses the 'Licensed' badge cards show; an unverified one changes nothing a visitor sees.
  if (user.agent.licenseVerifiedAt) eventsOf(deps.prisma).publish({ type: 'agent.changed', agentId: user.agent.id });
  return { agentId: user.agent.id };
}

/** Agents with a license number, unverified first (the admins' 'Licenses' tab). */
export async function licenseQueue(deps: TrustDeps, viewer: Viewer | null | undefined, unverifiedOnly: boolean) {
  await requireAdmin(deps.prisma, viewer);
  const rows = await deps.prisma.agent.findMany({
    where: { license: { not: null }, ...(unverifiedOnly ? { licenseVerifiedAt: null } : {}) },
    select: {
      id: true,
      license: true,
      licenseVerifiedAt: true,
      agency: true,
      updatedAt: true,
      user: { select: { firstName: true, lastName: true, email: true } },
    },
    orderBy: [{ licenseVerifiedAt: { sort: 'desc', nulls: 'first' } }, { updatedAt: 'desc' }, { id: 'asc' }],
    take: PAGE_LIMITS.licenses.max,
  });
  return rows.map((a) => ({
    agentId: a.id,
    name: `${a.user.firstName} ${a.user.lastName}`.trim(),
    email: a.user.email,
    agency: a.agency,
    license: a.license ?? '',
    verifiedAt: a.licenseVerifiedAt,
  }));
}
export type LicenseCase = Awaited<ReturnType<typeof licenseQueue>>[number];

export async function setAgentLicenseVerified(
  deps: TrustDeps,
  viewer: Viewer | null | undefined,
  agentId: unknown,
  verified: boolean,
): Promise<{ agentId: string }> {
  const admin = await requireAdmin(deps.prisma, viewer);
  const id = typeof agentId === 'string' ? agentId.trim() : '';
  const agent = /^[0-9a-f-]{36}$/i.test(id)
    ? await deps.prisma.agent.findUnique({
        where: { id },
        select: { id: true, userId: true, license: true, licenseVerifiedAt: true, user: { select: { locale: true } } },
      })
    : null;
  if (!agent) throw new AppError('NOT_FOUND', TRUST_MESSAGES.agentNotFound);
  if (verified && !agent.license) throw new AppError('BAD_USER_INPUT', TRUST_MESSAGES.noLicense);
  const changed = verified !== (agent.licenseVerifiedAt !== null);
  if (!changed) return { agentId: agent.id };
  await deps.prisma.$transaction(async (tx) => {
    // Verify only the number the admin saw: a change by the agent meanwhile wins (nothing updated).
    const n = await tx.agent.updateMany({
      where: { id: agent.id, license: agent.license },
      data: { licenseVerifiedAt: verified ? new Date() : null },
    });
    if (n.count === 0) throw new AppError('CONFLICT', formatMessage(messages.changedMeanwhile));
    await audit(tx, {
      actorId: admin.id,
      action: verified ? 'LICENSE_VERIFIED' : 'LICENSE_UNVERIFIED',
      targetType: 'Agent',
      targetId: agent.id,
      details: { license: agent.license },
    });
  });
  eventsOf(deps.prisma).publish({ type: 'agent.changed', agentId: agent.id });
  if (verified) {
    await happenedNow(deps.prisma, {
      type: 'account.decided',
      tell: [
        {
          userId: agent.userId,
          kind: 'LICENSE_VERIFIED',
          texts: inLocale(agent.user.locale, () => ({
            title: formatMessage(mailMessages.verifiedTitle),
            body: formatMessage(mailMessages.verifiedBody),
          })),
          url: `/agents/${agent.id}`,
        },
      ],
    }).catch((err: unknown) => deps.log?.warn({ err }, 'license notification failed'));
  }
  return { agentId: agent.id };
}
