// Step 1 of a payment: record the attempt. In one database transaction, under the payment's row
// locks (payment-locks.queries.ts), check that the checkout can still be paid, replace an attempt the
// buyer abandoned on an approval page, score it with the anti-fraud service, hold the gift card part,
// and insert the `processing` transaction that blocks any second attempt until it is decided. The
// common case is two round trips and one commit: BEGIN with the statement that claims the key, locks the
// invoice (if any), writes the new session row, reads the merchant's standing with its connections and
// open attempts, and locks the saved card (if any); then
// the transaction with its first event, COMMIT right behind it (decision 0018). A returning merchant's
// new checkout skips all of this when it can: one statement, fast-attempt.ts (decision 0025).
import { merchantCanSell } from '@kassa/contract/access';
import { paymentAmountProblem } from '@kassa/contract/invoice-payments';
import { formatMoney } from '@kassa/contract/money';
import type { PaymentInitiator } from '@kassa/contract/saved-cards';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { CarriedWrite } from '../../db/fixed-statement.ts';
import { violatesUnique } from '../../db/pg-errors.ts';
import { commitWithLast, pipelinedTransaction } from '../../db/pipelined-transaction.ts';
import { businessRule, conflict, invalid, notFound } from '../../lib/app-error.ts';
import type { ProcessorConnection } from '../../lib/providers.ts';
import { countAttemptPath } from '../../observability/metrics.ts';
import type { FraudAssessment } from '../../payments/anti-fraud-engine.ts';
import type { CardDetails, CardSummary } from '../../payments/card.ts';
import type { VaultCustomer } from '../../payments/provider.ts';
import { isFraudTestCard } from '../../payments/sandbox-processor.ts';
import type { CheckoutClaims } from '../checkout/checkout.service.ts';
import { INVOICE_ALREADY_PAID, MERCHANT_UNAVAILABLE } from '../checkout/checkout.service.ts';
import {
  assessPaymentRisk,
  type ProcessorRoute,
  paymentSetupOf,
  savedCardSetupOf,
} from '../connections/connections.service.ts';
import { findCustomerById, findOrCreateBuyerCustomer } from '../customers/customers.service.ts';
import { attachGiftCardHold, type GiftCardHold, holdGiftCard } from '../gift-cards/gift-cards.service.ts';
import { invoiceBalance } from '../invoices/invoices.service.ts';
import {
  type CardAsRead,
  cardLockedToCharge,
  type LockedSavedCard,
  lockSavedCardForCharge,
  vaultCustomer,
  vaultCustomerFor,
} from '../payment-methods/payment-methods.service.ts';
import { attemptValues, paidWithEvent, trustedReferenceOf } from './attempt-values.ts';
import {
  abandonAttempts,
  addEvent,
  findOpenAttempts,
  insertProcessingTransaction,
  type TransactionRow,
} from './charge.queries.ts';
import type { ChargeInput } from './charge-input.ts';
import { recordAttemptAsSeen } from './fast-attempt.ts';
import { findPaymentStanding } from './merchant-standing.queries.ts';
import { type CheckoutSessionRow, lockCheckoutForAttempt } from './payment-locks.queries.ts';
import { keepStanding } from './seen-standing.ts';

export const CHECKOUT_ALREADY_PAID = 'This checkout has already been paid.';
export const PAYMENT_IN_PROGRESS = 'A payment for this checkout is already in progress.';

export interface AttemptInput {
  claims: CheckoutClaims;
  body: ChargeInput;
  now: Date;
  /** Who starts a payment with a saved card: the buyer at the checkout, or the merchant without the buyer. */
  initiator: PaymentInitiator;
  /** In memory only: never stored, never logged. */
  card?: CardDetails;
  summary?: CardSummary;
  /** The request's Idempotency-Key, claimed in the attempt's transaction. */
  key?: AttemptKey;
  /** The payment's id when the caller derives it (chargeCheckout); random otherwise. */
  transactionId?: string;
  /** The saved card (`payment_method_id`) as the caller read it, for an attempt in one statement. */
  cardAsRead?: CardAsRead;
  /** The invoice the checkout pays as the caller read it, for an attempt in one statement. */
  invoiceAsRead?: InvoiceAsRead;
}

/** An invoice as a payment's caller read it (a renewal's, just made): whether and how much it may be paid. */
export type InvoiceAsRead = Parameters<typeof invoiceBalance>[0] & {
  id: string;
  status: string;
  deletedAt: Date | null;
};

/**
 * The claim of a request's Idempotency-Key, which commits with the attempt (one commit); a request
 * refused here leaves no claim behind.
 */
export interface AttemptKey {
  /** As the attempt's first statement; throws when the key is held. */
  claim(db: DbOrTx): Promise<void>;
  /** The same claim, to go out inside the statement that opens a new checkout session. */
  claimWrite: CarriedWrite;
  /** Throws what a held key throws. */
  held(): never;
}

export type RecordedAttempt = TransactionRow & {
  fraud: FraudAssessment | null;
  /** The processor's connection, credentials in memory for step 2 only. */
  processorConnection: ProcessorConnection | null;
  /** Where the payment may go, once, if the processor provably cannot be reached. */
  fallback: ProcessorRoute | null;
  /** A webhook endpoint of the merchant takes payment outcomes (or, for an invoice, its payment): settling takes the locked path at once. */
  announced: boolean;
  /** The merchant matches paying buyers to customers by e-mail: settling then looks for one. */
  matchesBuyersByEmail: boolean;
  /** The merchant's own reference for the buyer, when the merchant minted the checkout: settling finds or makes that customer. */
  buyerReference: string | null;
  /** The processor's customer and card token for a saved-card payment, or the customer to save the typed card for. */
  vault: AttemptVault | null;
};

export type AttemptVault = { customer: VaultCustomer; token: string } | { customer: VaultCustomer; save: true };

/** Paying with a saved card needs a customer the merchant bound; a public checkout binds none. */
export const SAVED_CARD_NEEDS_SIGN_IN =
  'Paying with a saved card needs the buyer to sign in first, which this checkout does not offer. Enter the card details instead.';

const boundCustomerOf = (session: CheckoutSessionRow) => {
  if (!session.customerId) throw businessRule(SAVED_CARD_NEEDS_SIGN_IN);
  return session.customerId;
};

/**
 * The customer at the processor: the card's for a saved-card payment; for a typed card the buyer agreed
 * to keep, the customer the checkout binds, else the one the buyer is found or made to be
 * (customers.service.ts findOrCreateBuyerCustomer).
 */
async function vaultOf(
  ctx: AppContext,
  db: DbOrTx,
  input: AttemptInput,
  session: CheckoutSessionRow,
  setup: { mode: 'test' | 'live'; provider: string; providerConnectionId: string | null },
  savedCard: LockedSavedCard | null,
): Promise<AttemptVault | null> {
  if (savedCard)
    return { customer: vaultCustomer(savedCard.owner, savedCard.processorCustomerId), token: savedCard.token };
  if (!input.body.save_card || !input.card) return null;
  if (input.claims.session?.store === false) throw invalid('save_card', 'This checkout does not save cards.');
  const bound = session.customerId ? await findCustomerById(db, session.customerId) : undefined;
  // The merchant's processor changed mode since the checkout was bound: the card is not kept for a
  // customer of the other mode (whose API keys could then charge it).
  if (bound && !bound.deletedAt && bound.mode !== setup.mode) {
    throw businessRule(
      `This checkout's customer is in ${bound.mode} mode and the payment is in ${setup.mode} mode, so the card cannot be saved for them. Start a new checkout.`,
    );
  }
  const billing = input.body.billing;
  const customer =
    bound && !bound.deletedAt
      ? bound
      : await findOrCreateBuyerCustomer(ctx, db, {
          merchantId: session.merchantId,
          mode: setup.mode,
          // Only a buyer id the merchant minted names a customer; one from a browser could name anyone's.
          reference: session.buyerReferenceTrusted ? session.buyerReference : null,
          name: `${billing.firstName} ${billing.lastName}`.trim(),
          email: billing.emailAddress,
          billingAddress: billing.address
            ? {
                line1: billing.address.line1,
                line2: '',
                city: billing.address.city,
                state: billing.address.state,
                postal_code: billing.address.postalCode || billing.address.zipCode,
                country: billing.address.country,
              }
            : null,
        });
  return { customer: await vaultCustomerFor(db, customer, setup), save: true };
}

export async function recordAttempt(ctx: AppContext, input: AttemptInput): Promise<RecordedAttempt> {
  const asSeen = await recordAttemptAsSeen(ctx, input);
  if (typeof asSeen === 'object') {
    countAttemptPath('one_statement');
    return asSeen;
  }
  countAttemptPath(asSeen === 'refused' ? 'locked_after_refusal' : 'locked');
  return recordLockedAttempt(ctx, input);
}

async function recordLockedAttempt(ctx: AppContext, input: AttemptInput): Promise<RecordedAttempt> {
  try {
    return await pipelinedTransaction(ctx.db, async (db) => {
      // A token that carries its session's facts opens the session in the statement that reads the
      // merchant's standing, and the key is claimed there too; otherwise it is claimed first.
      const facts = input.claims.session;
      if (input.key && !facts) await input.key.claim(db);
      const claim = facts ? input.key?.claimWrite : undefined;
      // With the session's facts, the saved card is locked and read in that statement too (checked below).
      const cardId = facts ? input.body.payment_method_id : undefined;
      const locked = await lockCheckoutForAttempt(db, input.claims.sessionId, facts, claim, cardId);
      if (claim && !locked.claimed) input.key!.held();
      const { invoice, session } = locked;
      if (!session) throw notFound('This checkout does not exist.');
      if (session.status === 'completed') throw businessRule(CHECKOUT_ALREADY_PAID);
      if (session.expiresAt <= input.now)
        throw businessRule('This checkout session has expired. Reload the page to start again.');
      const standing =
        locked.standing ?? (await findPaymentStanding(db, session.merchantId, session.id, session.invoiceId));
      if (!standing || !merchantCanSell(standing)) {
        throw businessRule(MERCHANT_UNAVAILABLE);
      }
      keepStanding(ctx.database, session.merchantId, standing);
      if (session.invoiceId) {
        if (!invoice || invoice.status === 'void' || invoice.deletedAt) throw notFound('This invoice does not exist.');
        if (invoice.status === 'paid') throw businessRule(INVOICE_ALREADY_PAID);
        // The balance as it is now, under the invoice's lock: another buyer may have paid a part since
        // this checkout was opened (docs/product-rules.md#partial-payments).
        const problem = paymentAmountProblem(invoiceBalance(invoice), session.amount);
        if (problem) throw businessRule(`${problem} Reload the invoice to see what is left to pay.`);
      }
      const open = standing.openAttempts > 0 ? await findOpenAttempts(db, session.id, session.invoiceId) : [];
      if (open.some((attempt) => attempt.status === 'processing')) throw conflict(PAYMENT_IN_PROGRESS);
      // The buyer left an approval page and tries again: the old attempts can never be approved now.
      await abandonAttempts(
        db,
        open.map((attempt) => attempt.id),
      );
      const charge = input.body.payment_method_id && {
        cardId: input.body.payment_method_id,
        customerId: boundCustomerOf(session),
        merchantId: session.merchantId,
        now: input.now,
      };
      const savedCard = !charge
        ? null
        : cardId
          ? cardLockedToCharge({ card: locked.card?.card, customer: locked.card?.customer }, charge)
          : await lockSavedCardForCharge(db, charge);
      const setup = savedCard
        ? savedCardSetupOf(ctx.keys, standing.connections, savedCard)
        : paymentSetupOf(ctx.keys, standing.connections, input.body.method);
      const vault = await vaultOf(ctx, db, input, session, setup, savedCard);
      const address = input.body.billing.address;
      const fraud: FraudAssessment | null = setup.antiFraud
        ? await assessPaymentRisk(db, {
            merchantId: session.merchantId,
            now: input.now,
            amount: session.amount,
            currency: session.currency,
            cardFingerprint: input.summary?.fingerprint ?? null,
            email: input.body.billing.emailAddress,
            billingCountry: address?.country,
            cardCountry: input.card ? session.country : undefined,
            isFraudTestCard: input.card ? isFraudTestCard(input.card.number) : false,
          })
        : null;
      let hold: GiftCardHold | null = null;
      // A blocked payment takes nothing from the gift card.
      if (input.body.gift_card && fraud?.decision !== 'decline') {
        if (!setup.acceptsGiftCards) throw businessRule('This merchant does not accept gift cards.');
        hold = await holdGiftCard(db, ctx.keys, {
          merchantId: session.merchantId,
          code: input.body.gift_card.code,
          pin: input.body.gift_card.pin,
          currency: session.currency,
          amountDue: session.amount,
        });
        if (hold.remainingDue > 0 && !input.card && !savedCard && input.body.method === 'card') {
          // Thrown inside the transaction: the hold on the gift card is rolled back with it.
          throw invalid(
            'card',
            `The gift card covers ${formatMoney(hold.applied, session.currency)}. Enter card details for the remaining ${formatMoney(hold.remainingDue, session.currency)}.`,
          );
        }
      }
      const attempt = attemptValues(ctx, input, session, setup, { savedCard, vault, fraud, hold });
      // How a saved card pays is the timeline's next line, written by the same statement.
      const paidWith = savedCard ? paidWithEvent(savedCard, input.initiator) : undefined;
      // With nothing to write after it, the attempt's row goes out with COMMIT right behind it.
      const row =
        hold || fraud?.decision === 'review'
          ? await insertProcessingTransaction(db, attempt, paidWith)
          : await commitWithLast(db, () => insertProcessingTransaction(db, attempt, paidWith));
      if (hold) await attachGiftCardHold(db, hold, row.id);
      if (fraud?.decision === 'review') {
        await addEvent(db, {
          transactionId: row.id,
          type: 'fraud_review',
          status: 'processing',
          message: fraud.reasons.map((r) => r.message).join(' '),
        });
      }
      return {
        ...row,
        fraud,
        processorConnection: setup.processorConnection,
        fallback: setup.fallback,
        announced: standing.announced,
        matchesBuyersByEmail: standing.matchesBuyersByEmail,
        buyerReference: trustedReferenceOf(session),
        vault,
      };
    });
  } catch (error) {
    // The unique index on an invoice's payment under way is the database's last word on a race.
    if (violatesUnique(error, 'transactions_invoice_live_uq')) throw conflict(PAYMENT_IN_PROGRESS);
    throw error;
  }
}
