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
  // What the buyer may pay now (docs/product-rules.md#partial-payments): the deposit, parts, what is left.
  const terms = [
    invoice.amountPaid > 0
      ? `${formatMoney(invoice.amountPaid, invoice.currency)} has been paid; ${formatMoney(invoice.balanceDue, invoice.currency)} remains.`
      : '',
    invoice.depositAmount > invoice.amountPaid
      ? `A deposit of ${formatMoney(invoice.depositAmount, invoice.currency)} is due first.`
      : '',
    invoice.allowPartial ? 'You may pay it in parts.' : '',
  ].filter(Boolean);
  await ctx.mailer.send({
    to: invoice.customerEmail,
    subject: `Invoice ${invoice.invoiceNumber} from ${merchant}`,
    // The invoice itself goes along as a PDF, for the buyer's accounts.
    attachments: [{ filename: pdf.filename, content: pdf.content, contentType: 'application/pdf' }],
    ...mailBody({ paragraphs: [greeting, line, ...terms], link: { href: link, label: 'View and pay it here' } }),
  });
}
