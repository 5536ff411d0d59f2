// The invoice as a PDF (docs/product-rules.md#documents): for the portal, the buyer's public page and
// the invoice e-mail. Access is checked as for reading the invoice; the documents module draws it.
import { APP } from '@kassa/contract/access';
import type { AppContext } from '../../context.ts';
import { requireMerchantRead } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/app-error.ts';
import { findCustomerById } from '../customers/customers.service.ts';
import { invoicePdf, type PdfFile } from '../documents/documents.service.ts';
import { displayStatus, invoicePublicUrl, utcToday } from './invoice-view.ts';
import { findInvoice, findInvoiceItems, findPublicInvoice, type InvoiceRow } from './invoices.queries.ts';

const PAYABLE = ['sent', 'viewed', 'overdue'];

/**
 * The language an invoice speaks to its customer, on paper and by mail (docs/i18n.md): the customer's,
 * else the merchant's default, English.
 */
export async function invoiceLanguage(ctx: AppContext, invoice: InvoiceRow): Promise<string | null> {
  if (!invoice.customerId) return null;
  return (await findCustomerById(ctx.db, invoice.customerId))?.locale ?? null;
}

/** The PDF of a stored invoice; the link to pay is on it while there is something to pay. */
export async function invoicePdfOf(ctx: AppContext, invoice: InvoiceRow, language?: string | null): Promise<PdfFile> {
  const status = displayStatus(invoice, utcToday(ctx.clock.now()));
  return invoicePdf(ctx, invoice.merchantId, {
    language: language === undefined ? await invoiceLanguage(ctx, invoice) : language,
    invoice,
    items: await findInvoiceItems(ctx.db, invoice.id),
    status,
    payUrl: PAYABLE.includes(status) ? invoicePublicUrl(ctx.config.publicUrl, invoice.id) : null,
  });
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
