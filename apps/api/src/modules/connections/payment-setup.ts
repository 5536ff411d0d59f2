// What a merchant's connections decide for one payment (issue 5 item 2): which processor takes it,
// whether gift cards are accepted, and whether the anti-fraud service scores it first.
import type { DbOrTx } from '../../db/client.ts';
import { businessRule } from '../../lib/app-error.ts';
import { assessFraud, DEFAULT_FRAUD_RULES, type FraudAssessment } from '../../payments/anti-fraud-engine.ts';
import { SANDBOX_PROVIDER_ID } from '../../payments/sandbox-processor.ts';
import { type ConnectionRow, findEnabledConnections } from './connections.queries.ts';
import { countRecentPayments } from './fraud-signals.queries.ts';

export interface PaymentSetup {
  /** Provider id stored on the transaction; ctx.providers resolves it. */
  provider: string;
  providerConnectionId: string | null;
  acceptsGiftCards: boolean;
  antiFraud: ConnectionRow | null;
}

/**
 * Card payments go to the enabled payment service, the built-in sandbox when none is connected;
 * non-card payments go to the enabled digital wallet, and without one there is no non-card payment.
 */
export async function loadPaymentSetup(
  db: DbOrTx,
  merchantId: string,
  method: 'card' | 'wallet',
): Promise<PaymentSetup> {
  const enabled = await findEnabledConnections(db, merchantId);
  const of = (kind: ConnectionRow['kind']) => enabled.find((c) => c.kind === kind) ?? null;
  const processor = of(method === 'card' ? 'payment_service' : 'digital_wallet');
  if (method === 'wallet' && !processor) {
    throw businessRule('This merchant no longer accepts non-card payments. Pay by card instead.');
  }
  return {
    provider: processor?.provider ?? SANDBOX_PROVIDER_ID,
    providerConnectionId: processor?.id ?? null,
    acceptsGiftCards: of('gift_card') !== null,
    antiFraud: of('anti_fraud'),
  };
}

export interface RiskInput {
  merchantId: string;
  now: Date;
  amount: number;
  currency: string;
  cardFingerprint: string | null;
  email: string;
  billingCountry?: string;
  /** The sandbox has no BIN table: its test cards count as domestic cards of the merchant's country. */
  cardCountry?: string;
  isFraudTestCard: boolean;
}

/** Scores a payment with the sandbox rules engine from real signals (velocity from the transactions table). */
export async function assessPaymentRisk(db: DbOrTx, input: RiskInput): Promise<FraudAssessment> {
  const rules = DEFAULT_FRAUD_RULES;
  const recent = await countRecentPayments(db, {
    merchantId: input.merchantId,
    since: new Date(input.now.getTime() - rules.windowMinutes * 60_000),
    cardFingerprint: input.cardFingerprint,
    email: input.email,
  });
  return assessFraud(
    {
      amount: input.amount,
      currency: input.currency,
      billingCountry: input.billingCountry,
      cardCountry: input.cardCountry,
      recentPaymentsByCard: recent.byCard,
      recentPaymentsByEmail: recent.byEmail,
      isFraudTestCard: input.isFraudTestCard,
    },
    rules,
  );
}

/** The reason stored on a blocked transaction and shown to the merchant. */
export const fraudFailureReason = (assessment: FraudAssessment) =>
  `Blocked by the anti-fraud service: ${assessment.reasons
    .filter((r) => r.effect === 'decline')
    .map((r) => r.message)
    .join(' ')}`;
