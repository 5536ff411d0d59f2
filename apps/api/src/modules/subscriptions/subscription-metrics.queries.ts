// The Subscriptions page's figures (docs/product-rules.md#subscription-metrics): one statement each,
// every one starting from the merchant's own rows through an index led by merchant_id
// (subscriptions_merchant_idx, transactions_merchant_status_idx), never a scan of every merchant's.
import { PER_MONTH } from '@kassa/contract/subscription-metrics';
import { and, eq, gte, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { invoices, prices, subscriptions, transactions } from '../../db/schema.ts';
import type { SubscriptionScope } from './subscriptions.queries.ts';

const scoped = (scope: SubscriptionScope) =>
  and(eq(subscriptions.merchantId, scope.merchantId), scope.mode ? eq(subscriptions.mode, scope.mode) : undefined);

// The contract's month rule as SQL, in numeric so the sum stays exact until it is rounded once.
const perMonth = sql.raw(
  `case "prices"."interval" ${Object.entries(PER_MONTH)
    .map(([interval, f]) => `when '${interval}' then ${f.times}::numeric / ${f.per}`)
    .join(' ')} end`,
);

export const mrrQuery = (db: DbOrTx, scope: SubscriptionScope) =>
  db
    .select({
      currency: prices.currency,
      amount: sql<string>`round(sum(${prices.amount}::numeric * ${subscriptions.quantity} * ${perMonth} / ${prices.intervalCount}))::bigint`,
    })
    .from(subscriptions)
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .where(and(scoped(scope), inArray(subscriptions.status, ['active', 'past_due']), isNotNull(prices.interval)))
    .groupBy(prices.currency)
    .orderBy(prices.currency);

export async function mrrByCurrency(db: DbOrTx, scope: SubscriptionScope) {
  const rows = await mrrQuery(db, scope);
  return rows.map((r) => ({ currency: r.currency, amount: Number(r.amount) }));
}

export const activeSubscribersQuery = (db: DbOrTx, scope: SubscriptionScope) =>
  db
    .select({ n: sql<number>`count(distinct ${subscriptions.customerId})::int` })
    .from(subscriptions)
    .where(and(scoped(scope), inArray(subscriptions.status, ['trialing', 'active', 'past_due'])));

export async function countActiveSubscribers(db: DbOrTx, scope: SubscriptionScope) {
  const [row] = await activeSubscribersQuery(db, scope);
  return Number(row?.n ?? 0);
}

/**
 * Those made before `since` and not canceled before it (incomplete ones never started and are left
 * out), and of them the ones canceled between `since` and `now`.
 */
export const churnQuery = (db: DbOrTx, scope: SubscriptionScope, since: Date, now: Date) =>
  db
    .select({
      activeAtStart: sql<number>`count(*)::int`,
      canceled: sql<number>`(count(*) filter (where ${subscriptions.canceledAt} >= ${since} and ${subscriptions.canceledAt} < ${now}))::int`,
    })
    .from(subscriptions)
    .where(
      and(
        scoped(scope),
        lt(subscriptions.createdAt, since),
        or(isNull(subscriptions.canceledAt), gte(subscriptions.canceledAt, since)),
        // Neither kind of incomplete ever started.
        notInArray(subscriptions.status, ['incomplete', 'incomplete_expired']),
      ),
    );

export async function churnSince(db: DbOrTx, scope: SubscriptionScope, since: Date, now: Date) {
  const [row] = await churnQuery(db, scope, since, now);
  return { activeAtStart: Number(row?.activeAtStart ?? 0), canceled: Number(row?.canceled ?? 0) };
}

/**
 * Subscription invoices with a declined charge since `since`, per currency: how many, how many were
 * paid after all, and what those took.
 */
export function recoveryQuery(db: DbOrTx, scope: SubscriptionScope, since: Date) {
  const failed = db
    .selectDistinct({ invoiceId: transactions.invoiceId })
    .from(transactions)
    .where(
      and(
        eq(transactions.merchantId, scope.merchantId),
        inArray(transactions.status, ['authorization_failed', 'capture_failed']),
        isNotNull(transactions.invoiceId),
        gte(transactions.createdAt, since),
      ),
    )
    .as('failed');
  return db
    .select({
      currency: invoices.currency,
      failed: sql<number>`count(*)::int`,
      recovered: sql<number>`(count(*) filter (where ${invoices.status} = 'paid'))::int`,
      amount: sql<string>`coalesce(sum(${invoices.amountPaid}) filter (where ${invoices.status} = 'paid'), 0)::bigint`,
    })
    .from(failed)
    .innerJoin(invoices, and(eq(invoices.id, failed.invoiceId), eq(invoices.merchantId, scope.merchantId)))
    .innerJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
    .where(scoped(scope))
    .groupBy(invoices.currency)
    .orderBy(invoices.currency);
}

export async function recoverySince(db: DbOrTx, scope: SubscriptionScope, since: Date) {
  const rows = await recoveryQuery(db, scope, since);
  return rows.map((r) => ({
    currency: r.currency,
    failed: Number(r.failed),
    recovered: Number(r.recovered),
    amount: Number(r.amount),
  }));
}
