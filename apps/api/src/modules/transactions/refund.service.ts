// Refunds: partial or full, never more than captured minus refunded — also under concurrent requests,
// because the transaction row stays locked from the check until the new total is written.
import { formatMoney } from '@kassa/contract/money';
import type { RefundBody, TransactionDetail } from '@kassa/contract/transactions';
import type { AppContext } from '../../context.ts';
import { requireTransactionAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { storedPayment } from '../charges/charge.service.ts';
import { processorFor } from '../connections/connections.service.ts';
import { refundToGiftCards, splitRefund } from '../gift-cards/gift-cards.service.ts';
import { recordRefundWebhook } from '../webhooks/webhooks.service.ts';
import { lockTransaction, recordRefund } from './refund.queries.ts';
import { getTransactionDetail } from './transactions.service.ts';

const REFUNDABLE = new Set(['capture_succeeded', 'partially_refunded']);

export async function refundTransaction(
  ctx: AppContext,
  actor: Actor,
  transactionId: string,
  body: RefundBody,
): Promise<{ transaction: TransactionDetail; message: string }> {
  const { merchantId } = requireTransactionAccess(actor, 'refund');
  let refunded = 0;
  let currency = 'USD';
  await ctx.db.transaction(async (tx) => {
    const row = await lockTransaction(tx, [merchantId], transactionId, actor.apiKey?.mode);
    if (!row) throw notFound('This transaction does not exist.');
    if (!REFUNDABLE.has(row.status)) {
      throw new AppError(
        'business_rule',
        row.status === 'refunded'
          ? 'This payment is already fully refunded.'
          : 'Only captured payments can be refunded.',
      );
    }
    const remaining = row.capturedAmount - row.refundedAmount;
    const amount = body.amount ?? remaining;
    if (amount > remaining) {
      throw new AppError(
        'business_rule',
        `The refund is more than the ${formatMoney(remaining, row.currency)} that can still be refunded.`,
        [{ path: 'amount', message: `At most ${formatMoney(remaining, row.currency)}` }],
      );
    }
    const refundId = crypto.randomUUID();
    // Part of the payment may have come from a gift card: the bank card gets its part back first,
    // the rest returns to the gift card balance.
    const { toCard, toGiftCard } = splitRefund(row, amount);
    const result =
      toCard > 0
        ? await (await processorFor(ctx, row, tx)).refund({
            reference: refundId,
            amount: toCard,
            payment: storedPayment(row),
          })
        : { providerReference: `gift_card_refund_${refundId}` };
    if (toGiftCard > 0) await refundToGiftCards(tx, row.id, toGiftCard);
    await recordRefund(tx, {
      transactionId: row.id,
      merchantId: row.merchantId,
      refundId,
      amount,
      currency: row.currency,
      reason: body.reason ?? null,
      providerReference: result.providerReference,
      newRefundedAmount: row.refundedAmount + amount,
      newStatus: row.refundedAmount + amount >= row.capturedAmount ? 'refunded' : 'partially_refunded',
      actorUserId: actor.userId,
      actorRole: actor.role,
    });
    await recordRefundWebhook(tx, row.id, refundId, ctx.clock.now());
    refunded = amount;
    currency = row.currency;
  });
  return {
    transaction: await getTransactionDetail(ctx, actor, transactionId),
    message: `Refunded ${formatMoney(refunded, currency)}.`,
  };
}
