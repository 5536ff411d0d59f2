import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, refunds, transactionEvents, transactions } from '../../db/schema.ts';

/**
 * Locks the transaction row until the surrounding database transaction ends: refunds queue up here.
 * `mode` (an API key's) leaves the other mode's transactions out, as if they did not exist.
 */
export async function lockTransaction(db: DbOrTx, merchantIds: string[], id: string, mode?: 'test' | 'live') {
  const [row] = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.id, id),
        inArray(transactions.merchantId, merchantIds),
        mode ? eq(transactions.mode, mode) : undefined,
      ),
    )
    .for('update')
    .limit(1);
  return row;
}

export async function recordRefund(
  db: DbOrTx,
  input: {
    transactionId: string;
    merchantId: string;
    refundId: string;
    amount: number;
    currency: string;
    reason: string | null;
    providerReference: string;
    newRefundedAmount: number;
    newStatus: 'refunded' | 'partially_refunded';
    actorUserId: string;
    actorRole: number;
  },
) {
  await db.insert(refunds).values({
    id: input.refundId,
    transactionId: input.transactionId,
    merchantId: input.merchantId,
    amount: input.amount,
    currency: input.currency,
    reason: input.reason,
    status: 'succeeded',
    providerReference: input.providerReference,
    createdBy: input.actorUserId,
  });
  await db
    .update(transactions)
    .set({ refundedAmount: input.newRefundedAmount, status: input.newStatus, updatedAt: sql`now()` })
    .where(eq(transactions.id, input.transactionId));
  await db.insert(transactionEvents).values({
    transactionId: input.transactionId,
    type: 'refunded',
    status: input.newStatus,
    amount: input.amount,
    message: input.reason,
    actorUserId: input.actorUserId,
  });
  await db.insert(auditLog).values({
    actorUserId: input.actorUserId,
    actorRole: input.actorRole,
    merchantId: input.merchantId,
    action: 'transaction.refund',
    entityType: 'transaction',
    entityId: input.transactionId,
    amount: input.amount,
    currency: input.currency,
    data: { refund_id: input.refundId, reason: input.reason },
  });
}
