// The success card after a payment (docs/product-rules.md#quick-payment-checkout, docs/product-rules.md#states-and-transitions): what the buyer paid, with which card, when, and the
// reference to quote; the receipt goes by e-mail to the address the buyer typed (the server queues
// it with the payment notification).

import type { CheckoutOutcome } from '@kassa/contract/checkout-status';
import { formatMoment } from '@kassa/contract/date-display';
import { formatMoney } from '@kassa/contract/money';
import { cardBrandLabel, type PaymentMethod } from '@kassa/contract/payment-methods';
import type { WidgetTransaction } from '@kassa/widget';
import type { ReactNode } from 'react';
import { ResultCard } from '../../../components/payment/result-card.tsx';
import { type I18n, useI18n } from '../../../lib/i18n.tsx';

const METHOD_TEXT: Record<PaymentMethod, string> = {
  card: 'receipt.methodCard',
  wallet: 'receipt.methodWallet',
  gift_card: 'receipt.methodGiftCard',
};

/** "Visa •••• 4242" for a card, else the method in the buyer's words; an unknown method as it came. */
function paidWith({ method, brand, last4 }: WidgetTransaction['paymentMethod'], t: I18n['t']): string {
  if (method === 'card' && last4) return `${(brand && cardBrandLabel(brand)) || t('receipt.methodCard')} •••• ${last4}`;
  const label = METHOD_TEXT[method as PaymentMethod];
  return label ? t(label) : method;
}

export function ReceiptCard({
  outcome,
  transaction,
  amount,
  currency,
  paidAt,
  children,
}: {
  outcome: CheckoutOutcome;
  transaction: WidgetTransaction;
  amount: number;
  currency: string;
  paidAt: Date;
  children?: ReactNode;
}) {
  const { t, locale } = useI18n();
  return (
    <ResultCard outcome={outcome}>
      <dl className="receipt mt-4 mb-0 text-start" data-testid="receipt">
        <div>
          <dt>{t('receipt.amount')}</dt>
          <dd data-testid="receipt-amount">{formatMoney(amount, currency, locale)}</dd>
        </div>
        <div>
          <dt>{t('receipt.paidWith')}</dt>
          <dd data-testid="receipt-method">{paidWith(transaction.paymentMethod, t)}</dd>
        </div>
        <div>
          <dt>{t('receipt.date')}</dt>
          <dd data-testid="receipt-date">{formatMoment(paidAt, locale)}</dd>
        </div>
        <div>
          <dt>{t('receipt.reference')}</dt>
          <dd className="text-break" data-testid="receipt-reference">
            {transaction.id}
          </dd>
        </div>
      </dl>
      <p className="small text-body-secondary mt-3 mb-0" data-testid="receipt-email">
        {t('receipt.emailNote')}
      </p>
      {children}
    </ResultCard>
  );
}
