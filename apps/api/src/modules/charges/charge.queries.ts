import { and, eq, inArray, isNull, lt, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CarriedWrite, fixedStatement } from '../../db/fixed-statement.ts';
import { checkoutSessions, merchants, transactionEvents, transactions } from '../../db/schema.ts';

export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransaction = typeof transactions.$inferInsert;

export type CreatedEvent = NewEvent & { id: string; transactionId: string };

const insertProcessing = fixedStatement(
  'insert_processing',
  (db, v: { tx: NewTransaction & { id: string }; event: CreatedEvent; second?: CreatedEvent }) => {
    const created = db.$with('created_event', {}).as(sql`${db.insert(transactionEvents).values(v.event).getSQL()}`);
    const second =
      v.second && db.$with('second_event', {}).as(sql`${db.insert(transactionEvents).values(v.second).getSQL()}`);
    return (second ? db.with(created, second) : db.with(created))
      .insert(transactions)
      .values(v.tx)
      .returning({ createdAt: transactions.createdAt, updatedAt: transactions.updatedAt });
  },
);

/**
 * The new `processing` transaction and its first timeline event, in one statement of fixed text; with
 * `second`, the event that follows it (how a saved card pays) in the same statement. Only the
 * database's own values come back (its timestamps): the rest of the row is what was given, so its 42
 * columns skip the driver's parsing and Drizzle's mapping (docs/decisions/0022-the-fast-path-on-public-apis.md).
 */
export async function insertProcessingTransaction(
  db: DbOrTx,
  values: NewTransaction,
  second?: Omit<NewEvent, 'transactionId'>,
): Promise<TransactionRow> {
  const id = values.id ?? crypto.randomUUID();
  const [stamps] = await insertProcessing(db, second ? 'new_with_second_event' : 'new', {
    tx: { ...values, id },
    ...createdEvents(id, values.amount, second),
  });
  return insertedRow({ ...values, id }, stamps!);
}

/** A new payment's first timeline event (and the one after it, if given), with their ids. */
export function createdEvents(
  transactionId: string,
  amount: number,
  second?: Omit<NewEvent, 'transactionId'>,
): { event: CreatedEvent; second?: CreatedEvent } {
  const event: CreatedEvent = { id: crypto.randomUUID(), transactionId, type: 'created', status: 'processing', amount };
  return second ? { event, second: { ...second, id: crypto.randomUUID(), transactionId } } : { event };
}

/** A JSON value as a jsonb column gives it back: members left undefined are not kept. */
const asStored = <T>(value: T | null | undefined): T | null =>
  value === undefined || value === null ? null : (JSON.parse(JSON.stringify(value)) as T);

/**
 * The row an insert of `v` wrote, as RETURNING * would read it (the table's triggers run after the
 * insert and change no column): each value given, the column's default where none was, the database's
 * timestamps. charge.api.test.ts compares it with the stored row.
 */
export function insertedRow(
  v: NewTransaction & { id: string },
  stamps: { createdAt: Date; updatedAt: Date },
): TransactionRow {
  return {
    id: v.id,
    merchantId: v.merchantId,
    checkoutSessionId: v.checkoutSessionId ?? null,
    source: v.source,
    productId: v.productId ?? null,
    quickPaymentId: v.quickPaymentId ?? null,
    invoiceId: v.invoiceId ?? null,
    amount: v.amount,
    currency: v.currency,
    capturedAmount: v.capturedAmount ?? 0,
    refundedAmount: v.refundedAmount ?? 0,
    giftCardAmount: v.giftCardAmount ?? 0,
    method: v.method,
    status: v.status ?? 'processing',
    intent: v.intent ?? 'capture',
    provider: v.provider ?? 'sandbox',
    providerConnectionId: v.providerConnectionId ?? null,
    providerReference: v.providerReference ?? null,
    mode: v.mode ?? 'test',
    approvalUrl: v.approvalUrl ?? null,
    cardBrand: v.cardBrand ?? null,
    cardLast4: v.cardLast4 ?? null,
    cardExpMonth: v.cardExpMonth ?? null,
    cardExpYear: v.cardExpYear ?? null,
    cardFingerprint: v.cardFingerprint ?? null,
    buyerId: v.buyerId ?? null,
    buyerFirstName: v.buyerFirstName ?? '',
    buyerLastName: v.buyerLastName ?? '',
    buyerEmail: v.buyerEmail ?? '',
    buyerLocale: v.buyerLocale ?? null,
    billingAddress: asStored(v.billingAddress),
    fraudDecision: v.fraudDecision ?? null,
    fraudReasons: asStored(v.fraudReasons),
    failureReason: v.failureReason ?? null,
    failureCode: v.failureCode ?? null,
    description: v.description ?? null,
    notificationSentAt: v.notificationSentAt ?? null,
    disputedAt: v.disputedAt ?? null,
    customerId: v.customerId ?? null,
    paymentMethodId: v.paymentMethodId ?? null,
    initiator: v.initiator ?? null,
    saveConsent: asStored(v.saveConsent),
    createdAt: stamps.createdAt,
    updatedAt: stamps.updatedAt,
  };
}

/**
 * Payments still undecided (processing, or waiting for the buyer's approval) of one checkout — and,
 * for an invoice, of every checkout session opened for it, since each buyer's link makes its own.
 */
export async function findOpenAttempts(db: DbOrTx, checkoutSessionId: string, invoiceId: string | null) {
  const payable = invoiceId
    ? or(eq(transactions.checkoutSessionId, checkoutSessionId), eq(transactions.invoiceId, invoiceId))
    : eq(transactions.checkoutSessionId, checkoutSessionId);
  return db
    .select()
    .from(transactions)
    .where(and(payable, inArray(transactions.status, ['processing', 'buyer_approval_pending'])))
    .orderBy(transactions.id);
}

/**
 * What a settle's update gives back, as few columns as the row needs (each returned column is parsed
 * by the driver and mapped by Drizzle on every payment, docs/decisions/0022-the-fast-path-on-public-apis.md):
 * the database's own stamp, and the columns another writer may set on a payment still undecided without
 * deciding it — the card a processor's webhook links (linkPaymentToCard), a dispute mark. Every other
 * column is the row the settling caller holds with what the update set (settledRow).
 */
const SETTLED_COLUMNS = {
  updatedAt: transactions.updatedAt,
  paymentMethodId: transactions.paymentMethodId,
  disputedAt: transactions.disputedAt,
};
export type SettledColumns = Pick<TransactionRow, keyof typeof SETTLED_COLUMNS>;

/** What a settle writes onto the transaction (the gift card part only when it is given back). */
export type SettleChanges = Pick<
  TransactionRow,
  'status' | 'providerReference' | 'approvalUrl' | 'capturedAmount' | 'failureReason' | 'failureCode'
> & { giftCardAmount?: number };

/**
 * The row as a settle's update left it: `before` (the row as recorded by this request, under the
 * statement's guard that it is still `processing`, or as read under the transaction's row lock), the
 * `changes` the update set and the columns it gave back. No trigger changes a column of the row (the
 * rollups' triggers run after it); settle-attempt.api.test.ts compares it with the stored row.
 */
export function settledRow(before: TransactionRow, changes: SettleChanges, back: SettledColumns): TransactionRow {
  // Column by column, so that what else the caller's row carries (a recorded attempt's processor
  // credentials among it) stays out of the row handed on.
  return {
    id: before.id,
    merchantId: before.merchantId,
    checkoutSessionId: before.checkoutSessionId,
    source: before.source,
    productId: before.productId,
    quickPaymentId: before.quickPaymentId,
    invoiceId: before.invoiceId,
    amount: before.amount,
    currency: before.currency,
    capturedAmount: changes.capturedAmount,
    refundedAmount: before.refundedAmount,
    giftCardAmount: changes.giftCardAmount ?? before.giftCardAmount,
    method: before.method,
    status: changes.status,
    intent: before.intent,
    provider: before.provider,
    providerConnectionId: before.providerConnectionId,
    providerReference: changes.providerReference,
    mode: before.mode,
    approvalUrl: changes.approvalUrl,
    cardBrand: before.cardBrand,
    cardLast4: before.cardLast4,
    cardExpMonth: before.cardExpMonth,
    cardExpYear: before.cardExpYear,
    cardFingerprint: before.cardFingerprint,
    buyerId: before.buyerId,
    buyerFirstName: before.buyerFirstName,
    buyerLastName: before.buyerLastName,
    buyerEmail: before.buyerEmail,
    buyerLocale: before.buyerLocale,
    billingAddress: before.billingAddress,
    fraudDecision: before.fraudDecision,
    fraudReasons: before.fraudReasons,
    failureReason: changes.failureReason,
    failureCode: changes.failureCode,
    description: before.description,
    notificationSentAt: before.notificationSentAt,
    disputedAt: back.disputedAt,
    customerId: before.customerId,
    paymentMethodId: back.paymentMethodId,
    initiator: before.initiator,
    saveConsent: before.saveConsent,
    createdAt: before.createdAt,
    updatedAt: back.updatedAt,
  };
}

/**
 * A transaction's settle, built; `alongside` are other writes (built, not run: eventWrite,
 * auditWrite…) sent in the same statement as data-modifying CTEs, one round trip for all. Each runs
 * exactly once and to completion, and the totals triggers see the update as before. `expected` is a
 * condition the row must meet (kassa_expect), or the whole statement fails with nothing written.
 * Gives back only SETTLED_COLUMNS: the caller makes the row with settledRow.
 */
export function transactionUpdate(
  db: DbOrTx,
  id: string,
  values: SettleChanges,
  /** A write `expected` reads the result of is given with the name it reads it under. */
  alongside: readonly (SQLWrapper | { cteName: string; write: SQLWrapper })[] = [],
  expected?: SQL,
) {
  const ctes = alongside.map((write, i) =>
    'cteName' in write
      ? db.$with(write.cteName, {}).as(sql`${write.write.getSQL()}`)
      : db.$with(`alongside_${i}`, {}).as(sql`${write.getSQL()}`),
  );
  return db
    .with(...ctes)
    .update(transactions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(transactions.id, id), expected))
    .returning(SETTLED_COLUMNS);
}

/** The settle of the locked path (a row read FOR UPDATE in this transaction): the row as it left it. */
export async function updateTransaction(
  db: DbOrTx,
  before: TransactionRow,
  values: SettleChanges,
  alongside: readonly SQLWrapper[] = [],
): Promise<TransactionRow | undefined> {
  const [back] = await transactionUpdate(db, before.id, values, alongside);
  return back && settledRow(before, values, back);
}

/** Links a payment to its customer once: a payment that already names one keeps it. */
export async function linkTransactionToCustomer(db: DbOrTx, id: string, customerId: string) {
  const [row] = await db
    .update(transactions)
    .set({ customerId, updatedAt: sql`now()` })
    .where(and(eq(transactions.id, id), isNull(transactions.customerId)))
    .returning();
  return row;
}

export type NewEvent = {
  transactionId: string;
  type: string;
  status: string;
  amount?: number | null;
  message?: string | null;
};

/** A timeline event, to be sent alongside another write. */
export const eventWrite = (event: NewEvent): CarriedWrite<NewEvent & { id: string }> => ({
  values: { id: crypto.randomUUID(), amount: null, message: null, ...event },
  build: (db, values) => db.insert(transactionEvents).values(values),
});

/**
 * Attempts a buyer left on an approval page, failed in one statement: the rollup trigger then takes
 * their rollup rows in one sorted order (decision 0017), where one statement per attempt could lock
 * them in opposite orders in two transactions and deadlock.
 */
export async function abandonAttempts(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .update(transactions)
    .set({
      status: 'authorization_failed',
      failureReason: 'Replaced by a new payment attempt before it was approved.',
      updatedAt: sql`now()`,
    })
    .where(inArray(transactions.id, ids));
  await db
    .insert(transactionEvents)
    .values(ids.map((transactionId) => ({ transactionId, type: 'abandoned', status: 'authorization_failed' })));
}

export async function addEvent(db: DbOrTx, event: NewEvent) {
  await db.insert(transactionEvents).values(event);
}

/** The checkout is paid: to be sent alongside the transaction's update. */
export const checkoutCompletion = (checkoutSessionId: string): CarriedWrite<{ id: string }> => ({
  values: { id: checkoutSessionId },
  build: (db, values) =>
    db.update(checkoutSessions).set({ status: 'completed' }).where(eq(checkoutSessions.id, values.id)),
});

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

/** Marks an unpaid invoice paid by this transaction; false when it already was (never overwrites the payer). */
/** Payments stuck in processing since before `before`: the process died between recording and answer. */
export async function findStaleProcessing(db: DbOrTx, before: Date) {
  return db
    .select()
    .from(transactions)
    .where(and(eq(transactions.status, 'processing'), lt(transactions.createdAt, before)));
}

/**
 * Moves a still-processing payment to another processor (failover), with the reason on its timeline,
 * before that processor is asked: a crash after this point reconciles with the right one.
 */
export async function switchProcessor(
  db: DbOrTx,
  id: string,
  to: { provider: string; providerConnectionId: string },
  message: string,
) {
  const [row] = await db
    .update(transactions)
    .set({ provider: to.provider, providerConnectionId: to.providerConnectionId, updatedAt: sql`now()` })
    .where(and(eq(transactions.id, id), eq(transactions.status, 'processing')))
    .returning();
  if (row) await addEvent(db, { transactionId: id, type: 'failover', status: 'processing', message });
  return row;
}
