import { contractTextsEn } from '@kassa/contract/i18n/catalogues/portal/contract-texts.en';
import { describe, expect, it } from 'vitest';
import { assessFraud, DEFAULT_FRAUD_RULES, type FraudSignals } from './anti-fraud-engine.ts';

const clean: FraudSignals = {
  amount: 1000,
  currency: 'USD',
  billingCountry: 'US',
  cardCountry: 'US',
  ipCountry: 'US',
  recentPaymentsByCard: 0,
  recentPaymentsByEmail: 0,
  isFraudTestCard: false,
};

const rulesOf = (signals: Partial<FraudSignals>) => assessFraud({ ...clean, ...signals }).reasons.map((r) => r.rule);

describe('assessFraud', () => {
  it('approves an ordinary payment', () => {
    expect(assessFraud(clean)).toEqual({ decision: 'approve', reasons: [] });
  });

  it('declines the fraud test card', () => {
    const result = assessFraud({ ...clean, isFraudTestCard: true });
    expect(result.decision).toBe('decline');
    expect(result.reasons).toEqual([
      { rule: 'blocked_test_card', effect: 'decline', message: 'The card is on the block list.' },
    ]);
  });

  it('declines from the card velocity limit on, not before', () => {
    const limit = DEFAULT_FRAUD_RULES.maxPaymentsPerCard;
    expect(assessFraud({ ...clean, recentPaymentsByCard: limit - 1 }).decision).toBe('approve');
    const result = assessFraud({ ...clean, recentPaymentsByCard: limit });
    expect(result.decision).toBe('decline');
    expect(result.reasons[0]?.message).toBe('Too many payments with this card in the last 60 minutes.');
  });

  it('reviews from the e-mail velocity limit on', () => {
    const limit = DEFAULT_FRAUD_RULES.maxPaymentsPerEmail;
    expect(assessFraud({ ...clean, recentPaymentsByEmail: limit - 1 }).decision).toBe('approve');
    expect(assessFraud({ ...clean, recentPaymentsByEmail: limit })).toMatchObject({
      decision: 'review',
      reasons: [{ rule: 'email_velocity', effect: 'review' }],
    });
  });

  it('reviews high amounts and declines above the ceiling, in the currency’s own units', () => {
    expect(assessFraud({ ...clean, amount: 500_000 }).decision).toBe('approve'); // 5 000.00 USD
    expect(rulesOf({ amount: 500_001 })).toEqual(['amount_review']);
    expect(assessFraud({ ...clean, amount: 2_500_001 })).toMatchObject({
      decision: 'decline',
      reasons: [{ rule: 'amount_ceiling' }],
    });
    expect(assessFraud({ ...clean, currency: 'JPY', amount: 5_000 }).decision).toBe('approve'); // ¥5 000
    expect(rulesOf({ currency: 'JPY', amount: 25_001 })).toEqual(['amount_ceiling']);
    expect(rulesOf({ currency: 'BHD', amount: 5_000_001 })).toEqual(['amount_review']);
  });

  it('reviews a billing country that differs from the card or the IP country', () => {
    expect(rulesOf({ cardCountry: 'GB' })).toEqual(['card_country_mismatch']);
    expect(rulesOf({ ipCountry: 'ng' })).toEqual(['ip_country_mismatch']);
    expect(rulesOf({ billingCountry: 'de', cardCountry: 'DE', ipCountry: 'DE ' })).toEqual([]);
    expect(assessFraud({ ...clean, cardCountry: 'GB', ipCountry: 'FR' }).decision).toBe('review');
  });

  it('skips country rules when a country is unknown', () => {
    expect(rulesOf({ billingCountry: undefined, cardCountry: 'GB', ipCountry: 'FR' })).toEqual([]);
    expect(rulesOf({ cardCountry: undefined, ipCountry: undefined })).toEqual([]);
  });

  it('a decline wins over reviews and every reason is listed', () => {
    const result = assessFraud({ ...clean, isFraudTestCard: true, cardCountry: 'GB', recentPaymentsByEmail: 99 });
    expect(result.decision).toBe('decline');
    expect(result.reasons.map((r) => r.rule)).toEqual(['blocked_test_card', 'email_velocity', 'card_country_mismatch']);
  });

  it('takes custom rules', () => {
    const strict = { ...DEFAULT_FRAUD_RULES, maxPaymentsPerCard: 1, windowMinutes: 10 };
    expect(assessFraud({ ...clean, recentPaymentsByCard: 1 }, strict).reasons[0]?.message).toBe(
      'Too many payments with this card in the last 10 minutes.',
    );
  });
});

// The portal shows `fraud_reasons` in the user's language by finding each reason word for word in its English
// catalogue (docs/i18n.md), so a reworded reason must be reworded there too.
describe('the reasons the portal translates', () => {
  it('words every rule’s reason as the portal’s English catalogue does', () => {
    const catalogue: Record<string, string> = contractTextsEn;
    const reasons = [
      ...assessFraud({ ...clean, isFraudTestCard: true, recentPaymentsByCard: 99, recentPaymentsByEmail: 99 }).reasons,
      ...assessFraud({ ...clean, amount: 10_000_000_00, cardCountry: 'GB', ipCountry: 'FR' }).reasons,
      ...assessFraud({ ...clean, amount: 10_000_00 }).reasons,
    ];
    const catalogued = Object.keys(catalogue).filter((key) => key.startsWith('transactions.fraudReason.'));
    expect(reasons.map((r) => `transactions.fraudReason.${r.rule}`).sort()).toEqual(catalogued.sort());
    for (const { rule, message } of reasons) {
      const english = catalogue[`transactions.fraudReason.${rule}`]?.replace(
        '{minutes}',
        String(DEFAULT_FRAUD_RULES.windowMinutes),
      );
      expect(message, rule).toBe(english);
    }
  });
});
