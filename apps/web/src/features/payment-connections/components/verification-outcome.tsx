import Alert from 'react-bootstrap/Alert';

export interface Verification {
  status: 'verified' | 'failed';
  message: string;
}

/** docs/product-rules.md#api-calls/8: credential verification passes its status and message on; the merchant sees both. */
export function VerificationOutcome({ outcome }: { outcome: Verification }) {
  const ok = outcome.status === 'verified';
  return (
    <Alert variant={ok ? 'success' : 'danger'} className="py-2 mb-0 small" data-testid="verify-result" role="status">
      <strong data-testid="verify-status">{ok ? 'Verified' : 'Verification failed'}</strong>
      <span className="mx-1">—</span>
      <span data-testid="verify-message">{outcome.message}</span>
    </Alert>
  );
}

/** The outcome of a rejected verification call: the provider's message from the error envelope. */
export function failedVerification(error: unknown): Verification {
  const message =
    error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message
      ? error.message
      : 'The credentials could not be verified.';
  return { status: 'failed', message };
}
