// The invoice as a PDF: what the public invoice page shows, on the merchant's letterhead.
import { formatCalendarDate, formatNumber } from '@kassa/contract/date-display';
import type { EmailKey } from '@kassa/contract/i18n/catalogues/email.en';
import { emailTranslator } from '@kassa/contract/i18n/email-catalogue';
import type { Locale } from '@kassa/contract/i18n/locales';
import type { Translate } from '@kassa/contract/i18n/translate';
import type { InvoiceStatus } from '@kassa/contract/invoices';
import { formatMoney } from '@kassa/contract/money';
import {
  CONTENT_WIDTH,
  drawBlock,
  drawLetterhead,
  drawNote,
  drawTable,
  drawTotals,
  type Letterhead,
  newPdf,
} from './pdf-document.ts';

const STATUS_WORDS: Record<InvoiceStatus, EmailKey> = {
  draft: 'invoicePdf.status.draft',
  sent: 'invoicePdf.status.awaiting',
  viewed: 'invoicePdf.status.awaiting',
  overdue: 'invoicePdf.status.overdue',
  partially_paid: 'invoicePdf.status.partiallyPaid',
  paid: 'invoicePdf.status.paid',
  void: 'invoicePdf.status.void',
};

/** The stored invoice's fields the document shows (the invoices table's row has them all). */
export interface InvoiceForPdf {
  invoiceNumber: string;
  currency: string;
  customerFirstName: string;
  customerLastName: string;
  customerEmail: string;
  businessName: string | null;
  description: string;
  dueDate: string;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
  subTotalAmount: number;
  discountType: string;
  discountBps: number;
  discountAmount: number;
  shippingType: string;
  shippingBps: number;
  shippingAmount: number;
  taxType: string;
  taxBps: number;
  taxAmount: number;
  totalAmount: number;
  amountPaid: number;
}

export interface InvoicePdfInput {
  invoice: InvoiceForPdf;
  items: { itemName: string; quantity: number; price: number; totalPrice: number }[];
  status: InvoiceStatus;
  merchant: Letterhead;
  /** The public page where the buyer pays; left out once there is nothing to pay. */
  payUrl: string | null;
  /** The customer's language (docs/i18n.md); English when null. */
  language?: string | null;
}

/** "Discount (10.00%)" for a percentage ("Rabatt (10,00 %)" in German), "Discount" for an amount. */
function adjustmentLabel(t: Translate<EmailKey>, locale: Locale, label: string, type: string, bps: number) {
  if (type !== 'percentage' || bps <= 0) return label;
  const percent = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2 }).format(bps / 10_000);
  return t('invoicePdf.withPercent', { label, percent });
}

export function invoicePdfFilename(invoiceNumber: string) {
  return `invoice-${invoiceNumber.replace(/[^\w.-]+/g, '-')}.pdf`;
}

export async function renderInvoicePdf({
  invoice,
  items,
  status,
  merchant,
  payUrl,
  language,
}: InvoicePdfInput): Promise<Buffer> {
  const { locale, t } = emailTranslator(language);
  const money = (minor: number) => formatMoney(minor, invoice.currency, locale);
  const adjustment = (label: EmailKey, type: string, bps: number) => adjustmentLabel(t, locale, t(label), type, bps);
  const { doc, finish } = await newPdf(
    t('invoicePdf.docTitle', { number: invoice.invoiceNumber }),
    merchant.name,
    invoice.updatedAt,
  );
  const issued = (invoice.sentAt ?? invoice.createdAt).toISOString().slice(0, 10);
  drawLetterhead(doc, merchant, t('invoicePdf.title'), [
    [t('invoicePdf.number'), invoice.invoiceNumber],
    [t('invoicePdf.issued'), formatCalendarDate(issued, locale)],
    [t('invoicePdf.due'), formatCalendarDate(invoice.dueDate, locale)],
    [t('invoicePdf.status'), t(STATUS_WORDS[status])],
  ]);
  drawBlock(doc, t('invoicePdf.billTo'), [
    `${invoice.customerFirstName} ${invoice.customerLastName}`.trim(),
    invoice.businessName ?? '',
    invoice.customerEmail,
  ]);
  if (invoice.description) drawBlock(doc, t('pdf.description'), [invoice.description]);
  const w = CONTENT_WIDTH;
  drawTable(
    doc,
    [
      { header: t('invoicePdf.item'), width: w - 270 },
      { header: t('invoicePdf.quantity'), width: 70, align: 'right' },
      { header: t('invoicePdf.unitPrice'), width: 100, align: 'right' },
      { header: t('pdf.amount'), width: 100, align: 'right' },
    ],
    items.map((item) => [
      item.itemName,
      formatNumber(item.quantity, locale),
      money(item.price),
      money(item.totalPrice),
    ]),
  );
  const totals: [string, string][] = [[t('invoicePdf.subTotal'), money(invoice.subTotalAmount)]];
  if (invoice.discountAmount > 0) {
    totals.push([
      adjustment('invoicePdf.discount', invoice.discountType, invoice.discountBps),
      `-${money(invoice.discountAmount)}`,
    ]);
  }
  if (invoice.shippingAmount > 0) {
    totals.push([
      adjustment('invoicePdf.shipping', invoice.shippingType, invoice.shippingBps),
      money(invoice.shippingAmount),
    ]);
  }
  if (invoice.taxAmount > 0) {
    totals.push([adjustment('invoicePdf.tax', invoice.taxType, invoice.taxBps), money(invoice.taxAmount)]);
  }
  if (status !== 'paid' && invoice.amountPaid > 0) {
    // Paid in parts (docs/product-rules.md#partial-payments): what is still owed is what the buyer pays.
    totals.push(
      [t('invoicePdf.total'), money(invoice.totalAmount)],
      [t('invoicePdf.amountPaid'), `-${money(invoice.amountPaid)}`],
      [t('row.balanceDue'), money(invoice.totalAmount - invoice.amountPaid)],
    );
  } else {
    totals.push([status === 'paid' ? t('invoicePdf.totalPaid') : t('invoicePdf.totalDue'), money(invoice.totalAmount)]);
  }
  drawTotals(doc, totals);
  if (payUrl) drawNote(doc, t('invoicePdf.payOnline'), t('invoicePdf.payOnlineText'), payUrl);
  return finish();
}
