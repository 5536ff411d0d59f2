// The buyer's receipt e-mail after a payment or one refund of it: HTML and text parts from one
// description (lib/mail-body.ts), with the receipt's PDF attached (docs/product-rules.md#receipts).

import { formatMomentUtc } from '@kassa/contract/date-display';
import { emailTranslator } from '@kassa/contract/i18n/email-catalogue';
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
  // In the buyer's language at checkout (docs/i18n.md), English when the browser named none we have.
  const { locale, t } = emailTranslator(payment.buyerLocale);
  const money = (minor: number) => formatMoney(minor, payment.currency, locale);
  const paidWith = paymentMethodText(payment.method, payment.cardBrand, payment.cardLast4);
  const what = payment.description ?? t('receipt.yourPurchase');
  const name = payment.buyerFirstName.trim();
  const greeting = name ? t('mail.greeting', { name }) : t('mail.greetingNoName');
  const merchant = payment.merchantName;
  if (n.kind === 'buyer_refund_receipt') {
    return {
      to: n.recipient,
      subject: t('refund.subject', { merchant }),
      attachments,
      ...mailBody({
        paragraphs: [greeting, t('refund.intro', { merchant })],
        rows: [
          [t('row.refunded'), money(pdf.refund?.amount ?? 0)],
          [t('row.originalPayment'), money(payment.amount)],
          [t('row.for'), what],
          [t('row.refundedTo'), paidWith],
          [t('row.reference'), payment.id],
        ],
        closing: [t('refund.closing')],
      }),
    };
  }
  return {
    to: n.recipient,
    subject: t('receipt.subject', { merchant }),
    attachments,
    ...mailBody({
      paragraphs: [greeting, t('receipt.intro', { merchant })],
      rows: [
        [t('row.amountPaid'), money(payment.amount)],
        [t('row.for'), what],
        [t('row.paidWith'), paidWith],
        [t('row.date'), formatMomentUtc(payment.createdAt, locale)],
        [t('row.reference'), payment.id],
        ...invoiceBalanceRows(payment, payment.buyerLocale),
      ],
      closing: [t('receipt.closing')],
    }),
  };
}

/** For a payment of an invoice: what the invoice has been paid in all and what it still owes. */
export function invoiceBalanceRows(
  payment: { currency: string; invoiceTotal: number | null; invoicePaid: number | null },
  language?: string | null,
): [string, string][] {
  if (payment.invoiceTotal === null || payment.invoicePaid === null) return [];
  const { locale, t } = emailTranslator(language);
  const remaining = Math.max(0, payment.invoiceTotal - payment.invoicePaid);
  return [
    [t('row.invoicePaidSoFar'), formatMoney(payment.invoicePaid, payment.currency, locale)],
    [t('row.balanceDue'), remaining === 0 ? t('row.invoiceSettled') : formatMoney(remaining, payment.currency, locale)],
  ];
}
