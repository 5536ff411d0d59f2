// A payment's receipt, or one refund's, as a PDF (docs/product-rules.md#documents): for whoever may
// read the transaction, and for the receipt e-mails. The documents module draws it.
import type { AppContext } from '../../context.ts';
import type { transactions } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { businessRule, notFound } from '../../lib/app-error.ts';
import { type LetterheadCache, type PdfFile, receiptPdf } from '../documents/documents.service.ts';
import {
  findCustomerPaymentRow,
  findRefunds,
  findTransaction,
  listCustomerPaymentRows,
} from './transactions.queries.ts';
import { transactionScope } from './transactions.service.ts';

type PaymentRow = typeof transactions.$inferSelect;
type RefundRow = Awaited<ReturnType<typeof findRefunds>>[number];

const TOOK_MONEY = ['capture_succeeded', 'partially_refunded', 'refunded'];

/** From a payment row already read; `letterheads` shares the merchants' letterheads across a batch. */
export async function receiptPdfFor(
  ctx: AppContext,
  payment: PaymentRow,
  refundId?: string,
  letterheads?: LetterheadCache,
): Promise<PdfFile & { refund?: RefundRow }> {
  const hasRefunds = refundId !== undefined || payment.refundedAmount > 0;
  const refunds = hasRefunds ? (await findRefunds(ctx.db, payment.id)).filter((r) => r.status === 'succeeded') : [];
  const refund = refundId ? refunds.find((r) => r.id === refundId) : undefined;
  if (refundId && !refund) throw notFound('This refund does not exist or has not gone through.');
  if (!refund && !TOOK_MONEY.includes(payment.status)) {
    throw businessRule('This payment has not taken any money, so it has no receipt.');
  }
  return { ...(await receiptPdf(ctx, { payment, refunds, refund }, letterheads)), refund };
}

export async function merchantReceiptPdf(ctx: AppContext, actor: Actor, id: string, refundId?: string) {
  const found = await findTransaction(ctx.db, await transactionScope(ctx, actor, 'view'), id);
  if (!found) throw notFound('This transaction does not exist.');
  return receiptPdfFor(ctx, found.tx, refundId);
}

/** The customer portal's receipts: one customer's payments that took money (docs/product-rules.md#customer-portal). */
export async function customerReceipts(ctx: AppContext, merchantId: string, customerId: string) {
  return (await listCustomerPaymentRows(ctx.db, merchantId, customerId, TOOK_MONEY)).map((tx) => ({
    id: tx.id,
    amount: tx.amount,
    refunded_amount: tx.refundedAmount,
    currency: tx.currency,
    description: tx.description,
    paid_at: tx.createdAt.toISOString(),
    pdf_url: `/apiv1/customer-portal/receipts/${tx.id}/pdf/`,
  }));
}

/** A receipt of the signed-in customer's own payment; another customer's payment is not found. */
export async function customerReceiptPdf(ctx: AppContext, merchantId: string, customerId: string, id: string) {
  const tx = await findCustomerPaymentRow(ctx.db, merchantId, customerId, id);
  if (!tx) throw notFound('This receipt does not exist.');
  return receiptPdfFor(ctx, tx);
}
