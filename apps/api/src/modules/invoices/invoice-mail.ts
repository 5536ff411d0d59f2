// The invoice e-mail: the customer gets the public link (docs/product-rules.md#public-invoice view → invoice checkout).
import { formatMoney } from '@kassa/contract/money';
import type { AppContext } from '../../context.ts';
import { invoicePublicUrl } from './invoice-view.ts';
import { findMerchantName, type InvoiceRow } from './invoices.queries.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export async function mailInvoice(ctx: AppContext, invoice: InvoiceRow) {
  const merchant = await findMerchantName(ctx.db, invoice.merchantId);
  const link = invoicePublicUrl(ctx.config.publicUrl, invoice.id);
  const amount = formatMoney(invoice.totalAmount, invoice.currency);
  const greeting = `Hello ${invoice.customerFirstName},`;
  const line = `${merchant} sent you invoice ${invoice.invoiceNumber} for ${amount}, due ${invoice.dueDate}.`;
  await ctx.mailer.send({
    to: invoice.customerEmail,
    subject: `Invoice ${invoice.invoiceNumber} from ${merchant}`,
    text: `${greeting}\n\n${line}\n\nView and pay it here: ${link}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(line)}</p><p><a href="${escapeHtml(link)}">View and pay the invoice</a></p>`,
  });
}
