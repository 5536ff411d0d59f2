// The frame of the buyer's pages: no back-office layout, one centred column (two on wide screens),
// a "secured by" footer. Loading, spinner and error states are plain markup so the checkout bundle
// needs no component library.
import type { MerchantData } from '@kassa/contract/checkout';
import type { ReactNode } from 'react';
import { useI18n } from '../../../lib/i18n.tsx';
import { MerchantHeader } from './merchant-header.tsx';
import '../checkout.css';

export function CheckoutFrame({ children, wide = true }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="checkout-page">
      <main className={`checkout-container${wide ? ' is-wide' : ''}`}>{children}</main>
      <SecureFooter />
    </div>
  );
}

/** The "secured by" line under every buyer page, also under the loading outline. */
export function SecureFooter() {
  const { t } = useI18n();
  return (
    <footer className="checkout-footer">
      <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor">
        <path d="M6 11h12v10H6z M8.5 11V8a3.5 3.5 0 0 1 7 0v3" strokeWidth="2" />
      </svg>
      {t('frame.secureFooter')}
    </footer>
  );
}

export function CheckoutSpinner({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <div className="checkout-spinner" role="status">
      <span className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('frame.loading')}</span>
    </div>
  );
}

export function CheckoutUnavailable({ title, message }: { title: string; message: string }) {
  return (
    <CheckoutFrame wide={false}>
      <section className="card text-center" data-testid="checkout-unavailable">
        <div className="card-body p-4">
          <h1 className="h4" data-testid="page-title">
            {title}
          </h1>
          <p className="text-body-secondary mb-0">{message}</p>
        </div>
      </section>
    </CheckoutFrame>
  );
}

/** The payment column: the session's panel, its spinner, or why payment is unavailable. */
export function PaymentArea({
  loading,
  error,
  children,
}: {
  loading: boolean;
  error: string | null;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <section className="card checkout-card" aria-labelledby="payment-heading">
      <div className="card-body">
        <h2 id="payment-heading" className="h5 mb-3">
          {t('frame.payment')}
        </h2>
        {error ? (
          <p className="alert alert-warning mb-0" role="alert" data-testid="payment-unavailable">
            {error}
          </p>
        ) : loading ? (
          <CheckoutSpinner label={t('frame.preparingForm')} />
        ) : (
          children
        )}
      </div>
    </section>
  );
}

/**
 * A link's checkout page (quick payment, invoice): the merchant's header, then the summary card —
 * its title and what is paid for — beside the payment side (`children`).
 */
export function CheckoutPage({
  merchant,
  title,
  summary,
  children,
}: {
  merchant: MerchantData;
  title: ReactNode;
  summary: ReactNode;
  children: ReactNode;
}) {
  return (
    <CheckoutFrame>
      <MerchantHeader merchant={merchant} />
      <div className="checkout-grid">
        <section className="card checkout-card">
          <div className="card-body">
            <h1 className="h4" data-testid="page-title">
              {title}
            </h1>
            {summary}
          </div>
        </section>
        {children}
      </div>
    </CheckoutFrame>
  );
}
