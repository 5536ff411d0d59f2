import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, refunds, transactionEvents, transactions } from '../../db/schema.ts';

export type RefundRow = typeof refunds.$inferSelect;

/**
 * Locks the transaction row until the surrounding database transaction ends: refunds, captures and
 * voids of one payment queue up here. `mode` (an API key's) leaves the other mode's transactions
 * out, as if they did not exist.
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

/** The payment's row, locked, for a settle that already knows the payment is the caller's. */
export async function lockTransactionById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).for('update').limit(1);
  return row;
}

/** The payment as stored, unlocked: for reading before a processor call, which must hold no lock. */
export async function findTransactionById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).limit(1);
  return row;
}

/** What refunds still waiting for the processor's answer hold of the payment (counted as spent). */
export async function pendingRefundTotal(db: DbOrTx, transactionId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${refunds.amount}), 0)::bigint` })
    .from(refunds)
    .where(and(eq(refunds.transactionId, transactionId), eq(refunds.status, 'pending')));
  return Number(row?.total ?? 0);
}

/** The refund an earlier request with the same Idempotency-Key made (pending or done), if any. */
export async function findRefundByRequestKey(db: DbOrTx, transactionId: string, requestKey: string) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(
      and(eq(refunds.transactionId, transactionId), eq(refunds.requestKey, requestKey), ne(refunds.status, 'failed')),
    )
    .limit(1);
  return row;
}

export async function insertPendingRefund(
  db: DbOrTx,
  input: Pick<
    RefundRow,
    | 'transactionId'
    | 'merchantId'
    | 'amount'
    | 'currency'
    | 'reason'
    | 'toCard'
    | 'toGiftCard'
    | 'requestKey'
    | 'createdBy'
    | 'actorRole'
  >,
) {
  const [row] = await db
    .insert(refunds)
    .values({ ...input, status: 'pending' })
    .returning();
  return row!;
}

/** pending → succeeded, once: of two settles of the same refund (a retry, reconciliation) one applies. */
export async function markRefundSucceeded(db: DbOrTx, refundId: string, providerReference: string) {
  const [row] = await db
    .update(refunds)
    .set({ status: 'succeeded', providerReference, settledAt: sql`now()` })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning();
  return row;
}

/** pending → failed, once, with the processor's reason on the payment's timeline. */
export async function markRefundFailed(db: DbOrTx, refund: RefundRow, failureReason: string) {
  const [row] = await db
    .update(refunds)
    .set({ status: 'failed', failureReason, settledAt: sql`now()` })
    .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
    .returning();
  if (!row) return undefined;
  await db.insert(transactionEvents).values({
    transactionId: refund.transactionId,
    type: 'refund_failed',
    status: 'refund_failed',
    amount: refund.amount,
    message: failureReason,
    actorUserId: refund.createdBy,
  });
  return row;
}

/** A refund the processor made: added to the payment's refunded total, its timeline and the audit trail. */
export async function applySucceededRefund(db: DbOrTx, refund: RefundRow) {
  const [updated] = await db
    .update(transactions)
    .set({
      refundedAmount: sql`${transactions.refundedAmount} + ${refund.amount}`,
      status: sql`case when ${transactions.refundedAmount} + ${refund.amount} >= ${transactions.capturedAmount} then 'refunded' else 'partially_refunded' end`,
      updatedAt: sql`now()`,
    })
    .where(eq(transactions.id, refund.transactionId))
    .returning({ status: transactions.status });
  await db.insert(transactionEvents).values({
    transactionId: refund.transactionId,
    type: 'refunded',
    status: updated!.status,
    amount: refund.amount,
    message: refund.reason,
    actorUserId: refund.createdBy,
  });
  await db.insert(auditLog).values({
    actorUserId: refund.createdBy,
    actorRole: refund.actorRole,
    merchantId: refund.merchantId,
    action: 'transaction.refund',
    entityType: 'transaction',
    entityId: refund.transactionId,
    amount: refund.amount,
    currency: refund.currency,
    data: { refund_id: refund.id, reason: refund.reason },
  });
}

/** Refunds still waiting for an answer since before `before`: reconciliation asks the processor. */
export async function findStalePendingRefunds(db: DbOrTx, before: Date) {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lt(refunds.createdAt, before)))
    .orderBy(refunds.createdAt)
    .limit(500);
}
