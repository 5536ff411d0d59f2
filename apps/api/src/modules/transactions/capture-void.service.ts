// Authorize now, capture later: an `authorization_succeeded` payment is captured (all of it or
// less — the rest is released) or voided, once. Same permission as refunds. The capture or void is
// written `pending` under the payment's row lock and committed before the processor is asked (a
// unique index keeps it to one per payment, so of any number of parallel captures and voids exactly
// one is sent); its id is the processor's idempotency key, and no connection or lock is held while
// the processor answers (docs/decisions/0021-money-calls-written-before-sent.md).
import { formatMoney } from '@kassa/contract/money';
import type { CaptureBody } from '@kassa/contract/transactions';
import type { AppContext } from '../../context.ts';
import { requireTransactionAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { CaptureResult, VoidResult } from '../../payments/provider.ts';
import { storedPayment } from '../charges/charge.service.ts';
import { processorFor } from '../connections/connections.service.ts';
import { releaseGiftCards } from '../gift-cards/gift-cards.service.ts';
import { giveBackInvoicePayment, lockInvoiceBeforePayment } from '../invoices/invoice-payments.service.ts';
import { announceCapturedPayment } from '../notifications/notifications.service.ts';
import { recordPaymentWebhook } from '../webhooks/webhooks.service.ts';
import {
  type AuthorizationChange,
  findLiveChange,
  findStalePendingChanges,
  insertPendingChange,
  markChangeFailed,
  markChangeSucceeded,
  recordCapture,
  recordVoid,
} from './capture-void.queries.ts';
import { askProcessorFor, type MoneyCallOutcome, pendingMessage, settleEach } from './money-call.ts';
import { findTransactionById, lockTransaction, lockTransactionById } from './refund.queries.ts';
import { getTransactionDetail } from './transactions.service.ts';

type Kind = AuthorizationChange['kind'];
type PaymentRow = NonNullable<Awaited<ReturnType<typeof lockTransaction>>>;

const NOT_AUTHORIZED = (status: string) =>
  status === 'capture_succeeded' || status === 'partially_refunded' || status === 'refunded'
    ? 'This payment has already been captured.'
    : status === 'voided'
      ? 'This authorization has already been voided.'
      : 'Only authorized payments can be captured or voided.';

const ALREADY_PENDING: Record<Kind, string> = {
  capture: 'A capture of this payment is pending at the payment service; it settles automatically.',
  void: 'A void of this payment is pending at the payment service; it settles automatically.',
};

/**
 * Writes the capture or void (or finds the one an earlier request with the same Idempotency-Key
 * wrote), sends it and records the answer.
 */
async function changeAuthorized(
  ctx: AppContext,
  actor: Actor,
  id: string,
  kind: Kind,
  requestKey: string | null,
  amountOf: (row: PaymentRow) => number,
): Promise<MoneyCallOutcome> {
  const { merchantId } = requireTransactionAccess(actor, 'refund');
  const { payment, change } = await ctx.db.transaction(async (tx) => {
    const row = await lockTransaction(tx, [merchantId], id, actor.apiKey?.mode);
    if (!row) throw notFound('This transaction does not exist.');
    const live = await findLiveChange(tx, row.id);
    if (live && requestKey && live.requestKey === requestKey && live.kind === kind) {
      if (kind === 'capture' && amountOf(row) !== live.amount) {
        throw new AppError('business_rule', 'This Idempotency-Key was already used with a different request.');
      }
      return { payment: row, change: live };
    }
    if (row.status !== 'authorization_succeeded') throw new AppError('business_rule', NOT_AUTHORIZED(row.status));
    if (live) throw new AppError('business_rule', ALREADY_PENDING[live.kind]);
    const created = await insertPendingChange(tx, {
      transactionId: row.id,
      merchantId: row.merchantId,
      kind,
      amount: amountOf(row),
      currency: row.currency,
      requestKey,
      createdBy: actor.userId,
      actorRole: actor.role,
    });
    return { payment: row, change: created };
  });
  const settled = change.status === 'pending' ? await sendChange(ctx, payment, change) : 'succeeded';
  const amount = formatMoney(change.amount, change.currency);
  const authorized = payment.amount - payment.giftCardAmount;
  return {
    transaction: await getTransactionDetail(ctx, actor, id),
    message:
      settled === 'pending'
        ? pendingMessage(kind === 'capture' ? `The capture of ${amount}` : 'The void')
        : kind === 'void'
          ? `Voided the authorization of ${formatMoney(payment.amount, payment.currency)}; the buyer was not charged.`
          : change.amount < authorized
            ? `Captured ${amount}; the remaining ${formatMoney(authorized - change.amount, change.currency)} was released.`
            : `Captured ${amount}.`,
    pending: settled === 'pending',
  };
}

export async function captureTransaction(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: CaptureBody,
  requestKey: string | null = null,
): Promise<MoneyCallOutcome> {
  return changeAuthorized(ctx, actor, id, 'capture', requestKey, (row) => {
    // A gift card part was taken when the payment was made; the processor holds the rest.
    const authorized = row.amount - row.giftCardAmount;
    const amount = body.amount ?? authorized;
    if (amount > authorized) {
      throw new AppError(
        'business_rule',
        `You can capture at most the ${formatMoney(authorized, row.currency)} authorized.`,
        [{ path: 'amount', message: `At most ${formatMoney(authorized, row.currency)}` }],
      );
    }
    return amount;
  });
}

export async function voidTransaction(
  ctx: AppContext,
  actor: Actor,
  id: string,
  requestKey: string | null = null,
): Promise<MoneyCallOutcome> {
  return changeAuthorized(ctx, actor, id, 'void', requestKey, () => 0);
}

/** Asks the processor (holding nothing) and records its answer; throws its refusal after recording it. */
async function sendChange(
  ctx: AppContext,
  payment: PaymentRow,
  change: AuthorizationChange,
): Promise<'succeeded' | 'pending'> {
  const processor = await processorFor(ctx, payment);
  const stored = storedPayment(payment);
  const answer = await askProcessorFor<CaptureResult | VoidResult>(() =>
    change.kind === 'capture'
      ? processor.capture({ payment: stored, amount: change.amount, reference: change.id })
      : processor.void({ payment: stored, reference: change.id }),
  );
  if (answer.kind === 'unknown') return 'pending';
  if (answer.kind === 'refused') {
    await failChange(ctx, change, answer.error.message);
    throw answer.error;
  }
  const result = answer.result;
  await settleChange(ctx, change, result.status === 'capture_succeeded' ? result.capturedAmount : 0);
  return 'succeeded';
}

async function failChange(ctx: AppContext, change: AuthorizationChange, reason: string) {
  await ctx.db.transaction(async (tx) => {
    await lockTransactionById(tx, change.transactionId);
    await markChangeFailed(tx, change, reason);
  });
}

/** Records a capture or void the processor made, once. `captured` is the bank card's part. */
async function settleChange(ctx: AppContext, change: AuthorizationChange, captured: number) {
  await ctx.db.transaction(async (tx) => {
    await lockInvoiceBeforePayment(tx, change.transactionId);
    const row = await lockTransactionById(tx, change.transactionId);
    if (!row || !(await markChangeSucceeded(tx, change.id))) return;
    const actor = { actorUserId: change.createdBy, actorRole: change.actorRole };
    if (change.kind === 'capture') {
      const updated = await recordCapture(tx, row, { ...actor, capturedAmount: captured + row.giftCardAmount });
      // A capture of less than was authorized leaves the rest of the invoice's balance to pay.
      const uncaptured = row.amount - updated.capturedAmount;
      if (row.invoiceId && uncaptured > 0) await giveBackInvoicePayment(tx, row.invoiceId, uncaptured);
      await announceCapturedPayment(tx, updated);
      await recordPaymentWebhook(tx, row.id, 'payment.captured', ctx.clock.now());
      return;
    }
    // The gift card part goes back to the card: a voided payment takes nothing.
    const released = await releaseGiftCards(tx, row.id);
    await recordVoid(tx, row, { ...actor, releasedGiftCard: released });
    if (row.invoiceId) await giveBackInvoicePayment(tx, row.invoiceId, row.amount);
    await recordPaymentWebhook(tx, row.id, 'payment.voided', ctx.clock.now());
  });
}

/**
 * Captures and voids left pending: looked up at the processor where it can, else sent again with
 * the same idempotency key, and the answer recorded. Returns how many were settled.
 */
export async function reconcilePendingChanges(ctx: AppContext, before: Date): Promise<number> {
  return settleEach(
    await findStalePendingChanges(ctx.db, before),
    (item) => reconcileChange(ctx, item),
    'capture(s) or void(s)',
  );
}

async function reconcileChange(ctx: AppContext, change: AuthorizationChange): Promise<boolean> {
  const payment = await findTransactionById(ctx.db, change.transactionId);
  if (!payment) return false;
  const processor = await processorFor(ctx, payment);
  if (processor.findModification) {
    const found = await askProcessorFor(() =>
      processor.findModification!({ payment: storedPayment(payment), kind: change.kind, reference: change.id }),
    );
    if (found.kind !== 'made') return false;
    if (found.result.found) {
      if (found.result.succeeded) await settleChange(ctx, change, found.result.capturedAmount ?? change.amount);
      else await failChange(ctx, change, found.result.failureReason);
      return true;
    }
  }
  const outcome = await sendChange(ctx, payment, change).catch((error) => {
    if (error instanceof AppError) return 'failed' as const;
    throw error;
  });
  return outcome !== 'pending';
}
