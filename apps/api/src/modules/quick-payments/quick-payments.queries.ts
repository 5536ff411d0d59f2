import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { quickPayments, transactions } from '../../db/schema.ts';
import { containsText, type ListRequest } from '../../lib/db/list.ts';
import { pageRequest, readPage } from '../../lib/db/read-page.ts';

export type QuickPaymentRow = typeof quickPayments.$inferSelect;
export type QuickPaymentInsert = Omit<
  typeof quickPayments.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'deletedAt'
>;
export type QuickPaymentUpdate = Partial<Omit<QuickPaymentInsert, 'merchantId'>>;
export type QuickPaymentWithStats = QuickPaymentRow & { paidCount: number; totalCollected: number };

/** Payments that took money, refunded ones included (they were paid, then given back). */
const CAPTURED = ['capture_succeeded', 'partially_refunded', 'refunded'] as const;

/** Paid count and net collected per link, in one grouped query for a page of links. */
async function statsByLink(db: DbOrTx, rows: QuickPaymentRow[]): Promise<QuickPaymentWithStats[]> {
  if (rows.length === 0) return [];
  const stats = await db
    .select({
      id: transactions.quickPaymentId,
      paidCount: sql<number>`count(*)::int`,
      totalCollected: sql<number>`coalesce(sum(${transactions.capturedAmount} - ${transactions.refundedAmount}), 0)::bigint`,
    })
    .from(transactions)
    .where(
      and(
        inArray(transactions.merchantId, [...new Set(rows.map((r) => r.merchantId))]),
        inArray(
          transactions.quickPaymentId,
          rows.map((r) => r.id),
        ),
        inArray(transactions.status, CAPTURED),
      ),
    )
    .groupBy(transactions.quickPaymentId);
  const byId = new Map(stats.map((s) => [s.id, s]));
  return rows.map((row) => {
    const s = byId.get(row.id);
    // bigint sums come back as strings from some drivers.
    return { ...row, paidCount: Number(s?.paidCount ?? 0), totalCollected: Number(s?.totalCollected ?? 0) };
  });
}

const live = (merchantIds: string[]) =>
  and(inArray(quickPayments.merchantId, merchantIds), isNull(quickPayments.deletedAt));

export async function listQuickPayments(db: DbOrTx, merchantIds: string[], q: ListRequest) {
  const where = and(live(merchantIds), containsText([quickPayments.name, quickPayments.description], q.search));
  const { rows, count } = await readPage(db, quickPayments, db.select().from(quickPayments).$dynamic(), {
    ...pageRequest(q),
    where,
    sortColumns: { created_at: quickPayments.createdAt, name: quickPayments.name, amount: quickPayments.amount },
    id: quickPayments.id,
  });
  return { rows: await statsByLink(db, rows), count };
}

export async function findQuickPayment(
  db: DbOrTx,
  merchantIds: string[],
  id: string,
): Promise<QuickPaymentWithStats | undefined> {
  const [row] = await db
    .select()
    .from(quickPayments)
    .where(and(eq(quickPayments.id, id), live(merchantIds)))
    .limit(1);
  return row && (await statsByLink(db, [row]))[0];
}

export async function insertQuickPayment(db: DbOrTx, values: QuickPaymentInsert): Promise<QuickPaymentRow> {
  const [row] = await db.insert(quickPayments).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateQuickPayment(
  db: DbOrTx,
  merchantId: string,
  id: string,
  values: QuickPaymentUpdate,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(quickPayments)
    .set({ ...values, updatedAt: now })
    .where(and(eq(quickPayments.id, id), live([merchantId])))
    .returning({ id: quickPayments.id });
  return rows.length === 1;
}

/** Soft delete: the link stops working, its transactions stay. */
export async function softDeleteQuickPayment(db: DbOrTx, merchantId: string, id: string, now: Date) {
  const rows = await db
    .update(quickPayments)
    .set({ deletedAt: now, isActive: false, updatedAt: now })
    .where(and(eq(quickPayments.id, id), live([merchantId])))
    .returning({ id: quickPayments.id });
  return rows.length === 1;
}
