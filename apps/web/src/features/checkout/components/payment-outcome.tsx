// The payment side of a checkout page, whatever is being paid: the receipt once the payment went
// through, the failed card (whose retry opens a fresh session) after one that ended the session, and
// until then the payment panel (`children`) in its loading and error frame.
import type { ReactNode } from 'react';
import type { CompletedPayment } from '../use-checkout-completion.ts';
import { PaymentArea } from './checkout-frame.tsx';
import { FailedPaymentCard } from './failed-payment-card.tsx';
import { ReceiptCard } from './receipt-card.tsx';

export function PaymentOutcome({
  completed,
  amount,
  currency,
  checkout,
  reset,
  receiptNote,
  children,
}: {
  completed: CompletedPayment | null;
  amount: number;
  currency: string;
  checkout: { loading: boolean; error: string | null; reopen: () => void };
  /** Forgets the failed payment, so the page shows the payment panel again. */
  reset: () => void;
  /** What the receipt adds under its lines, e.g. the merchant's message. */
  receiptNote?: ReactNode;
  children: ReactNode;
}) {
  if (completed?.outcome.isSuccess) {
    return (
      <ReceiptCard
        outcome={completed.outcome}
        transaction={completed.transaction}
        amount={amount}
        currency={currency}
        paidAt={completed.completedAt}
      >
        {receiptNote}
      </ReceiptCard>
    );
  }
  if (completed) {
    return (
      <FailedPaymentCard
        outcome={completed.outcome}
        onTryAgain={() => {
          reset();
          checkout.reopen();
        }}
      />
    );
  }
  return (
    <PaymentArea loading={checkout.loading} error={checkout.error}>
      {children}
    </PaymentArea>
  );
}
