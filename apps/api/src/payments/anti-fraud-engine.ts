// The sandbox anti-fraud service (docs/ARCHITECTURE.md "Payments"): a rules engine that scores one
// payment from signals the caller gathers (counts come from the database, so the engine stays pure
// and every API process decides the same way).
import { currencyExponent } from '@kassa/contract/currencies';

export type FraudDecision = 'approve' | 'review' | 'decline';
export type FraudRule =
  | 'blocked_test_card'
  | 'card_velocity'
  | 'email_velocity'
  | 'amount_ceiling'
  | 'amount_review'
  | 'card_country_mismatch'
  | 'ip_country_mismatch';

export interface FraudRules {
  /** The window the caller counts earlier payments in. */
  windowMinutes: number;
  /** Earlier payments with the same card fingerprint in the window from which the next is declined. */
  maxPaymentsPerCard: number;
  /** Earlier payments with the same e-mail in the window from which the next goes to review. */
  maxPaymentsPerEmail: number;
  /** In major units of the payment currency: above it → review. */
  reviewAmountMajor: number;
  /** In major units of the payment currency: above it → decline. */
  declineAmountMajor: number;
}

export const DEFAULT_FRAUD_RULES: FraudRules = {
  windowMinutes: 60,
  maxPaymentsPerCard: 5,
  maxPaymentsPerEmail: 10,
  reviewAmountMajor: 5_000,
  declineAmountMajor: 25_000,
};

export interface FraudSignals {
  amount: number;
  currency: string;
  /** ISO 3166 alpha-2; countries the caller does not know are left out. */
  billingCountry?: string;
  cardCountry?: string;
  ipCountry?: string;
  /** Payments with this card fingerprint in the last `windowMinutes`, this one excluded. */
  recentPaymentsByCard: number;
  /** Payments with this buyer e-mail in the last `windowMinutes`, this one excluded. */
  recentPaymentsByEmail: number;
  /** From `isFraudTestCard` of the sandbox processor. */
  isFraudTestCard: boolean;
}

export interface FraudReason {
  rule: FraudRule;
  effect: Exclude<FraudDecision, 'approve'>;
  message: string;
}

export interface FraudAssessment {
  decision: FraudDecision;
  reasons: FraudReason[];
}

const sameCountry = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** decline when any rule declines, else review when any rule asks for it, else approve. */
export function assessFraud(signals: FraudSignals, rules: FraudRules = DEFAULT_FRAUD_RULES): FraudAssessment {
  const reasons: FraudReason[] = [];
  const add = (rule: FraudRule, effect: FraudReason['effect'], message: string) =>
    reasons.push({ rule, effect, message });

  if (signals.isFraudTestCard) add('blocked_test_card', 'decline', 'The card is on the block list.');
  if (signals.recentPaymentsByCard >= rules.maxPaymentsPerCard) {
    add('card_velocity', 'decline', `Too many payments with this card in the last ${rules.windowMinutes} minutes.`);
  }
  if (signals.recentPaymentsByEmail >= rules.maxPaymentsPerEmail) {
    add(
      'email_velocity',
      'review',
      `Many payments from this e-mail address in the last ${rules.windowMinutes} minutes.`,
    );
  }
  const unit = 10 ** currencyExponent(signals.currency);
  if (signals.amount > rules.declineAmountMajor * unit) {
    add('amount_ceiling', 'decline', 'The amount is above the allowed ceiling.');
  } else if (signals.amount > rules.reviewAmountMajor * unit) {
    add('amount_review', 'review', 'The amount is unusually high.');
  }
  const billing = signals.billingCountry;
  if (billing && signals.cardCountry && !sameCountry(billing, signals.cardCountry)) {
    add('card_country_mismatch', 'review', 'The billing country differs from the card’s country.');
  }
  if (billing && signals.ipCountry && !sameCountry(billing, signals.ipCountry)) {
    add('ip_country_mismatch', 'review', 'The billing country differs from the buyer’s location.');
  }

  const decision: FraudDecision = reasons.some((r) => r.effect === 'decline')
    ? 'decline'
    : reasons.length > 0
      ? 'review'
      : 'approve';
  return { decision, reasons };
}
