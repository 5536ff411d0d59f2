// Writes a processor's answer onto a transaction exactly once, with everything that follows from it
// (checkout completed, invoice paid, audit, notifications queued) in the same database transaction —
// or, for the attempt a request has just recorded, in one autocommit statement (settleAttempt).
import type { ChargeResult } from '@kassa/contract/checkout';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  builtWrite,
  type CarriedWrite,
  fixedStatement,
  runWrite,
  type StatementValues,
} from '../../db/fixed-statement.ts';
import { isExpectationFailure, retryTransient } from '../../db/pg-errors.ts';
import { pipelinedTransaction } from '../../db/pipelined-transaction.ts';
import type { PaymentResult, StoredPayment } from '../../payments/provider.ts';
import { auditWrite } from '../audit/audit.service.ts';
import { storedCheckoutFacts } from '../checkout/checkout.service.ts';
import { findOrCreatePaidBuyerCustomer, merchantMatchesBuyersByEmail } from '../customers/customers.service.ts';
import { releaseGiftCards } from '../gift-cards/gift-cards.service.ts';
import {
  announceInvoicePayment,
  invoicePaidQuietly,
  invoicePaymentToCarry,
  payInvoice,
} from '../invoices/invoice-payments.service.ts';
import { buyerAuthenticationRequest, capturedPaymentAnnouncement } from '../notifications/notifications.service.ts';
import { keepSavedCard } from '../payment-methods/payment-methods.service.ts';
import { listeningEndpointIdsSql, type PaymentEvent, recordPaymentWebhook } from '../webhooks/webhooks.service.ts';
import { trustedReferenceOf } from './attempt-values.ts';
import {
  addEvent,
  checkoutCompletion,
  eventWrite,
  linkTransactionToCustomer,
  type SettleChanges,
  settledRow,
  type TransactionRow,
  transactionUpdate,
  updateTransaction,
} from './charge.queries.ts';
import { paymentAudit } from './payment-audit.ts';
import { lockTransactionForSettle, stillAsRecorded } from './payment-locks.queries.ts';

const UNDECIDED = new Set(['processing', 'buyer_approval_pending']);
const succeededStatus = (status: string) => status === 'capture_succeeded' || status === 'authorization_succeeded';
export const AUTHENTICATION_LINK_SENT =
  'The card’s bank wants the customer to approve this payment. We e-mailed them a link to pay it themselves.';
/** A payment captured at once succeeded, a declined one failed; an authorization waits for its capture or void. */
const SETTLEMENT_EVENT: Partial<Record<PaymentResult['status'], PaymentEvent>> = {
  capture_succeeded: 'payment.succeeded',
  authorization_failed: 'payment.failed',
};
const EVENT_TYPE: Record<PaymentResult['status'], string> = {
  capture_succeeded: 'captured',
  authorization_succeeded: 'authorized',
  authorization_failed: 'declined',
  buyer_approval_pending: 'approval_requested',
};

/**
 * What else commits with the outcome, sent in the same statement as the transaction's update: the
 * request's stored answer (Idempotency-Key), made from the row as it stands once settled, and the
 * request's own audit entry (a change made with an API key, plugins/auth.ts), told once it committed.
 */
export interface AlsoOnSettle {
  answer?: (row: TransactionRow) => CarriedWrite;
  audit?: { write: CarriedWrite; carried(): void };
}

type OutcomeValues = StatementValues & {
  tx: SettleChanges;
  row: { id: string; sessionId: string; invoiceId?: string | undefined };
};

/** The name settleRecorded carries the invoice's payment under, read by its guard. */
const INVOICE_PAID = 'invoice_paid';

/**
 * settleAttempt's statement, of fixed text for each outcome: the update with the writes that follow
 * from it, and the guard that the row is still as recorded — and, for a payment of an invoice, that
 * the invoice (locked first) took it with nobody to announce it to.
 */
const settleRecorded = fixedStatement(
  'settle_recorded',
  (db, v: OutcomeValues, parts: { writes: Record<string, CarriedWrite>; event?: PaymentEvent }) => {
    const { writes, event } = parts;
    const alongside = Object.keys(writes).map((group) => {
      const built = writes[group]!.build(db, v[group]!);
      return group === 'invoice' ? { cteName: INVOICE_PAID, write: built } : built;
    });
    const expected = stillAsRecorded(
      v.row.sessionId,
      event && ((merchantId, mode) => listeningEndpointIdsSql(merchantId, mode, event)),
      v.row.invoiceId === undefined
        ? undefined
        : { id: v.row.invoiceId, also: writes.invoice && invoicePaidQuietly(INVOICE_PAID) },
    );
    return transactionUpdate(db, v.row.id, v.tx, alongside, expected);
  },
);

export async function settlePayment(
  ctx: AppContext,
  transactionId: string,
  result: PaymentResult,
  also?: AlsoOnSettle,
  buyer?: BuyerAsRecorded,
): Promise<TransactionRow> {
  // The processor has answered: a deadlock or a dropped connection must not lose that answer, so the
  // write is tried again (it is idempotent: a decided row is left as it is).
  const settled = await retryTransient(() => settleOnce(ctx, transactionId, result, also));
  if (settled.decidedHere) also?.audit?.carried();
  return afterSettling(ctx, settled.row, result, buyer);
}

/**
 * What the attempt read of the buyer's customer-to-be (record-attempt.ts): the merchant's rule on
 * matching by e-mail, and the merchant's own reference the checkout was minted with. Given, settling
 * reads neither again: the fast path then makes no other round trip for a payment with neither
 * (docs/decisions/0015-a-payment-in-six-round-trips.md).
 */
export interface BuyerAsRecorded {
  matchesBuyersByEmail?: boolean;
  buyerReference?: string | null;
}

/** What follows a settled payment in its own transactions: its buyer's customer, then the card kept. */
const afterSettling = async (ctx: AppContext, row: TransactionRow, result: PaymentResult, buyer?: BuyerAsRecorded) =>
  keepCardOf(ctx, await linkPaidBuyer(ctx, row, buyer), result);

/** The merchant's own reference for the buyer when the merchant minted the payment's checkout, else null. */
async function trustedBuyerReference(ctx: AppContext, row: TransactionRow): Promise<string | null> {
  const session = row.checkoutSessionId ? await storedCheckoutFacts(ctx.db, row.checkoutSessionId) : undefined;
  return session ? trustedReferenceOf(session) : null;
}

/**
 * A paid payment no customer was bound to, linked to its buyer's customer: the one of the merchant's
 * own reference the checkout was minted with, else, when the merchant matches buyers by e-mail, the
 * one of the buyer's e-mail (customers.service.ts): the customer found or made and the link commit
 * together, the link only onto a payment still without one. After the answer is written, like the
 * card kept: a failure here loses no money, so the payment's answer stands.
 */
async function linkPaidBuyer(ctx: AppContext, row: TransactionRow, buyer?: BuyerAsRecorded): Promise<TransactionRow> {
  const paid = succeededStatus(row.status);
  if (!paid || row.customerId || !row.buyerEmail) return row;
  const reference = buyer?.buyerReference !== undefined ? buyer.buyerReference : await trustedBuyerReference(ctx, row);
  if (!reference) {
    const rule = buyer?.matchesBuyersByEmail ?? (await merchantMatchesBuyersByEmail(ctx.db, row.merchantId));
    if (!rule) return row;
  }
  const address = row.billingAddress;
  try {
    const linked = await ctx.db.transaction(async (db) => {
      const customer = await findOrCreatePaidBuyerCustomer(ctx, db, {
        merchantId: row.merchantId,
        mode: row.mode,
        reference,
        name: `${row.buyerFirstName ?? ''} ${row.buyerLastName ?? ''}`.trim() || row.buyerEmail!,
        email: row.buyerEmail!,
        billingAddress: address
          ? {
              line1: address.line1 ?? '',
              line2: '',
              city: address.city ?? '',
              state: address.state ?? '',
              postal_code: address.postalCode || address.zipCode || '',
              country: address.country ?? '',
            }
          : null,
      });
      return customer ? linkTransactionToCustomer(db, row.id, customer.id) : undefined;
    });
    return linked ?? row;
  } catch {
    // The payment stays without a customer, as a payment under the rule's absence would.
    return row;
  }
}

/**
 * The card the processor saved with a payment the buyer agreed to keep it for, kept once the payment
 * is settled (payment-methods.service.ts); the row as it then stands.
 */
async function keepCardOf(ctx: AppContext, row: TransactionRow, result: PaymentResult): Promise<TransactionRow> {
  if (!result.savedCard || !row.saveConsent || row.paymentMethodId) return row;
  if (row.status !== 'capture_succeeded' && row.status !== 'authorization_succeeded') return row;
  const cardId = await keepSavedCard(ctx, row, result.savedCard);
  if (!cardId) return row;
  await addEvent(ctx.db, {
    transactionId: row.id,
    type: 'card_saved',
    status: row.status,
    message: 'The buyer’s card was saved for future payments, as they agreed.',
  });
  return { ...row, paymentMethodId: cardId };
}

/**
 * The answer to an attempt this request has just recorded (`attempt` as step 1 returned it), in one
 * autocommit statement: no BEGIN, no separate lock, no COMMIT. That holds while the row is still
 * `processing` as recorded and the outcome touches nothing else that needs reading first — no gift
 * card part, no webhook endpoint to announce it to. An invoice's payment is written onto the invoice
 * in the same statement (its balance guards as payInvoice's), the invoice locked before the checkout
 * session as every writer does; it must fit the balance and nobody may listen to `invoice.paid` or
 * `invoice.partially_paid` (the locked path keeps the duplicate payment's event and the
 * announcements). The statement checks this itself (kassa_expect, migration 0014) and, when it does
 * not hold, fails with nothing written; the answer then takes the locked transaction of settlePayment
 * (docs/decisions/0015-a-payment-in-six-round-trips.md). An attempt recorded as `announced` (its
 * merchant's webhook endpoints take payment outcomes) goes to that transaction at once instead of
 * sending a statement bound to fail; the guard still catches an endpoint added meanwhile.
 */
export async function settleAttempt(
  ctx: AppContext,
  attempt: SettleableAttempt,
  result: PaymentResult,
  also?: AlsoOnSettle,
): Promise<TransactionRow> {
  if (!settlesInOneStatement(attempt)) return settlePayment(ctx, attempt.id, result, also, attempt);
  try {
    return await retryTransient(() => settleRecordedIn(ctx.db, ctx, attempt, result, also)).then((updated) => {
      also?.audit?.carried();
      return afterSettling(ctx, updated, result, attempt);
    });
  } catch (error) {
    if (!isExpectationFailure(error)) throw error;
    return settlePayment(ctx, attempt.id, result, also, attempt);
  }
}

type SettleableAttempt = TransactionRow & BuyerAsRecorded & { announced?: boolean };

/** Whether settleAttempt's one statement may take this attempt's answer (else the locked transaction does). */
export const settlesInOneStatement = (attempt: SettleableAttempt) =>
  attempt.status === 'processing' && !(attempt.giftCardAmount > 0 || attempt.announced) && !!attempt.checkoutSessionId;

/** settleAttempt's statement for one answer, on `db` (the pool, or a transaction settling several). */
async function settleRecordedIn(
  db: DbOrTx,
  ctx: AppContext,
  attempt: SettleableAttempt,
  result: PaymentResult,
  also?: AlsoOnSettle,
): Promise<TransactionRow> {
  const sessionId = attempt.checkoutSessionId!;
  const event = SETTLEMENT_EVENT[result.status];
  const invoiceId = attempt.invoiceId ?? undefined;
  const { changes, writes } = outcomeWrites(attempt, result, 0, also);
  // A payment of an invoice pays it in the same statement, as payInvoice would under the locks.
  if (invoiceId && succeededStatus(result.status)) {
    writes.invoice = invoicePaymentToCarry({
      invoiceId,
      transactionId: attempt.id,
      amount: attempt.amount,
      at: ctx.clock.now().toISOString(),
    });
  }
  const values: OutcomeValues = { tx: changes, row: { id: attempt.id, sessionId, invoiceId } };
  for (const [group, write] of Object.entries(writes)) values[group] = write.values;
  const [back] = await settleRecorded(db, result.status, values, { writes, event });
  if (!back) throw new Error(`settleAttempt: transaction ${attempt.id} vanished`);
  return settledRow(attempt, changes, back);
}

/**
 * Several recorded attempts' answers (a renewal batch's charges, each eligible for settleAttempt's one
 * statement) written in one pipelined transaction: their statements leave together and commit once,
 * instead of one commit each (docs/decisions/0024-renewals-exactly-once.md). Should any statement find
 * its payment no longer as recorded, or the transaction fail for any other reason, nothing of it
 * commits and each answer is settled on its own by settleAttempt — which leaves a payment already
 * decided (by this transaction, if its COMMIT went through unseen) as it is. One result per answer.
 */
export async function settleAttemptsTogether(
  ctx: AppContext,
  answers: { attempt: SettleableAttempt; result: PaymentResult }[],
): Promise<PromiseSettledResult<TransactionRow>[]> {
  const alone = () => Promise.allSettled(answers.map(({ attempt, result }) => settleAttempt(ctx, attempt, result)));
  if (answers.length < 2) return alone();
  let rows: TransactionRow[];
  try {
    const inLockOrder = answers
      .map((answer) => ({ ...answer, order: rollupOrder(answer) }))
      .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : a.attempt.id < b.attempt.id ? -1 : 1));
    const settled = await pipelinedTransaction(ctx.db, (tx) =>
      Promise.all(inLockOrder.map(({ attempt, result }) => settleRecordedIn(tx, ctx, attempt, result))),
    );
    const byId = new Map(settled.map((row) => [row.id, row]));
    rows = answers.map(({ attempt }) => byId.get(attempt.id)!);
  } catch {
    return alone();
  }
  return Promise.allSettled(rows.map((row, i) => afterSettling(ctx, row, answers[i]!.result, answers[i]!.attempt)));
}

/**
 * The order in which a transaction settling several payments takes the dashboard rollup's rows, which
 * each settle's trigger updates: their keys' order (merchant, mode, day, currency, method, status,
 * shard — migration 0016's ORDER BY; the shard is the id's last byte & 7), then the product (and the
 * payment's id, among equals). Two such transactions settling card payments then take those rows in
 * one order and do not deadlock on them (docs/decisions/0017-rollup-rows-in-shards.md); a deadlock with
 * another writer costs only the fall-back to settling each on its own.
 */
function rollupOrder(answer: { attempt: TransactionRow; result: PaymentResult }): string {
  const { attempt: row, result } = answer;
  const shard = Number.parseInt(row.id.slice(-2), 16) & 7;
  const day = row.createdAt.toISOString().slice(0, 10);
  return [row.merchantId, row.mode, day, row.currency, row.method, result.status, shard, row.productId ?? ''].join(' ');
}

/** The row once settled, and whether this call decided it (and so wrote everything outcomeWrites lists). */
function settleOnce(
  ctx: AppContext,
  transactionId: string,
  result: PaymentResult,
  also?: AlsoOnSettle,
): Promise<{ row: TransactionRow; decidedHere: boolean }> {
  return ctx.db.transaction(async (db) => {
    const event = SETTLEMENT_EVENT[result.status];
    const locked = await lockTransactionForSettle(
      db,
      transactionId,
      event && ((merchantId, mode) => listeningEndpointIdsSql(merchantId, mode, event)),
    );
    const row = locked?.row;
    if (!row) throw new Error(`settlePayment: transaction ${transactionId} vanished`);
    // Already decided (a concurrent approval, a replaced attempt, reconciliation): nothing to do twice.
    // The request's audit entry is left to the onSend hook: this request's own settle statement may
    // have committed it already before a dropped connection hid that (retryTransient).
    if (!UNDECIDED.has(row.status)) {
      if (also?.answer) await runWrite(db, also.answer(row));
      return { row, decidedHere: false };
    }
    // A declined payment gives the gift card part back; a captured one counts it as captured.
    const released = result.status === 'authorization_failed' ? await releaseGiftCards(db, row.id) : 0;
    const { changes, writes } = outcomeWrites(row, result, released, also);
    const alongside = Object.values(writes).map((write) => builtWrite(db, write));
    const updated = (await updateTransaction(db, row, changes, alongside))!;
    const succeeded = succeededStatus(result.status);
    const invoice =
      succeeded && row.invoiceId ? await payInvoice(db, row.invoiceId, row.id, row.amount, ctx.clock.now()) : undefined;
    if (succeeded && row.invoiceId && !invoice) {
      // Cannot happen while attempts queue on the invoice row and fit its balance; if it ever does,
      // the money is recorded (never dropped) and the timeline tells the merchant to give it back.
      await addEvent(db, {
        transactionId: row.id,
        type: 'duplicate_payment',
        status: result.status,
        message: 'This payment is more than the invoice still owed: refund this one.',
      });
    }
    await recordSettlementWebhooks(ctx, db, updated, locked.endpointIds);
    if (invoice) await announceInvoicePayment(ctx, db, invoice, row);
    return { row: updated, decidedHere: true };
  });
}

/**
 * The transaction's changes for an undecided `row` and what follows from them, written in the same
 * statement: its event, the gift card part given back (`released`), the checkout's completion, the
 * audit entry, the payment e-mails and `also` (the request's answer and audit entry).
 */
function outcomeWrites(row: TransactionRow, result: PaymentResult, released: number, also?: AlsoOnSettle) {
  const succeeded = succeededStatus(result.status);
  const decided = { ...row, status: result.status };
  const writes: Record<string, CarriedWrite> = {
    event: eventWrite({
      transactionId: row.id,
      type: EVENT_TYPE[result.status],
      status: result.status,
      amount: result.status === 'authorization_failed' ? null : result.authorizedAmount || row.amount,
      message: result.declineReason ?? null,
    }),
  };
  if (released > 0) {
    writes.released = eventWrite({
      transactionId: row.id,
      type: 'gift_card_released',
      status: result.status,
      amount: released,
    });
  }
  if (succeeded && row.checkoutSessionId) writes.completion = checkoutCompletion(row.checkoutSessionId);
  if (succeeded) {
    writes.audit = auditWrite(
      paymentAudit(decided, result.status === 'capture_succeeded' ? 'payment.captured' : 'payment.authorized'),
    );
  } else if (result.status === 'authorization_failed') {
    writes.audit = auditWrite(paymentAudit(decided, 'payment.declined'));
  }
  // A merchant-initiated charge the bank wants the customer to approve: the customer is e-mailed a
  // link to pay it themselves (payment-methods/authenticate-payment.service.ts), and the answer says so.
  const askBuyer = Boolean(result.authenticationRequired && row.initiator === 'merchant' && row.buyerEmail);
  if (askBuyer) {
    writes.askBuyer = buyerAuthenticationRequest(row);
    writes.askBuyerEvent = eventWrite({
      transactionId: row.id,
      type: 'authentication_link_sent',
      status: result.status,
      message: `The card’s bank wants the customer to approve this payment: a link to pay it was e-mailed to ${row.buyerEmail}.`,
    });
  }
  const changes: SettleChanges = {
    status: result.status,
    providerReference: result.providerReference,
    approvalUrl: result.approvalUrl ?? null,
    capturedAmount: result.capturedAmount + (result.status === 'capture_succeeded' ? row.giftCardAmount : 0),
    failureReason: askBuyer ? AUTHENTICATION_LINK_SENT : (result.declineReason ?? null),
    failureCode: result.status === 'authorization_failed' ? (result.declineCode ?? 'card_declined') : null,
    ...(released > 0 ? { giftCardAmount: 0 } : {}),
  };
  const settled = { ...row, ...changes };
  if (result.status === 'capture_succeeded') writes.notify = capturedPaymentAnnouncement(settled);
  if (also?.answer) writes.answer = also.answer(settled);
  if (also?.audit) writes.request = also.audit.write;
  return { changes, writes };
}

/**
 * What a processor's decision announces: a payment captured at once succeeded, a declined one
 * failed (an authorization waits for its capture or void).
 */
async function recordSettlementWebhooks(ctx: AppContext, db: DbOrTx, tx: TransactionRow, endpointIds?: string[]) {
  const type = SETTLEMENT_EVENT[tx.status as PaymentResult['status']];
  if (type) await recordPaymentWebhook(db, tx.id, type, ctx.clock.now(), tx.merchantId, endpointIds);
}

/**
 * What a provider needs back about a stored payment for a follow-up call: only its own part, without
 * what a gift card paid (refunds go back to the bank card first, gift-cards/gift-card-payment.ts).
 */
export const storedPayment = (tx: TransactionRow): StoredPayment => {
  const cardCaptured = Math.max(0, tx.capturedAmount - tx.giftCardAmount);
  return {
    providerReference: tx.providerReference ?? tx.id,
    method: tx.method === 'wallet' ? 'wallet' : 'card',
    intent: tx.intent,
    status: tx.status,
    amount: tx.amount - tx.giftCardAmount,
    currency: tx.currency,
    capturedAmount: cardCaptured,
    refundedAmount: Math.min(tx.refundedAmount, cardCaptured),
  };
};

export const toChargeResult = (tx: TransactionRow): ChargeResult => ({
  id: tx.id,
  status: tx.status,
  amount: tx.amount,
  currency: tx.currency,
  method: tx.method,
  gift_card_amount: tx.giftCardAmount,
  failure_reason: tx.failureReason,
  failure_code: tx.failureCode,
  payment_method: { approval_url: tx.approvalUrl, brand: tx.cardBrand, last4: tx.cardLast4 },
});
