// Row locks of a payment, always taken in one order — invoice, then checkout session, then
// transaction — by every writer (recording an attempt, settling an answer, replacing an abandoned
// attempt). Two writers that lock the same rows in different orders deadlock under load; one order
// makes them queue instead.
import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { CarriedWrite } from '../../db/fixed-statement.ts';
import { checkoutSessions, invoices, transactions } from '../../db/schema.ts';
import type { CheckoutSessionFacts } from '../checkout/checkout.service.ts';
import { openSessionWithStanding } from './merchant-standing.queries.ts';

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

/**
 * Before recording an attempt: the invoice the checkout pays (if any), then the checkout session.
 * A session opened lazily (its facts signed in the checkout token) is written here by its first
 * attempt, in one statement that first locks the invoice, then writes the session (the insert holds
 * the new row's lock) and reads the merchant's standing, and locks and reads the saved card `cardId`
 * (if any) with its customer (`card`, unchecked). A session that exists already is locked instead,
 * and its standing is read after the lock.
 */
export async function lockCheckoutForAttempt(
  db: DbOrTx,
  checkoutSessionId: string,
  facts?: CheckoutSessionFacts,
  /** With `facts`: the request's key claim, sent in the same statement (`claimed` says how it went). */
  claim?: CarriedWrite,
  /** With `facts`: the saved card the attempt charges. */
  cardId?: string,
) {
  // Every checkout session of one invoice queues on the invoice row, so only one attempt at a time
  // can see the invoice's balance and no open attempt (docs/product-rules.md#partial-payments).
  // A new session's row is exactly its facts, so it is written in the same statement that locks the
  // invoice and reads the merchant's standing (with the key's claim first); only a session that exists
  // already (a retried token) is read and locked. A key found held rolls the whole transaction back,
  // session row included.
  if (facts) {
    const opened = await openSessionWithStanding(db, checkoutSessionId, facts, claim, cardId);
    const { invoice, standing, card } = opened;
    const claimed = standing?.claimed ?? true;
    if (standing?.created) {
      const session: CheckoutSessionRow = { ...facts, id: checkoutSessionId, billing: null, status: 'open' };
      return { invoice, session, standing, claimed, card };
    }
    if (!claimed) return { invoice, session: undefined, standing: undefined, claimed, card };
    return { invoice, session: await lockSession(db, checkoutSessionId), standing: undefined, claimed, card };
  }
  const invoiceId = sql`(select ${checkoutSessions.invoiceId} from ${checkoutSessions} where ${checkoutSessions.id} = ${checkoutSessionId})`;
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  const session = await lockSession(db, checkoutSessionId);
  return { invoice, session, standing: undefined, claimed: true, card: undefined };
}

async function lockSession(db: DbOrTx, checkoutSessionId: string) {
  const [session] = await db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, checkoutSessionId))
    .for('update');
  return session;
}

/**
 * For an invoice's attempt in one statement (fast-attempt.queries.ts): the invoice locked first, as
 * every attempt locks it, giving its id only while it is as the caller read it — payable, the same
 * total and amount paid (so the same balance), and no payment of it under way or awaiting approval.
 */
export const invoiceLockedAsRead = (invoice: {
  id: SQLWrapper | string;
  totalAmount: SQLWrapper | number;
  amountPaid: SQLWrapper | number;
}) =>
  sql`select ${invoices.id} from ${invoices} where ${invoices.id} = ${invoice.id} and ${invoices.status} not in ('paid', 'void') and ${invoices.deletedAt} is null and ${invoices.totalAmount} = ${invoice.totalAmount} and ${invoices.amountPaid} = ${invoice.amountPaid} and not exists (select 1 from ${transactions} where ${transactions.invoiceId} = ${invoices.id} and ${transactions.status} in ('processing', 'buyer_approval_pending')) for update of ${invoices}`;

/**
 * Before writing an answer onto a transaction: its invoice and checkout session, then the
 * transaction, in one statement. The order is forced by what each step needs: the session's lock
 * waits on the invoice's (an InitPlan of its WHERE), and the transaction's lock on both.
 */
/** The webhook endpoints a payment's outcome goes to, from its merchant and mode columns, as an SQL array. */
type EndpointIdsOf = (merchantId: SQLWrapper, mode: SQLWrapper) => SQL<string[]>;

export async function lockTransactionForSettle(
  db: DbOrTx,
  transactionId: string,
  /** Read in the same statement: the webhook endpoints (of the payment's mode) the outcome will be announced to. */
  endpointIdsOf?: EndpointIdsOf,
) {
  const owner = (column: typeof transactions.invoiceId | typeof transactions.checkoutSessionId) =>
    sql`(select ${column} from ${transactions} where ${transactions.id} = ${transactionId})`;
  const invoiceLock = sql`(select count(*) from (select 1 from ${invoices} where ${invoices.id} = ${owner(transactions.invoiceId)} for update) locked_invoice) >= 0`;
  const [found] = await db
    .select({
      row: transactions,
      endpointIds: endpointIdsOf ? endpointIdsOf(transactions.merchantId, transactions.mode) : sql<null>`null`,
    })
    .from(transactions)
    .where(
      sql`${transactions.id} = ${transactionId} and ${sessionLocked(owner(transactions.checkoutSessionId), invoiceLock)}`,
    )
    .for('update');
  return found && { row: found.row, endpointIds: found.endpointIds ?? undefined };
}

/**
 * A condition that locks the checkout session (after `after`, itself a lock taken first) as it is
 * evaluated: put in the WHERE of a statement that then locks the transaction row, it keeps the order.
 */
export const sessionLocked = (checkoutSessionId: SQLWrapper | string, after: SQL = sql`true`) =>
  sql`(select count(*) from (select 1 from ${checkoutSessions} where ${checkoutSessions.id} = ${checkoutSessionId} and ${after} for update) locked_session) >= 0`;

/**
 * For an outcome written in one statement (settleAttempt): the invoice it pays (if any) locked first,
 * then the checkout session, before the transaction row — the order of lockTransactionForSettle — and
 * the row still `processing` with no webhook endpoint to announce it to, and `also` (what else the
 * statement must find, such as the invoice paid as expected); otherwise the statement fails
 * (kassa_expect, migration 0014) with nothing written.
 */
export const stillAsRecorded = (
  checkoutSessionId: SQLWrapper | string,
  endpointIdsOf?: EndpointIdsOf,
  invoice?: { id: SQLWrapper | string; also?: SQL },
) =>
  and(
    sessionLocked(
      checkoutSessionId,
      invoice &&
        sql`(select count(*) from (select 1 from ${invoices} where ${invoices.id} = ${invoice.id} for update) locked_invoice) >= 0`,
    ),
    sql`kassa_expect(${transactions.status} = 'processing', 'an undecided payment')`,
    endpointIdsOf &&
      sql`kassa_expect(cardinality(${endpointIdsOf(transactions.merchantId, transactions.mode)}) = 0, 'no webhook endpoint')`,
    invoice?.also,
  );
