// A receipt for a payment, or for one refund of it, on the merchant's letterhead.
import { formatCalendarDate, formatMomentUtc } from '@kassa/contract/date-display';
import { formatMoney } from '@kassa/contract/money';
import { paymentMethodText } from '@kassa/contract/payment-methods';
import type { refunds, transactions } from '../../db/schema.ts';
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

type PaymentRow = typeof transactions.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

export interface ReceiptPdfInput {
  payment: PaymentRow;
  /** Refunds that went through, oldest first; a payment's receipt lists them. */
  refunds: RefundRow[];
  /** Set for a refund's receipt. */
  refund?: RefundRow;
  merchant: Letterhead;
}

export const receiptFilename = (paymentId: string, refundId?: string) =>
  refundId ? `refund-receipt-${refundId.slice(0, 8)}.pdf` : `receipt-${paymentId.slice(0, 8)}.pdf`;

/** What a buyer-facing receipt says was paid: the money taken, whatever the status says since. */
export const paidAmount = (payment: PaymentRow) => payment.capturedAmount || payment.amount;

export async function renderReceiptPdf({ payment, refunds, refund, merchant }: ReceiptPdfInput): Promise<Buffer> {
  const money = (minor: number) => formatMoney(minor, payment.currency);
  const title = refund ? 'REFUND RECEIPT' : 'RECEIPT';
  const { doc, finish } = await newPdf(
    refund ? `Refund receipt from ${merchant.name}` : `Receipt from ${merchant.name}`,
    merchant.name,
    refund ? refund.createdAt : payment.createdAt,
  );
  const paidWith = paymentMethodText(payment.method, payment.cardBrand, payment.cardLast4);
  drawLetterhead(doc, merchant, title, [
    ['Reference', (refund ?? payment).id.slice(0, 8).toUpperCase()],
    [
      refund ? 'Refunded' : 'Paid',
      formatMomentUtc(refund ? (refund.settledAt ?? refund.createdAt) : payment.createdAt),
    ],
    ...(refund ? ([['Original payment', payment.id.slice(0, 8).toUpperCase()]] as [string, string][]) : []),
  ]);
  const buyer = `${payment.buyerFirstName} ${payment.buyerLastName}`.trim();
  drawBlock(doc, refund ? 'Refunded to' : 'Paid by', [buyer, payment.buyerEmail, paidWith]);
  const w = CONTENT_WIDTH;
  drawTable(
    doc,
    [
      { header: 'Description', width: w - 100 },
      { header: 'Amount', width: 100, align: 'right' },
    ],
    [[payment.description || `Payment to ${merchant.name}`, money(paidAmount(payment))]],
  );
  if (refund) {
    const before = refunds.filter((r) => r.id !== refund.id && r.createdAt <= refund.createdAt);
    drawTotals(doc, [
      ['Original payment', money(paidAmount(payment))],
      ...before.map((r): [string, string] => [
        `Refunded ${formatCalendarDate(r.createdAt.toISOString().slice(0, 10))}`,
        `-${money(r.amount)}`,
      ]),
      ['Amount refunded', money(refund.amount)],
    ]);
    if (refund.reason) drawNote(doc, 'Reason', refund.reason);
    drawNote(doc, 'When', `The refund goes back to ${paidWith}; banks usually show it within 5 to 10 business days.`);
  } else {
    const refunded = refunds.reduce((sum, r) => sum + r.amount, 0);
    drawTotals(doc, [
      ...(refunded > 0 ? ([['Refunded', `-${money(refunded)}`]] as [string, string][]) : []),
      ['Amount paid', money(paidAmount(payment))],
    ]);
  }
  return finish();
}
