// The payment events each change announces, built from the rows the change just wrote (inside its
// database transaction) and shaped as the API returns those objects. The modules that make the changes
// call these with one line each, through webhooks.service.ts.
import type { WebhookPayment } from '@kassa/contract/webhooks';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants, refunds, transactions } from '../../db/schema.ts';
import { recordWebhookEvent } from './webhook-outbox.ts';
import { findSubscribedEndpointIds } from './webhooks.queries.ts';

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

/** A payment is announced to the endpoints of its own mode. */
const ownerOf = (tx: TransactionRow) => ({ merchantId: tx.merchantId, mode: tx.mode });

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
  failure_code: tx.failureCode,
  description: tx.description,
  product_id: tx.productId,
  quick_payment_id: tx.quickPaymentId,
  invoice_id: tx.invoiceId,
  created_at: tx.createdAt.toISOString(),
});

export type PaymentEvent = 'payment.succeeded' | 'payment.failed' | 'payment.captured' | 'payment.voided';

/** The payment as it stands in `db`'s transaction, announced as `type`. */
export async function recordPaymentWebhook(
  db: DbOrTx,
  transactionId: string,
  type: PaymentEvent,
  at = new Date(),
  /** When known: most merchants subscribe to nothing, and then the payment is not read at all. */
  merchantId?: string,
  /** The subscribed endpoints of the payment's mode when the caller has read them already (listeningEndpointIdsSql). */
  knownEndpointIds?: string[],
) {
  // Of either mode here, before the payment (and so its mode) is read: none at all spares the read.
  if (!knownEndpointIds && merchantId && (await findSubscribedEndpointIds(db, merchantId, type)).length === 0)
    return null;
  if (knownEndpointIds?.length === 0) return null;
  const found = await findPayment(db, transactionId);
  if (!found) return null;
  const data = toWebhookPayment(found.tx, found.merchantName);
  return recordWebhookEvent(db, ownerOf(found.tx), type, data, at, knownEndpointIds);
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
    ownerOf(found.tx),
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
