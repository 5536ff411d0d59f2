import type { Translate } from '@kassa/contract/i18n/translate';
import Alert from 'react-bootstrap/Alert';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

export interface Verification {
  status: 'verified' | 'failed';
  message: string;
}

/** docs/product-rules.md#api-calls/8: credential verification passes its status and message on; the merchant sees both. */
export function VerificationOutcome({ outcome }: { outcome: Verification }) {
  const { t } = usePortalI18n();
  const ok = outcome.status === 'verified';
  return (
    <Alert variant={ok ? 'success' : 'danger'} className="py-2 mb-0 small" data-testid="verify-result" role="status">
      <strong data-testid="verify-status">
        {ok ? t('paymentConnections.verification.ok') : t('paymentConnections.verification.failed')}
      </strong>
      <span className="mx-1">—</span>
      <span data-testid="verify-message">{outcome.message}</span>
    </Alert>
  );
}

/** The outcome of a rejected verification call: the provider's message from the error envelope. */
export function failedVerification(error: unknown, t: Translate): Verification {
  const message =
    error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message
      ? error.message
      : t('paymentConnections.verification.couldNot');
  return { status: 'failed', message };
}
