// What a checkout with a recurring price sells (docs/product-rules.md#subscribing-at-checkout): the
// amount and interval, and the trial. The authorisation box itself is in the card fields, which post it.
import type { RecurringOffer } from '@kassa/contract/subscribe-at-checkout';
import { recurringAmountLabel, trialLabel } from '@kassa/contract/subscribe-at-checkout';
import { SummaryLine } from './summary-line.tsx';

// The words of this block in one place, to move into a catalogue as they are.
const TEXT = { plan: 'Subscription', trial: 'Free trial' } as const;

export function RecurringTerms({ offer }: { offer: RecurringOffer }) {
  const trial = trialLabel(offer);
  return (
    <dl className="checkout-summary">
      <SummaryLine term={TEXT.plan} testId="recurring-terms" isTotal>
        {recurringAmountLabel(offer)}
      </SummaryLine>
      {trial && (
        <SummaryLine term={TEXT.trial} testId="recurring-trial">
          {trial}
        </SummaryLine>
      )}
    </dl>
  );
}
