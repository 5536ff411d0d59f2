// A buyer pays a checkout, in three named steps so that no crash can lose or double a charge:
// (1) record the attempt (record-attempt.ts), (2) ask the processor (ask-processor.ts), (3) settle
// its answer (settle-payment.ts). A crash between (1) and (3) leaves a `processing` row that
// reconciliation settles; while it exists, the checkout refuses another attempt. What needs no I/O
// — when the processor is not asked at all, what its failure means — is in payment-outcome.ts; a
// processor that provably took nothing hands the payment to the fallback once (fail-over.ts).
import { billingDetails, type ChargeResult } from '@kassa/contract/checkout';
import type { PaymentInitiator } from '@kassa/contract/saved-cards';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { CarriedWrite } from '../../db/fixed-statement.ts';
import { AppError, conflict, invalid, notFound } from '../../lib/app-error.ts';
import { countPayment } from '../../observability/metrics.ts';
import { type CardDetails, cardErrors, summarizeCard } from '../../payments/card.ts';
import type { PaymentResult } from '../../payments/provider.ts';
import { type CheckoutClaims, checkoutSessionExists, verifyCheckoutToken } from '../checkout/checkout.service.ts';
import { fraudFailureReason } from '../connections/connections.service.ts';
import type { CardAsRead } from '../payment-methods/payment-methods.service.ts';
import { askProcessor } from './ask-processor.ts';
import { addEvent, findTransactionById, type NewEvent, type TransactionRow } from './charge.queries.ts';
import type { ChargeInput } from './charge-input.ts';
import { moveToFallback } from './fail-over.ts';
import { decideBeforeProcessor } from './payment-outcome.ts';
import { type AttemptKey, type InvoiceAsRead, type RecordedAttempt, recordAttempt } from './record-attempt.ts';
import {
  type AlsoOnSettle,
  settleAttempt,
  settleAttemptsTogether,
  settlesInOneStatement,
  toChargeResult,
} from './settle-payment.ts';

// What the processor-webhook and transactions modules need of a payment: its timeline, the one way a
// decision is written (settlePayment), and the reconciliation job.
export { reconcileStalePayments } from './reconcile.ts';
export { settlePayment, storedPayment } from './settle-payment.ts';

/** Adds a line to a payment's timeline (what the merchant reads on the transaction page). */
export const addTimelineEntry = (db: DbOrTx, entry: NewEvent): Promise<void> => addEvent(db, entry);

export const UNCONFIRMED_PAYMENT =
  'We could not confirm the payment with the processor. Please do not pay again; check back in a few minutes.';

/** The checkout token, verified once per request; its claims then travel with the request. */
export const verifyChargeToken = (ctx: AppContext, token: string) =>
  verifyCheckoutToken(ctx.keys.tokenSigning, token, ctx.clock.now());

/**
 * A request's Idempotency-Key, claimed in the attempt's transaction and answered in the outcome's,
 * so a payment takes two commits, not four.
 */
export interface ChargeKey extends AttemptKey {
  /** The stored answer, to go out with the outcome's other writes. */
  answer(result: ChargeResult): CarriedWrite;
}

export interface ChargeOptions {
  /** A merchant-initiated charge of a saved card (customer-charge.service.ts); the buyer's checkout otherwise. */
  initiator?: PaymentInitiator;
  /**
   * The payment's id, when the caller derives it (a subscription invoice's try: its invoice id and try
   * number), so that the processor's idempotency key, which is this id, never charges one try twice.
   */
  transactionId?: string;
  /** The saved card to charge as the caller read it already: the attempt may then be one statement. */
  cardAsRead?: CardAsRead;
  /** The invoice the checkout pays as the caller read it already: the attempt may then be one statement. */
  invoiceAsRead?: InvoiceAsRead;
  /**
   * The request's API-key audit entry (plugins/auth.ts carriedApiKeyAudit), to commit with the outcome
   * the answer reports, so the hook need not write it after (docs/decisions/0023-saved-cards-live-at-the-processor.md).
   */
  audit?: ChargeAudit;
}
/** A request's own audit entry, written with the outcome and told once it committed. */
export type ChargeAudit = NonNullable<AlsoOnSettle['audit']>;

export async function chargeCheckout(
  ctx: AppContext,
  claims: CheckoutClaims,
  body: ChargeInput,
  key?: ChargeKey,
  { initiator = 'customer', transactionId, cardAsRead, invoiceAsRead, audit }: ChargeOptions = {},
) {
  const now = ctx.clock.now();
  const card = cardOf(body, claims, now);
  const summary = card ? summarizeCard(ctx.keys.fingerprint, card) : undefined;

  const attempt = await recordAttempt(ctx, {
    claims,
    body,
    now,
    card,
    summary,
    key,
    initiator,
    transactionId,
    cardAsRead,
    invoiceAsRead,
  });
  // What commits with an outcome this request answers with a success. A refused one (below) carries
  // neither: its answer is the error, stored by the idempotency module, and it is audited nowhere.
  const answered: AlsoOnSettle | undefined =
    key || audit ? { answer: key && ((row) => key.answer(toChargeResult(row))), audit } : undefined;
  return chargeRecorded(ctx, attempt, card, answered);
}

/**
 * Steps 2 and 3 of a payment whose attempt is recorded (step 1 here, or a batch of renewals' claim,
 * customer-charge.service.ts): the processor asked, its answer settled. `card` is the typed card, in
 * memory only; `answered` what commits with an outcome the request answers with a success.
 */
export async function chargeRecorded(
  ctx: AppContext,
  attempt: RecordedAttempt,
  card?: CardDetails,
  answered?: AlsoOnSettle,
): Promise<ChargeResult> {
  const next = decideBeforeProcessor(attempt, fraudFailureReason);
  if (next.kind === 'settle') return toChargeResult(counted(await settleAttempt(ctx, attempt, next.result, answered)));
  return settleAnswer(ctx, await askWithFallback(ctx, attempt, card), answered);
}

/**
 * chargeRecorded for a batch's attempts (a renewal batch's, recorded in its claim): each processor
 * asked side by side, the answers the one-statement settle takes then written in one transaction
 * (settleAttemptsTogether: one commit for them all), any other answer settled on its own. One result
 * per attempt, in order, each as chargeRecorded would answer it (a rejection where it would throw).
 */
export async function chargeRecordedTogether(
  ctx: AppContext,
  attempts: RecordedAttempt[],
  /** How many processor calls run at once (the caller's share of the pool). */
  ask: <T>(work: () => Promise<T>) => Promise<T>,
): Promise<PromiseSettledResult<ChargeResult>[]> {
  const asked = await Promise.allSettled(
    attempts.map((attempt) =>
      ask(async () => {
        if (decideBeforeProcessor(attempt, fraudFailureReason).kind === 'settle') return { attempt };
        return { attempt, asked: await askWithFallback(ctx, attempt) };
      }),
    ),
  );
  const oneStatementAnswers: { attempt: RecordedAttempt; result: PaymentResult }[] = [];
  // Each result's outcome is held (allSettled) from the start: none rejects unwatched while the others settle.
  const own = asked.map((entry): number | Promise<PromiseSettledResult<ChargeResult>> => {
    if (entry.status === 'rejected') return Promise.resolve(entry);
    const { attempt, asked: answer } = entry.value;
    if (answer?.answer.kind === 'answered' && answer.current === attempt && settlesInOneStatement(attempt)) {
      return oneStatementAnswers.push({ attempt, result: answer.answer.result }) - 1;
    }
    return outcomeOf(answer ? settleAnswer(ctx, answer) : chargeRecorded(ctx, attempt));
  });
  const settled = await settleAttemptsTogether(ctx, oneStatementAnswers);
  return Promise.all(
    own.map((o) => {
      if (typeof o !== 'number') return o;
      const row = settled[o]!;
      return row.status === 'fulfilled'
        ? { status: 'fulfilled' as const, value: toChargeResult(counted(row.value)) }
        : row;
    }),
  );
}

const outcomeOf = <T>(work: Promise<T>): Promise<PromiseSettledResult<T>> =>
  work.then(
    (value) => ({ status: 'fulfilled', value }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  );

/** Step 2: the processor asked; one that provably took nothing hands the payment to the fallback once. */
async function askWithFallback(ctx: AppContext, attempt: RecordedAttempt, card?: CardDetails) {
  let current = attempt;
  let answer = await askProcessor(ctx, current, card);
  if (answer.kind === 'unavailable' && attempt.fallback) {
    const moved = await moveToFallback(ctx, attempt, attempt.fallback);
    if (moved) {
      current = moved;
      answer = await askProcessor(ctx, current, card);
    }
  }
  return { current, answer };
}

/** Step 3: the processor's answer settled, or the payment left `processing` when there was none. */
async function settleAnswer(
  ctx: AppContext,
  { current, answer }: Awaited<ReturnType<typeof askWithFallback>>,
  answered?: AlsoOnSettle,
): Promise<ChargeResult> {
  if (answer.kind === 'answered' || answer.kind === 'unavailable') {
    return toChargeResult(counted(await settleAttempt(ctx, current, answer.result, answered)));
  }
  if (answer.kind === 'refused') {
    counted(await settleAttempt(ctx, current, answer.result));
    throw answer.error;
  }
  // No answer: the row stays `processing` for reconciliation, and this checkout takes no second try.
  counted(current);
  throw conflict(UNCONFIRMED_PAYMENT);
}

/** kassa_payments_total: every attempt once, by the status the request left it in. */
function counted(row: TransactionRow): TransactionRow {
  countPayment(row);
  return row;
}

/**
 * The billing the checkout's kind asks for: a buyer checkout names its buyer and e-mail
 * (docs/product-rules.md#checkout-payment-panel); a virtual terminal payment needs the e-mail only
 * when the merchant asked for a receipt.
 */
export function checkBilling(body: ChargeInput, claims: CheckoutClaims) {
  const session = claims.session;
  if (session?.kind === 'virtual_terminal') {
    if (session.metadata.email_receipt === 'true' && !body.billing.emailAddress) {
      throw invalid('billing.emailAddress', 'Enter the e-mail address to send the receipt to.');
    }
    return;
  }
  // The body passed chargeBillingDetails already (trimmed, lengths and e-mail checked), which differs
  // from billingDetails only in letting these three be blank: with all three given, the stricter parse
  // cannot fail, and every payment skips it. It runs for the messages when one is missing.
  const { firstName, lastName, emailAddress } = body.billing;
  if (firstName !== '' && lastName !== '' && emailAddress !== '') return;
  const parsed = billingDetails.safeParse(body.billing);
  if (parsed.success) return;
  const errors = parsed.error.issues.map((issue) => ({
    path: ['billing', ...issue.path].join('.'),
    message: issue.message,
  }));
  throw new AppError('invalid_input', errors[0]!.message, errors);
}

/** The card to charge, checked before anything is recorded or submitted; undefined for other methods. */
function cardOf(body: ChargeInput, claims: CheckoutClaims, now: Date): CardDetails | undefined {
  if ((body.method === 'card') !== (claims.section === 'card')) {
    throw invalid('method', 'This checkout token belongs to the other payment section.');
  }
  if (body.payment_method_id) {
    if (body.method !== 'card') throw invalid('payment_method_id', 'A saved card pays in the card section.');
    if (body.card) throw invalid('card', 'Choose a saved card or enter a card, not both.');
    if (body.save_card) throw invalid('save_card', 'This card is saved already.');
    return undefined;
  }
  if (body.method === 'card' && body.card) {
    const card = {
      number: body.card.number,
      expMonth: body.card.exp_month,
      expYear: body.card.exp_year,
      cvv: body.card.cvc,
      holderName: body.card.holder_name ?? `${body.billing.firstName} ${body.billing.lastName}`.trim(),
    };
    const errors = cardErrors(card, now);
    if (errors.length > 0) throw new AppError('invalid_input', errors[0]!.message, errors);
    if (!body.billing.address) throw invalid('billing.address', 'Enter the billing address.');
    return card;
  }
  if (body.save_card) throw invalid('save_card', 'Enter the card details to save a card.');
  if (body.method === 'card' && !body.gift_card) {
    // Without a card only a gift card that covers the whole total can pay (checked once it is read).
    throw invalid('card', 'Enter the card details.');
  }
  return undefined;
}

/** The widget asks for the final result after an approval popup closes; only the checkout's own token may. */
export async function getCheckoutPayment(ctx: AppContext, token: string, transactionId: string) {
  const claims = await verifyChargeToken(ctx, token);
  const sessionExists = await checkoutSessionExists(ctx.db, claims.sessionId);
  const tx = await findTransactionById(ctx.db, transactionId);
  if (!sessionExists || !tx || tx.checkoutSessionId !== claims.sessionId)
    throw notFound('This payment does not exist.');
  return toChargeResult(tx);
}
