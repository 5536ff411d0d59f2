import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers, invoices, recurringInvoices } from '../../db/schema.ts';
import { containsText, type ListRequest } from '../../lib/db/list.ts';
import { pageRequest, readPage } from '../../lib/db/read-page.ts';

export type RecurringRow = typeof recurringInvoices.$inferSelect;
export type RecurringInsert = Omit<typeof recurringInvoices.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
type Status = RecurringRow['status'];
type Mode = RecurringRow['mode'];

/** A template with the customer it bills, as every read answers it. */
export type RecurringWithCustomer = RecurringRow & { customerName: string; customerEmail: string | null };

/** Whose templates a call may touch: one merchant, and only one mode when the caller is an API key. */
export interface RecurringScope {
  merchantId: string;
  mode?: Mode;
}

const visible = (scope: RecurringScope) =>
  and(
    eq(recurringInvoices.merchantId, scope.merchantId),
    scope.mode ? eq(recurringInvoices.mode, scope.mode) : undefined,
    isNull(recurringInvoices.deletedAt),
  );

const withCustomer = (db: DbOrTx) =>
  db
    .select({
      template: recurringInvoices,
      customerName: customers.name,
      customerEmail: customers.email,
    })
    .from(recurringInvoices)
    .innerJoin(customers, eq(customers.id, recurringInvoices.customerId));

const flatten = (r: { template: RecurringRow; customerName: string; customerEmail: string | null }) => ({
  ...r.template,
  customerName: r.customerName,
  customerEmail: r.customerEmail,
});

export interface RecurringFilter extends ListRequest {
  status?: Status;
  customerId?: string;
  mode?: Mode;
}

export async function listRecurringInvoices(db: DbOrTx, scope: RecurringScope, q: RecurringFilter) {
  const where = and(
    visible(scope),
    q.status ? eq(recurringInvoices.status, q.status) : undefined,
    q.customerId ? eq(recurringInvoices.customerId, q.customerId) : undefined,
    q.mode ? eq(recurringInvoices.mode, q.mode) : undefined,
    q.search
      ? sql`${recurringInvoices.customerId} in (select ${customers.id} from ${customers} where ${containsText(
          [customers.name, customers.email],
          q.search,
        )})`
      : undefined,
  );
  const { rows, count } = await readPage(db, recurringInvoices, withCustomer(db).$dynamic(), {
    ...pageRequest(q),
    where,
    sortColumns: {
      created_at: recurringInvoices.createdAt,
      next_send_date: recurringInvoices.nextSendDate,
      total_amount: recurringInvoices.totalAmount,
    },
    id: recurringInvoices.id,
  });
  return { rows: rows.map(flatten), count };
}

export async function findRecurringInvoice(
  db: DbOrTx,
  scope: RecurringScope,
  id: string,
): Promise<RecurringWithCustomer | undefined> {
  const [row] = await withCustomer(db)
    .where(and(eq(recurringInvoices.id, id), visible(scope)))
    .limit(1);
  return row && flatten(row);
}

export async function insertRecurringInvoice(db: DbOrTx, values: RecurringInsert): Promise<RecurringRow> {
  const [row] = await db.insert(recurringInvoices).values(values).returning();
  return row!;
}

/**
 * Changes a template only while it is in one of `from` (a conditional UPDATE: a pause racing a stop,
 * or an edit racing the tick's occurrence, lands on the state the other left or not at all).
 */
export async function updateRecurringInvoice(
  db: DbOrTx,
  scope: RecurringScope,
  id: string,
  from: Status[],
  values: Partial<RecurringInsert>,
  now: Date,
  guard?: SQL,
): Promise<RecurringRow | undefined> {
  const [row] = await db
    .update(recurringInvoices)
    .set({ ...values, updatedAt: now })
    .where(and(eq(recurringInvoices.id, id), visible(scope), inArray(recurringInvoices.status, from), guard))
    .returning();
  return row;
}

/** The guard of an edit: nothing was made meanwhile, so the schedule it computed still holds. */
export const madeExactly = (invoicesMade: number) => eq(recurringInvoices.invoicesMade, invoicesMade);

/**
 * Claims one active template due on or before `today`, locked for this transaction. SKIP LOCKED lets
 * every API process's tick take a different one; a template another tick holds is not waited for.
 */
export async function claimDueTemplate(db: DbOrTx, today: string): Promise<RecurringRow | undefined> {
  const [row] = await db
    .select()
    .from(recurringInvoices)
    .where(
      and(
        eq(recurringInvoices.status, 'active'),
        isNull(recurringInvoices.deletedAt),
        lte(recurringInvoices.nextSendDate, today),
      ),
    )
    .orderBy(asc(recurringInvoices.nextSendDate))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/** Records one made occurrence on the claimed template (still locked by the same transaction). */
export async function advanceTemplate(
  db: DbOrTx,
  id: string,
  values: Pick<RecurringRow, 'periodIndex' | 'invoicesMade' | 'nextSendDate' | 'status' | 'lastSentAt'>,
  now: Date,
) {
  await db
    .update(recurringInvoices)
    .set({ ...values, updatedAt: now })
    .where(eq(recurringInvoices.id, id));
}

/**
 * Claims the automatic charge of one occurrence whose charge is due (written with the invoice), in one
 * statement: the row is picked FOR UPDATE SKIP LOCKED and leased until `leaseUntil`, so every parallel
 * tick takes a different one, and a process that dies mid-charge leaves a lease that runs out and is
 * claimed again (docs/decisions/0024-renewals-exactly-once.md). At most `maxTries` claims per invoice.
 */
export async function claimDueAutoCharge(db: DbOrTx, at: Date, leaseUntil: Date, maxTries: number) {
  const due = db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        isNotNull(invoices.recurringInvoiceId),
        lte(invoices.nextPaymentAttemptAt, at),
        inArray(invoices.status, ['sent', 'viewed']),
        lt(invoices.attemptCount, maxTries),
      ),
    )
    .orderBy(asc(invoices.nextPaymentAttemptAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(invoices)
    .set({ attemptCount: sql`${invoices.attemptCount} + 1`, nextPaymentAttemptAt: leaseUntil, updatedAt: at })
    .where(inArray(invoices.id, due))
    .returning({
      id: invoices.id,
      merchantId: invoices.merchantId,
      customerId: invoices.customerId,
      invoiceNumber: invoices.invoiceNumber,
      totalAmount: invoices.totalAmount,
      currency: invoices.currency,
    });
  return row;
}

/** The occurrence's automatic charge is over (paid, declined, or nothing to charge with): no more claims. */
export async function endAutoCharge(db: DbOrTx, invoiceId: string, at: Date) {
  await db.update(invoices).set({ nextPaymentAttemptAt: null, updatedAt: at }).where(eq(invoices.id, invoiceId));
}

/** The day the customer's recurring invoices next charge their card on their own (auto charge), or null. */
export async function findNextAutoCharge(db: DbOrTx, customerId: string): Promise<Date | null> {
  const [row] = await db
    .select({ day: recurringInvoices.nextSendDate })
    .from(recurringInvoices)
    .where(
      and(
        eq(recurringInvoices.customerId, customerId),
        eq(recurringInvoices.status, 'active'),
        eq(recurringInvoices.autoCharge, true),
        isNull(recurringInvoices.deletedAt),
        isNotNull(recurringInvoices.nextSendDate),
      ),
    )
    .orderBy(asc(recurringInvoices.nextSendDate))
    .limit(1);
  return row?.day ? new Date(`${row.day}T00:00:00Z`) : null;
}
