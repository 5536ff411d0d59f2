// docs/product-rules.md#quick-payment-checkout: quick-payment checkout — merchant details, title, description, the fixed amount and the
// payment form. Success shows a receipt card; a generic failure sends the buyer to the products page
// (docs/product-rules.md#states-and-transitions: "for quick payment, redirect to products").

import { formatMoney } from '@kassa/contract/money';
import { useCallback, useEffect } from 'react';
import { PATHS } from '../../config/paths.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { openQuickPaymentCheckout, useQuickPaymentCheckoutDetails } from './api/checkout-api.ts';
import { useCheckoutNavigate } from './checkout-navigation.tsx';
import { CheckoutPage, PaymentArea } from './components/checkout-frame.tsx';
import { checkoutGate } from './components/checkout-gate.tsx';
import { PaymentPanel } from './components/payment-panel.tsx';
import { ReceiptCard } from './components/receipt-card.tsx';
import { RecurringTerms } from './components/recurring-terms.tsx';
import { SummaryLine } from './components/summary-line.tsx';
import { useCheckoutCompletion } from './use-checkout-completion.ts';
import { useCheckoutSession } from './use-checkout-session.ts';

export function QuickPaymentCheckout({ id }: { id: string }) {
  const navigate = useCheckoutNavigate();
  const details = useQuickPaymentCheckoutDetails(id);
  const i18n = useI18n();
  const { t, locale } = i18n;
  const payment = details.data;
  const opener = useCallback(() => openQuickPaymentCheckout(id), [id]);
  const checkout = useCheckoutSession(id, payment ? opener : null);
  const { completed, complete } = useCheckoutCompletion('quick_payment', () =>
    payment
      ? {
          merchant_name: payment.merchant_data.name,
          merchant_logo: payment.merchant_data.logo,
          name: payment.name,
          description: payment.description,
          amount: payment.recurring?.amount ?? payment.amount,
          currency: payment.recurring?.currency ?? payment.currency,
        }
      : null,
  );

  const toProducts = completed?.outcome.redirectToProducts ?? false;
  useEffect(() => {
    if (toProducts) navigate(PATHS.products, { replace: true });
  }, [toProducts, navigate]);

  const unavailable = checkoutGate(
    details,
    { title: t('link.unavailableTitle'), fallback: t('link.unavailable') },
    i18n,
  );
  if (unavailable || !payment) return unavailable;
  const amount = formatMoney(payment.amount, payment.currency, locale);

  return (
    <CheckoutPage
      merchant={payment.merchant_data}
      title={payment.name}
      summary={
        <>
          {payment.description && (
            <p className="text-body-secondary checkout-description" data-testid="quick-payment-description">
              {payment.description}
            </p>
          )}
          {payment.recurring ? (
            <RecurringTerms offer={payment.recurring} />
          ) : (
            <dl className="checkout-summary">
              <SummaryLine term={t('summary.amount')} testId="quick-payment-amount">
                {amount}
              </SummaryLine>
              <SummaryLine term={t('summary.total')} testId="checkout-total" isTotal>
                {amount}
              </SummaryLine>
            </dl>
          )}
        </>
      }
    >
      {completed?.outcome.isSuccess ? (
        <ReceiptCard
          outcome={completed.outcome}
          transaction={completed.transaction}
          amount={payment.recurring?.amount ?? payment.amount}
          currency={payment.recurring?.currency ?? payment.currency}
          paidAt={completed.completedAt}
        />
      ) : (
        <PaymentArea loading={checkout.loading} error={checkout.error}>
          {checkout.session && <PaymentPanel session={checkout.session} onComplete={complete} />}
        </PaymentArea>
      )}
    </CheckoutPage>
  );
}
