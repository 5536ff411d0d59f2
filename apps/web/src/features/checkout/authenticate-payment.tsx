// The page of the link e-mailed when the customer's bank wanted them to approve a merchant's charge of
// their saved card (failure_code authentication_required): they pay it themselves with the same card,
// and their bank asks them to confirm it (3-D Secure, the sandbox's approval page). The link's token is
// the only credential; the charge can be paid once.
import { formatMoney } from '@kassa/contract/money';
import { savedCardText } from '@kassa/contract/payment-methods';
import { useState } from 'react';
import { payAuthenticatedCharge, useAuthenticatePaymentDetails } from './api/checkout-api.ts';
import { checkoutErrorMessage } from './api/checkout-fetch.ts';
import { CheckoutFrame } from './components/checkout-frame.tsx';
import { checkoutGate } from './components/checkout-gate.tsx';
import { MerchantLogo } from './components/merchant-header.tsx';

type Outcome = { kind: 'paid' } | { kind: 'declined'; message: string } | { kind: 'error'; message: string };

export function AuthenticatePayment({ token }: { token: string }) {
  const details = useAuthenticatePaymentDetails(token);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const unavailable = checkoutGate(details, {
    title: 'Link not available',
    fallback: 'This link has expired. Ask the merchant to charge your card again.',
  });
  const page = details.data;
  if (unavailable || !page) return unavailable;
  const amount = formatMoney(page.amount, page.currency);

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
        setOutcome({ kind: 'declined', message: result.failure_reason ?? 'The payment was declined.' });
      }
    } catch (error) {
      setOutcome({ kind: 'error', message: checkoutErrorMessage(error, 'The payment could not be made. Try again.') });
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
            {paid ? 'Payment made' : 'Confirm your payment'}
          </h1>
          {paid ? (
            <p className="mb-0" role="status" data-testid="authenticate-paid">
              {amount} to {page.merchant_name} is paid. You can close this page.
            </p>
          ) : (
            <>
              <p className="text-body-secondary" data-testid="authenticate-intro">
                {page.customer_name}, {page.merchant_name} tried to charge {amount}
                {page.description ? ` for ${page.description}` : ''} to your saved card, and your bank wants you to
                confirm it. Nothing has been charged yet.
              </p>
              <p className="fw-semibold" data-testid="authenticate-card">
                {savedCardText(page.card)}
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
                {busy ? 'Opening your bank’s page…' : `Confirm and pay ${amount}`}
              </button>
              {page.card.expired && (
                <p className="small text-danger mt-2 mb-0">
                  This card has expired. Ask the merchant for another way to pay.
                </p>
              )}
            </>
          )}
        </div>
      </section>
    </CheckoutFrame>
  );
}
