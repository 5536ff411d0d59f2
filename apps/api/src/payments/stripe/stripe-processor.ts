// Stripe behind Kassa's PaymentProvider, through the official SDK. Kassa's hosted card fields make
// Kassa the party that holds the card: the PaymentIntent is created and confirmed server-side with
// the raw card data (the Stripe account needs the "raw card data APIs" capability). Every POST
// carries an idempotency key that is Kassa's own id, so a repeated call never charges or refunds
// twice, and metadata[kassa_reference] lets reconciliation find a payment whose answer was lost.
// Saved cards (Customers, SetupIntents, off-session charges) are in stripe-vault.ts.
import type Stripe from 'stripe';
import { AppError, invalid } from '../../lib/app-error.ts';
import type {
  ApprovalRequest,
  CaptureRequest,
  CaptureResult,
  FetchRequest,
  FetchResult,
  ModificationLookup,
  ModificationLookupRequest,
  PaymentProvider,
  PaymentRequest,
  PaymentResult,
  RefundRequest,
  RefundResult,
  SavedCardPaymentRequest,
  VerificationResult,
  VoidRequest,
  VoidResult,
} from '../provider.ts';
import { createStripeClient } from './stripe-client.ts';
import { verifyStripeCredentials } from './stripe-credentials.ts';
import { declineOf, isCardError, toKassaError } from './stripe-errors.ts';
import { toPaymentResult } from './stripe-outcomes.ts';
import { createStripeVault, stripeCardData } from './stripe-vault.ts';

export const STRIPE_PROVIDER_ID = 'stripe';
export const KASSA_REFERENCE_KEY = 'kassa_reference';

export interface StripeProcessorOptions {
  /** PUBLIC_URL: Stripe sends the buyer back to Kassa's return page after 3-D Secure. */
  publicUrl: string;
  secretKey: string;
  apiBase?: string;
  timeoutMs?: number;
}

/** Where the buyer lands after the 3-D Secure page; the generic return route settles the payment. */
export const returnUrlFor = (publicUrl: string, reference: string) =>
  `${publicUrl.replace(/\/+$/, '')}/pay/return/${encodeURIComponent(reference)}`;

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toKassaError(error);
  }
}

export function createStripeProcessor(options: StripeProcessorOptions): PaymentProvider {
  const stripe = createStripeClient(options);
  const vault = createStripeVault(stripe);

  /**
   * A saved card is the Customer's PaymentMethod. Charged by the merchant, the buyer is away:
   * off_session=true, and a card whose issuer wants authentication is declined (authentication_required)
   * rather than waiting for a 3-D Secure page nobody will open.
   */
  function savedCardParams(request: SavedCardPaymentRequest) {
    const customer = request.customer.processorCustomerId;
    if (!customer) throw new AppError('business_rule', 'This saved card has no Stripe customer.');
    return request.initiator === 'merchant'
      ? { customer, payment_method: request.token, off_session: true }
      : { customer, payment_method: request.token, return_url: returnUrlFor(options.publicUrl, request.reference) };
  }

  async function authorize(request: PaymentRequest): Promise<PaymentResult> {
    if (request.method === 'wallet') {
      throw new AppError('business_rule', 'Stripe takes card payments only here.');
    }
    const save = request.method === 'card' ? request.save : undefined;
    const method =
      request.method === 'saved_card'
        ? savedCardParams(request)
        : {
            payment_method_data: stripeCardData(request.card),
            return_url: returnUrlFor(options.publicUrl, request.reference),
            // The buyer agreed to keep the card: Stripe attaches it to the Customer once the payment goes through.
            ...(save ? { customer: await vault.customerIdOf(save.customer), setup_future_usage: 'off_session' } : {}),
          };
    const params = {
      amount: request.amount,
      currency: request.currency.toLowerCase(),
      capture_method: request.intent === 'capture' ? 'automatic' : 'manual',
      confirm: true,
      payment_method_types: ['card'],
      ...method,
      metadata: { [KASSA_REFERENCE_KEY]: request.reference },
      ...(save ? { expand: ['payment_method'] } : {}),
    } as unknown as Stripe.PaymentIntentCreateParams;
    try {
      const intent = await stripe.paymentIntents.create(params, { idempotencyKey: request.reference });
      return toPaymentResult(intent);
    } catch (error) {
      if (isCardError(error)) {
        // A decline is an answer: the PaymentIntent exists and carries the reason.
        const intent = error.payment_intent as Stripe.PaymentIntent | undefined;
        return {
          status: 'authorization_failed',
          providerReference: intent?.id ?? request.reference,
          authorizedAmount: 0,
          capturedAmount: 0,
          // Off-session and the issuer wants the buyer (authentication_required): Kassa asks the buyer to come back and pay.
          ...declineOf(error),
        };
      }
      throw toKassaError(error);
    }
  }

  async function capture({ payment, amount, reference }: CaptureRequest): Promise<CaptureResult> {
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      throw invalid('amount', 'The amount must be a positive whole number of minor units.');
    }
    if (amount > payment.amount) throw new AppError('business_rule', 'The capture exceeds the authorized amount.');
    const intent = await call(() =>
      stripe.paymentIntents.capture(
        payment.providerReference,
        { amount_to_capture: amount },
        { idempotencyKey: reference },
      ),
    );
    return { status: 'capture_succeeded', capturedAmount: intent.amount_received };
  }

  async function voidPayment({ payment, reference }: VoidRequest): Promise<VoidResult> {
    await call(() => stripe.paymentIntents.cancel(payment.providerReference, {}, { idempotencyKey: reference }));
    return { status: 'voided' };
  }

  async function refund({ payment, amount, reference }: RefundRequest): Promise<RefundResult> {
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      throw invalid('amount', 'The amount must be a positive whole number of minor units.');
    }
    const created = await call(() =>
      stripe.refunds.create(
        { payment_intent: payment.providerReference, amount, metadata: { [KASSA_REFERENCE_KEY]: reference } },
        { idempotencyKey: reference },
      ),
    );
    if (created.status === 'failed' || created.status === 'canceled') {
      throw new AppError(
        'business_rule',
        `Stripe could not refund this payment (${created.failure_reason ?? created.status}).`,
      );
    }
    const refundedAmount = payment.refundedAmount + amount;
    return {
      status: refundedAmount >= payment.capturedAmount ? 'refunded' : 'partially_refunded',
      refundedAmount,
      providerReference: created.id,
    };
  }

  async function resolveApproval({ payment, returnParams }: ApprovalRequest): Promise<PaymentResult> {
    const returned = returnParams?.payment_intent;
    // The return link is public: it only makes Kassa read the payment from Stripe, and only its own.
    if (returned !== undefined && returned !== payment.providerReference) {
      throw invalid('payment_intent', 'This return does not belong to this payment.');
    }
    const intent = await call(() =>
      stripe.paymentIntents.retrieve(payment.providerReference, { expand: ['payment_method'] }),
    );
    return toPaymentResult(intent);
  }

  async function fetchPayment({ reference }: FetchRequest): Promise<FetchResult> {
    const found = await call(() =>
      stripe.paymentIntents.search({
        query: `metadata['${KASSA_REFERENCE_KEY}']:'${reference.replace(/'/g, '')}'`,
        expand: ['data.payment_method'],
      }),
    );
    // One per reference (the idempotency key is the reference); the newest one if ever more.
    const intent = found.data.sort((a, b) => b.created - a.created)[0];
    return intent ? { found: true, ...toPaymentResult(intent) } : { found: false };
  }

  /**
   * A capture or void shows in the PaymentIntent's status; a refund carries Kassa's id in its
   * metadata, so the PaymentIntent's refunds are listed and searched for it.
   */
  async function findModification({
    payment,
    kind,
    reference,
  }: ModificationLookupRequest): Promise<ModificationLookup> {
    if (kind === 'refund') {
      const refunds = await call(() =>
        stripe.refunds
          .list({ payment_intent: payment.providerReference, limit: 100 })
          .autoPagingToArray({ limit: 1000 }),
      );
      const made = refunds.find((r) => r.metadata?.[KASSA_REFERENCE_KEY] === reference);
      if (!made) return { found: false };
      return made.status === 'failed' || made.status === 'canceled'
        ? {
            found: true,
            succeeded: false,
            failureReason: `Stripe could not refund this payment (${made.failure_reason ?? made.status}).`,
          }
        : { found: true, succeeded: true, providerReference: made.id };
    }
    const intent = await call(() => stripe.paymentIntents.retrieve(payment.providerReference));
    if (intent.status === 'requires_capture') return { found: false };
    if (kind === 'capture') {
      return intent.status === 'succeeded'
        ? { found: true, succeeded: true, capturedAmount: intent.amount_received }
        : {
            found: true,
            succeeded: false,
            failureReason: `The payment is ${intent.status} at Stripe; nothing was captured.`,
          };
    }
    return intent.status === 'canceled'
      ? { found: true, succeeded: true }
      : {
          found: true,
          succeeded: false,
          failureReason: `The payment is ${intent.status} at Stripe; it was not voided.`,
        };
  }

  return {
    id: STRIPE_PROVIDER_ID,
    findModification,
    authorize,
    capture,
    void: voidPayment,
    refund,
    resolveApproval,
    fetch: fetchPayment,
    saveCard: vault.saveCard,
    removeSavedCard: vault.removeSavedCard,
    listSavedCards: vault.listSavedCards,
    findSavedCard: vault.findSavedCard,
    verifyCredentials: (credentials): Promise<VerificationResult> =>
      verifyStripeCredentials(credentials, { apiBase: options.apiBase, timeoutMs: options.timeoutMs }),
  };
}
