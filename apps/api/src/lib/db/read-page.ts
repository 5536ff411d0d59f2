// How the paged lists of one table (products, quick payments, invoices, a merchant's users) read a
// page: the caller picks the columns and the filter, this adds the order, the page window and the
// count of every matching row, read together so both see the same filter.
import { type AnyColumn, count, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { type ListRequest, pageOffset, sortOrder } from './list.ts';

/** The page a caller asks for. */
export interface PageRequest {
  /** `sort_by` as the contract validated it; newest first (`-created_at`) when absent. */
  sortBy?: string;
  page: number;
  pageSize: number;
}

/** A list request in the contract's words (`sort_by`, `page_size`) as a PageRequest. */
export const pageRequest = (q: ListRequest): PageRequest => ({
  sortBy: q.sort_by,
  page: q.page,
  pageSize: q.page_size,
});

export interface PageQuery<C extends Record<string, AnyColumn>> extends PageRequest {
  where: SQL | undefined;
  /** The sortable columns by their `sort_by` name. */
  sortColumns: C & { created_at: AnyColumn };
  /** The row id, the tie-break that keeps rows with equal sort values from moving between pages. */
  id: PgColumn;
}

/**
 * Page `q.page` of `rows` (a select of `table` in Drizzle's dynamic mode, `.$dynamic()`) and the
 * count of every row `q.where` matches.
 */
export async function readPage<S extends PgSelect, C extends Record<string, AnyColumn>>(
  db: DbOrTx,
  table: PgTable,
  rows: S,
  q: PageQuery<C>,
): Promise<{ rows: Awaited<S>; count: number }> {
  const [page, [total]] = await Promise.all([
    rows
      .where(q.where)
      .orderBy(...sortOrder(q.sortBy, q.sortColumns, 'created_at'), q.id)
      .limit(q.pageSize)
      .offset(pageOffset(q.page, q.pageSize)),
    db.select({ n: count() }).from(table).where(q.where),
  ]);
  return { rows: page as Awaited<S>, count: total?.n ?? 0 };
}
