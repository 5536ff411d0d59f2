// Dashboard figures from the daily rollups (schema.ts: transaction_daily_totals and
// product_daily_totals, kept current by triggers on transactions): a year of a busy merchant is a few
// thousand rollup rows instead of a million transactions; only the few payments still processing are
// read from transactions. Days are UTC calendar days.
import { and, eq, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants, productDailyTotals, products, transactionDailyTotals, transactions } from '../../db/schema.ts';
import type { PaymentMode } from '../../payments/provider.ts';

export const CAPTURED_STATUSES = ['capture_succeeded', 'partially_refunded', 'refunded'] as const;

export type DailyBucket = Pick<
  typeof transactionDailyTotals.$inferSelect,
  'currency' | 'day' | 'method' | 'status' | 'count' | 'amount'
> & { captured: number; refunded: number };

const t = transactionDailyTotals;

/**
 * The rollup's sums of the merchants for the days [from, to) (YYYY-MM-DD), with the payments still
 * processing counted from transactions themselves: the rollup leaves them out, so that no payment's
 * attempt holds a rollup row locked until it commits (migration 0015).
 */
export async function dailyBuckets(
  db: DbOrTx,
  merchantIds: string[],
  mode: PaymentMode,
  from: string,
  to: string,
): Promise<DailyBucket[]> {
  const x = transactions;
  const day = sql<string>`(${x.createdAt} at time zone 'UTC')::date`;
  const utcMidnight = (date: string) => sql`(${date}::timestamp at time zone 'UTC')`;
  // One statement, so both parts read the same snapshot: a payment settled in between is counted once.
  const rows = await db
    .select({
      currency: t.currency,
      day: t.day,
      method: t.method,
      status: t.status,
      count: sql<number>`sum(${t.count})`,
      amount: sql<number>`sum(${t.amount})`,
      captured: sql<number>`sum(${t.capturedAmount})`,
      refunded: sql<number>`sum(${t.refundedAmount})`,
    })
    .from(t)
    .where(
      and(
        inArray(t.merchantId, merchantIds),
        eq(t.mode, mode),
        gte(t.day, from),
        lt(t.day, to),
        ne(t.status, 'processing'),
      ),
    )
    // Its shards (decision 0017) and the merchants of the scope, added up here.
    .groupBy(t.currency, t.day, t.method, t.status)
    .unionAll(
      db
        .select({
          currency: x.currency,
          day,
          method: x.method,
          status: x.status,
          count: sql<number>`count(*)`,
          amount: sql<number>`sum(${x.amount})`,
          captured: sql<number>`sum(${x.capturedAmount})`,
          refunded: sql<number>`sum(${x.refundedAmount})`,
        })
        .from(x)
        .where(
          and(
            inArray(x.merchantId, merchantIds),
            eq(x.status, 'processing'),
            eq(x.mode, mode),
            gte(x.createdAt, utcMidnight(from)),
            lt(x.createdAt, utcMidnight(to)),
          ),
        )
        .groupBy(x.currency, day, x.method, x.status),
    );
  return rows.map((r) => ({
    ...r,
    count: Number(r.count),
    amount: Number(r.amount),
    captured: Number(r.captured),
    refunded: Number(r.refunded),
  }));
}

/** The `limit` products that brought in the most captured money in [from, to), per currency. */
export async function topProducts(
  db: DbOrTx,
  merchantIds: string[],
  mode: PaymentMode,
  from: string,
  to: string,
  limit: number,
) {
  const p = productDailyTotals;
  const volume = sql<string>`sum(${p.capturedAmount})`;
  // Rank on the rollup alone; only the winners are joined to their names.
  const ranked = db
    .select({
      currency: p.currency,
      productId: p.productId,
      count: sql<string>`sum(${p.count})`.as('count'),
      volume: volume.as('volume'),
      rank: sql<number>`row_number() over (partition by ${p.currency} order by ${volume} desc, ${p.productId})`.as(
        'rank',
      ),
    })
    .from(p)
    .where(and(inArray(p.merchantId, merchantIds), eq(p.mode, mode), gte(p.day, from), lt(p.day, to)))
    .groupBy(p.currency, p.productId)
    .having(sql`sum(${p.count}) > 0`)
    .as('ranked');
  const rows = await db
    .select({
      currency: ranked.currency,
      productId: ranked.productId,
      name: products.name,
      count: ranked.count,
      volume: ranked.volume,
    })
    .from(ranked)
    .innerJoin(products, eq(products.id, ranked.productId))
    .where(lte(ranked.rank, limit))
    .orderBy(ranked.currency, ranked.rank);
  // Sums of bigint come back as strings (numeric) from PostgreSQL.
  return rows.map((r) => ({
    currency: r.currency,
    productId: r.productId,
    name: r.name,
    count: Number(r.count),
    volume: Number(r.volume),
  }));
}

export async function findMerchantDefaultCurrency(db: DbOrTx, merchantId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ currency: merchants.defaultCurrency })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return row?.currency;
}
