import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, invoices, merchants, transactionEvents, transactions } from '../../db/schema.ts';

export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransaction = typeof transactions.$inferInsert;

export async function insertProcessingTransaction(db: DbOrTx, values: NewTransaction) {
  const [row] = await db.insert(transactions).values(values).returning();
  await db
    .insert(transactionEvents)
    .values({ transactionId: row!.id, type: 'created', status: 'processing', amount: row!.amount });
  return row!;
}

/** Payments of one checkout that are still undecided (processing, or waiting for the buyer's approval). */
export async function findOpenAttempts(db: DbOrTx, checkoutSessionId: string) {
  return db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.checkoutSessionId, checkoutSessionId),
        inArray(transactions.status, ['processing', 'buyer_approval_pending']),
      ),
    );
}

export async function updateTransaction(db: DbOrTx, id: string, values: Partial<NewTransaction>) {
  const [row] = await db
    .update(transactions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(transactions.id, id))
    .returning();
  return row!;
}

export async function addEvent(
  db: DbOrTx,
  event: { transactionId: string; type: string; status: string; amount?: number | null; message?: string | null },
) {
  await db.insert(transactionEvents).values(event);
}

export async function lockTransactionById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).for('update').limit(1);
  return row;
}

export async function findTransactionByProviderReference(db: DbOrTx, providerReference: string) {
  const [row] = await db
    .select({ tx: transactions, merchantName: merchants.name })
    .from(transactions)
    .innerJoin(merchants, eq(merchants.id, transactions.merchantId))
    .where(eq(transactions.providerReference, providerReference))
    .limit(1);
  return row;
}

export async function findTransactionById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).limit(1);
  return row;
}

export async function markInvoicePaid(db: DbOrTx, invoiceId: string, transactionId: string, at: Date) {
  await db
    .update(invoices)
    .set({ status: 'paid', paidAt: at, paidTransactionId: transactionId, updatedAt: sql`now()` })
    .where(eq(invoices.id, invoiceId));
}

export async function auditPayment(
  db: DbOrTx,
  tx: TransactionRow,
  action: 'payment.captured' | 'payment.authorized' | 'payment.declined' | 'payment.reconciled',
) {
  await db.insert(auditLog).values({
    merchantId: tx.merchantId,
    action,
    entityType: 'transaction',
    entityId: tx.id,
    amount: tx.amount,
    currency: tx.currency,
    data: { status: tx.status, method: tx.method },
  });
}

/** Payments stuck in processing since before `before`: the process died between recording and answer. */
export async function findStaleProcessing(db: DbOrTx, before: Date) {
  return db
    .select()
    .from(transactions)
    .where(and(eq(transactions.status, 'processing'), lt(transactions.createdAt, before)));
}
