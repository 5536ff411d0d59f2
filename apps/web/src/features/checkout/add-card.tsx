// The add-card page: the link a merchant e-mails a customer to save a card, or to replace one
// that expires, without paying. The card is typed into the same hosted fields as a checkout (purpose
// saveCard), so its number never reaches this page; the link's token is the only credential.

import { cardExpiryText, paymentMethodText } from '@kassa/contract/payment-methods';
import type { WidgetSavedCard } from '@kassa/widget';
import { useState } from 'react';
import { PaymentWidget } from '../../components/payment/payment-widget.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { savedCardLabel } from '../../lib/saved-card-label.ts';
import { useAddCardDetails } from './api/checkout-api.ts';
import { CheckoutFrame } from './components/checkout-frame.tsx';
import { checkoutGate } from './components/checkout-gate.tsx';
import { MerchantLogo } from './components/merchant-header.tsx';

export function AddCard({ token }: { token: string }) {
  const details = useAddCardDetails(token);
  const [saved, setSaved] = useState<WidgetSavedCard | null>(null);
  const i18n = useI18n();
  const { t } = i18n;
  const unavailable = checkoutGate(
    details,
    { title: t('addCard.unavailableTitle'), fallback: t('addCard.unavailable') },
    i18n,
  );
  const page = details.data;
  if (unavailable || !page) return unavailable;

  return (
    <CheckoutFrame wide={false}>
      <header className="merchant-header" data-testid="merchant-header">
        <MerchantLogo name={page.merchant_name} logo={page.merchant_logo} />
        <div className="h5 mb-0">{page.merchant_name}</div>
      </header>
      <section className="card checkout-card" aria-labelledby="add-card-heading">
        <div className="card-body">
          {saved ? (
            <div role="status" data-testid="card-saved">
              <h1 id="add-card-heading" className="h4">
                {t('addCard.saved')}
              </h1>
              <p className="mb-0">
                {t('addCard.savedText', {
                  card: paymentMethodText('card', saved.brand, saved.last4),
                  expiry: cardExpiryText(saved.expMonth, saved.expYear),
                  merchant: page.merchant_name,
                })}
              </p>
            </div>
          ) : (
            <>
              <h1 id="add-card-heading" className="h4" data-testid="page-title">
                {page.replaces ? t('addCard.replaceTitle') : t('addCard.addTitle')}
              </h1>
              <p className="text-body-secondary" data-testid="add-card-intro">
                {page.replaces
                  ? t('addCard.introReplace', {
                      customer: page.customer_name,
                      merchant: page.merchant_name,
                      card: savedCardLabel(page.replaces, t),
                    })
                  : t('addCard.intro', { customer: page.customer_name, merchant: page.merchant_name })}
              </p>
              <PaymentWidget
                method="card"
                token={token}
                merchantId=""
                embed={null}
                onCardSaved={setSaved}
                submitLabel={t('panel.saveCard')}
              >
                <p className="small text-body-secondary mt-3 mb-0" data-testid="add-card-consent">
                  {page.consent_text}
                </p>
              </PaymentWidget>
            </>
          )}
        </div>
      </section>
    </CheckoutFrame>
  );
}
