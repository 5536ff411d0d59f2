// A receipt for a payment, or for one refund of it, on the merchant's letterhead.

import { formatCalendarDate, formatMomentUtc } from '@kassa/contract/date-display';
import { emailTranslator } from '@kassa/contract/i18n/email-catalogue';
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
  // In the buyer's language at checkout (docs/i18n.md).
  const { locale, t } = emailTranslator(payment.buyerLocale);
  const money = (minor: number) => formatMoney(minor, payment.currency, locale);
  const title = refund ? t('pdf.refundReceiptTitle') : t('pdf.receiptTitle');
  const { doc, finish } = await newPdf(
    t(refund ? 'pdf.refundDocTitle' : 'pdf.receiptDocTitle', { merchant: merchant.name }),
    merchant.name,
    refund ? refund.createdAt : payment.createdAt,
  );
  const paidWith = paymentMethodText(payment.method, payment.cardBrand, payment.cardLast4);
  drawLetterhead(doc, merchant, title, [
    [t('row.reference'), (refund ?? payment).id.slice(0, 8).toUpperCase()],
    [
      refund ? t('row.refunded') : t('pdf.paid'),
      formatMomentUtc(refund ? (refund.settledAt ?? refund.createdAt) : payment.createdAt, locale),
    ],
    ...(refund ? ([[t('row.originalPayment'), payment.id.slice(0, 8).toUpperCase()]] as [string, string][]) : []),
  ]);
  const buyer = `${payment.buyerFirstName} ${payment.buyerLastName}`.trim();
  drawBlock(doc, refund ? t('row.refundedTo') : t('pdf.paidBy'), [buyer, payment.buyerEmail, paidWith]);
  const w = CONTENT_WIDTH;
  drawTable(
    doc,
    [
      { header: t('pdf.description'), width: w - 100 },
      { header: t('pdf.amount'), width: 100, align: 'right' },
    ],
    [[payment.description || t('pdf.paymentTo', { merchant: merchant.name }), money(paidAmount(payment))]],
  );
  if (refund) {
    const before = refunds.filter((r) => r.id !== refund.id && r.createdAt <= refund.createdAt);
    drawTotals(doc, [
      [t('row.originalPayment'), money(paidAmount(payment))],
      ...before.map((r): [string, string] => [
        t('pdf.refundedOn', { date: formatCalendarDate(r.createdAt.toISOString().slice(0, 10), locale) }),
        `-${money(r.amount)}`,
      ]),
      [t('pdf.amountRefunded'), money(refund.amount)],
    ]);
    if (refund.reason) drawNote(doc, t('pdf.reason'), refund.reason);
    drawNote(doc, t('pdf.when'), t('pdf.refundWhen', { method: paidWith }));
  } else {
    const refunded = refunds.reduce((sum, r) => sum + r.amount, 0);
    drawTotals(doc, [
      ...(refunded > 0 ? ([[t('row.refunded'), `-${money(refunded)}`]] as [string, string][]) : []),
      [t('row.amountPaid'), money(paidAmount(payment))],
    ]);
  }
  return finish();
}
