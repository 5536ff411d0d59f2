// What happens when the widget reports a completed transaction (docs/product-rules.md#states-and-transitions "Transaction status" and
// "Widget completion", docs/product-rules.md#error-messages toasts): the toast of checkoutOutcome, the notification for a capture,
// and the state the page renders its result card from. A failure of this follow-up is only logged
// (docs/product-rules.md#error-messages) — the widget awaits it and logs what it throws.
import { type CheckoutKind, type CheckoutOutcome, checkoutOutcome } from '@kassa/contract/checkout-status';
import type { WidgetTransaction } from '@kassa/widget';
import { useCallback, useRef, useState } from 'react';
import { outcomeToastText, showCheckoutToast } from '../../components/payment/checkout-toast.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { type NotificationPayload, sendPaymentNotification } from './api/checkout-api.ts';

export interface CompletedPayment {
  outcome: CheckoutOutcome;
  transaction: WidgetTransaction;
  completedAt: Date;
}

const RETRYABLE_IN_PLACE = new Set(['authorization_failed', 'buyer_approval_pending']);

type PaymentDescription = Omit<NotificationPayload, 'id' | 'created_at' | 'type'>;

export function useCheckoutCompletion(kind: CheckoutKind, describe: () => PaymentDescription | null) {
  const { t } = useI18n();
  const [completed, setCompleted] = useState<CompletedPayment | null>(null);
  const describeRef = useRef(describe);
  describeRef.current = describe;

  const complete = useCallback(
    async (transaction: WidgetTransaction) => {
      const outcome = checkoutOutcome(transaction.status, kind);
      const completedAt = new Date();
      void showCheckoutToast(outcome.toast.kind, outcomeToastText(outcome, t));
      // Declined and unapproved payments are a toast only (docs/product-rules.md#states-and-transitions): the form stays for another try.
      if (!RETRYABLE_IN_PLACE.has(transaction.status)) setCompleted({ outcome, transaction, completedAt });
      const description = describeRef.current();
      if (outcome.sendNotification && description) {
        try {
          await sendPaymentNotification({
            ...description,
            id: transaction.id,
            type: kind,
            created_at: completedAt.toISOString(),
          });
        } catch (error) {
          console.error('Could not send the payment notification.', error);
        }
      }
    },
    [kind, t],
  );

  return { completed, complete, reset: () => setCompleted(null) };
}
