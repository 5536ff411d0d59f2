// Invoice and receipt PDFs (docs/product-rules.md#documents). Each one checks access first, exactly as
// reading the invoice or the transaction does, so a document never shows more than its JSON would.
import { APP } from '@kassa/contract/access';
import type { AppContext } from '../../context.ts';
import { requireMerchantRead } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { businessRule, notFound } from '../../lib/app-error.ts';
import { displayStatus, invoicePublicUrl, utcToday } from '../invoices/invoice-view.ts';
import { findInvoice, findInvoiceItems, findPublicInvoice, type InvoiceRow } from '../invoices/invoices.queries.ts';
import { findTransaction } from '../transactions/transactions.queries.ts';
import { transactionScope } from '../transactions/transactions.service.ts';
import { findPaymentForReceipt, findSucceededRefunds } from './documents.queries.ts';
import { invoicePdfFilename, renderInvoicePdf } from './invoice-pdf.ts';
import { merchantLetterhead } from './letterhead.ts';
import type { Letterhead } from './pdf-document.ts';
import { receiptFilename, renderReceiptPdf } from './receipt-pdf.ts';

export interface PdfFile {
  filename: string;
  content: Buffer;
}

type RefundRow = Awaited<ReturnType<typeof findSucceededRefunds>>[number];
type PaymentRow = NonNullable<Awaited<ReturnType<typeof findPaymentForReceipt>>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The invoice's PDF from its stored row: used by the portal, the public page and the invoice e-mail. */
export async function invoicePdfOf(ctx: AppContext, invoice: InvoiceRow): Promise<PdfFile> {
  const status = displayStatus(invoice, utcToday(ctx.clock.now()));
  const [items, merchant] = await Promise.all([
    findInvoiceItems(ctx.db, invoice.id),
    merchantLetterhead(ctx, invoice.merchantId),
  ]);
  const isPayable = ['sent', 'viewed', 'overdue'].includes(status);
  const content = await renderInvoicePdf({
    invoice,
    items,
    status,
    merchant,
    payUrl: isPayable ? invoicePublicUrl(ctx.config.publicUrl, invoice.id) : null,
  });
  return { filename: invoicePdfFilename(invoice.invoiceNumber), content };
}

export async function merchantInvoicePdf(ctx: AppContext, actor: Actor, id: string, merchantId?: string) {
  const scope = await requireMerchantRead(ctx, actor, APP.INVOICES, merchantId);
  const invoice = await findInvoice(ctx.db, scope.merchantIds, id);
  if (!invoice) throw notFound('Invoice not found.');
  return invoicePdfOf(ctx, invoice);
}

/** The buyer's copy, from the public page: only what that page shows (sent, viewed or paid). */
export async function publicInvoicePdf(ctx: AppContext, id: string) {
  const found = await findPublicInvoice(ctx.db, id);
  if (!found) throw notFound('This invoice does not exist.');
  return invoicePdfOf(ctx, found.invoice);
}

const TOOK_MONEY = ['capture_succeeded', 'partially_refunded', 'refunded'];

/** A payment's receipt, built from the stored payment whoever asks (the portal, the receipt e-mail). */
export async function receiptPdfOf(ctx: AppContext, paymentId: string, refundId?: string) {
  const payment = await findPaymentForReceipt(ctx.db, paymentId);
  if (!payment) throw notFound('This transaction does not exist.');
  return receiptPdfFor(ctx, payment, refundId);
}

/**
 * The receipt from a payment row already read. `letterheads` lets a batch of receipt e-mails read
 * each merchant's letterhead (and logo file) once.
 */
export async function receiptPdfFor(
  ctx: AppContext,
  payment: PaymentRow,
  refundId?: string,
  letterheads = new Map<string, Promise<Letterhead>>(),
): Promise<PdfFile & { refund?: RefundRow }> {
  const hasRefunds = refundId !== undefined || payment.refundedAmount > 0;
  const refunds = hasRefunds ? await findSucceededRefunds(ctx.db, payment.id) : [];
  const refund = refundId ? refunds.find((r) => r.id === refundId) : undefined;
  if (refundId && !refund) throw notFound('This refund does not exist or has not gone through.');
  if (!refund && !TOOK_MONEY.includes(payment.status)) {
    throw businessRule('This payment has not taken any money, so it has no receipt.');
  }
  let letterhead = letterheads.get(payment.merchantId);
  if (!letterhead) {
    letterhead = merchantLetterhead(ctx, payment.merchantId);
    letterheads.set(payment.merchantId, letterhead);
  }
  const content = await renderReceiptPdf({ payment, refunds, refund, merchant: await letterhead });
  return { filename: receiptFilename(payment.id, refund?.id), content, refund };
}

export async function merchantReceiptPdf(ctx: AppContext, actor: Actor, id: string, refundId?: string) {
  const scope = await transactionScope(ctx, actor, 'view');
  if (!UUID.test(id) || !(await findTransaction(ctx.db, scope, id))) {
    throw notFound('This transaction does not exist.');
  }
  return receiptPdfOf(ctx, id, refundId);
}
