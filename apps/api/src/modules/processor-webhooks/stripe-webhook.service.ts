// Stripe's webhooks for one connection (POST /webhooks/stripe/{connection id}/): outcomes that arrive
// after Kassa's own call — a 3-D Secure payment decided while the buyer was away, a refund the card
// network later rejected, a dispute opened by the buyer's bank, a saved card detached in the Dashboard
// or renewed by the card account updater. The signature is checked with the
// SDK against the connection's signing secret before anything is read. Every effect is guarded by
// the row it changes (an undecided payment, a refund still counted, a payment not yet disputed), so
// a redelivered event — Stripe retries for days — changes nothing twice.
import { formatMoney } from '@kassa/contract/money';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { AppError, businessRule, notFound } from '../../lib/app-error.ts';
import { ProcessorOutcomeUnknownError } from '../../payments/provider.ts';
import { stripeModeOf } from '../../payments/stripe/stripe-credentials.ts';
import { toPaymentResult } from '../../payments/stripe/stripe-outcomes.ts';
import { KASSA_REFERENCE_KEY } from '../../payments/stripe/stripe-processor.ts';
import { stripeSdk } from '../../payments/stripe/stripe-sdk.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { addTimelineEntry, settlePayment } from '../charges/charge.service.ts';
import { openCredentials } from '../connections/connections.service.ts';
import { lockInvoiceBeforePayment, payInvoice } from '../invoices/invoice-payments.service.ts';
import { takeProcessorCardEvent } from '../payment-methods/sync-cards.service.ts';
import {
  findConnectionPayment,
  findRefundByProviderReference,
  findStripeConnection,
  markDisputed,
  markRefundFailed,
  queueDisputeNotifications,
  revertRefundedAmount,
} from './stripe-webhook.queries.ts';

export const BAD_SIGNATURE = 'The Stripe-Signature header does not match this endpoint’s signing secret.';

export interface WebhookOutcome {
  received: true;
  /** What Kassa did with it: a type it does not use, or an event already applied, is "ignored". */
  effect: 'settled' | 'refund_failed' | 'disputed' | 'card_removed' | 'card_updated' | 'ignored';
}

type ConnectionRow = NonNullable<Awaited<ReturnType<typeof findStripeConnection>>>;

export async function receiveStripeWebhook(
  ctx: AppContext,
  connectionId: string,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const connection = await findStripeConnection(ctx.db, connectionId);
  if (!connection) throw notFound('This webhook endpoint does not exist.');
  let credentials: Record<string, string>;
  try {
    credentials = openCredentials(ctx.keys, connection.merchantId, connection.id, connection.credentials);
  } catch {
    throw businessRule('This Stripe connection needs to be reconnected before it can receive webhooks.');
  }
  const secret = credentials.webhook_secret;
  if (!secret) throw businessRule('Add the webhook signing secret to this Stripe connection first.');
  let event: Stripe.Event;
  try {
    event = stripeSdk().webhooks.constructEvent(rawBody, signature ?? '', secret);
  } catch {
    throw new AppError('invalid_input', BAD_SIGNATURE, [{ path: 'stripe-signature', message: BAD_SIGNATURE }]);
  }
  // A test-mode event never touches a live connection's payments, nor the other way round.
  if (event.livemode !== (stripeModeOf(credentials) === 'live')) return { received: true, effect: 'ignored' };

  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.amount_capturable_updated':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled':
      return settleFromEvent(ctx, connection, event.data.object);
    case 'refund.failed':
    case 'refund.updated':
    case 'charge.refund.updated':
      return event.data.object.status === 'failed'
        ? recordRefundFailure(ctx, connection, event.data.object)
        : { received: true, effect: 'ignored' };
    case 'charge.dispute.created':
      return recordDispute(ctx, connection, event.data.object);
    case 'payment_method.detached':
    case 'payment_method.automatically_updated':
    case 'payment_method.updated':
      return takeCardChange(ctx, connection, event.data.object);
    default:
      return { received: true, effect: 'ignored' };
  }
}

/**
 * A card changed at Stripe, not through Kassa: detached in the Dashboard, or renewed by the card
 * account updater. Kassa's card of that PaymentMethod follows Stripe's card as it is now
 * (sync-cards.service.ts); one Kassa removed itself, or never kept, is ignored.
 */
async function takeCardChange(
  ctx: AppContext,
  connection: ConnectionRow,
  pm: Stripe.PaymentMethod,
): Promise<WebhookOutcome> {
  const change = await takeProcessorCardEvent(ctx, {
    merchantId: connection.merchantId,
    connectionId: connection.id,
    token: pm.id,
  });
  if (change === 'removed') return { received: true, effect: 'card_removed' };
  if (change === 'updated') return { received: true, effect: 'card_updated' };
  return { received: true, effect: 'ignored' };
}

async function settleFromEvent(
  ctx: AppContext,
  connection: ConnectionRow,
  intent: Stripe.PaymentIntent,
): Promise<WebhookOutcome> {
  const reference = intent.metadata?.[KASSA_REFERENCE_KEY];
  const tx = reference ? await findConnectionPayment(ctx.db, connection.id, { id: reference }) : undefined;
  if (!tx || (tx.status !== 'buyer_approval_pending' && tx.status !== 'processing')) {
    return { received: true, effect: 'ignored' };
  }
  let result: ReturnType<typeof toPaymentResult>;
  try {
    result = toPaymentResult(intent);
  } catch (error) {
    if (error instanceof ProcessorOutcomeUnknownError) return { received: true, effect: 'ignored' };
    throw error;
  }
  if (result.status === 'buyer_approval_pending') return { received: true, effect: 'ignored' };
  const before = tx.status;
  const settled = await settlePayment(ctx, tx.id, result);
  return { received: true, effect: settled.status !== before ? 'settled' : 'ignored' };
}

async function recordRefundFailure(
  ctx: AppContext,
  connection: ConnectionRow,
  refund: Stripe.Refund,
): Promise<WebhookOutcome> {
  const known = await findRefundByProviderReference(ctx.db, refund.id);
  if (!known) return { received: true, effect: 'ignored' };
  const applied = await ctx.db.transaction(async (db) => {
    // The payment's row lock first, as refunds take it (its invoice's before): refunds and this
    // reversal queue up in order.
    await lockInvoiceBeforePayment(db, known.transactionId);
    const tx = await findConnectionPayment(db, connection.id, { id: known.transactionId }, true);
    if (!tx) return false;
    if (!(await markRefundFailed(db, known.id))) return false;
    const updated = await revertRefundedAmount(db, tx.id, refund.amount);
    // The money stayed with the merchant: it counts as paid on the invoice again, as far as the
    // balance still has room (another buyer may have paid it meanwhile; the timeline says to refund).
    if (tx.invoiceId) await payInvoice(db, tx.invoiceId, tx.id, refund.amount, ctx.clock.now());
    const amount = formatMoney(refund.amount, tx.currency);
    await addTimelineEntry(db, {
      transactionId: tx.id,
      type: 'refund_failed',
      status: updated?.status ?? tx.status,
      amount: refund.amount,
      message: `Stripe could not return ${amount} to the card (${refund.failure_reason ?? 'failed'}). The money stays with the merchant; refund the buyer another way.`,
    });
    await recordAudit(db, {
      actor: null,
      merchantId: tx.merchantId,
      action: 'transaction.refund_failed',
      entityType: 'transaction',
      entityId: tx.id,
      amount: refund.amount,
      currency: tx.currency,
      data: { refund_id: known.id, reason: refund.failure_reason ?? null },
    });
    return true;
  });
  return { received: true, effect: applied ? 'refund_failed' : 'ignored' };
}

async function recordDispute(
  ctx: AppContext,
  connection: ConnectionRow,
  dispute: Stripe.Dispute,
): Promise<WebhookOutcome> {
  const intentId = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
  if (!intentId) return { received: true, effect: 'ignored' };
  const applied = await ctx.db.transaction(async (db) => {
    const tx = await findConnectionPayment(db, connection.id, { providerReference: intentId }, true);
    if (!tx) return false;
    const marked = await markDisputed(db, tx.id, ctx.clock.now());
    if (!marked) return false;
    const dueBy = dispute.evidence_details?.due_by ? new Date(dispute.evidence_details.due_by * 1000) : null;
    await addTimelineEntry(db, {
      transactionId: tx.id,
      type: 'disputed',
      status: tx.status,
      amount: dispute.amount,
      message: `The buyer's bank opened a dispute (${dispute.reason.replaceAll('_', ' ')}) for ${formatMoney(dispute.amount, tx.currency)}.${dueBy ? ` Respond in Stripe by ${dueBy.toISOString().slice(0, 10)}.` : ''}`,
    });
    await recordAudit(db, {
      actor: null,
      merchantId: tx.merchantId,
      action: 'transaction.disputed',
      entityType: 'transaction',
      entityId: tx.id,
      amount: dispute.amount,
      currency: tx.currency,
      data: { reason: dispute.reason },
    });
    await queueDisputeNotifications(db, tx);
    return true;
  });
  return { received: true, effect: applied ? 'disputed' : 'ignored' };
}
