// Aggregates for the dashboard, computed by PostgreSQL over the (merchant_id, created_at) index: one
// grouped scan for both periods and a second one for the top products. Days are UTC calendar days.
import { and, count, eq, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, transactions } from '../../db/schema.ts';

export const CAPTURED_STATUSES = ['capture_succeeded', 'partially_refunded', 'refunded'] as const;

const utcDay = sql<string>`to_char(${transactions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;

export interface DailyBucket {
  currency: string;
  day: string;
  method: (typeof transactions.$inferSelect)['method'];
  status: (typeof transactions.$inferSelect)['status'];
  count: number;
  amount: number;
  captured: number;
  refunded: number;
}

/** Transactions grouped by currency, UTC day, method and status, created in [from, to). */
export async function dailyBuckets(db: DbOrTx, merchantIds: string[], from: Date, to: Date): Promise<DailyBucket[]> {
  const rows = await db
    .select({
      currency: transactions.currency,
      day: utcDay,
      method: transactions.method,
      status: transactions.status,
      count: count(),
      amount: sql<string>`sum(${transactions.amount})`,
      captured: sql<string>`sum(${transactions.capturedAmount})`,
      refunded: sql<string>`sum(${transactions.refundedAmount})`,
    })
    .from(transactions)
    .where(
      and(
        inArray(transactions.merchantId, merchantIds),
        gte(transactions.createdAt, from),
        lt(transactions.createdAt, to),
      ),
    )
    .groupBy(transactions.currency, utcDay, transactions.method, transactions.status);
  // Sums of bigint come back as strings (numeric) from PostgreSQL.
  return rows.map((r) => ({
    ...r,
    count: Number(r.count),
    amount: Number(r.amount),
    captured: Number(r.captured),
    refunded: Number(r.refunded),
  }));
}

/** The `limit` products that brought in the most captured money in [from, to), per currency. */
export async function topProducts(db: DbOrTx, merchantIds: string[], from: Date, to: Date, limit: number) {
  const volume = sql<string>`sum(${transactions.capturedAmount})`;
  const ranked = db
    .select({
      currency: transactions.currency,
      productId: transactions.productId,
      name: products.name,
      count: count().as('count'),
      volume: volume.as('volume'),
      rank: sql<number>`row_number() over (partition by ${transactions.currency} order by ${volume} desc, ${transactions.productId})`.as(
        'rank',
      ),
    })
    .from(transactions)
    .innerJoin(products, eq(products.id, transactions.productId))
    .where(
      and(
        inArray(transactions.merchantId, merchantIds),
        gte(transactions.createdAt, from),
        lt(transactions.createdAt, to),
        isNotNull(transactions.productId),
        inArray(transactions.status, CAPTURED_STATUSES),
      ),
    )
    .groupBy(transactions.currency, transactions.productId, products.name)
    .as('ranked');
  const rows = await db.select().from(ranked).where(lte(ranked.rank, limit)).orderBy(ranked.currency, ranked.rank);
  return rows.map((r) => ({
    currency: r.currency,
    productId: r.productId ?? '',
    name: r.name,
    count: Number(r.count),
    volume: Number(r.volume),
  }));
}
