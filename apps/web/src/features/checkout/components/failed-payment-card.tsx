import type { CheckoutOutcome } from '@kassa/contract/checkout-status';
import { ResultCard } from '../../../components/payment/result-card.tsx';
import { useI18n } from '../../../lib/i18n.tsx';

/** A payment that did not go through, with a way to pay again from a fresh session. */
export function FailedPaymentCard({ outcome, onTryAgain }: { outcome: CheckoutOutcome; onTryAgain: () => void }) {
  const { t } = useI18n();
  return (
    <ResultCard outcome={outcome}>
      <button type="button" className="btn btn-outline-primary mt-3" onClick={onTryAgain} data-testid="try-again">
        {t('outcome.tryAgain')}
      </button>
    </ResultCard>
  );
}
