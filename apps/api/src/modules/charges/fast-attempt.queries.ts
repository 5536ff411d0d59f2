import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CarriedWrite, fixedStatement, type StatementValues } from '../../db/fixed-statement.ts';
import { insertRows } from '../../db/json-rows.ts';
import { checkoutSessions, merchants, transactionEvents, transactions } from '../../db/schema.ts';
import type { CheckoutSessionFacts } from '../checkout/checkout.service.ts';
import { cardStillAsRead } from '../payment-methods/payment-methods.service.ts';
import { hasPaymentOutcomeListenerSql } from '../webhooks/webhooks.service.ts';
import { type CreatedEvent, createdEvents, insertedRow, type NewEvent, type NewTransaction } from './charge.queries.ts';
import { standingFingerprintSql } from './merchant-standing.queries.ts';
import { invoiceLockedAsRead } from './payment-locks.queries.ts';

type FastValues = StatementValues & {
  ids: { merchantId: string; sessionId: string };
  expected: { fingerprint: string };
  session: CheckoutSessionFacts;
  tx: NewTransaction & { id: string };
  event: CreatedEvent;
  /** With a saved card: the timeline line after `created`. */
  second?: CreatedEvent;
  /** With a saved card: the card as read (its id and fingerprint), locked and checked in the statement. */
  card?: { id: string; fingerprint: string };
  /** With an invoice: it as read (its total and amount paid), locked first and checked in the statement. */
  invoice?: InvoiceBalanceAsRead;
};

/** An invoice as the caller read it before paying its whole balance. */
export interface InvoiceBalanceAsRead {
  id: string;
  totalAmount: number;
  amountPaid: number;
}

/**
 * The whole first step of a payment in one autocommit statement: the key's claim, the checkout session
 * opened from its facts (after the invoice it pays whole, if any, locked FOR UPDATE as read), the saved
 * card (if any) locked FOR SHARE as read, the `processing` transaction
 * and its first events. The transaction's id is read
 * through `as_seen`, which fails the statement (kassa_expect, migration 0014) with nothing written
 * unless the key was free, the session is new (so it has no attempt yet: the insert holds its row), the
 * card and its customer are live and the card unchanged, and the merchant's standing is still what the
 * caller decided from. The claim is written before the
 * session row, as in opening_standing, so two requests with one key queue on the key.
 */
const fastAttemptStatement = fixedStatement('fast_attempt', (db, v: FastValues, claim: CarriedWrite | undefined) => {
  const claimed = claim && db.$with('claimed_key', {}).as(sql`${claim.build(db, v.claim!).getSQL()}`);
  const sessionId = claimed
    ? sql`coalesce((select ${v.ids.sessionId}::uuid from claimed_key), ${v.ids.sessionId}::uuid)`
    : v.ids.sessionId;
  // The invoice is locked before the session is written (its id comes from the lock), as every attempt orders them.
  const invoice = v.invoice && db.$with('invoice_as_read', {}).as(sql`${invoiceLockedAsRead(v.invoice)}`);
  const invoiceId = invoice
    ? sql`coalesce((select id from invoice_as_read), ${v.invoice!.id}::uuid)`
    : v.session.invoiceId;
  const session = db
    .insert(checkoutSessions)
    .values({ ...v.session, id: sessionId, invoiceId })
    .onConflictDoNothing({ target: checkoutSessions.id })
    .returning({ id: checkoutSessions.id });
  const created = db.$with('created_session', {}).as(sql`${session.getSQL()}`);
  const keyFree = claimed ? sql`exists (select 1 from claimed_key) and ` : sql``;
  const card = v.card && db.$with('card_as_read', {}).as(sql`${cardStillAsRead(v.card.id, v.card.fingerprint)}`);
  const cardAsRead = card ? sql`exists (select 1 from card_as_read) and ` : sql``;
  const invoiceAsRead = invoice ? sql`exists (select 1 from invoice_as_read) and ` : sql``;
  const asSeen = db
    .$with('as_seen', {})
    .as(
      sql`select kassa_expect(${keyFree}${invoiceAsRead}${cardAsRead}exists (select 1 from created_session) and ${standingFingerprintSql(sql`${v.ids.merchantId}::uuid`)} = ${v.expected.fingerprint}, 'a new checkout of a merchant as this process saw it') as ok`,
    );
  const event = db.$with('created_event', {}).as(sql`${db.insert(transactionEvents).values(v.event).getSQL()}`);
  const second =
    v.second && db.$with('second_event', {}).as(sql`${db.insert(transactionEvents).values(v.second).getSQL()}`);
  const ctes = [claimed, invoice, created, card, asSeen, event, second].filter((cte) => cte !== undefined);
  const merchantId = sql`${v.ids.merchantId}::uuid`;
  return db
    .with(...ctes)
    .insert(transactions)
    .values({ ...v.tx, id: sql`(select ${v.tx.id}::uuid from as_seen)` })
    .returning({
      createdAt: transactions.createdAt,
      updatedAt: transactions.updatedAt,
      announced: hasPaymentOutcomeListenerSql(merchantId),
      matchesBuyersByEmail: sql<boolean>`(select ${merchants.matchCustomersByEmail} from ${merchants} where ${merchants.id} = ${merchantId})`,
    });
});

/**
 * Records a new checkout's attempt in one statement (see fastAttemptStatement); throws the expectation
 * failure (pg-errors.ts isExpectationFailure) when the locked path must decide instead.
 */
export async function insertAttemptAsSeen(
  db: DbOrTx,
  attempt: {
    session: CheckoutSessionFacts & { id: string };
    tx: NewTransaction & { id: string };
    fingerprint: string;
    /** A saved card's, as read: the statement goes ahead only while it is so. */
    card?: { id: string; fingerprint: string };
    second?: Omit<NewEvent, 'transactionId'>;
    /** The invoice the attempt pays whole, as read: the statement goes ahead only while it is so. */
    invoice?: InvoiceBalanceAsRead;
  },
  claim?: CarriedWrite,
) {
  const { id: sessionId, ...facts } = attempt.session;
  const values: FastValues = {
    ids: { merchantId: facts.merchantId, sessionId },
    expected: { fingerprint: attempt.fingerprint },
    session: facts,
    tx: attempt.tx,
    ...createdEvents(attempt.tx.id, attempt.tx.amount, attempt.second),
  };
  if (attempt.card) values.card = attempt.card;
  if (attempt.invoice) values.invoice = attempt.invoice;
  if (claim) values.claim = claim.values;
  const shape = `${claim ? 'claimed' : 'unclaimed'}${attempt.card ? '_card' : ''}${attempt.invoice ? '_invoice' : ''}`;
  const [row] = await fastAttemptStatement(db, shape, values, claim);
  const { createdAt, updatedAt, announced, matchesBuyersByEmail } = row!;
  return { row: insertedRow(attempt.tx, { createdAt, updatedAt }), announced, matchesBuyersByEmail };
}

/**
 * Attempts decided in the caller's transaction (a batch of renewals), written in one statement: their
 * checkout sessions, their timelines' first lines and their `processing` payments. What they were
 * decided from — the invoices the transaction made, the cards it locked FOR SHARE, the standing it read
 * — holds until it commits, so the statement checks nothing again.
 */
export async function insertAttemptsTogether(
  db: DbOrTx,
  attempts: {
    session: CheckoutSessionFacts & { id: string };
    tx: NewTransaction & { id: string };
    second?: Omit<NewEvent, 'transactionId'>;
  }[],
) {
  const events = attempts.flatMap((a) => {
    const { event, second } = createdEvents(a.tx.id, a.tx.amount, a.second);
    return second ? [event, second] : [event];
  });
  const sessions = db.$with('created_sessions', {}).as(
    sql`${insertRows(
      db,
      checkoutSessions,
      attempts.map((a) => a.session),
    ).getSQL()}`,
  );
  const created = db.$with('created_events', {}).as(sql`${insertRows(db, transactionEvents, events).getSQL()}`);
  const rows = await insertRows(
    db.with(sessions, created),
    transactions,
    attempts.map((a) => a.tx),
  ).returning({ id: transactions.id, createdAt: transactions.createdAt, updatedAt: transactions.updatedAt });
  const stamps = new Map(rows.map((row) => [row.id, row]));
  return attempts.map((a) => insertedRow(a.tx, stamps.get(a.tx.id)!));
}
