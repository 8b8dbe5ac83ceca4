import { Prisma, type PrismaClient } from '../db/generated/prisma/client.js';

/**
 * The audit log of who changed what (a moderator's decision, a role granted, a flag raised): one row
 * per change, written in the change's own transaction. Every module that makes such a change writes
 * it here (moderation, admins, message flags).
 */
export async function audit(
  db: PrismaClient | Prisma.TransactionClient,
  row: { actorId: string | null; action: string; targetType: string; targetId: string; details?: Prisma.InputJsonValue },
) {
  await db.auditLog.create({ data: { ...row, details: row.details ?? Prisma.JsonNull }, select: { id: true } });
}
