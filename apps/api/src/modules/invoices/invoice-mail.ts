// The invoice e-mail: the customer gets the public link (docs/product-rules.md#public-invoice view → invoice checkout).
import { formatCalendarDate } from '@kassa/contract/date-display';
import { formatMoney } from '@kassa/contract/money';
import type { AppContext } from '../../context.ts';
import { mailBody } from '../../lib/mail-body.ts';
import { invoicePdfOf } from './invoice-documents.service.ts';
import { invoicePublicUrl } from './invoice-view.ts';
import { findMerchantName, type InvoiceRow } from './invoices.queries.ts';

export async function mailInvoice(ctx: AppContext, invoice: InvoiceRow) {
  const [merchant, pdf] = await Promise.all([findMerchantName(ctx.db, invoice.merchantId), invoicePdfOf(ctx, invoice)]);
  const link = invoicePublicUrl(ctx.config.publicUrl, invoice.id);
  const amount = formatMoney(invoice.totalAmount, invoice.currency);
  const greeting = `Hello ${invoice.customerFirstName},`;
  // The due date as the public invoice page writes it.
  const line = `${merchant} sent you invoice ${invoice.invoiceNumber} for ${amount}, due ${formatCalendarDate(invoice.dueDate)}.`;
  await ctx.mailer.send({
    to: invoice.customerEmail,
    subject: `Invoice ${invoice.invoiceNumber} from ${merchant}`,
    // The invoice itself goes along as a PDF, for the buyer's accounts.
    attachments: [{ filename: pdf.filename, content: pdf.content, contentType: 'application/pdf' }],
    ...mailBody({ paragraphs: [greeting, line], link: { href: link, label: 'View and pay it here' } }),
  });
}
