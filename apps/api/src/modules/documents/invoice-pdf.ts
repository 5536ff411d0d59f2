// The invoice as a PDF: what the public invoice page shows, on the merchant's letterhead.
import { formatCalendarDate } from '@kassa/contract/date-display';
import { bpsToPercentage, type InvoiceStatus } from '@kassa/contract/invoices';
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

const STATUS_WORDS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Awaiting payment',
  viewed: 'Awaiting payment',
  overdue: 'Overdue',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  void: 'Void',
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
}

/** "Discount (10.00%)" for a percentage, "Discount" for an amount. */
const adjustmentLabel = (label: string, type: string, bps: number) =>
  type === 'percentage' && bps > 0 ? `${label} (${bpsToPercentage(bps)}%)` : label;

export function invoicePdfFilename(invoiceNumber: string) {
  return `invoice-${invoiceNumber.replace(/[^\w.-]+/g, '-')}.pdf`;
}

export async function renderInvoicePdf({ invoice, items, status, merchant, payUrl }: InvoicePdfInput): Promise<Buffer> {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const { doc, finish } = await newPdf(`Invoice ${invoice.invoiceNumber}`, merchant.name, invoice.updatedAt);
  const issued = (invoice.sentAt ?? invoice.createdAt).toISOString().slice(0, 10);
  drawLetterhead(doc, merchant, 'INVOICE', [
    ['Invoice number', invoice.invoiceNumber],
    ['Issued', formatCalendarDate(issued)],
    ['Due', formatCalendarDate(invoice.dueDate)],
    ['Status', STATUS_WORDS[status]],
  ]);
  drawBlock(doc, 'Bill to', [
    `${invoice.customerFirstName} ${invoice.customerLastName}`.trim(),
    invoice.businessName ?? '',
    invoice.customerEmail,
  ]);
  if (invoice.description) drawBlock(doc, 'Description', [invoice.description]);
  const w = CONTENT_WIDTH;
  drawTable(
    doc,
    [
      { header: 'Item', width: w - 270 },
      { header: 'Quantity', width: 70, align: 'right' },
      { header: 'Unit price', width: 100, align: 'right' },
      { header: 'Amount', width: 100, align: 'right' },
    ],
    items.map((item) => [item.itemName, String(item.quantity), money(item.price), money(item.totalPrice)]),
  );
  const totals: [string, string][] = [['Sub-total', money(invoice.subTotalAmount)]];
  if (invoice.discountAmount > 0) {
    totals.push([
      adjustmentLabel('Discount', invoice.discountType, invoice.discountBps),
      `-${money(invoice.discountAmount)}`,
    ]);
  }
  if (invoice.shippingAmount > 0) {
    totals.push([
      adjustmentLabel('Shipping', invoice.shippingType, invoice.shippingBps),
      money(invoice.shippingAmount),
    ]);
  }
  if (invoice.taxAmount > 0) {
    totals.push([adjustmentLabel('Tax', invoice.taxType, invoice.taxBps), money(invoice.taxAmount)]);
  }
  if (status !== 'paid' && invoice.amountPaid > 0) {
    // Paid in parts (docs/product-rules.md#partial-payments): what is still owed is what the buyer pays.
    totals.push(
      ['Total', money(invoice.totalAmount)],
      ['Amount paid', `-${money(invoice.amountPaid)}`],
      ['Balance due', money(invoice.totalAmount - invoice.amountPaid)],
    );
  } else {
    totals.push([status === 'paid' ? 'Total paid' : 'Total due', money(invoice.totalAmount)]);
  }
  drawTotals(doc, totals);
  if (payUrl) drawNote(doc, 'Pay online', 'Pay this invoice by card on its secure payment page:', payUrl);
  return finish();
}
