// What a checkout with a recurring price sells (docs/product-rules.md#subscribing-at-checkout): the
// amount and interval, and the trial. The authorisation box itself is in the card fields, which post it.
import type { RecurringOffer } from '@kassa/contract/subscribe-at-checkout';
import { recurringAmountLabel, trialLabel } from '@kassa/contract/subscribe-at-checkout';
import { useI18n } from '../../../lib/i18n.tsx';
import { SummaryLine } from './summary-line.tsx';

export function RecurringTerms({ offer }: { offer: RecurringOffer }) {
  const { t, locale } = useI18n();
  const trial = trialLabel(offer, locale);
  return (
    <dl className="checkout-summary">
      <SummaryLine term={t('summary.subscription')} testId="recurring-terms" isTotal>
        {recurringAmountLabel(offer, locale)}
      </SummaryLine>
      {trial && (
        <SummaryLine term={t('summary.freeTrial')} testId="recurring-trial">
          {trial}
        </SummaryLine>
      )}
    </dl>
  );
}
