import type { PrismaClient } from '../../db/generated/prisma/client.js';
import { audit } from '../../core/audit.js';

/** Administrators: granted and revoked by the admin command (`npm run admin`), each change audited. */

export async function grantAdmin(prisma: PrismaClient, email: string): Promise<'granted' | 'already' | 'no-user'> {
  return prisma.$transaction(async (tx) => {
    const user = await tx.user.findFirst({
      where: { email: { equals: email.trim(), mode: 'insensitive' } },
      select: { id: true, role: true },
    });
    if (!user) return 'no-user';
    if (user.role === 'ADMIN') return 'already';
    await tx.user.update({ where: { id: user.id }, data: { role: 'ADMIN' }, select: { id: true } });
    await audit(tx, {
      actorId: null,
      action: 'ROLE_GRANTED',
      targetType: 'User',
      targetId: user.id,
      details: { from: user.role, to: 'ADMIN', by: 'cli' },
    });
    return 'granted';
  });
}

/** Back to AGENT when the user has an agent profile, else RENTER. */
export async function revokeAdmin(prisma: PrismaClient, email: string): Promise<'revoked' | 'not-admin' | 'no-user'> {
  return prisma.$transaction(async (tx) => {
    const user = await tx.user.findFirst({
      where: { email: { equals: email.trim(), mode: 'insensitive' } },
      select: { id: true, role: true, agent: { select: { id: true } } },
    });
    if (!user) return 'no-user';
    if (user.role !== 'ADMIN') return 'not-admin';
    const to = user.agent ? 'AGENT' : 'RENTER';
    await tx.user.update({ where: { id: user.id }, data: { role: to }, select: { id: true } });
    await audit(tx, {
      actorId: null,
      action: 'ROLE_REVOKED',
      targetType: 'User',
      targetId: user.id,
      details: { from: 'ADMIN', to, by: 'cli' },
    });
    return 'revoked';
  });
}

export function listAdmins(prisma: PrismaClient) {
  return prisma.user.findMany({
    where: { role: 'ADMIN' },
    select: { id: true, email: true, firstName: true, lastName: true, createdAt: true },
    orderBy: { email: 'asc' },
  });
}
