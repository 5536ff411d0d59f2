// The buyer's receipt e-mail after a payment or one refund of it: HTML and text parts from one
// description (lib/mail-body.ts), with the receipt's PDF attached (docs/product-rules.md#receipts).
import { formatMomentUtc } from '@kassa/contract/date-display';
import { formatMoney } from '@kassa/contract/money';
import { paymentMethodText } from '@kassa/contract/payment-methods';
import type { AppContext } from '../../context.ts';
import { mailBody } from '../../lib/mail-body.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import type { LetterheadCache } from '../documents/documents.service.ts';
import { receiptPdfFor } from '../transactions/receipts.service.ts';
import type { findPaymentsForMail } from './notifications.queries.ts';

type PaymentForMail = Awaited<ReturnType<typeof findPaymentsForMail>> extends Map<string, infer V> ? V : never;

export async function receiptMail(
  ctx: AppContext,
  n: { recipient: string; kind: string; refundId: string | null },
  payment: PaymentForMail,
  letterheads: LetterheadCache,
): Promise<MailMessage> {
  const refundId = n.kind === 'buyer_refund_receipt' ? (n.refundId ?? '') : undefined;
  const pdf = await receiptPdfFor(ctx, payment, refundId, letterheads);
  const attachments = [{ filename: pdf.filename, content: pdf.content, contentType: 'application/pdf' }];
  const paidWith = paymentMethodText(payment.method, payment.cardBrand, payment.cardLast4);
  const what = payment.description ?? 'your purchase';
  const greeting = `Hi ${payment.buyerFirstName},`.replace(' ,', ',');
  if (n.kind === 'buyer_refund_receipt') {
    return {
      to: n.recipient,
      subject: `Your refund from ${payment.merchantName}`,
      attachments,
      ...mailBody({
        paragraphs: [greeting, `${payment.merchantName} refunded part or all of your payment.`],
        rows: [
          ['Refunded', formatMoney(pdf.refund?.amount ?? 0, payment.currency)],
          ['Original payment', formatMoney(payment.amount, payment.currency)],
          ['For', what],
          ['Refunded to', paidWith],
          ['Reference', payment.id],
        ],
        closing: ['Banks usually show a refund within 5 to 10 business days. The receipt is attached as a PDF.'],
      }),
    };
  }
  return {
    to: n.recipient,
    subject: `Your receipt from ${payment.merchantName}`,
    attachments,
    ...mailBody({
      paragraphs: [greeting, `Thank you for your payment to ${payment.merchantName}.`],
      rows: [
        ['Amount paid', formatMoney(payment.amount, payment.currency)],
        ['For', what],
        ['Paid with', paidWith],
        ['Date', formatMomentUtc(payment.createdAt)],
        ['Reference', payment.id],
        ...invoiceBalanceRows(payment),
      ],
      closing: ['The receipt is attached as a PDF.'],
    }),
  };
}

/** For a payment of an invoice: what the invoice has been paid in all and what it still owes. */
export function invoiceBalanceRows(payment: {
  currency: string;
  invoiceTotal: number | null;
  invoicePaid: number | null;
}): [string, string][] {
  if (payment.invoiceTotal === null || payment.invoicePaid === null) return [];
  const remaining = Math.max(0, payment.invoiceTotal - payment.invoicePaid);
  return [
    ['Invoice paid so far', formatMoney(payment.invoicePaid, payment.currency)],
    ['Balance due', remaining === 0 ? 'Nothing — the invoice is paid' : formatMoney(remaining, payment.currency)],
  ];
}
