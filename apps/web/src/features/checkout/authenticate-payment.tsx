// The page of the link e-mailed when the customer's bank wanted them to approve a merchant's charge of
// their saved card (failure_code authentication_required): they pay it themselves with the same card,
// and their bank asks them to confirm it (3-D Secure, the sandbox's approval page). The link's token is
// the only credential; the charge can be paid once.

import { formatMoney } from '@kassa/contract/money';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import { savedCardLabel } from '../../lib/saved-card-label.ts';
import { payAuthenticatedCharge, useAuthenticatePaymentDetails } from './api/checkout-api.ts';
import { buyerDeclineText, buyerErrorMessage } from './api/checkout-fetch.ts';
import { CheckoutFrame } from './components/checkout-frame.tsx';
import { checkoutGate } from './components/checkout-gate.tsx';
import { MerchantLogo } from './components/merchant-header.tsx';

type Outcome = { kind: 'paid' } | { kind: 'declined'; message: string } | { kind: 'error'; message: string };

export function AuthenticatePayment({ token }: { token: string }) {
  const details = useAuthenticatePaymentDetails(token);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const i18n = useI18n();
  const { t, locale } = i18n;
  const unavailable = checkoutGate(
    details,
    { title: t('addCard.unavailableTitle'), fallback: t('authenticate.unavailable') },
    i18n,
  );
  const page = details.data;
  if (unavailable || !page) return unavailable;
  const amount = formatMoney(page.amount, page.currency, locale);

  const pay = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const result = await payAuthenticatedCharge(token);
      if (result.status === 'buyer_approval_pending' && result.payment_method.approval_url) {
        // The bank's confirmation page; it tells the customer the outcome.
        window.location.assign(result.payment_method.approval_url);
        return;
      }
      if (result.status === 'capture_succeeded' || result.status === 'authorization_succeeded') {
        setOutcome({ kind: 'paid' });
      } else {
        setOutcome({ kind: 'declined', message: buyerDeclineText(result, t('authenticate.declined'), i18n) });
      }
    } catch (error) {
      setOutcome({ kind: 'error', message: buyerErrorMessage(error, t('authenticate.failed'), i18n) });
    }
    setBusy(false);
  };

  const paid = page.paid || outcome?.kind === 'paid';
  return (
    <CheckoutFrame wide={false}>
      <header className="merchant-header" data-testid="merchant-header">
        <MerchantLogo name={page.merchant_name} logo={page.merchant_logo} />
        <div className="h5 mb-0">{page.merchant_name}</div>
      </header>
      <section className="card checkout-card" aria-labelledby="authenticate-heading">
        <div className="card-body">
          <h1 id="authenticate-heading" className="h4" data-testid="page-title">
            {paid ? t('authenticate.paidTitle') : t('authenticate.confirmTitle')}
          </h1>
          {paid ? (
            <p className="mb-0" role="status" data-testid="authenticate-paid">
              {t('authenticate.paid', { amount, merchant: page.merchant_name })}
            </p>
          ) : (
            <>
              <p className="text-body-secondary" data-testid="authenticate-intro">
                {t(page.description ? 'authenticate.introFor' : 'authenticate.intro', {
                  customer: page.customer_name,
                  merchant: page.merchant_name,
                  amount,
                  description: page.description ?? '',
                })}
              </p>
              <p className="fw-semibold" data-testid="authenticate-card">
                {savedCardLabel(page.card, t)}
              </p>
              {outcome && !paid && 'message' in outcome && (
                <p className="text-danger" role="alert" data-testid="authenticate-error">
                  {outcome.message}
                </p>
              )}
              <button
                type="button"
                className="btn btn-primary w-100"
                onClick={pay}
                disabled={busy || page.card.expired}
                data-testid="authenticate-pay"
              >
                {busy ? t('authenticate.opening') : t('authenticate.confirmPay', { amount })}
              </button>
              {page.card.expired && <p className="small text-danger mt-2 mb-0">{t('authenticate.expired')}</p>}
            </>
          )}
        </div>
      </section>
    </CheckoutFrame>
  );
}
