// The success card after a payment (docs/product-rules.md#quick-payment-checkout, docs/product-rules.md#states-and-transitions): what the buyer paid, with which card, when, and the
// reference to quote; the receipt goes by e-mail to the address the buyer typed (the server queues
// it with the payment notification).

import type { CheckoutOutcome } from '@kassa/contract/checkout-status';
import { formatMoment } from '@kassa/contract/date-display';
import { formatMoney } from '@kassa/contract/money';
import { paymentMethodText } from '@kassa/contract/payment-methods';
import type { WidgetTransaction } from '@kassa/widget';
import type { ReactNode } from 'react';
import { ResultCard } from '../../../components/payment/result-card.tsx';
import { useI18n } from '../../../lib/i18n.tsx';

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
          <dd data-testid="receipt-method">
            {paymentMethodText(
              transaction.paymentMethod.method,
              transaction.paymentMethod.brand,
              transaction.paymentMethod.last4,
            )}
          </dd>
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
