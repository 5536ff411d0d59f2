import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lt,
  ne,
  notInArray,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import type { CarriedWrite } from '../../db/fixed-statement.ts';
import { insertRows } from '../../db/json-rows.ts';
import { invoiceItems, invoices, merchants, providerConnections, transactions } from '../../db/schema.ts';
import { containsText } from '../../lib/db/list.ts';
import { readPage } from '../../lib/db/read-page.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceItemRow = typeof invoiceItems.$inferSelect;
export type InvoicePaymentRow = Awaited<ReturnType<typeof findInvoicePayments>>[number];
export type InvoiceInsert = Omit<typeof invoices.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type InvoiceItemInsert = Omit<typeof invoiceItems.$inferInsert, 'id' | 'invoiceId'>;
type StoredStatus = InvoiceRow['status'];

const live = (merchantIds: string[]) => and(inArray(invoices.merchantId, merchantIds), isNull(invoices.deletedAt));

/**
 * Overdue is computed on read (never stored): a sent or viewed invoice whose due date is before
 * `today`. So the filters for sent and viewed exclude the overdue ones.
 */
function statusFilter(status: string | undefined, today: string): SQL | undefined {
  if (!status) return undefined;
  if (status === 'overdue') return and(inArray(invoices.status, ['sent', 'viewed']), lt(invoices.dueDate, today));
  if (status === 'sent' || status === 'viewed') return and(eq(invoices.status, status), gte(invoices.dueDate, today));
  return eq(invoices.status, status as StoredStatus);
}

export interface InvoiceListFilter {
  merchantIds: string[];
  status?: string;
  /** One customer's invoices (the customer page). */
  customerId?: string;
  /** The invoices one recurring invoice made. */
  recurringInvoiceId?: string;
  search?: string;
  sortBy?: string;
  page: number;
  pageSize: number;
  today: string;
}

export async function listInvoices(db: DbOrTx, f: InvoiceListFilter) {
  const where = and(
    live(f.merchantIds),
    statusFilter(f.status, f.today),
    f.customerId ? eq(invoices.customerId, f.customerId) : undefined,
    f.recurringInvoiceId ? eq(invoices.recurringInvoiceId, f.recurringInvoiceId) : undefined,
    containsText(
      [
        invoices.invoiceNumber,
        invoices.customerEmail,
        invoices.customerFirstName,
        invoices.customerLastName,
        invoices.businessName,
        sql`${invoices.customerFirstName} || ' ' || ${invoices.customerLastName}`,
      ],
      f.search,
    ),
  );
  return readPage(db, invoices, db.select().from(invoices).$dynamic(), {
    ...f,
    where,
    sortColumns: {
      created_at: invoices.createdAt,
      due_date: invoices.dueDate,
      invoice_number: invoices.invoiceNumber,
      total_amount: invoices.totalAmount,
    },
    id: invoices.id,
  });
}

export async function findInvoice(db: DbOrTx, merchantIds: string[], id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), live(merchantIds)))
    .limit(1);
  return row;
}

export async function findInvoiceItems(db: DbOrTx, invoiceId: string): Promise<InvoiceItemRow[]> {
  return db
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, invoiceId))
    .orderBy(asc(invoiceItems.position));
}

/** The lines of several invoices in one read, each invoice's in order. */
export async function findItemsOfInvoices(db: DbOrTx, invoiceIds: string[]): Promise<InvoiceItemRow[]> {
  if (invoiceIds.length === 0) return [];
  return db
    .select()
    .from(invoiceItems)
    .where(inArray(invoiceItems.invoiceId, invoiceIds))
    .orderBy(asc(invoiceItems.invoiceId), asc(invoiceItems.position));
}

/** Inserts the invoice and its lines; undefined when the number is taken (unique per merchant). */
export async function insertInvoice(
  db: DbOrTx,
  values: InvoiceInsert,
  items: InvoiceItemInsert[],
): Promise<InvoiceRow | undefined> {
  return db.transaction((tx) => insertInvoiceIn(tx, values, items));
}

/** `insertInvoice` inside a transaction the caller holds already (no savepoint of its own). */
export async function insertInvoiceIn(
  tx: DbOrTx,
  values: InvoiceInsert,
  items: InvoiceItemInsert[],
): Promise<InvoiceRow | undefined> {
  const [row] = await tx.insert(invoices).values(values).onConflictDoNothing().returning();
  if (!row) return undefined;
  await tx.insert(invoiceItems).values(items.map((item) => ({ ...item, invoiceId: row.id })));
  return row;
}

/**
 * Several `insertInvoiceIn`s in two statements (a batch of renewals): every invoice in one multi-row
 * INSERT, every line in another. An invoice a unique index refuses is skipped (undefined in its place);
 * rows are matched by their invoice numbers, which must differ (provisional ones do).
 */
export async function insertInvoicesIn(
  tx: DbOrTx,
  entries: { values: InvoiceInsert; items: InvoiceItemInsert[] }[],
): Promise<(InvoiceRow | undefined)[]> {
  if (entries.length === 0) return [];
  const rows = await insertRows(
    tx,
    invoices,
    entries.map((e) => e.values),
  )
    .onConflictDoNothing()
    .returning();
  const byNumber = new Map(rows.map((r) => [r.invoiceNumber, r]));
  const made = entries.map((e) => byNumber.get(e.values.invoiceNumber));
  const items = entries.flatMap((e, i) =>
    made[i] ? e.items.map((item) => ({ ...item, invoiceId: made[i]!.id })) : [],
  );
  if (items.length > 0) await insertRows(tx, invoiceItems, items);
  return made;
}

/** Replaces an open invoice's fields and lines; undefined when it is no longer open or not there. */
export async function replaceInvoice(
  db: DbOrTx,
  merchantId: string,
  id: string,
  values: Partial<InvoiceInsert>,
  items: InvoiceItemInsert[],
  now: Date,
): Promise<InvoiceRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(invoices)
      .set({ ...values, updatedAt: now })
      .where(and(eq(invoices.id, id), live([merchantId]), inArray(invoices.status, ['draft', 'sent', 'viewed'])))
      .returning();
    if (!row) return undefined;
    await tx.delete(invoiceItems).where(eq(invoiceItems.invoiceId, id));
    await tx.insert(invoiceItems).values(items.map((item) => ({ ...item, invoiceId: id })));
    return row;
  });
}

export async function isInvoiceNumberTaken(db: DbOrTx, merchantId: string, invoiceNumber: string, exceptId?: string) {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.merchantId, merchantId),
        eq(invoices.invoiceNumber, invoiceNumber),
        exceptId ? ne(invoices.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The highest INV-<digits> number the merchant has used, deleted drafts included (numbers stay unique). */
export async function maxInvoiceSequence(db: DbOrTx, merchantId: string): Promise<number> {
  const [row] = await db
    .select({
      max: sql<
        string | number | null
      >`max(cast(substring(${invoices.invoiceNumber} from '^INV-([0-9]{1,15})$') as bigint))`,
    })
    .from(invoices)
    .where(eq(invoices.merchantId, merchantId));
  return Number(row?.max ?? 0);
}

/** The number of the merchant's most recently created invoice (deleted drafts included), if any. */
export async function latestInvoiceNumber(db: DbOrTx, merchantId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    // A provisional number (invoice-numbers.ts: "~" and a UUID, ending in digits or not) is no series: the
    // period invoice waiting for its number in this very transaction would otherwise seed the counter.
    .where(and(eq(invoices.merchantId, merchantId), sql`left(${invoices.invoiceNumber}, 1) <> '~'`))
    .orderBy(desc(invoices.createdAt), desc(invoices.invoiceNumber))
    .limit(1);
  return row?.invoiceNumber;
}

/** The highest number the merchant has used as `prefix` followed by digits only ("ACME-" → 1009). */
export async function maxSequenceAfterPrefix(db: DbOrTx, merchantId: string, prefix: string): Promise<number> {
  // Integers typed as such: a text parameter would turn substring(… from …) into a regex match.
  const start = sql`${prefix.length + 1}::int`;
  const length = sql`${prefix.length}::int`;
  const [row] = await db
    .select({
      max: sql<string | number | null>`max(cast(substring(${invoices.invoiceNumber} from ${start}) as numeric))`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.merchantId, merchantId),
        sql`left(${invoices.invoiceNumber}, ${length}) = ${prefix}`,
        sql`substring(${invoices.invoiceNumber} from ${start}) ~ '^[0-9]{1,15}$'`,
      ),
    );
  return Number(row?.max ?? 0);
}

/**
 * Moves an open invoice to another status; the row when it was open, else undefined. `afterChange`
 * runs in the same database transaction as the change (the webhook event it announces).
 */
export async function setInvoiceStatus(
  db: DbOrTx,
  merchantId: string,
  id: string,
  from: StoredStatus[],
  values: Partial<Pick<InvoiceRow, 'status' | 'sentAt' | 'voidedAt' | 'deletedAt'>>,
  now: Date,
  afterChange?: (tx: DbOrTx, row: InvoiceRow) => Promise<unknown>,
): Promise<InvoiceRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(invoices)
      .set({ ...values, updatedAt: now })
      .where(and(eq(invoices.id, id), live([merchantId]), inArray(invoices.status, from)))
      .returning();
    if (row && afterChange) await afterChange(tx, row);
    return row;
  });
}

export async function findMerchantName(db: DbOrTx, merchantId: string): Promise<string> {
  const [row] = await db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, merchantId));
  return row?.name ?? '';
}

/** Enabled provider connections of the kinds that add payment options beyond card. */
export async function findEnabledConnectionKinds(db: DbOrTx, merchantId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ kind: providerConnections.kind })
    .from(providerConnections)
    .where(
      and(
        eq(providerConnections.merchantId, merchantId),
        eq(providerConnections.enabled, true),
        inArray(providerConnections.kind, ['digital_wallet', 'gift_card']),
      ),
    );
  return rows.map((r) => r.kind);
}

const master = alias(merchants, 'master');

/** An invoice as a buyer may see it: sent, viewed or paid, of a merchant that still exists. */
export async function findPublicInvoice(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      invoice: invoices,
      merchantName: merchants.name,
      merchantLogo: merchants.logo,
      merchantAddress: merchants.address,
      merchantCity: merchants.city,
      merchantState: merchants.state,
      merchantCountry: merchants.country,
      masterLogo: master.logo,
    })
    .from(invoices)
    .innerJoin(merchants, eq(merchants.id, invoices.merchantId))
    .leftJoin(master, eq(master.id, merchants.masterMerchantId))
    .where(
      and(
        eq(invoices.id, id),
        isNull(invoices.deletedAt),
        notInArray(invoices.status, ['draft', 'void']),
        isNull(merchants.removedAt),
      ),
    )
    .limit(1);
  return row;
}

/** sent → viewed, once: the first time the buyer opens the public link (spec). */
export async function markInvoiceViewed(db: DbOrTx, id: string, now: Date): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .update(invoices)
    .set({ status: 'viewed', viewedAt: now, updatedAt: now })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'sent')))
    .returning();
  return row;
}

/** The mode of the payment `transactionId` (read inside the statement that pays with it): its events' endpoints. */
const paymentModeOf = (transactionId: SQLWrapper | string) =>
  sql<
    string | null
  >`(select ${transactions.mode} from ${transactions} where ${transactions.id} = ${transactionId}::uuid)`;

/** What paying an invoice writes; the values may be placeholders (a statement of fixed text). */
export type InvoicePaymentValues = { invoiceId: string; transactionId: string; amount: number; at: string };

/**
 * The update of addInvoicePayment, not run: the balance guards in its WHERE (never past the total,
 * never onto a paid or void invoice), `paid` when the balance reaches zero, else `partially_paid`.
 */
function invoicePaymentUpdate(db: DbOrTx, v: InvoicePaymentValues) {
  const paid = sql`${invoices.amountPaid} + ${v.amount}::bigint`;
  const completes = sql`${paid} = ${invoices.totalAmount}`;
  return db
    .update(invoices)
    .set({
      amountPaid: paid,
      status: sql`case when ${completes} then 'paid' else 'partially_paid' end`,
      paidAt: sql`case when ${completes} then ${v.at}::timestamptz else ${invoices.paidAt} end`,
      paidTransactionId: sql`case when ${completes} then ${v.transactionId}::uuid else ${invoices.paidTransactionId} end`,
      // A paid invoice is tried no more: its automatic charge's lease ends with the payment that paid it.
      nextPaymentAttemptAt: sql`case when ${completes} then null else ${invoices.nextPaymentAttemptAt} end`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        sql`${invoices.id} = ${v.invoiceId}::uuid`,
        notInArray(invoices.status, ['paid', 'void']),
        sql`${paid} <= ${invoices.totalAmount}`,
      ),
    );
}

/**
 * addInvoicePayment as a write another statement carries (a payment settled in one statement): it
 * gives back the invoice's id, status and the endpoints, in the payment's mode, listening to the
 * event the payment made — none for that statement to hold (its kassa_expect reads this). No row back
 * means the payment did not fit the balance, or the invoice was closed.
 */
export const invoicePaymentWrite = (
  values: InvoicePaymentValues,
  listenersOf: EndpointIdsSql,
): CarriedWrite<InvoicePaymentValues> => ({
  values,
  build: (db, v) => {
    const mode = paymentModeOf(v.transactionId);
    return invoicePaymentUpdate(db, v).returning({
      id: invoices.id,
      status: invoices.status,
      listening: sql<
        string[]
      >`case when ${invoices.status} = 'paid' then ${listenersOf(invoices.merchantId, mode, 'invoice.paid')} else ${listenersOf(invoices.merchantId, mode, 'invoice.partially_paid')} end`.as(
        'listening',
      ),
    });
  },
});

/** The endpoints of a merchant's mode listening to an event type, as SQL read inside another statement. */
export type EndpointIdsSql = (merchantId: SQLWrapper, mode: SQLWrapper, type: string) => SQL<string[]>;

/**
 * Adds a payment to what the invoice has been paid: `partially_paid` while a balance remains, `paid`
 * (with this payment as the one that paid it) when the balance reaches zero. Never past the total:
 * the WHERE refuses a payment larger than the balance (docs/product-rules.md#partial-payments), so
 * two payments settling at once cannot both fit; undefined then, and when the invoice is paid or void.
 */
export async function addInvoicePayment(
  db: DbOrTx,
  invoiceId: string,
  transactionId: string,
  amount: number,
  at: Date,
  /**
   * Read in the same statement: the endpoints, in the payment's mode, listening to the event the
   * payment makes (invoice.paid, or invoice.partially_paid), so announcing it reads nothing more.
   */
  listenersOf?: EndpointIdsSql,
) {
  const mode = paymentModeOf(transactionId);
  const [row] = await invoicePaymentUpdate(db, {
    invoiceId,
    transactionId,
    amount,
    at: at.toISOString(),
  }).returning({
    ...getTableColumns(invoices),
    listeningMode: mode,
    // RETURNING sees the row as updated: its new status names the event.
    listening: listenersOf
      ? sql<
          string[]
        >`case when ${invoices.status} = 'paid' then ${listenersOf(invoices.merchantId, mode, 'invoice.paid')} else ${listenersOf(invoices.merchantId, mode, 'invoice.partially_paid')} end`
      : sql<null>`null`,
  });
  if (!row) return undefined;
  const { listeningMode, listening, ...invoice } = row;
  return {
    invoice: invoice as InvoiceRow,
    listeners: listeningMode && listening ? { mode: listeningMode, endpointIds: listening } : undefined,
  };
}

/**
 * Money given back (a refund, a voided authorization) is no longer paid: the balance grows again and
 * the invoice is `partially_paid`, or open (viewed, else sent) when nothing is left paid
 * (docs/product-rules.md#partial-payments).
 */
export async function subtractInvoicePayment(db: DbOrTx, invoiceId: string, amount: number) {
  const left = sql`${invoices.amountPaid} - ${amount}::bigint`;
  const [row] = await db
    .update(invoices)
    .set({
      amountPaid: left,
      status: sql`case when ${left} > 0 then 'partially_paid' when ${invoices.viewedAt} is not null then 'viewed' else 'sent' end`,
      paidAt: null,
      paidTransactionId: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(invoices.id, invoiceId),
        inArray(invoices.status, ['partially_paid', 'paid']),
        sql`${invoices.amountPaid} >= ${amount}::bigint`,
      ),
    )
    .returning();
  return row;
}

/**
 * Locks the invoice a payment paid (if any) before the payment's own row is locked: refunds, captures
 * and voids then take the rows in the order every payment writer does (charges/payment-locks.queries.ts).
 */
export async function lockInvoiceOfPayment(db: DbOrTx, transactionId: string) {
  await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      eq(
        invoices.id,
        sql`(select ${transactions.invoiceId} from ${transactions} where ${transactions.id} = ${transactionId})`,
      ),
    )
    .for('update');
}

const TOOK_MONEY = ['authorization_succeeded', 'capture_succeeded', 'partially_refunded', 'refunded'] as const;

/** The invoice's payments that took money (refunded ones included), oldest first. */
export async function findInvoicePayments(db: DbOrTx, invoiceId: string) {
  return (await findPaymentsOfInvoices(db, [invoiceId])).map(({ invoiceId: _, ...payment }) => payment);
}

/** findInvoicePayments for several invoices in one read, each row with its invoice's id. */
export async function findPaymentsOfInvoices(db: DbOrTx, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return [];
  return db
    .select({
      invoiceId: transactions.invoiceId,
      id: transactions.id,
      amount: transactions.amount,
      refundedAmount: transactions.refundedAmount,
      status: transactions.status,
      cardBrand: transactions.cardBrand,
      cardLast4: transactions.cardLast4,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .where(and(inArray(transactions.invoiceId, invoiceIds), inArray(transactions.status, [...TOOK_MONEY])))
    .orderBy(asc(transactions.createdAt), asc(transactions.id));
}

/** Whether a recurring invoice's occurrence has its invoice already. */
export async function occurrenceExists(db: DbOrTx, recurringInvoiceId: string, occurrence: number) {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.recurringInvoiceId, recurringInvoiceId), eq(invoices.recurringOccurrence, occurrence)))
    .limit(1);
  return row !== undefined;
}

/** A customer's invoices the merchant sent (no drafts, none deleted), newest first: the customer portal's list. */
export function listCustomerInvoiceRows(db: DbOrTx, merchantId: string, customerId: string) {
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.merchantId, merchantId),
        eq(invoices.customerId, customerId),
        ne(invoices.status, 'draft'),
        isNull(invoices.deletedAt),
      ),
    )
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(100);
}
