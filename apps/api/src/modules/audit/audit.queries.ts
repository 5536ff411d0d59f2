import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, merchants, users } from '../../db/schema.ts';

export type AuditInsert = typeof auditLog.$inferInsert;

export async function merchantExists(db: DbOrTx, merchantId: string): Promise<boolean> {
  const [row] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  return row !== undefined;
}

/**
 * The insert not yet run, so a caller can send it alongside its own write in one round trip; a second
 * entry with the same id (a writer's retry, AuditRecord.id) is skipped.
 */
export const auditInsertStatement = (db: DbOrTx, entry: AuditInsert) =>
  db.insert(auditLog).values(entry).onConflictDoNothing({ target: auditLog.id });

const auditColumns = {
  id: auditLog.id,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  merchantId: auditLog.merchantId,
  actorUserId: auditLog.actorUserId,
  actorRole: auditLog.actorRole,
  apiKeyId: auditLog.apiKeyId,
  actorFirstName: users.firstName,
  actorLastName: users.lastName,
  actorEmail: users.email,
  amount: auditLog.amount,
  currency: auditLog.currency,
  data: auditLog.data,
  createdAt: auditLog.createdAt,
};
export type AuditRow = Awaited<ReturnType<typeof selectMerchantAudit>>[number];

/** Newest first, with who acted; uses audit_log_merchant_idx (merchant_id, created_at). */
export async function selectMerchantAudit(db: DbOrTx, merchantId: string, limit: number, offset = 0) {
  return db
    .select(auditColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(eq(auditLog.merchantId, merchantId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

export async function countMerchantAudit(db: DbOrTx, merchantId: string) {
  const [row] = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.merchantId, merchantId));
  return row?.n ?? 0;
}
