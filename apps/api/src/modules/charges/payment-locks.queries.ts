// Row locks of a payment, always taken in one order — invoice, then checkout session, then
// transaction — by every writer (recording an attempt, settling an answer, replacing an abandoned
// attempt). Two writers that lock the same rows in different orders deadlock under load; one order
// makes them queue instead.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { checkoutSessions, invoices, transactions } from '../../db/schema.ts';

/** Before recording an attempt: the invoice the checkout pays (if any), then the checkout session. */
export async function lockCheckoutForAttempt(db: DbOrTx, checkoutSessionId: string) {
  // Every checkout session of one invoice queues on the invoice row, so only one attempt at a time
  // can see the invoice unpaid and without an open attempt.
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(
      eq(
        invoices.id,
        sql`(select ${checkoutSessions.invoiceId} from ${checkoutSessions} where ${checkoutSessions.id} = ${checkoutSessionId})`,
      ),
    )
    .for('update');
  const [session] = await db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, checkoutSessionId))
    .for('update');
  return { invoice, session };
}

/** Before writing an answer onto a transaction: its invoice and checkout session, then the transaction. */
export async function lockTransactionForSettle(db: DbOrTx, transactionId: string) {
  const owner = (column: typeof transactions.invoiceId | typeof transactions.checkoutSessionId) =>
    sql`(select ${column} from ${transactions} where ${transactions.id} = ${transactionId})`;
  await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.id, owner(transactions.invoiceId)))
    .for('update');
  await db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, owner(transactions.checkoutSessionId)))
    .for('update');
  const [row] = await db.select().from(transactions).where(eq(transactions.id, transactionId)).for('update');
  return row;
}
