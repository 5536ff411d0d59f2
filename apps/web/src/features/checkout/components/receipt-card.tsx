// Spec 2.6: after a successful quick payment, a receipt — amount, date, reference and method.
import type { CheckoutOutcome } from '@kassa/contract/checkout-status';
import { formatMoney } from '@kassa/contract/money';
import type { WidgetTransaction } from '@kassa/widget';
import { ResultCard } from '../../../components/payment/result-card.tsx';

const METHOD_LABEL: Record<string, string> = { card: 'Card', wallet: 'Digital wallet', gift_card: 'Gift card' };

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function ReceiptCard({
  outcome,
  transaction,
  amount,
  currency,
  paidAt,
}: {
  outcome: CheckoutOutcome;
  transaction: WidgetTransaction;
  amount: number;
  currency: string;
  paidAt: Date;
}) {
  const method = transaction.paymentMethod.method;
  return (
    <ResultCard outcome={outcome}>
      <dl className="receipt mt-4 mb-0 text-start" data-testid="receipt">
        <div>
          <dt>Amount</dt>
          <dd data-testid="receipt-amount">{formatMoney(amount, currency)}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{dateTime.format(paidAt)}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd className="text-break" data-testid="receipt-reference">
            {transaction.id}
          </dd>
        </div>
        <div>
          <dt>Method</dt>
          <dd>{METHOD_LABEL[method] ?? method}</dd>
        </div>
      </dl>
    </ResultCard>
  );
}
