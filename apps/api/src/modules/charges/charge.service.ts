// A buyer pays a checkout (ARCHITECTURE "Payments"). Three steps so that no crash can lose or double
// a charge: (1) under a lock on the checkout session, record a `processing` transaction; (2) ask the
// processor; (3) settle its answer. A crash between (1) and (3) leaves a `processing` row that
// reconciliation settles; while it exists, the checkout refuses another attempt.
// The merchant's connections shape step (1) (issue 5): the enabled payment service or digital wallet
// takes the payment, a gift card pays part or all of it (held in the same database transaction), and
// an enabled anti-fraud service scores it before any processor sees it.
import { isHubActive } from '@kassa/contract/access';
import type { chargeBody } from '@kassa/contract/checkout';
import { formatMoney } from '@kassa/contract/money';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { violatesUnique } from '../../db/pg-errors.ts';
import { AppError, businessRule, conflict, invalid, notFound } from '../../lib/app-error.ts';
import type { FraudAssessment } from '../../payments/anti-fraud-engine.ts';
import { type CardDetails, cardErrors, summarizeCard } from '../../payments/card.ts';
import type { PaymentResult } from '../../payments/provider.ts';
import { isFraudTestCard } from '../../payments/sandbox-processor.ts';
import { findCheckoutSession } from '../checkout/checkout.queries.ts';
import { INVOICE_ALREADY_PAID, MERCHANT_UNAVAILABLE } from '../checkout/checkout.service.ts';
import { verifyCheckoutToken } from '../checkout/checkout-token.ts';
import { assessPaymentRisk, fraudFailureReason, loadPaymentSetup } from '../connections/payment-setup.ts';
import { attachGiftCardHold, type GiftCardHold, holdGiftCard } from '../gift-cards/gift-card-payment.ts';
import {
  addEvent,
  findOpenAttempts,
  findTransactionById,
  insertProcessingTransaction,
  updateTransaction,
} from './charge.queries.ts';
import { findMerchantStanding } from './merchant-standing.queries.ts';
import { lockCheckoutForAttempt } from './payment-locks.queries.ts';
import { settlePayment, toChargeResult } from './settle-payment.ts';

export type ChargeInput = z.output<typeof chargeBody>;
export const CHECKOUT_ALREADY_PAID = 'This checkout has already been paid.';
export const PAYMENT_IN_PROGRESS = 'A payment for this checkout is already in progress.';

export async function checkoutSessionIdOf(ctx: AppContext, token: string) {
  return (await verifyCheckoutToken(ctx.keys.tokenSigning, token, ctx.clock.now())).sessionId;
}

/** Step (1)'s transaction; the unique index on an invoice's live payment is the database's last word. */
async function recordAttempt<T>(ctx: AppContext, work: (db: Tx) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(work);
  } catch (error) {
    if (violatesUnique(error, 'transactions_invoice_live_uq')) throw conflict(PAYMENT_IN_PROGRESS);
    throw error;
  }
}

export async function chargeCheckout(ctx: AppContext, body: ChargeInput) {
  const now = ctx.clock.now();
  const claims = await verifyCheckoutToken(ctx.keys.tokenSigning, body.token, now);
  if ((body.method === 'card') !== (claims.section === 'card')) {
    throw invalid('method', 'This checkout token belongs to the other payment section.');
  }
  let card: CardDetails | undefined;
  if (body.method === 'card' && body.card) {
    card = { number: body.card.number, expMonth: body.card.exp_month, expYear: body.card.exp_year, cvv: body.card.cvc };
    // A bad number, expiry or CVV is refused before anything is recorded or submitted.
    const errors = cardErrors(card, now);
    if (errors.length > 0) throw new AppError('invalid_input', errors[0]!.message, errors);
    if (!body.billing.address) throw invalid('billing.address', 'Enter the billing address.');
  } else if (body.method === 'card' && !body.gift_card) {
    // Without a card only a gift card that covers the whole total can pay (checked once it is read).
    throw invalid('card', 'Enter the card details.');
  }
  const summary = card ? summarizeCard(ctx.keys.fingerprint, card) : undefined;

  const tx = await recordAttempt(ctx, async (db) => {
    const { invoice, session } = await lockCheckoutForAttempt(db, claims.sessionId);
    if (!session) throw notFound('This checkout does not exist.');
    if (session.status === 'completed') throw businessRule(CHECKOUT_ALREADY_PAID);
    if (session.expiresAt <= now)
      throw businessRule('This checkout session has expired. Reload the page to start again.');
    const standing = await findMerchantStanding(db, session.merchantId);
    if (!standing || standing.isBlocked || standing.removedAt || !isHubActive(standing.paymentHubStatus)) {
      throw businessRule(MERCHANT_UNAVAILABLE);
    }
    if (session.invoiceId) {
      if (!invoice || invoice.status === 'void' || invoice.deletedAt) throw notFound('This invoice does not exist.');
      if (invoice.status === 'paid') throw businessRule(INVOICE_ALREADY_PAID);
    }
    for (const attempt of await findOpenAttempts(db, session.id, session.invoiceId)) {
      if (attempt.status === 'processing') throw conflict(PAYMENT_IN_PROGRESS);
      // The buyer left an approval page and tries again: the old attempt can never be approved now.
      await updateTransaction(db, attempt.id, {
        status: 'authorization_failed',
        failureReason: 'Replaced by a new payment attempt before it was approved.',
      });
      await addEvent(db, { transactionId: attempt.id, type: 'abandoned', status: 'authorization_failed' });
    }
    const setup = await loadPaymentSetup(db, session.merchantId, body.method);
    const address = body.billing.address;
    const fraud: FraudAssessment | null = setup.antiFraud
      ? await assessPaymentRisk(db, {
          merchantId: session.merchantId,
          now,
          amount: session.amount,
          currency: session.currency,
          cardFingerprint: summary?.fingerprint ?? null,
          email: body.billing.emailAddress,
          billingCountry: address?.country,
          cardCountry: card ? session.country : undefined,
          isFraudTestCard: card ? isFraudTestCard(card.number) : false,
        })
      : null;
    let hold: GiftCardHold | null = null;
    // A blocked payment takes nothing from the gift card.
    if (body.gift_card && fraud?.decision !== 'decline') {
      if (!setup.acceptsGiftCards) throw businessRule('This merchant does not accept gift cards.');
      hold = await holdGiftCard(db, ctx.keys, {
        merchantId: session.merchantId,
        code: body.gift_card.code,
        pin: body.gift_card.pin,
        currency: session.currency,
        amountDue: session.amount,
      });
      if (hold.remainingDue > 0 && !card && body.method === 'card') {
        // Thrown inside the transaction: the hold on the gift card is rolled back with it.
        throw invalid(
          'card',
          `The gift card covers ${formatMoney(hold.applied, session.currency)}. Enter card details for the remaining ${formatMoney(hold.remainingDue, session.currency)}.`,
        );
      }
    }
    const row = await insertProcessingTransaction(db, {
      merchantId: session.merchantId,
      checkoutSessionId: session.id,
      source: session.kind,
      productId: session.productId,
      quickPaymentId: session.quickPaymentId,
      invoiceId: session.invoiceId,
      amount: session.amount,
      currency: session.currency,
      method: hold && hold.remainingDue === 0 ? 'gift_card' : body.method,
      status: 'processing',
      intent: session.intent,
      provider: setup.provider,
      providerConnectionId: setup.providerConnectionId,
      giftCardAmount: hold?.applied ?? 0,
      fraudDecision: fraud?.decision ?? null,
      fraudReasons: fraud ? fraud.reasons.map((r) => r.message) : null,
      cardBrand: summary?.brand ?? null,
      cardLast4: summary?.last4 ?? null,
      cardExpMonth: summary?.expMonth ?? null,
      cardExpYear: summary?.expYear ?? null,
      cardFingerprint: summary?.fingerprint ?? null,
      buyerId: session.buyerId,
      buyerFirstName: body.billing.firstName,
      buyerLastName: body.billing.lastName,
      buyerEmail: body.billing.emailAddress,
      billingAddress: address
        ? {
            line1: address.line1,
            city: address.city,
            state: address.state,
            zipCode: address.zipCode,
            postalCode: address.postalCode,
            country: address.country,
          }
        : null,
      description: session.description,
    });
    if (hold) await attachGiftCardHold(db, hold, row.id);
    if (fraud?.decision === 'review') {
      await addEvent(db, {
        transactionId: row.id,
        type: 'fraud_review',
        status: 'processing',
        message: fraud.reasons.map((r) => r.message).join(' '),
      });
    }
    return { ...row, fraud };
  });

  if (tx.fraud?.decision === 'decline') {
    return toChargeResult(
      await settlePayment(ctx, tx.id, {
        status: 'authorization_failed',
        providerReference: tx.id,
        authorizedAmount: 0,
        capturedAmount: 0,
        declineReason: fraudFailureReason(tx.fraud),
      }),
    );
  }
  if (tx.method === 'gift_card') {
    // The gift card covered everything: it was taken in step (1), no processor is involved.
    return toChargeResult(
      await settlePayment(ctx, tx.id, {
        status: 'capture_succeeded',
        providerReference: `gift_card_${tx.id}`,
        authorizedAmount: 0,
        capturedAmount: 0,
      }),
    );
  }

  let result: PaymentResult;
  try {
    const provider = ctx.providers(tx.provider);
    // The processor takes what the gift card left (spec: gift card pays part, the card the rest).
    const base = { reference: tx.id, amount: tx.amount - tx.giftCardAmount, currency: tx.currency, intent: tx.intent };
    result = await provider.authorize(
      card ? { ...base, method: 'card', card } : { ...base, method: 'wallet', wallet: tx.provider },
    );
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      // The processor refused the request itself: nothing was charged.
      await settlePayment(ctx, tx.id, {
        status: 'authorization_failed',
        providerReference: tx.id,
        authorizedAmount: 0,
        capturedAmount: 0,
        declineReason: error.message,
      });
      throw error;
    }
    // No answer: the row stays `processing` for reconciliation, and this checkout takes no second try.
    throw conflict(
      'We could not confirm the payment with the processor. Please do not pay again; check back in a few minutes.',
    );
  }
  return toChargeResult(await settlePayment(ctx, tx.id, result));
}

/** The widget asks for the final result after an approval popup closes; only the checkout's own token may. */
export async function getCheckoutPayment(ctx: AppContext, token: string, transactionId: string) {
  const claims = await verifyCheckoutToken(ctx.keys.tokenSigning, token, ctx.clock.now());
  const session = await findCheckoutSession(ctx.db, claims.sessionId);
  const tx = await findTransactionById(ctx.db, transactionId);
  if (!session || !tx || tx.checkoutSessionId !== session.id) throw notFound('This payment does not exist.');
  return toChargeResult(tx);
}
