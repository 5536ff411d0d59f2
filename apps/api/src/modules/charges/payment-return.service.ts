// A processor's own 3-D Secure page (Stripe, Adyen) sends the buyer back to Kassa at
// /pay/return/{transaction id} with its query parameters. Kassa asks the processor for the outcome
// with them (never trusting the query itself), settles the payment once, and tells the buyer.
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { ProcessorOutcomeUnknownError, ProcessorUnavailableError } from '../../payments/provider.ts';
import { processorFor } from '../connections/connections.service.ts';
import { findTransactionById, type TransactionRow } from './charge.queries.ts';
import { settlePayment, storedPayment } from './settle-payment.ts';

/** What the return page shows; the widget learns the details by polling the payment. */
export type ReturnOutcome = 'approved' | 'declined' | 'pending' | 'not_found';

const APPROVED = new Set(['authorization_succeeded', 'capture_succeeded', 'partially_refunded', 'refunded']);

const outcomeOf = (tx: TransactionRow): ReturnOutcome =>
  APPROVED.has(tx.status) ? 'approved' : tx.status === 'authorization_failed' ? 'declined' : 'pending';

export async function completeProcessorReturn(
  ctx: AppContext,
  transactionId: string,
  returnParams: Readonly<Record<string, string>>,
): Promise<ReturnOutcome> {
  const tx = await findTransactionById(ctx.db, transactionId);
  if (!tx) return 'not_found';
  if (tx.status !== 'buyer_approval_pending') return outcomeOf(tx);
  try {
    const processor = await processorFor(ctx, tx);
    const result = await processor.resolveApproval({ payment: storedPayment(tx), returnParams });
    // Still waiting (the buyer came back without finishing): leave the payment as it is.
    if (result.status === 'buyer_approval_pending') return 'pending';
    return outcomeOf(await settlePayment(ctx, tx.id, result));
  } catch (error) {
    // A return that does not belong to this payment shows the payment as it stands.
    if (error instanceof AppError && error.statusCode < 500) return outcomeOf(tx);
    // The processor could not be asked now: its webhook or the widget's next poll settles it.
    if (error instanceof ProcessorUnavailableError || error instanceof ProcessorOutcomeUnknownError) return 'pending';
    throw error;
  }
}
