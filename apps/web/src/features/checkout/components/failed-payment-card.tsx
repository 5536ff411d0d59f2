import type { CheckoutOutcome } from '@kassa/contract/checkout-status';
import { ResultCard } from '../../../components/payment/result-card.tsx';

/** A payment that did not go through, with a way to pay again from a fresh session. */
export function FailedPaymentCard({ outcome, onTryAgain }: { outcome: CheckoutOutcome; onTryAgain: () => void }) {
  return (
    <ResultCard outcome={outcome}>
      <button type="button" className="btn btn-outline-primary mt-3" onClick={onTryAgain} data-testid="try-again">
        Try again
      </button>
    </ResultCard>
  );
}
