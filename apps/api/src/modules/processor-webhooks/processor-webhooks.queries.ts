// What processor webhooks read and write: the connection an endpoint belongs to, the payment an
// event is about, the once-only record of each event, and the dispute mark.
import { ROLE } from '@kassa/contract/access';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { processorWebhookEvents, providerConnections, transactions, users } from '../../db/schema.ts';

/** The connection a webhook URL names (the URL carries no merchant: the connection id is the scope). */
export async function findConnectionForWebhook(db: DbOrTx, connectionId: string) {
  const [row] = await db.select().from(providerConnections).where(eq(providerConnections.id, connectionId)).limit(1);
  return row;
}

/** A payment of this connection, by Kassa's id (the reference the processor got with the payment). */
export async function findPaymentOfConnection(db: DbOrTx, connectionId: string, transactionId: string) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, transactionId), eq(transactions.providerConnectionId, connectionId)))
    .limit(1);
  return row;
}

/** A payment of this connection, by the processor's own reference. */
export async function findPaymentByProcessorReference(db: DbOrTx, connectionId: string, providerReference: string) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(
      and(eq(transactions.providerReference, providerReference), eq(transactions.providerConnectionId, connectionId)),
    )
    .limit(1);
  return row;
}

/** Records an event once; false when it was recorded before (a redelivery). */
export async function recordWebhookEvent(
  db: DbOrTx,
  event: { provider: string; connectionId: string; eventKey: string; transactionId: string | null },
): Promise<boolean> {
  const inserted = await db
    .insert(processorWebhookEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: processorWebhookEvents.id });
  return inserted.length > 0;
}

/** Marks a payment disputed; true only for the call that set the mark. */
export async function markDisputed(db: DbOrTx, transactionId: string, at: Date): Promise<boolean> {
  const updated = await db
    .update(transactions)
    .set({ disputedAt: at, updatedAt: sql`now()` })
    .where(and(eq(transactions.id, transactionId), isNull(transactions.disputedAt)))
    .returning({ id: transactions.id });
  return updated.length > 0;
}

/** Who hears about a dispute: the merchant's active owners. */
/** The merchant's active owners' addresses, each with the owner's profile language (docs/i18n.md). */
export async function findMerchantOwnerEmails(
  db: DbOrTx,
  merchantId: string,
): Promise<{ email: string; locale: string | null }[]> {
  return db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(and(eq(users.merchantId, merchantId), eq(users.role, ROLE.MERCHANT_OWNER), eq(users.isActive, true)));
}
