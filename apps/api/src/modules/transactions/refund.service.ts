// Refunds: partial or full, never more than captured minus refunded minus what refunds still pending
// at the processor hold — also under concurrent requests, because the payment's row stays locked from
// the check until the pending refund is written. The refund is committed before the processor is
// asked, and its id is the processor's idempotency key: an answer that never came leaves it pending,
// and every retry (the merchant's, reconciliation's) asks again with the same key, so a buyer is never
// refunded twice (docs/decisions/0021-money-calls-written-before-sent.md).
import { formatMoney } from '@kassa/contract/money';
import type { RefundBody } from '@kassa/contract/transactions';
import type { AppContext } from '../../context.ts';
import { requireTransactionAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { storedPayment } from '../charges/charge.service.ts';
import { processorFor } from '../connections/connections.service.ts';
import { refundToGiftCards, splitRefund } from '../gift-cards/gift-cards.service.ts';
import { giveBackInvoicePayment, lockInvoiceBeforePayment } from '../invoices/invoice-payments.service.ts';
import { announceRefund } from '../notifications/notifications.service.ts';
import { recordRefundWebhook } from '../webhooks/webhooks.service.ts';
import { askProcessorFor, type MoneyCallOutcome, pendingMessage, settleEach } from './money-call.ts';
import {
  applySucceededRefund,
  findRefundByRequestKey,
  findStalePendingRefunds,
  findTransactionById,
  insertPendingRefund,
  lockTransaction,
  lockTransactionById,
  markRefundFailed,
  markRefundSucceeded,
  pendingRefundTotal,
  type RefundRow,
} from './refund.queries.ts';
import { getTransactionDetail } from './transactions.service.ts';

const REFUNDABLE = new Set(['capture_succeeded', 'partially_refunded']);
type PaymentRow = NonNullable<Awaited<ReturnType<typeof lockTransaction>>>;

/**
 * `requestKey` is the merchant's Idempotency-Key (with its scope): a retry of a request whose answer
 * was lost finds the refund it made and settles that one instead of making a second.
 */
export async function refundTransaction(
  ctx: AppContext,
  actor: Actor,
  transactionId: string,
  body: RefundBody,
  requestKey: string | null = null,
): Promise<MoneyCallOutcome> {
  const { merchantId } = requireTransactionAccess(actor, 'refund');
  const { payment, refund } = await ctx.db.transaction(async (tx) => {
    const row = await lockTransaction(tx, [merchantId], transactionId, actor.apiKey?.mode);
    if (!row) throw notFound('This transaction does not exist.');
    const earlier = requestKey ? await findRefundByRequestKey(tx, row.id, requestKey) : undefined;
    if (earlier) {
      if (body.amount !== undefined && body.amount !== earlier.amount) {
        throw new AppError('business_rule', 'This Idempotency-Key was already used with a different request.');
      }
      return { payment: row, refund: earlier };
    }
    if (!REFUNDABLE.has(row.status)) {
      throw new AppError(
        'business_rule',
        row.status === 'refunded'
          ? 'This payment is already fully refunded.'
          : 'Only captured payments can be refunded.',
      );
    }
    const pending = await pendingRefundTotal(tx, row.id);
    const remaining = row.capturedAmount - row.refundedAmount - pending;
    if (remaining <= 0) {
      throw new AppError('business_rule', 'The rest of this payment is already being refunded.');
    }
    const amount = body.amount ?? remaining;
    if (amount > remaining) {
      throw new AppError(
        'business_rule',
        `The refund is more than the ${formatMoney(remaining, row.currency)} that can still be refunded.`,
        [{ path: 'amount', message: `At most ${formatMoney(remaining, row.currency)}` }],
      );
    }
    // Part of the payment may have come from a gift card: the bank card gets its part back first
    // (pending refunds have taken theirs), the rest returns to the gift card balance.
    const { toCard, toGiftCard } = splitRefund({ ...row, refundedAmount: row.refundedAmount + pending }, amount);
    const created = await insertPendingRefund(tx, {
      transactionId: row.id,
      merchantId: row.merchantId,
      amount,
      currency: row.currency,
      reason: body.reason ?? null,
      toCard,
      toGiftCard,
      requestKey,
      createdBy: actor.userId,
      actorRole: actor.role,
    });
    return { payment: row, refund: created };
  });
  const settled = refund.status === 'pending' ? await sendRefund(ctx, payment, refund) : refund.status;
  const amount = formatMoney(refund.amount, refund.currency);
  return {
    transaction: await getTransactionDetail(ctx, actor, transactionId),
    message: settled === 'pending' ? pendingMessage(`The refund of ${amount}`) : `Refunded ${amount}.`,
    pending: settled === 'pending',
  };
}

/**
 * Asks the processor for a pending refund (no database transaction or connection held meanwhile)
 * and records its answer. Throws the processor's refusal after recording it.
 */
async function sendRefund(
  ctx: AppContext,
  payment: PaymentRow,
  refund: RefundRow,
): Promise<'succeeded' | 'pending' | 'failed'> {
  let providerReference = `gift_card_refund_${refund.id}`;
  if (refund.toCard > 0) {
    const processor = await processorFor(ctx, payment);
    const answer = await askProcessorFor(() =>
      processor.refund({ reference: refund.id, amount: refund.toCard, payment: storedPayment(payment) }),
    );
    if (answer.kind === 'unknown') return 'pending';
    if (answer.kind === 'refused') {
      await ctx.db.transaction(async (tx) => {
        await lockTransactionById(tx, refund.transactionId);
        await markRefundFailed(tx, refund, answer.error.message);
      });
      throw answer.error;
    }
    providerReference = answer.result.providerReference;
  }
  await settleRefund(ctx, refund, providerReference);
  return 'succeeded';
}

/** Records a refund the processor made, once: a second settle of the same refund changes nothing. */
async function settleRefund(ctx: AppContext, refund: RefundRow, providerReference: string) {
  await ctx.db.transaction(async (tx) => {
    // The payment's row lock first, as every refund, capture and void takes it (its invoice's before).
    await lockInvoiceBeforePayment(tx, refund.transactionId);
    const payment = await lockTransactionById(tx, refund.transactionId);
    if (!(await markRefundSucceeded(tx, refund.id, providerReference))) return;
    if (refund.toGiftCard > 0) await refundToGiftCards(tx, refund.transactionId, refund.toGiftCard);
    await applySucceededRefund(tx, refund);
    // What went back to the buyer is no longer paid on the invoice: its balance grows (docs/product-rules.md#partial-payments).
    if (payment?.invoiceId) await giveBackInvoicePayment(tx, payment.invoiceId, refund.amount);
    await recordRefundWebhook(tx, refund.transactionId, refund.id, ctx.clock.now());
    await announceRefund(tx, refund);
  });
}

/**
 * Refunds left pending (an answer lost, a process killed between writing and asking): the processor
 * is asked by the refund's id — looked up where it can be, else sent again with the same idempotency
 * key — and its answer recorded. Returns how many were settled.
 */
export async function reconcilePendingRefunds(ctx: AppContext, before: Date): Promise<number> {
  return settleEach(await findStalePendingRefunds(ctx.db, before), (item) => reconcileRefund(ctx, item), 'refund(s)');
}

async function reconcileRefund(ctx: AppContext, refund: RefundRow): Promise<boolean> {
  const payment = await findTransactionById(ctx.db, refund.transactionId);
  if (!payment) return false;
  if (refund.toCard > 0) {
    const processor = await processorFor(ctx, payment);
    if (processor.findModification) {
      const found = await askProcessorFor(() =>
        processor.findModification!({ payment: storedPayment(payment), kind: 'refund', reference: refund.id }),
      );
      if (found.kind !== 'made') return false;
      if (found.result.found) {
        if (found.result.succeeded) {
          await settleRefund(ctx, refund, found.result.providerReference ?? refund.id);
        } else {
          const reason = found.result.failureReason;
          await ctx.db.transaction(async (tx) => {
            await lockTransactionById(tx, refund.transactionId);
            await markRefundFailed(tx, refund, reason);
          });
        }
        return true;
      }
    }
  }
  // Not made (or no lookup): the same refund is sent again under the same key.
  const outcome = await sendRefund(ctx, payment, refund).catch((error) => {
    if (error instanceof AppError) return 'failed' as const;
    throw error;
  });
  return outcome !== 'pending';
}
