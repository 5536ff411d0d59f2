import { and, count, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { quickPayments, transactions } from '../../db/schema.ts';
import { containsText, pageOffset, sortOrder } from '../products/list.queries.ts';

export type QuickPaymentRow = typeof quickPayments.$inferSelect;
export type QuickPaymentInsert = Omit<
  typeof quickPayments.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'deletedAt'
>;
export type QuickPaymentUpdate = Partial<Omit<QuickPaymentInsert, 'merchantId'>>;
export type QuickPaymentWithStats = QuickPaymentRow & { paidCount: number; totalCollected: number };

/** Payments that took money, refunded ones included (they were paid, then given back). */
const CAPTURED = ['capture_succeeded', 'partially_refunded', 'refunded'] as const;

// Correlated sub-queries: each reads only one link's transactions through the transaction index.
const paidCount = sql<number>`(select count(*)::int from ${transactions} where ${transactions.quickPaymentId} = ${quickPayments.id} and ${transactions.merchantId} = ${quickPayments.merchantId} and ${inArray(transactions.status, CAPTURED)})`;
const totalCollected = sql<number>`(select coalesce(sum(${transactions.capturedAmount} - ${transactions.refundedAmount}), 0)::bigint from ${transactions} where ${transactions.quickPaymentId} = ${quickPayments.id} and ${transactions.merchantId} = ${quickPayments.merchantId} and ${inArray(transactions.status, CAPTURED)})`;

const withStats = { ...getTableColumns(quickPayments), paidCount, totalCollected };

const live = (merchantIds: string[]) =>
  and(inArray(quickPayments.merchantId, merchantIds), isNull(quickPayments.deletedAt));

export interface QuickPaymentListFilter {
  merchantIds: string[];
  search?: string;
  sortBy?: string;
  page: number;
  pageSize: number;
}

export async function listQuickPayments(db: DbOrTx, f: QuickPaymentListFilter) {
  const where = and(live(f.merchantIds), containsText([quickPayments.name, quickPayments.description], f.search));
  const [rows, [total]] = await Promise.all([
    db
      .select(withStats)
      .from(quickPayments)
      .where(where)
      .orderBy(
        ...sortOrder(
          f.sortBy,
          { created_at: quickPayments.createdAt, name: quickPayments.name, amount: quickPayments.amount },
          'created_at',
        ),
        quickPayments.id,
      )
      .limit(f.pageSize)
      .offset(pageOffset(f.page, f.pageSize)),
    db.select({ n: count() }).from(quickPayments).where(where),
  ]);
  return { rows: rows.map(numeric), count: total?.n ?? 0 };
}

export async function findQuickPayment(
  db: DbOrTx,
  merchantIds: string[],
  id: string,
): Promise<QuickPaymentWithStats | undefined> {
  const [row] = await db
    .select(withStats)
    .from(quickPayments)
    .where(and(eq(quickPayments.id, id), live(merchantIds)))
    .limit(1);
  return row && numeric(row);
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

// bigint sums come back as strings from some drivers.
const numeric = <T extends { paidCount: number; totalCollected: number }>(row: T): T => ({
  ...row,
  paidCount: Number(row.paidCount),
  totalCollected: Number(row.totalCollected),
});
