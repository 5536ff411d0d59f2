// The approval page (3-D Secure style) a buyer sees for card 4000 0000 0000 3220 and wallet payments.
import type { AppContext } from '../../context.ts';
import { businessRule, notFound } from '../../lib/app-error.ts';
import { processorFor } from '../connections/connections.service.ts';
import { findTransactionByProviderReference } from './charge.queries.ts';
import { settlePayment, storedPayment, toChargeResult } from './settle-payment.ts';

export async function getApproval(ctx: AppContext, reference: string) {
  const row = await findTransactionByProviderReference(ctx.db, reference);
  if (!row) throw notFound('This approval request does not exist.');
  return {
    merchant_name: row.merchantName,
    // What the card or wallet is asked for: a gift card may already have paid part of the total.
    amount: row.tx.amount - row.tx.giftCardAmount,
    currency: row.tx.currency,
    description: row.tx.description,
    method: row.tx.method,
    status: row.tx.status,
  };
}

export async function answerApproval(ctx: AppContext, reference: string, decision: 'approve' | 'decline') {
  const row = await findTransactionByProviderReference(ctx.db, reference);
  if (!row) throw notFound('This approval request does not exist.');
  if (row.tx.status !== 'buyer_approval_pending') throw businessRule('This payment no longer waits for approval.');
  const processor = await processorFor(ctx, row.tx);
  const result = await processor.resolveApproval({ payment: storedPayment(row.tx), decision });
  return toChargeResult(await settlePayment(ctx, row.tx.id, result));
}
