// docs/product-rules.md#product-checkout: product checkout. The buyer picks a quantity (never below 1), sees price × quantity, and
// pays in the payment panel (2.8) with a session whose amount the server computed for that quantity.
// After a capture: message_type 1 shows the merchant's message on the success card; message_type 2
// hides everything and redirects to the merchant's URL after 300 ms. Router-free (checkout-navigation.tsx):
// the checkout entry and the back-office route (product-checkout-page.tsx) pass the id.
import { formatMoney, lineTotal } from '@kassa/contract/money';
import { useCallback, useEffect, useState } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import { openProductCheckout, useProductCheckoutDetails } from './api/checkout-api.ts';
import { CheckoutFrame } from './components/checkout-frame.tsx';
import { checkoutGate } from './components/checkout-gate.tsx';
import { MerchantHeader } from './components/merchant-header.tsx';
import { PaymentOutcome } from './components/payment-outcome.tsx';
import { PaymentPanel } from './components/payment-panel.tsx';
import { QuantityStepper } from './components/quantity-stepper.tsx';
import { RecurringTerms } from './components/recurring-terms.tsx';
import { SummaryLine } from './components/summary-line.tsx';
import { leavePage } from './navigate-away.ts';
import { useCheckoutCompletion } from './use-checkout-completion.ts';
import { SESSION_DEBOUNCE_MS, useCheckoutSession } from './use-checkout-session.ts';

export const REDIRECT_DELAY_MS = 300; // docs/product-rules.md#constants
const MESSAGE_TYPE = { SHOW: 1, REDIRECT: 2 } as const; // docs/product-rules.md#product-checkout,
const PRODUCT_IMAGE = { width: 520, height: 320 } as const; // the card's width at most × checkout.css max-height

export function ProductCheckout({ productId }: { productId: string }) {
  const details = useProductCheckoutDetails(productId);
  const i18n = useI18n();
  const { t, locale } = i18n;
  const product = details.data;
  const [quantity, setQuantity] = useState(1);

  const opener = useCallback(
    () => openProductCheckout(productId, quantity, new URLSearchParams(window.location.search).get('buyer_id')),
    [productId, quantity],
  );
  const checkout = useCheckoutSession(`${productId}|${quantity}`, product ? opener : null, SESSION_DEBOUNCE_MS);

  const recurring = product?.recurring ?? null;
  const total = recurring ? recurring.amount : product ? lineTotal(quantity, product.price_per_unit) : 0;
  const { completed, complete, reset } = useCheckoutCompletion('product', () =>
    product
      ? {
          merchant_name: product.merchant_data.name,
          merchant_logo: product.merchant_data.logo,
          name: product.name,
          description: product.description,
          amount: checkout.session?.embed_data_card?.amount ?? total,
          currency: recurring?.currency ?? product.currency,
        }
      : null,
  );

  const redirectUrl =
    completed?.outcome.isSuccess && product?.message_type === MESSAGE_TYPE.REDIRECT ? product.message : null;
  useEffect(() => {
    if (!redirectUrl) return;
    const timer = setTimeout(() => leavePage(redirectUrl), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [redirectUrl]);

  const unavailable = checkoutGate(
    details,
    { title: t('product.unavailableTitle'), fallback: t('product.unavailable') },
    i18n,
  );
  if (unavailable || !product) return unavailable;
  // docs/product-rules.md#product-checkout: with message_type 2 everything is hidden while the redirect is on its way.
  if (redirectUrl) return <div className="checkout-page" data-testid="checkout-redirecting" />;

  const price = (amount: number) => formatMoney(amount, product.currency, locale);

  return (
    <CheckoutFrame>
      <MerchantHeader merchant={product.merchant_data} />
      <div className="checkout-grid">
        <section className="card checkout-card" aria-labelledby="page-title">
          {product.image && (
            // The size is reserved before the image arrives (no layout shift); CSS scales it to the card.
            <img
              src={product.image}
              alt=""
              className="product-image"
              width={PRODUCT_IMAGE.width}
              height={PRODUCT_IMAGE.height}
              fetchPriority="high"
              data-testid="product-image"
            />
          )}
          <div className="card-body">
            <h1 id="page-title" className="h4" data-testid="page-title">
              {product.name}
            </h1>
            {product.description && (
              <p className="text-body-secondary checkout-description" data-testid="product-description">
                {product.description}
              </p>
            )}
            {recurring ? (
              <RecurringTerms offer={recurring} />
            ) : (
              <dl className="checkout-summary">
                <SummaryLine term={t('summary.pricePerUnit')} testId="unit-price">
                  {price(product.price_per_unit)}
                </SummaryLine>
                <div>
                  <dt id="quantity-label">{t('summary.quantity')}</dt>
                  <dd>
                    <QuantityStepper value={quantity} onChange={setQuantity} disabled={Boolean(completed)} />
                  </dd>
                </div>
                <SummaryLine term={t('summary.total')} testId="checkout-total" isTotal>
                  {price(total)}
                </SummaryLine>
              </dl>
            )}
          </div>
        </section>

        <PaymentOutcome
          completed={completed}
          amount={total}
          currency={recurring?.currency ?? product.currency}
          checkout={checkout}
          reset={reset}
          receiptNote={
            product.message && (
              <p className="mt-3 mb-0" data-testid="merchant-message">
                {product.message}
              </p>
            )
          }
        >
          {checkout.session && <PaymentPanel session={checkout.session} onComplete={complete} />}
        </PaymentOutcome>
      </div>
    </CheckoutFrame>
  );
}
