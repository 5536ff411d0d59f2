import type { TransactionFilter } from '@kassa/contract/transactions';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants, refunds, transactionEvents, transactions } from '../../db/schema.ts';
import { utcDayEnd, utcDayStart } from '../../lib/utc-days.ts';

/**
 * Which merchants' transactions a caller may see: a list of ids, or every merchant (admins). An API
 * key also names its mode: a test key sees only test-mode money, a live key only live.
 */
export type TransactionScope = { merchantIds: string[]; mode?: 'test' | 'live' } | { allMerchants: true };

const scopeCondition = (scope: TransactionScope): SQL | undefined =>
  'allMerchants' in scope
    ? undefined
    : and(
        inArray(transactions.merchantId, scope.merchantIds),
        scope.mode ? eq(transactions.mode, scope.mode) : undefined,
      );

export interface Cursor {
  createdAt: Date;
  id: string;
}

export function filterConditions(scope: TransactionScope, f: TransactionFilter): SQL[] {
  const conds: (SQL | undefined)[] = [scopeCondition(scope)];
  if (f.merchant_id) conds.push(eq(transactions.merchantId, f.merchant_id));
  if (f.mode) conds.push(eq(transactions.mode, f.mode));
  if (f.customer_id) conds.push(eq(transactions.customerId, f.customer_id));
  if (f.status?.length) conds.push(inArray(transactions.status, f.status));
  if (f.method?.length) conds.push(inArray(transactions.method, f.method));
  if (f.currency) conds.push(eq(transactions.currency, f.currency.toUpperCase()));
  if (f.from) conds.push(gte(transactions.createdAt, utcDayStart(f.from)));
  if (f.to) conds.push(lt(transactions.createdAt, utcDayEnd(f.to)));
  if (f.amount_min !== undefined) conds.push(gte(transactions.amount, f.amount_min));
  if (f.amount_max !== undefined) conds.push(lte(transactions.amount, f.amount_max));
  if (f.search) {
    const term = f.search.trim();
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const ors: SQL[] = [
      ilike(transactions.buyerEmail, like),
      ilike(sql`${transactions.buyerFirstName} || ' ' || ${transactions.buyerLastName}`, like),
    ];
    if (/^[0-9a-f-]{36}$/i.test(term)) ors.push(eq(transactions.id, term));
    if (/^\d{4}$/.test(term)) ors.push(eq(transactions.cardLast4, term));
    conds.push(or(...ors));
  }
  return conds.filter((c): c is SQL => c !== undefined);
}

const itemColumns = {
  id: transactions.id,
  merchantId: transactions.merchantId,
  merchantName: merchants.name,
  amount: transactions.amount,
  currency: transactions.currency,
  capturedAmount: transactions.capturedAmount,
  refundedAmount: transactions.refundedAmount,
  method: transactions.method,
  status: transactions.status,
  source: transactions.source,
  cardBrand: transactions.cardBrand,
  cardLast4: transactions.cardLast4,
  buyerFirstName: transactions.buyerFirstName,
  buyerLastName: transactions.buyerLastName,
  buyerEmail: transactions.buyerEmail,
  mode: transactions.mode,
  disputedAt: transactions.disputedAt,
  createdAt: transactions.createdAt,
};

const ORDER: Record<string, SQL[]> = {
  '-created_at': [desc(transactions.createdAt), desc(transactions.id)],
  created_at: [asc(transactions.createdAt), asc(transactions.id)],
  '-amount': [desc(transactions.amount), desc(transactions.id)],
  amount: [asc(transactions.amount), asc(transactions.id)],
};

export async function listTransactions(
  db: DbOrTx,
  conds: SQL[],
  opts: { sort: string; limit: number; offset: number; cursor?: Cursor },
) {
  const where = [...conds];
  if (opts.cursor) {
    // Keyset: rows strictly after the cursor in (created_at, id) order, so deep pages stay fast.
    const { createdAt, id } = opts.cursor;
    where.push(
      opts.sort === 'created_at'
        ? sql`(${transactions.createdAt}, ${transactions.id}) > (${createdAt}, ${id})`
        : sql`(${transactions.createdAt}, ${transactions.id}) < (${createdAt}, ${id})`,
    );
  }
  return db
    .select(itemColumns)
    .from(transactions)
    .innerJoin(merchants, eq(merchants.id, transactions.merchantId))
    .where(and(...where))
    .orderBy(...(ORDER[opts.sort] ?? ORDER['-created_at']!))
    .limit(opts.limit)
    .offset(opts.cursor ? 0 : opts.offset);
}

export async function countTransactions(db: DbOrTx, conds: SQL[]) {
  const [row] = await db
    .select({ n: count() })
    .from(transactions)
    .where(and(...conds));
  return Number(row?.n ?? 0);
}

/** Streams every matching row in keyset batches, for CSV export of any filter. */
export async function* iterateTransactions(db: DbOrTx, conds: SQL[], batch = 1000) {
  let cursor: Cursor | undefined;
  for (;;) {
    const rows = await listTransactions(db, conds, { sort: '-created_at', limit: batch, offset: 0, cursor });
    yield* rows;
    if (rows.length < batch) return;
    const last = rows.at(-1)!;
    cursor = { createdAt: last.createdAt, id: last.id };
  }
}

export async function findTransaction(db: DbOrTx, scope: TransactionScope, id: string) {
  const [row] = await db
    .select({ tx: transactions, merchantName: merchants.name })
    .from(transactions)
    .innerJoin(merchants, eq(merchants.id, transactions.merchantId))
    .where(and(eq(transactions.id, id), scopeCondition(scope)))
    .limit(1);
  return row;
}

export async function findEvents(db: DbOrTx, transactionId: string) {
  return db
    .select()
    .from(transactionEvents)
    .where(eq(transactionEvents.transactionId, transactionId))
    .orderBy(asc(transactionEvents.createdAt), asc(transactionEvents.id));
}

export async function findRefunds(db: DbOrTx, transactionId: string) {
  return db.select().from(refunds).where(eq(refunds.transactionId, transactionId)).orderBy(asc(refunds.createdAt));
}

export async function findSubMerchantIds(db: DbOrTx, masterId: string) {
  const rows = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.masterMerchantId, masterId));
  return rows.map((r) => r.id);
}

/** The payments of one customer that took money, newest first: the customer portal's receipts. */
export function listCustomerPaymentRows(db: DbOrTx, merchantId: string, customerId: string, statuses: string[]) {
  return db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.merchantId, merchantId),
        eq(transactions.customerId, customerId),
        inArray(transactions.status, statuses as (typeof transactions.$inferSelect)['status'][]),
      ),
    )
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(100);
}

export async function findCustomerPaymentRow(db: DbOrTx, merchantId: string, customerId: string, id: string) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(
      and(eq(transactions.id, id), eq(transactions.merchantId, merchantId), eq(transactions.customerId, customerId)),
    )
    .limit(1);
  return row;
}
