// Step 1 of a payment in one round trip, when nothing about it needs a read first: a new checkout (its
// facts in the token), a typed card or wallet or a saved card its caller read already, no card to save,
// no gift card, no invoice or one whose whole balance it pays as its caller read it, no fraud check, and a merchant whose standing this process has read before
// (seen-standing.ts). The attempt is decided from that standing and written in one statement that holds
// only while the database still agrees (fast-attempt.queries.ts); otherwise nothing is written and the
// locked path (record-attempt.ts) decides, as it does for every other attempt
// (docs/decisions/0025-an-attempt-in-one-statement.md).
import { merchantCanSell } from '@kassa/contract/access';
import { paymentAmountProblem } from '@kassa/contract/invoice-payments';
import type { AppContext } from '../../context.ts';
import { isExpectationFailure, violatesUnique } from '../../db/pg-errors.ts';
import { paymentSetupOf, savedCardSetupOf } from '../connections/connections.service.ts';
import { invoiceBalance } from '../invoices/invoices.service.ts';
import { cardReadToCharge, vaultCustomer } from '../payment-methods/payment-methods.service.ts';
import { attemptValues, type PaymentSetup, paidWithEvent, trustedReferenceOf } from './attempt-values.ts';
import type { TransactionRow } from './charge.queries.ts';
import { type InvoiceBalanceAsRead, insertAttemptAsSeen } from './fast-attempt.queries.ts';
import type { PaymentStanding } from './merchant-standing.queries.ts';
import type { AttemptInput, RecordedAttempt } from './record-attempt.ts';
import { forgetStanding, seenStanding } from './seen-standing.ts';

/**
 * The attempt recorded in one statement, or how the locked path must record it instead: `locked` when
 * one statement does not apply, `refused` when the database did not agree with this process's copy.
 */
export async function recordAttemptAsSeen(
  ctx: AppContext,
  input: AttemptInput,
): Promise<RecordedAttempt | 'locked' | 'refused'> {
  const facts = input.claims.session;
  const standing = facts && seenStanding(ctx.database, facts.merchantId);
  const decided = standing ? attemptAsSeen(ctx, input, standing) : 'locked';
  if (decided === 'locked') return 'locked';
  try {
    const recorded = await insertAttemptAsSeen(
      ctx.db,
      {
        session: decided.session,
        tx: decided.tx,
        fingerprint: standing!.fingerprint,
        ...(decided.card ? { card: decided.card } : {}),
        ...(decided.second ? { second: decided.second } : {}),
        ...(decided.invoice ? { invoice: decided.invoice } : {}),
      },
      input.key?.claimWrite,
    );
    return recordedFrom(decided, recorded.row, recorded);
  } catch (error) {
    // Another payment of the invoice began between this statement's read and its insert: the locked
    // path answers that one, as it answers every attempt it finds under way.
    if (violatesUnique(error, 'transactions_invoice_live_uq')) return 'refused';
    if (!isExpectationFailure(error)) throw error;
    // The key is held, the checkout was opened before, or the merchant changed: the locked path reads
    // the standing again (and keeps the new one).
    forgetStanding(ctx.database, facts!.merchantId);
    return 'refused';
  }
}

/** An attempt decided from a standing and the rows its caller read, ready to be written. */
export type DecidedAttempt = Exclude<ReturnType<typeof attemptAsSeen>, 'locked'>;

/**
 * What an attempt that needs nothing read first writes, decided from `standing` (this process's copy,
 * or one its caller read in its own transaction); `locked` when the locked path must decide instead.
 */
export function attemptAsSeen(ctx: AppContext, input: AttemptInput, standing: PaymentStanding) {
  const facts = input.claims.session;
  const { body } = input;
  if (!facts || facts.expiresAt <= input.now) return 'locked';
  if (body.save_card || body.gift_card) return 'locked';
  const invoice = invoicePaidWhole(input);
  if (invoice === undefined) return 'locked';
  // A saved card pays here only as its caller read it, still payable then (a refusal is the locked path's).
  const savedCard = body.payment_method_id
    ? cardReadToCharge(input.cardAsRead, {
        cardId: body.payment_method_id,
        customerId: facts.customerId ?? '',
        merchantId: facts.merchantId,
        now: input.now,
      })
    : null;
  if (savedCard === undefined) return 'locked';
  if (!merchantCanSell(standing)) return 'locked';
  let setup: PaymentSetup;
  try {
    setup = savedCard
      ? savedCardSetupOf(ctx.keys, standing.connections, savedCard)
      : paymentSetupOf(ctx.keys, standing.connections, body.method);
  } catch {
    // A refusal decided from this process's copy is the locked path's to give, from the database's.
    return 'locked';
  }
  if (setup.antiFraud) return 'locked';
  const session = { ...facts, id: input.claims.sessionId, billing: null, status: 'open' as const };
  const vault = savedCard && {
    customer: vaultCustomer(savedCard.owner, savedCard.processorCustomerId),
    token: savedCard.token,
  };
  const tx = {
    ...attemptValues(ctx, input, session, setup, { savedCard, vault, fraud: null, hold: null }),
    id: input.transactionId ?? crypto.randomUUID(),
  };
  const card =
    savedCard && input.cardAsRead ? { id: savedCard.id, fingerprint: input.cardAsRead.fingerprint } : undefined;
  const second = savedCard ? paidWithEvent(savedCard, input.initiator) : undefined;
  return { session, tx, setup, vault, card, second, invoice };
}

/** The recorded attempt, as step 2 takes it, from what was decided and the row written. */
export function recordedFrom(
  decided: DecidedAttempt,
  row: TransactionRow,
  standing: { announced: boolean; matchesBuyersByEmail: boolean },
): RecordedAttempt {
  return {
    ...row,
    fraud: null,
    processorConnection: decided.setup.processorConnection,
    fallback: decided.setup.fallback,
    announced: standing.announced,
    matchesBuyersByEmail: standing.matchesBuyersByEmail,
    buyerReference: trustedReferenceOf(decided.session),
    vault: decided.vault,
  };
}

/**
 * The invoice the attempt pays as its caller read it, when the payment is its whole balance and that
 * balance may be paid (null without an invoice); undefined when the locked path must read it under its
 * lock instead — to refuse, or to pay a part.
 */
function invoicePaidWhole({ claims, invoiceAsRead }: AttemptInput): InvoiceBalanceAsRead | null | undefined {
  const facts = claims.session!;
  if (facts.invoiceId === null) return null;
  const read = invoiceAsRead;
  if (!read || read.id !== facts.invoiceId || read.status === 'void' || read.status === 'paid' || read.deletedAt)
    return undefined;
  if (read.totalAmount - read.amountPaid !== facts.amount || paymentAmountProblem(invoiceBalance(read), facts.amount))
    return undefined;
  return { id: read.id, totalAmount: read.totalAmount, amountPaid: read.amountPaid };
}
