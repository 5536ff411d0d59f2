import { INCOMPLETE_EXPIRES_AFTER_MS, type SubscriptionStatus, statusesAllowing } from '@kassa/contract/subscriptions';
import { and, asc, eq, getTableColumns, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jsonRecords } from '../../db/json-rows.ts';
import { invoices, merchants, subscriptions, testClocks } from '../../db/schema.ts';
import type { ListRequest } from '../../lib/db/list.ts';
import { pageRequest, readPage } from '../../lib/db/read-page.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionInsert = Omit<typeof subscriptions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type TestClockRow = typeof testClocks.$inferSelect;

/** One merchant's subscriptions, one mode's for an API key. */
export interface SubscriptionScope {
  merchantId: string;
  mode?: SubscriptionRow['mode'];
}

const scoped = (scope: SubscriptionScope) =>
  and(eq(subscriptions.merchantId, scope.merchantId), scope.mode ? eq(subscriptions.mode, scope.mode) : undefined);

export interface SubscriptionFilter extends ListRequest {
  status?: SubscriptionStatus;
  customerId?: string;
  mode?: SubscriptionRow['mode'];
}

export function listSubscriptions(db: DbOrTx, scope: SubscriptionScope, q: SubscriptionFilter) {
  return readPage(db, subscriptions, db.select().from(subscriptions).$dynamic(), {
    ...pageRequest(q),
    where: and(
      scoped(scope),
      q.status ? eq(subscriptions.status, q.status) : undefined,
      q.customerId ? eq(subscriptions.customerId, q.customerId) : undefined,
      q.mode ? eq(subscriptions.mode, q.mode) : undefined,
    ),
    sortColumns: { created_at: subscriptions.createdAt },
    id: subscriptions.id,
  });
}

export async function findSubscription(db: DbOrTx, scope: SubscriptionScope, id: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), scoped(scope)))
    .limit(1);
  return row;
}

export async function findSubscriptionById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return row;
}

export async function insertSubscription(db: DbOrTx, values: SubscriptionInsert) {
  const [row] = await db.insert(subscriptions).values(values).returning();
  return row!;
}

/**
 * Changes a subscription only while it is in one of `from` (the transition table's allowed statuses):
 * the database decides a race between two moves, and the loser gets undefined.
 */
export async function updateSubscriptionFrom(
  db: DbOrTx,
  id: string,
  from: readonly SubscriptionStatus[],
  values: Partial<SubscriptionInsert>,
  now: Date,
  extra?: ReturnType<typeof and>,
) {
  const [row] = await db
    .update(subscriptions)
    .set({ ...values, updatedAt: now })
    .where(and(eq(subscriptions.id, id), inArray(subscriptions.status, [...from]), extra))
    .returning();
  return row;
}

/** Only while the row is as the caller read it (a change priced from it). */
export const unchangedSince = (row: SubscriptionRow) =>
  and(
    eq(subscriptions.currentPeriodEnd, row.currentPeriodEnd),
    // The row was read into a JavaScript date (milliseconds); PostgreSQL keeps microseconds.
    sql`date_trunc('milliseconds', ${subscriptions.updatedAt}) = ${row.updatedAt}`,
  );

/** Only while the period is still the one the caller read: a renewal never rolls a period over twice. */
export const periodStillEnds = (end: Date) => eq(subscriptions.currentPeriodEnd, end);

/** One claimed subscription's move to its next period (`rollPeriodsOver`). */
export interface PeriodRollOver {
  id: string;
  /** The period's end as the claim read it: a period is never rolled over twice. */
  from: Date;
  start: Date;
  end: Date;
  status: SubscriptionStatus;
}

/**
 * Rolls a batch of claimed subscriptions over to their next periods in one statement, each only while
 * it is active or trialing and its period still ends where the claim read it; the rows it moved.
 */
export async function rollPeriodsOver(db: DbOrTx, moves: PeriodRollOver[], now: Date) {
  if (moves.length === 0) return [];
  const move = jsonRecords(
    'move',
    'id uuid, "from" timestamptz, start timestamptz, "end" timestamptz, status text',
    moves,
  );
  return db
    .update(subscriptions)
    .set({
      currentPeriodStart: sql`move.start`,
      currentPeriodEnd: sql`move."end"`,
      status: sql`move.status`,
      pendingProration: 0,
      updatedAt: now,
    })
    .from(move)
    .where(
      and(
        sql`${subscriptions.id} = move.id`,
        inArray(subscriptions.status, ['active', 'trialing']),
        sql`${subscriptions.currentPeriodEnd} = move."from"`,
      ),
    )
    .returning(getTableColumns(subscriptions));
}

/**
 * Takes up to `limit` subscriptions whose period has ended, locked for this transaction and skipped by
 * every other process's claim (FOR UPDATE SKIP LOCKED). `clockId` null: those that follow the wall clock
 * (`at` is now); a clock's id: that clock's subscriptions (`at` is the clock's time).
 */
export async function claimDueSubscriptions(db: DbOrTx, at: Date, clockId: string | null, limit: number) {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, ['active', 'trialing']),
        lte(subscriptions.currentPeriodEnd, at),
        clockId ? eq(subscriptions.testClockId, clockId) : isNull(subscriptions.testClockId),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(limit)
    .for('update', { of: subscriptions, skipLocked: true });
}

/**
 * Open subscription invoices whose next try is due, locked and skipped by other processes' claims. A
 * paused subscription's invoices wait: pausing stops collection, retries included, until it is resumed
 * (docs/product-rules.md "Pausing a subscription").
 */
export async function claimDueInvoices(db: DbOrTx, at: Date, clockId: string | null, limit: number) {
  return db
    .select({ invoice: invoices, subscription: subscriptions })
    .from(invoices)
    .innerJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
    .where(
      and(
        lte(invoices.nextPaymentAttemptAt, at),
        inArray(invoices.status, ['sent', 'viewed']),
        ne(subscriptions.status, 'paused'),
        clockId ? eq(subscriptions.testClockId, clockId) : isNull(subscriptions.testClockId),
      ),
    )
    .orderBy(asc(invoices.nextPaymentAttemptAt))
    .limit(limit)
    .for('update', { of: invoices, skipLocked: true });
}

/**
 * Subscriptions whose open invoice was paid another way (its public page, reconciliation of a payment
 * that had timed out) come back to active, once every invoice of theirs is settled.
 */
export async function reactivatePaidSubscriptions(db: DbOrTx, now: Date) {
  return db
    .update(subscriptions)
    .set({ status: 'active', updatedAt: now })
    .where(
      and(
        inArray(subscriptions.status, ['past_due', 'unpaid', 'incomplete']),
        sql`exists (select 1 from ${invoices} i where i.subscription_id = ${subscriptions.id} and i.status = 'paid')`,
        sql`not exists (select 1 from ${invoices} i where i.subscription_id = ${subscriptions.id} and i.status in ('sent', 'viewed'))`,
      ),
    )
    .returning();
}

const incompleteWindow = sql.raw(`interval '${INCOMPLETE_EXPIRES_AFTER_MS / 1000} seconds'`);

/**
 * Incomplete subscriptions whose first invoice was not paid within 23 hours of its making become
 * incomplete_expired (Stripe Billing), once each: the conditional UPDATE takes only those still
 * incomplete with no paid invoice, so a payment that landed first keeps its subscription.
 */
export async function expireIncompleteSubscriptions(db: DbOrTx, at: Date, clockId: string | null, now: Date) {
  return db
    .update(subscriptions)
    .set({ status: 'incomplete_expired', updatedAt: now })
    .where(
      and(
        inArray(subscriptions.status, statusesAllowing('first_invoice_expired')),
        lte(subscriptions.currentPeriodStart, new Date(at.getTime() - INCOMPLETE_EXPIRES_AFTER_MS)),
        clockId ? eq(subscriptions.testClockId, clockId) : isNull(subscriptions.testClockId),
        sql`not exists (select 1 from ${invoices} i where i.subscription_id = ${subscriptions.id} and i.status = 'paid')`,
      ),
    )
    .returning();
}

/** A paid invoice is charged no more. */
export async function clearPaidInvoiceAttempts(db: DbOrTx) {
  await db
    .update(invoices)
    .set({ nextPaymentAttemptAt: null })
    .where(and(eq(invoices.status, 'paid'), sql`${invoices.nextPaymentAttemptAt} is not null`));
}

/** Trials ending within `within` ms of their clock's time: each announced once. */
export async function claimTrialsEndingSoon(db: DbOrTx, at: Date, clockId: string | null, withinMs: number) {
  return db
    .update(subscriptions)
    .set({ trialWillEndSentAt: at })
    .where(
      and(
        eq(subscriptions.status, 'trialing'),
        isNull(subscriptions.trialWillEndSentAt),
        lte(subscriptions.trialEnd, new Date(at.getTime() + withinMs)),
        clockId ? eq(subscriptions.testClockId, clockId) : isNull(subscriptions.testClockId),
      ),
    )
    .returning();
}

export async function findBillingSettings(db: DbOrTx, merchantId: string) {
  const [row] = await db
    .select({
      retryDays: merchants.subscriptionRetryDays,
      afterLastRetry: merchants.subscriptionAfterLastRetry,
      customersMayCancel: merchants.customersMayCancel,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return row ?? { retryDays: [1, 3, 5, 7], afterLastRetry: 'canceled' as const, customersMayCancel: true };
}

export async function updateBillingSettings(
  db: DbOrTx,
  merchantId: string,
  values: { retryDays: number[]; afterLastRetry: 'canceled' | 'unpaid'; customersMayCancel?: boolean },
) {
  await db
    .update(merchants)
    .set({
      subscriptionRetryDays: values.retryDays,
      subscriptionAfterLastRetry: values.afterLastRetry,
      ...(values.customersMayCancel === undefined ? {} : { customersMayCancel: values.customersMayCancel }),
    })
    .where(eq(merchants.id, merchantId));
}

/** The earliest moment something of this clock falls due: a period's end, a trial warning, or an invoice's try. */
export async function nextClockEvent(db: DbOrTx, clockId: string): Promise<Date | null> {
  const asDate = (v: Date | string | null | undefined) => (v ? new Date(v) : null);
  const [periods] = await db
    .select({ at: sql<Date | string | null>`min(${subscriptions.currentPeriodEnd})` })
    .from(subscriptions)
    .where(and(eq(subscriptions.testClockId, clockId), inArray(subscriptions.status, ['active', 'trialing'])));
  const [trials] = await db
    .select({ at: sql<Date | string | null>`min(${subscriptions.trialEnd} - interval '3 days')` })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.testClockId, clockId),
        eq(subscriptions.status, 'trialing'),
        isNull(subscriptions.trialWillEndSentAt),
      ),
    );
  const [tries] = await db
    .select({ at: sql<Date | string | null>`min(${invoices.nextPaymentAttemptAt})` })
    .from(invoices)
    .innerJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
    .where(
      and(
        eq(subscriptions.testClockId, clockId),
        inArray(invoices.status, ['sent', 'viewed']),
        ne(subscriptions.status, 'paused'),
      ),
    );
  const [expiries] = await db
    .select({ at: sql<Date | string | null>`min(${subscriptions.currentPeriodStart}) + ${incompleteWindow}` })
    .from(subscriptions)
    .where(and(eq(subscriptions.testClockId, clockId), eq(subscriptions.status, 'incomplete')));
  const times = [periods?.at, trials?.at, tries?.at, expiries?.at].map(asDate).filter((d): d is Date => d !== null);
  return times.length ? new Date(Math.min(...times.map((d) => d.getTime()))) : null;
}

// Test clocks
export async function insertTestClock(db: DbOrTx, values: { merchantId: string; name: string; frozenTime: Date }) {
  const [row] = await db.insert(testClocks).values(values).returning();
  return row!;
}

export async function findTestClock(db: DbOrTx, merchantId: string, id: string) {
  const [row] = await db
    .select()
    .from(testClocks)
    .where(and(eq(testClocks.id, id), eq(testClocks.merchantId, merchantId), isNull(testClocks.deletedAt)))
    .limit(1);
  return row;
}

export async function findTestClockById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(testClocks).where(eq(testClocks.id, id)).limit(1);
  return row;
}

export function listTestClocks(db: DbOrTx, merchantId: string, q: ListRequest) {
  return readPage(db, testClocks, db.select().from(testClocks).$dynamic(), {
    ...pageRequest(q),
    where: and(eq(testClocks.merchantId, merchantId), isNull(testClocks.deletedAt)),
    sortColumns: { created_at: testClocks.createdAt },
    id: testClocks.id,
  });
}

/** Starts an advance: only forward, and only one advance of a clock at a time (a stale one after 5 minutes). */
export async function beginClockAdvance(db: DbOrTx, merchantId: string, id: string, to: Date, now: Date) {
  const [row] = await db
    .update(testClocks)
    .set({ advancingSince: now, updatedAt: now })
    .where(
      and(
        eq(testClocks.id, id),
        eq(testClocks.merchantId, merchantId),
        isNull(testClocks.deletedAt),
        sql`${testClocks.frozenTime} < ${to}`,
        sql`(${testClocks.advancingSince} is null or ${testClocks.advancingSince} < ${new Date(now.getTime() - 5 * 60_000)})`,
      ),
    )
    .returning();
  return row;
}

/** Moves the clock's time forward (never back) while its advance runs. */
export async function setClockTime(db: DbOrTx, id: string, at: Date) {
  await db
    .update(testClocks)
    .set({ frozenTime: at })
    .where(and(eq(testClocks.id, id), sql`${testClocks.frozenTime} < ${at}`));
}

export async function endClockAdvance(db: DbOrTx, id: string, now: Date) {
  const [row] = await db
    .update(testClocks)
    .set({ advancingSince: null, updatedAt: now })
    .where(eq(testClocks.id, id))
    .returning();
  return row!;
}

export async function softDeleteTestClock(db: DbOrTx, merchantId: string, id: string, now: Date) {
  const [row] = await db
    .update(testClocks)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(testClocks.id, id), eq(testClocks.merchantId, merchantId), isNull(testClocks.deletedAt)))
    .returning();
  return row;
}

/** The card a subscription charges from now on. */
export async function setSubscriptionCard(db: DbOrTx, id: string, cardId: string, now: Date) {
  await db.update(subscriptions).set({ paymentMethodId: cardId, updatedAt: now }).where(eq(subscriptions.id, id));
}

/**
 * A checkout's subscription, made once: the unique index on checkout_session_id lets one of any number
 * of parallel subscribes insert, and the others get undefined (docs/product-rules.md#subscribing-at-checkout).
 */
export async function insertCheckoutSubscription(db: DbOrTx, values: SubscriptionInsert) {
  const [row] = await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoNothing({ target: subscriptions.checkoutSessionId })
    .returning();
  return row;
}

export async function findCheckoutSubscription(db: DbOrTx, checkoutSessionId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.checkoutSessionId, checkoutSessionId))
    .limit(1);
  return row;
}

/** Gives a checkout's incomplete subscription the card its buyer saved, once (and its trial, if any). */
export async function attachCheckoutCard(
  db: DbOrTx,
  id: string,
  cardId: string,
  status: 'incomplete' | 'trialing',
  now: Date,
) {
  const [row] = await db
    .update(subscriptions)
    .set({ paymentMethodId: cardId, status, updatedAt: now })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'incomplete'), isNull(subscriptions.paymentMethodId)))
    .returning();
  return row;
}

/**
 * When the customer's subscriptions next charge a card on their own: the earliest period end of those
 * that renew automatically (a trial's end is its period's). Null when none will.
 */
export async function findNextAutomaticRenewal(db: DbOrTx, customerId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.customerId, customerId),
        inArray(subscriptions.status, ['trialing', 'active', 'past_due']),
        eq(subscriptions.collectionMethod, 'charge_automatically'),
        eq(subscriptions.cancelAtPeriodEnd, false),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(1);
  return row?.at ?? null;
}
