// The result card after a payment (docs/product-rules.md#states-and-transitions, docs/product-rules.md#error-messages): "Transaction successful." with "Success", or
// "Transaction failed." with the raw status and a failure image.

import type { CheckoutOutcome } from '@kassa/contract/checkout-status';
import type { ReactNode } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import './payment.css';

function OutcomeImage({ success }: { success: boolean }) {
  return (
    <svg width="72" height="72" viewBox="0 0 72 72" aria-hidden="true" className="result-card-image">
      <circle cx="36" cy="36" r="34" fill={success ? '#e8f6ee' : '#fdecec'} />
      <circle cx="36" cy="36" r="24" fill={success ? '#1f9d55' : '#d64545'} />
      {success ? (
        <path d="M25 37l7 7 15-16" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      ) : (
        <path d="M28 28l16 16M44 28L28 44" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      )}
    </svg>
  );
}

export function ResultCard({ outcome, children }: { outcome: CheckoutOutcome; children?: ReactNode }) {
  const { t } = useI18n();
  return (
    <section
      className={`card result-card text-center ${outcome.isSuccess ? 'is-success' : 'is-failure'}`}
      data-testid="result-card"
      aria-live="polite"
    >
      <div className="card-body p-4">
        <OutcomeImage success={outcome.isSuccess} />
        <h2 className="h4 mt-3 mb-1" data-testid="result-title">
          {t(outcome.isSuccess ? 'outcome.cardSuccess' : 'outcome.cardFailure')}
        </h2>
        <p
          className={`mb-0 fw-semibold ${outcome.isSuccess ? 'text-success' : 'text-danger'}`}
          data-testid="result-status"
        >
          {outcome.isSuccess ? t('outcome.statusSuccess') : outcome.cardStatus}
        </p>
        {children}
      </div>
    </section>
  );
}
