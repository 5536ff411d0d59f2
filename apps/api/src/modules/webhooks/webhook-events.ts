// The events each change announces, built from the rows the change just wrote (inside its database
// transaction) and shaped as the API returns those objects. The modules that make the changes call
// these with one line each.
import type { WebhookEventType, WebhookPayment } from '@kassa/contract/webhooks';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { invoices, merchants, refunds, transactions } from '../../db/schema.ts';
import { toInvoice, utcToday } from '../invoices/invoice-view.ts';
import { findInvoiceItems, type InvoiceRow } from '../invoices/invoices.queries.ts';
import { recordWebhookEvent, subscribedEndpointIds } from './webhooks.service.ts';

type TransactionRow = typeof transactions.$inferSelect;

async function findPayment(db: DbOrTx, transactionId: string) {
  const [row] = await db
    .select({ tx: transactions, merchantName: merchants.name })
    .from(transactions)
    .innerJoin(merchants, eq(merchants.id, transactions.merchantId))
    .where(eq(transactions.id, transactionId))
    .limit(1);
  return row;
}

export const toWebhookPayment = (tx: TransactionRow, merchantName: string): WebhookPayment => ({
  id: tx.id,
  merchant_id: tx.merchantId,
  merchant_name: merchantName,
  amount: tx.amount,
  currency: tx.currency,
  captured_amount: tx.capturedAmount,
  refunded_amount: tx.refundedAmount,
  refundable_amount: ['capture_succeeded', 'partially_refunded'].includes(tx.status)
    ? tx.capturedAmount - tx.refundedAmount
    : 0,
  gift_card_amount: tx.giftCardAmount,
  method: tx.method,
  intent: tx.intent,
  status: tx.status,
  source: tx.source,
  card_brand: tx.cardBrand,
  card_last4: tx.cardLast4,
  buyer_first_name: tx.buyerFirstName,
  buyer_last_name: tx.buyerLastName,
  buyer_email: tx.buyerEmail,
  mode: tx.mode,
  failure_reason: tx.failureReason,
  description: tx.description,
  product_id: tx.productId,
  quick_payment_id: tx.quickPaymentId,
  invoice_id: tx.invoiceId,
  created_at: tx.createdAt.toISOString(),
});

type PaymentEvent = 'payment.succeeded' | 'payment.failed' | 'payment.captured' | 'payment.voided';

/** The payment as it stands in `db`'s transaction, announced as `type`. */
export async function recordPaymentWebhook(
  db: DbOrTx,
  transactionId: string,
  type: PaymentEvent,
  at = new Date(),
  /** When known: most merchants subscribe to nothing, and then the payment is not read at all. */
  merchantId?: string,
) {
  const endpointIds = merchantId ? await subscribedEndpointIds(db, merchantId, type) : undefined;
  if (endpointIds?.length === 0) return null;
  const found = await findPayment(db, transactionId);
  if (!found) return null;
  const data = toWebhookPayment(found.tx, found.merchantName);
  return recordWebhookEvent(db, found.tx.merchantId, type, data, at, endpointIds);
}

/** One refund, with the payment's totals after it. */
export async function recordRefundWebhook(db: DbOrTx, transactionId: string, refundId: string, at = new Date()) {
  const found = await findPayment(db, transactionId);
  const [refund] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, refundId), eq(refunds.transactionId, transactionId)))
    .limit(1);
  if (!found || !refund) return null;
  return recordWebhookEvent(
    db,
    found.tx.merchantId,
    'payment.refunded',
    {
      ...toWebhookPayment(found.tx, found.merchantName),
      refund: {
        id: refund.id,
        amount: refund.amount,
        currency: refund.currency,
        reason: refund.reason,
        status: refund.status,
        created_at: refund.createdAt.toISOString(),
      },
    },
    at,
  );
}

async function invoiceData(ctx: AppContext, db: DbOrTx, row: InvoiceRow, now: Date) {
  return toInvoice(row, await findInvoiceItems(db, row.id), ctx.config.publicUrl, utcToday(now));
}

type InvoiceEvent = 'invoice.sent' | 'invoice.paid' | 'invoice.voided';

export async function recordInvoiceWebhook(ctx: AppContext, db: DbOrTx, row: InvoiceRow, type: InvoiceEvent) {
  const now = ctx.clock.now();
  return recordWebhookEvent(db, row.merchantId, type, await invoiceData(ctx, db, row, now), now);
}

/** For a status change of an invoice: the event to write beside it, in the same transaction. */
export const invoiceWebhook =
  (ctx: AppContext, type: InvoiceEvent) =>
  (db: DbOrTx, row: InvoiceRow): Promise<unknown> =>
    recordInvoiceWebhook(ctx, db, row, type);

/**
 * What a processor's decision announces: a payment captured at once succeeded, a declined one
 * failed (an authorization waits for its capture or void); an invoice this payment has just paid is
 * paid.
 */
export async function recordSettlementWebhooks(ctx: AppContext, db: DbOrTx, tx: TransactionRow) {
  const now = ctx.clock.now();
  const type: WebhookEventType | undefined =
    tx.status === 'capture_succeeded'
      ? 'payment.succeeded'
      : tx.status === 'authorization_failed'
        ? 'payment.failed'
        : undefined;
  if (type) await recordPaymentWebhook(db, tx.id, type as PaymentEvent, now, tx.merchantId);
  if (!tx.invoiceId) return;
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, tx.invoiceId), eq(invoices.paidTransactionId, tx.id), eq(invoices.status, 'paid')))
    .limit(1);
  if (invoice) await recordInvoiceWebhook(ctx, db, invoice, 'invoice.paid');
}
