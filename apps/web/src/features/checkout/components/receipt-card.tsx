// The success card after a payment (docs/product-rules.md#quick-payment-checkout, docs/product-rules.md#states-and-transitions): what the buyer paid, with which card, when, and the
// reference to quote; the receipt goes by e-mail to the address the buyer typed (the server queues
// it with the payment notification).
import type { CheckoutOutcome } from '@kassa/contract/checkout-status';
import { formatMoney } from '@kassa/contract/money';
import { paymentMethodText } from '@kassa/contract/payment-methods';
import type { WidgetTransaction } from '@kassa/widget';
import type { ReactNode } from 'react';
import { ResultCard } from '../../../components/payment/result-card.tsx';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

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
  return (
    <ResultCard outcome={outcome}>
      <dl className="receipt mt-4 mb-0 text-start" data-testid="receipt">
        <div>
          <dt>Amount</dt>
          <dd data-testid="receipt-amount">{formatMoney(amount, currency)}</dd>
        </div>
        <div>
          <dt>Paid with</dt>
          <dd data-testid="receipt-method">
            {paymentMethodText(
              transaction.paymentMethod.method,
              transaction.paymentMethod.brand,
              transaction.paymentMethod.last4,
            )}
          </dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd data-testid="receipt-date">{dateTime.format(paidAt)}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd className="text-break" data-testid="receipt-reference">
            {transaction.id}
          </dd>
        </div>
      </dl>
      <p className="small text-body-secondary mt-3 mb-0" data-testid="receipt-email">
        A receipt is on its way to the e-mail address you entered. Keep the reference if you contact the merchant.
      </p>
      {children}
    </ResultCard>
  );
}
