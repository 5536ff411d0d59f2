// The invoice e-mail: the customer gets the public link (docs/product-rules.md#public-invoice view → invoice checkout).
import { formatCalendarDate } from '@kassa/contract/date-display';
import { emailTranslator } from '@kassa/contract/i18n/email-catalogue';
import { formatMoney } from '@kassa/contract/money';
import type { AppContext } from '../../context.ts';
import { mailBody } from '../../lib/mail-body.ts';
import { invoiceLanguage, invoicePdfOf } from './invoice-documents.service.ts';
import { invoicePublicUrl } from './invoice-view.ts';
import { findMerchantName, type InvoiceRow } from './invoices.queries.ts';

/** `messageId`: the outbox's, when the mail is queued (lib/mailer.ts#messageIdOf), so a repeat is dropped. */
export async function mailInvoice(ctx: AppContext, invoice: InvoiceRow, messageId?: string) {
  const language = await invoiceLanguage(ctx, invoice);
  const [merchant, pdf] = await Promise.all([
    findMerchantName(ctx.db, invoice.merchantId),
    invoicePdfOf(ctx, invoice, language),
  ]);
  const link = invoicePublicUrl(ctx.config.publicUrl, invoice.id);
  // In the customer's language (docs/i18n.md), the merchant's default English otherwise.
  const { locale, t } = emailTranslator(language);
  const money = (minor: number) => formatMoney(minor, invoice.currency, locale);
  const number = invoice.invoiceNumber;
  // The due date as the public invoice page writes it.
  const line = t('invoice.sent', {
    merchant,
    number,
    amount: money(invoice.totalAmount),
    due: formatCalendarDate(invoice.dueDate, locale),
  });
  // What the buyer may pay now (docs/product-rules.md#partial-payments): the deposit, parts, what is left.
  const terms = [
    invoice.amountPaid > 0
      ? t('invoice.paidSoFar', { paid: money(invoice.amountPaid), remaining: money(invoice.balanceDue) })
      : '',
    invoice.depositAmount > invoice.amountPaid
      ? t('invoice.depositFirst', { deposit: money(invoice.depositAmount) })
      : '',
    invoice.allowPartial ? t('invoice.partial') : '',
  ].filter(Boolean);
  await ctx.mailer.send({
    messageId,
    to: invoice.customerEmail,
    subject: t('invoice.subject', { number, merchant }),
    // The invoice itself goes along as a PDF, for the buyer's accounts.
    attachments: [{ filename: pdf.filename, content: pdf.content, contentType: 'application/pdf' }],
    ...mailBody({
      paragraphs: [t('mail.hello', { name: invoice.customerFirstName }), line, ...terms],
      link: { href: link, label: t('invoice.link') },
    }),
  });
}
