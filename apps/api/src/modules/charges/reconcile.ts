// Settles payments left in `processing` by a crash between recording and the processor's answer
// (docs/ARCHITECTURE.md "Payments"): ask the processor what happened, and record exactly that.
import type { AppContext } from '../../context.ts';
import { MINUTE } from '../../lib/clock.ts';
import { type PaymentProvider, ProcessorOutcomeUnknownError } from '../../payments/provider.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { processorFor } from '../connections/connections.service.ts';
import { findStaleProcessing } from './charge.queries.ts';
import { paymentAudit } from './payment-audit.ts';
import { settlePayment } from './settle-payment.ts';

export const INTERRUPTED_REASON = 'Interrupted before the processor answered; the buyer was not charged.';

export async function reconcileStalePayments(ctx: AppContext, olderThanMs = MINUTE): Promise<number> {
  const stale = await findStaleProcessing(ctx.db, new Date(ctx.clock.now().getTime() - olderThanMs));
  let settledCount = 0;
  for (const tx of stale) {
    let known: Awaited<ReturnType<PaymentProvider['fetch']>>;
    try {
      known = await (await processorFor(ctx, tx)).fetch({ reference: tx.id });
    } catch (error) {
      // The processor cannot say yet (unreachable, or no lookup by reference, as with Adyen whose
      // AUTHORISATION webhook settles the payment): guessing "not charged" could lose money taken,
      // so the payment stays `processing` and the other payments are still reconciled.
      if (error instanceof ProcessorOutcomeUnknownError) continue;
      throw error;
    }
    const settled = await settlePayment(
      ctx,
      tx.id,
      known.found
        ? known
        : {
            status: 'authorization_failed',
            providerReference: tx.id,
            authorizedAmount: 0,
            capturedAmount: 0,
            declineReason: INTERRUPTED_REASON,
          },
    );
    await recordAudit(ctx.db, paymentAudit(settled, 'payment.reconciled'));
    settledCount++;
  }
  return settledCount;
}
