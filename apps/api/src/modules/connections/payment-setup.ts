// What a merchant's connections decide for one payment: which processor takes it (with the
// connection's credentials, opened in memory for the processor call), whether gift cards are
// accepted, and whether the anti-fraud service scores it first.
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, businessRule } from '../../lib/app-error.ts';
import type { Keys } from '../../lib/keys.ts';
import type { ProcessorConnection } from '../../lib/providers.ts';
import { assessFraud, DEFAULT_FRAUD_RULES, type FraudAssessment } from '../../payments/anti-fraud-engine.ts';
import type { PaymentMode, PaymentProvider } from '../../payments/provider.ts';
import { findProcessorDefinition } from '../../payments/registry.ts';
import { SANDBOX_PROVIDER_ID } from '../../payments/sandbox-processor.ts';
import { openCredentials } from './connection-credentials.ts';
import { type ConnectionRow, findConnection, findEnabledConnections } from './connections.queries.ts';
import { countRecentPayments } from './fraud-signals.queries.ts';

export interface PaymentSetup {
  /** Provider id stored on the transaction; ctx.providers resolves it. */
  provider: string;
  providerConnectionId: string | null;
  /** The connection's credentials in clear, for step 2 of this payment only; null for the sandbox. */
  processorConnection: ProcessorConnection | null;
  /** Test or live, by the processor connection's credentials; the sandbox is test. */
  mode: PaymentMode;
  acceptsGiftCards: boolean;
  antiFraud: ConnectionRow | null;
  /** Card payments only: where a payment goes when the processor above cannot be reached. */
  fallback: ProcessorRoute | null;
}

/** One processor a payment can be sent to. */
export interface ProcessorRoute {
  provider: string;
  providerConnectionId: string;
  processorConnection: ProcessorConnection;
  mode: PaymentMode;
}

/**
 * Card payments go to the enabled payment service, the built-in sandbox when none is connected;
 * non-card payments go to the enabled digital wallet, and without one there is no non-card payment.
 */
export async function loadPaymentSetup(
  db: DbOrTx,
  keys: Keys,
  merchantId: string,
  method: 'card' | 'wallet',
): Promise<PaymentSetup> {
  return paymentSetupOf(keys, await findEnabledConnections(db, merchantId), method);
}

/**
 * Test or live: the money the merchant's card payments are taken in now (test on the built-in
 * sandbox), for what announces a payment to come, such as a sent invoice. A payment service whose
 * credentials no longer open is a real processor: live.
 */
export async function cardPaymentMode(db: DbOrTx, keys: Keys, merchantId: string): Promise<PaymentMode> {
  const enabled = await findEnabledConnections(db, merchantId);
  try {
    return paymentSetupOf(keys, enabled, 'card').mode;
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) return 'live';
    throw error;
  }
}

/** The same decision from the merchant's enabled connections, when the caller has read them already. */
export function paymentSetupOf(keys: Keys, enabled: readonly ConnectionRow[], method: 'card' | 'wallet'): PaymentSetup {
  const of = (kind: ConnectionRow['kind'], fallback = false) =>
    enabled.find((c) => c.kind === kind && c.isFallback === fallback) ?? null;
  const backup = method === 'card' ? of('payment_service', true) : null;
  // Without a primary, a lone fallback simply takes the payments.
  const processor = method === 'card' ? (of('payment_service') ?? backup) : of('digital_wallet');
  if (method === 'wallet' && !processor) {
    throw businessRule('This merchant no longer accepts non-card payments. Pay by card instead.');
  }
  const route = processor ? routeOf(keys, processor) : null;
  const fallback = backup && backup !== processor ? routeOf(keys, backup) : null;
  const mode = route?.mode ?? 'test';
  return {
    provider: route?.provider ?? SANDBOX_PROVIDER_ID,
    providerConnectionId: route?.providerConnectionId ?? null,
    processorConnection: route?.processorConnection ?? null,
    mode,
    acceptsGiftCards: of('gift_card') !== null,
    antiFraud: of('anti_fraud'),
    // Test money never fails over to live money, nor the reverse.
    fallback: fallback && fallback.mode === mode ? fallback : null,
  };
}

/**
 * A payment with a saved card goes to the processor and connection that keep it, whichever takes new
 * cards now, and never fails over: the token means nothing to another processor
 * (docs/decisions/0022-saved-cards-live-at-the-processor.md).
 */
export function savedCardSetupOf(
  keys: Keys,
  enabled: readonly ConnectionRow[],
  card: { provider: string; connectionId: string | null },
): PaymentSetup {
  const setup = paymentSetupOf(keys, enabled, 'card');
  if (card.connectionId === null && card.provider === SANDBOX_PROVIDER_ID) {
    return {
      ...setup,
      provider: SANDBOX_PROVIDER_ID,
      providerConnectionId: null,
      processorConnection: null,
      mode: 'test',
      fallback: null,
    };
  }
  const connection = enabled.find((c) => c.id === card.connectionId && c.kind === 'payment_service');
  if (!connection) {
    throw businessRule(
      'This card was saved with a payment service that is no longer connected. Ask the customer for another card.',
    );
  }
  return { ...setup, ...routeOf(keys, connection), fallback: null };
}

function routeOf(keys: Keys, row: ConnectionRow): ProcessorRoute {
  const processorConnection = openProcessorConnection(keys, row);
  const definition = findProcessorDefinition(row.provider);
  return {
    provider: row.provider,
    providerConnectionId: row.id,
    processorConnection,
    mode: definition ? definition.modeOf(processorConnection.credentials) : 'test',
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

function openProcessorConnection(keys: Keys, row: ConnectionRow): ProcessorConnection {
  try {
    return { id: row.id, credentials: openCredentials(keys, row.merchantId, row.id, row.credentials) };
  } catch {
    throw businessRule('This merchant cannot take payments right now: its payment service needs to be reconnected.');
  }
}

/**
 * The processor of a recorded payment, for follow-up calls (approval, capture, void, refund,
 * reconciliation): the connection it was paid through, whatever the merchant has enabled since.
 * Inside a database transaction pass its handle: on a single-connection database (PGlite) a query
 * on ctx.db would wait for that very transaction.
 */
export async function processorFor(
  ctx: AppContext,
  payment: { merchantId: string; provider: string; providerConnectionId: string | null },
  /** The caller's database transaction, when it holds one (PGlite has a single connection). */
  db: DbOrTx = ctx.db,
): Promise<PaymentProvider> {
  const row = payment.providerConnectionId
    ? await findConnection(db, payment.merchantId, payment.providerConnectionId)
    : undefined;
  return ctx.providers(payment.provider, row ? openProcessorConnection(ctx.keys, row) : null);
}
