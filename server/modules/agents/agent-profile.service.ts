import { agentProfileInputSchema } from '../../../common/agent-profile.js';
import { requireUser } from '../../core/authz.js';
import { AppError, fromZod } from '../../core/errors.js';
import { eventsOf } from '../../core/events.js';
import type { Viewer } from '../../core/viewer.js';
import type { PrismaClient } from '../../db/client.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';

const messages = defineMessages({
  onlyAgents: { id: 'server.agentProfile.onlyAgents', defaultMessage: 'Only agents have a public profile to edit.' },
});

/**
 * An agent's public profile as they edit it on /me/profile (issue 59 item 6): about text, specialties,
 * agency, years of experience; what is left out stays. Only the agent's own (there is no id to pass).
 */
export async function updateMyAgentProfile(deps: { prisma: PrismaClient }, viewer: Viewer | null | undefined, input: unknown) {
  const user = await requireUser(deps.prisma, viewer);
  if (!user.agent) throw new AppError('FORBIDDEN', formatMessage(messages.onlyAgents));
  const parsed = agentProfileInputSchema.safeParse(input ?? {});
  if (!parsed.success) throw fromZod(parsed.error);
  const { bio, agency, specialties, yearsExperience } = parsed.data;
  const agent = await deps.prisma.agent.update({
    where: { id: user.agent.id },
    data: {
      ...(bio !== undefined ? { bio } : {}),
      ...(agency !== undefined ? { agency } : {}),
      ...(specialties !== undefined ? { specialties } : {}),
      ...(yearsExperience !== undefined ? { yearsExperience } : {}),
    },
    select: { id: true },
  });
  // A listing's page shows its agent's agency: the public answers that carry it are stale.
  if (agency !== undefined && agency !== user.agent.agency)
    eventsOf(deps.prisma).publish({ type: 'agent.changed', agentId: agent.id });
  return agent;
}
