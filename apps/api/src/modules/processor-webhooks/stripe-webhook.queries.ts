import { ROLE } from '@kassa/contract/access';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notifications, providerConnections, refunds, transactions, users } from '../../db/schema.ts';

export async function findStripeConnection(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(providerConnections)
    .where(and(eq(providerConnections.id, id), eq(providerConnections.provider, 'stripe')))
    .limit(1);
  return row;
}

/** A payment of this connection, by Kassa's id (the PaymentIntent's metadata) or by the PaymentIntent id. */
export async function findConnectionPayment(
  db: DbOrTx,
  connectionId: string,
  by: { id: string } | { providerReference: string },
  lock = false,
) {
  const query = db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.providerConnectionId, connectionId),
        'id' in by ? eq(transactions.id, by.id) : eq(transactions.providerReference, by.providerReference),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findRefundByProviderReference(db: DbOrTx, providerReference: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.providerReference, providerReference)).limit(1);
  return row;
}

/** succeeded → failed once; the caller's transaction holds the payment's row lock. */
export async function markRefundFailed(db: DbOrTx, refundId: string) {
  const rows = await db
    .update(refunds)
    .set({ status: 'failed' })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'succeeded')))
    .returning();
  return rows[0];
}

/** The card part of a failed refund stays with the merchant: refunded total and status go back. */
export async function revertRefundedAmount(db: DbOrTx, transactionId: string, amount: number) {
  const [row] = await db
    .update(transactions)
    .set({
      refundedAmount: sql`greatest(${transactions.refundedAmount} - ${amount}, 0)`,
      status: sql`case when ${transactions.refundedAmount} - ${amount} <= 0 then 'capture_succeeded' else 'partially_refunded' end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(transactions.id, transactionId), inArray(transactions.status, ['partially_refunded', 'refunded'])))
    .returning();
  return row;
}

/** Sets the dispute mark once: the second delivery of the same dispute changes nothing. */
export async function markDisputed(db: DbOrTx, transactionId: string, at: Date) {
  const [row] = await db
    .update(transactions)
    .set({ disputedAt: at, updatedAt: sql`now()` })
    .where(and(eq(transactions.id, transactionId), isNull(transactions.disputedAt)))
    .returning();
  return row;
}

/** One e-mail per owner or staff member who keeps notifications on (the unique index keeps it once). */
export async function queueDisputeNotifications(db: DbOrTx, tx: { id: string; merchantId: string }) {
  const recipients = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.merchantId, tx.merchantId),
        inArray(users.role, [ROLE.MERCHANT_OWNER, ROLE.MERCHANT_STAFF]),
        eq(users.isActive, true),
        eq(users.sendNotification, true),
      ),
    );
  if (recipients.length === 0) return;
  await db
    .insert(notifications)
    .values(
      recipients.map((r) => ({
        merchantId: tx.merchantId,
        transactionId: tx.id,
        kind: 'merchant_dispute' as const,
        recipient: r.email.toLowerCase(),
      })),
    )
    .onConflictDoNothing();
}
