// Every sentence a card connector writes as a decline's reason (and the add-card link's refusal) is one the
// buyer pages, the hosted card fields and the portal word in the reader's language (buyer-error-keys.ts,
// docs/i18n.md): a sentence added here without a catalogue text fails.
import { declineText, PROCESSOR_DECLINE_SENTENCES } from '@kassa/contract/i18n/buyer-error-keys';
import { declinesEn } from '@kassa/contract/i18n/catalogues/buyer/declines.en';
import { describe, expect, it } from 'vitest';
import { INTERRUPTED_REASON } from '../modules/charges/reconcile.ts';
import { SAVE_NEEDS_AUTHENTICATION } from './adyen/adyen-vault.ts';
import { ADYEN_BUYER_MESSAGES } from './adyen/refusal-messages.ts';
import { DECLINE_REASONS } from './sandbox-processor.ts';
import { CARD_DECLINED, DECLINE_MESSAGES } from './stripe/stripe-errors.ts';
import { CANCELED_MESSAGE, NEEDS_UNSUPPORTED_ACTION } from './stripe/stripe-outcomes.ts';
import { SETUP_NEEDS_AUTHENTICATION } from './stripe/stripe-vault.ts';

const CONNECTOR_SENTENCES = [
  ...Object.values(DECLINE_MESSAGES),
  CARD_DECLINED,
  CANCELED_MESSAGE,
  NEEDS_UNSUPPORTED_ACTION,
  SETUP_NEEDS_AUTHENTICATION,
  ...Object.values(ADYEN_BUYER_MESSAGES),
  SAVE_NEEDS_AUTHENTICATION,
  ...Object.values(DECLINE_REASONS),
  INTERRUPTED_REASON,
];

describe('the processors’ decline sentences', () => {
  it('each have a buyer’s text in the declines catalogue', () => {
    const unknown = CONNECTOR_SENTENCES.filter((sentence) => !Object.hasOwn(PROCESSOR_DECLINE_SENTENCES, sentence));
    expect(unknown).toEqual([]);
    for (const key of Object.values(PROCESSOR_DECLINE_SENTENCES)) expect(declinesEn[key], key).toBeTruthy();
  });

  it('keep a precise code, prefer a precise sentence to a bare decline, and quote words they do not know', () => {
    expect(declineText('do_not_honor', 'Card declined. Try another card or contact your bank.')).toEqual({
      key: 'decline.do_not_honor',
    });
    expect(declineText('card_declined', DECLINE_MESSAGES.incorrect_zip)).toEqual({ key: 'decline.postal_code' });
    expect(declineText(null, DECLINE_MESSAGES.test_mode_live_card)).toEqual({ key: 'decline.test_card_live' });
    expect(declineText(null, 'Blocked by the acquirer (R7).')).toEqual({
      key: 'decline.other',
      values: { reason: 'Blocked by the acquirer (R7).' },
    });
    expect(declineText(null, null)).toBeNull();
  });
});
