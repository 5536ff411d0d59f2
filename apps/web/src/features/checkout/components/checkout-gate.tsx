import type { ReactElement } from 'react';
import type { I18n } from '../../../lib/i18n.tsx';
import { buyerErrorMessage } from '../api/checkout-fetch.ts';
import { CheckoutUnavailable } from './checkout-frame.tsx';
import { CheckoutSkeleton } from './checkout-skeleton.tsx';

/**
 * What a checkout shows before its record is there: the skeleton while it loads, else why it cannot be paid (the
 * server's message, or `fallback`). Null once the record can be shown.
 */
export function checkoutGate(
  details: { data?: unknown; error: unknown; isLoading: boolean },
  unavailable: { title: string; fallback: string },
  i18n: I18n,
): ReactElement | null {
  if (details.isLoading) return <CheckoutSkeleton />;
  if (details.error || !details.data) {
    return (
      <CheckoutUnavailable
        title={unavailable.title}
        message={buyerErrorMessage(details.error, unavailable.fallback, i18n)}
      />
    );
  }
  return null;
}
