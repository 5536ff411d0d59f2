// The invoices a subscription makes, one per period (docs/decisions/0024-renewals-exactly-once.md):
// real Kassa invoices — the merchant's number series, the e-mail, the public page — that also carry
// their subscription and period. The unique (subscription_id, period_start) index is what keeps a
// period from being billed twice, whichever process or retry gets there.
import type { PaymentModeName } from '@kassa/contract/transactions';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { invoices } from '../../db/schema.ts';
import { type InvoiceEvent, invoiceWebhookEvents, recordInvoiceWebhook } from './invoice-events.ts';
import { mailInvoice } from './invoice-mail.ts';
import { numberInvoices, provisionalInvoiceNumber } from './invoice-numbers.ts';
import { invoicePublicUrl } from './invoice-view.ts';
import { type InvoiceRow, insertInvoiceIn, insertInvoicesIn } from './invoices.queries.ts';

export type { InvoiceRow };

export interface PeriodInvoiceLine {
  name: string;
  quantity: number;
  /** Per unit, minor units; a proration credit is negative. */
  price: number;
  productId: string | null;
}

export interface PeriodInvoice {
  merchantId: string;
  subscriptionId: string;
  periodStart: Date;
  periodEnd: Date;
  currency: string;
  dueDate: string;
  customerId: string;
  customerName: string;
  customerEmail: string;
  lines: PeriodInvoiceLine[];
  /** The first charge is claimed with the invoice (charge_automatically); null for send_invoice. */
  firstAttemptLeaseUntil: Date | null;
}

/**
 * Makes the period's invoice inside the caller's transaction; undefined when this period's invoice exists
 * already. It is numbered in the merchant's series at once, or — `numberLater`, a batch of renewals —
 * keeps a provisional number until the caller numbers the batch with `numberPeriodInvoices`, the last
 * writes before its commit, so the merchant's counter row is locked for as short a time as possible.
 */
export async function createPeriodInvoice(
  ctx: AppContext,
  db: DbOrTx,
  p: PeriodInvoice,
  { numberLater = false }: { numberLater?: boolean } = {},
) {
  const { values, items } = periodInvoiceRow(ctx, p);
  const row = await insertInvoiceIn(db, values, items);
  if (!row || numberLater) return row;
  const [numbered] = await numberInvoices(db, p.merchantId, [row.id]);
  return numbered;
}

/**
 * A batch's period invoices in two statements (every invoice, then every line), each with a
 * provisional number until the caller numbers them (`numberPeriodInvoices`); undefined in the place of
 * a period whose invoice exists already.
 */
export const createPeriodInvoices = (ctx: AppContext, db: DbOrTx, periods: PeriodInvoice[]) =>
  insertInvoicesIn(
    db,
    periods.map((p) => periodInvoiceRow(ctx, p)),
  );

function periodInvoiceRow(ctx: AppContext, p: PeriodInvoice) {
  const [first = p.customerName, ...rest] = p.customerName.split(' ');
  const items = p.lines.map((line, i) => ({
    position: i + 1,
    itemType: line.productId ? 1 : 2,
    productId: line.productId,
    itemName: line.name,
    quantity: line.quantity,
    price: line.price,
    totalPrice: line.price * line.quantity,
  }));
  const total = Math.max(
    0,
    items.reduce((sum, item) => sum + item.totalPrice, 0),
  );
  const isFree = total === 0;
  const now = ctx.clock.now();
  const values = {
    merchantId: p.merchantId,
    invoiceNumber: provisionalInvoiceNumber(),
    customerFirstName: first,
    customerLastName: rest.join(' '),
    customerEmail: p.customerEmail,
    dueDate: p.dueDate,
    description: '',
    currency: p.currency,
    status: isFree ? ('paid' as const) : ('sent' as const),
    subTotalAmount: total,
    totalAmount: total,
    paymentOptions: ['card'],
    sentAt: now,
    paidAt: isFree ? now : null,
    customerId: p.customerId,
    subscriptionId: p.subscriptionId,
    periodStart: p.periodStart,
    periodEnd: p.periodEnd,
    attemptCount: isFree || !p.firstAttemptLeaseUntil ? 0 : 1,
    nextPaymentAttemptAt: isFree ? null : p.firstAttemptLeaseUntil,
  };
  return { values, items };
}

/** Numbers a batch's invoices of one merchant, in the order given (see `createPeriodInvoice`). */
export const numberPeriodInvoices = (db: DbOrTx, merchantId: string, ids: string[]) =>
  numberInvoices(db, merchantId, ids);

/**
 * Takes the next charge of an open invoice: one more attempt, leased until `leaseUntil`; undefined when
 * not open. With `freeAt`, only when no try holds a lease past that moment (a charge asked for by hand
 * never runs beside the tick's or another caller's).
 */
export async function claimInvoiceAttempt(db: DbOrTx, invoiceId: string, leaseUntil: Date, freeAt?: Date) {
  const [row] = await db
    .update(invoices)
    .set({ attemptCount: sql`${invoices.attemptCount} + 1`, nextPaymentAttemptAt: leaseUntil, updatedAt: sql`now()` })
    .where(
      and(
        eq(invoices.id, invoiceId),
        inArray(invoices.status, ['sent', 'viewed']),
        freeAt
          ? sql`(${invoices.nextPaymentAttemptAt} is null or ${invoices.nextPaymentAttemptAt} <= ${freeAt})`
          : undefined,
      ),
    )
    .returning();
  return row;
}

/** When the invoice is charged next (a retry), or null (paid, or the last try failed). */
export async function scheduleInvoiceAttempt(db: DbOrTx, invoiceId: string, at: Date | null) {
  await db.update(invoices).set({ nextPaymentAttemptAt: at, updatedAt: sql`now()` }).where(eq(invoices.id, invoiceId));
}

/**
 * Voids a subscription's open invoices (its first one, when an incomplete subscription expires, as
 * Stripe voids it): only those still open, so an invoice paid meanwhile stays paid. The voided rows.
 */
export async function voidOpenSubscriptionInvoices(db: DbOrTx, subscriptionId: string, at: Date) {
  return db
    .update(invoices)
    .set({ status: 'void', voidedAt: at, nextPaymentAttemptAt: null, updatedAt: at })
    .where(and(eq(invoices.subscriptionId, subscriptionId), inArray(invoices.status, ['sent', 'viewed'])))
    .returning();
}

export async function findInvoiceRow(db: DbOrTx, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row;
}

/** A subscription's invoices, newest period first. */
export const findSubscriptionInvoices = (db: DbOrTx, subscriptionId: string) =>
  db
    .select()
    .from(invoices)
    .where(eq(invoices.subscriptionId, subscriptionId))
    .orderBy(sql`${invoices.periodStart} desc`);

export const announcePeriodInvoice = (
  ctx: AppContext,
  db: DbOrTx,
  row: InvoiceRow,
  type: InvoiceEvent,
  mode: PaymentModeName,
  /** The endpoints listening, when the caller looked them up once for a batch. */
  endpointIds?: string[],
) => recordInvoiceWebhook(ctx, db, row, type, mode, endpointIds);

/** The events of a batch's period invoices, built to be written together (webhooks.service recordWebhookEvents). */
export const periodInvoiceEvents = invoiceWebhookEvents;

export const mailPeriodInvoice = (ctx: AppContext, row: InvoiceRow) => mailInvoice(ctx, row);
export const periodInvoiceUrl = (ctx: AppContext, id: string) => invoicePublicUrl(ctx.config.publicUrl, id);
