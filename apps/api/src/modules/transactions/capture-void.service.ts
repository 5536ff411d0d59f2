// Authorize now, capture later: an `authorization_succeeded` payment is captured (all of it or
// less — the rest is released) or voided. Same permission as refunds; the transaction row stays
// locked from the status check until the new status is written, so of any number of parallel
// captures and voids exactly one acts and the others are refused.
import { formatMoney } from '@kassa/contract/money';
import type { CaptureBody, TransactionDetail } from '@kassa/contract/transactions';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { requireTransactionAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { storedPayment } from '../charges/charge.service.ts';
import { processorFor } from '../connections/connections.service.ts';
import { releaseGiftCards } from '../gift-cards/gift-cards.service.ts';
import { reopenInvoicePaidBy } from '../invoices/invoice-payments.service.ts';
import { queuePaymentNotifications } from '../notifications/notifications.service.ts';
import { recordPaymentWebhook } from '../webhooks/webhooks.service.ts';
import { recordCapture, recordVoid } from './capture-void.queries.ts';
import { lockTransaction } from './refund.queries.ts';
import { getTransactionDetail } from './transactions.service.ts';

const NOT_AUTHORIZED = (status: string) =>
  status === 'capture_succeeded' || status === 'partially_refunded' || status === 'refunded'
    ? 'This payment has already been captured.'
    : status === 'voided'
      ? 'This authorization has already been voided.'
      : 'Only authorized payments can be captured or voided.';

type Outcome = { transaction: TransactionDetail; message: string };
type LockedTransaction = NonNullable<Awaited<ReturnType<typeof lockTransaction>>>;

/**
 * Runs `act` on one of the actor's authorized payments while its row is locked, and answers the
 * transaction as it then is with the message `act` returns.
 */
async function changeAuthorized(
  ctx: AppContext,
  actor: Actor,
  id: string,
  act: (tx: DbOrTx, row: LockedTransaction) => Promise<string>,
): Promise<Outcome> {
  const { merchantId } = requireTransactionAccess(actor, 'refund');
  let message = '';
  await ctx.db.transaction(async (tx) => {
    const row = await lockTransaction(tx, [merchantId], id, actor.apiKey?.mode);
    if (!row) throw notFound('This transaction does not exist.');
    if (row.status !== 'authorization_succeeded') throw new AppError('business_rule', NOT_AUTHORIZED(row.status));
    message = await act(tx, row);
  });
  return { transaction: await getTransactionDetail(ctx, actor, id), message };
}

export async function captureTransaction(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: CaptureBody,
): Promise<Outcome> {
  return changeAuthorized(ctx, actor, id, async (tx, row) => {
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
    const processor = await processorFor(ctx, row, tx);
    const result = await processor.capture({ payment: storedPayment(row), amount });
    const updated = await recordCapture(tx, row, {
      capturedAmount: result.capturedAmount + row.giftCardAmount,
      actorUserId: actor.userId,
      actorRole: actor.role,
    });
    await queuePaymentNotifications(tx, updated);
    await recordPaymentWebhook(tx, id, 'payment.captured', ctx.clock.now());
    return amount < authorized
      ? `Captured ${formatMoney(amount, row.currency)}; the remaining ${formatMoney(authorized - amount, row.currency)} was released.`
      : `Captured ${formatMoney(amount, row.currency)}.`;
  });
}

export async function voidTransaction(ctx: AppContext, actor: Actor, id: string): Promise<Outcome> {
  return changeAuthorized(ctx, actor, id, async (tx, row) => {
    const processor = await processorFor(ctx, row, tx);
    await processor.void({ payment: storedPayment(row) });
    // The gift card part goes back to the card: a voided payment takes nothing.
    const released = await releaseGiftCards(tx, row.id);
    await recordVoid(tx, row, { releasedGiftCard: released, actorUserId: actor.userId, actorRole: actor.role });
    if (row.invoiceId) await reopenInvoicePaidBy(tx, row.invoiceId, row.id);
    await recordPaymentWebhook(tx, id, 'payment.voided', ctx.clock.now());
    return `Voided the authorization of ${formatMoney(row.amount, row.currency)}; the buyer was not charged.`;
  });
}
