// The payment e-mails besides the receipts: the merchant's "new payment" and "dispute opened", and the
// buyer's request to confirm a charge of a saved card. Each in its reader's language (docs/i18n.md):
// the merchant's people in their profile's, the buyer in the one of their checkout.
import { emailTranslator } from '@kassa/contract/i18n/email-catalogue';
import { formatMoney } from '@kassa/contract/money';
import { paymentMethodText } from '@kassa/contract/payment-methods';
import type { AppContext } from '../../context.ts';
import { mailBody } from '../../lib/mail-body.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { authenticationLinkFor } from '../payment-methods/authenticate-payment.service.ts';
import type { findPaymentsForMail } from './notifications.queries.ts';
import { invoiceBalanceRows } from './receipt-mail.ts';

type PaymentForMail = Awaited<ReturnType<typeof findPaymentsForMail>> extends Map<string, infer V> ? V : never;

export function merchantPaymentMail(
  ctx: AppContext,
  n: { recipient: string; kind: string },
  payment: PaymentForMail,
  language: string | null,
): MailMessage {
  const { locale, t } = emailTranslator(language);
  const amount = formatMoney(payment.amount, payment.currency, locale);
  const paidWith = paymentMethodText(payment.method, payment.cardBrand, payment.cardLast4);
  const what = payment.description ?? t('receipt.yourPurchase');
  const link = { href: `${ctx.config.publicUrl}/transactions/${payment.id}`, label: t('row.transaction') };
  const buyer = `${payment.buyerFirstName} ${payment.buyerLastName}`.trim();
  if (n.kind === 'merchant_dispute') {
    return {
      to: n.recipient,
      subject: t('dispute.subject', { amount, buyer }).trim(),
      ...mailBody({
        paragraphs: [t('dispute.intro', { merchant: payment.merchantName })],
        rows: [
          [t('row.amount'), amount],
          [t('row.for'), what],
          [t('row.paidWith'), paidWith],
        ],
        link,
        closing: [t('dispute.closing')],
      }),
    };
  }
  return {
    to: n.recipient,
    subject: t('newPayment.subject', { amount, buyer }).trim(),
    ...mailBody({
      paragraphs: [t('newPayment.intro', { merchant: payment.merchantName })],
      rows: [
        [t('row.amount'), amount],
        [t('row.for'), what],
        [t('row.buyer'), `${buyer} <${payment.buyerEmail}>`],
        [t('row.paidWith'), paidWith],
        ...invoiceBalanceRows(payment, language),
      ],
      link,
    }),
  };
}

export function authenticationMail(ctx: AppContext, recipient: string, payment: PaymentForMail): MailMessage {
  const { locale, t } = emailTranslator(payment.buyerLocale);
  const merchant = payment.merchantName;
  const name = payment.buyerFirstName.trim();
  return {
    to: recipient,
    subject: t('authenticate.subject', { merchant }),
    ...mailBody({
      paragraphs: [
        name ? t('mail.greeting', { name }) : t('mail.greetingNoName'),
        t('authenticate.intro', { merchant }),
      ],
      rows: [
        [t('row.amount'), formatMoney(payment.amount, payment.currency, locale)],
        ...(payment.description ? [[t('row.for'), payment.description] as [string, string]] : []),
        [t('row.card'), paymentMethodText(payment.method, payment.cardBrand, payment.cardLast4)],
      ],
      link: { href: authenticationLinkFor(ctx, payment.id), label: t('authenticate.link') },
      closing: [t('authenticate.validity'), t('authenticate.notExpected', { merchant })],
    }),
  };
}
