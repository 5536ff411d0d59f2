// Step 2 of a payment: ask the processor. No database transaction and no row lock is held across
// this call: the `processing` row recorded in step 1 is what keeps a second attempt out.
import type { AppContext } from '../../context.ts';
import type { CardDetails } from '../../payments/card.ts';
import type { PaymentRequest, PaymentRequestBase, PaymentResult } from '../../payments/provider.ts';
import { classifyProcessorFailure, type ProcessorFailure } from './payment-outcome.ts';
import type { RecordedAttempt } from './record-attempt.ts';

export type ProcessorAnswer = { kind: 'answered'; result: PaymentResult } | ProcessorFailure;

function requestOf(attempt: RecordedAttempt, base: PaymentRequestBase, card?: CardDetails): PaymentRequest {
  const vault = attempt.vault;
  if (vault && 'token' in vault) {
    const initiator = attempt.initiator ?? 'customer';
    return {
      ...base,
      method: 'saved_card',
      customer: vault.customer,
      token: vault.token,
      initiator,
      // The buyer at the checkout uses a card on file. The merchant charges an invoice only on a schedule (a
      // subscription's period, a recurring invoice's send date), any other payment unscheduled (Adyen recurringProcessingModel).
      recurring: initiator === 'customer' ? 'card_on_file' : attempt.invoiceId ? 'subscription' : 'unscheduled',
    };
  }
  if (card) return { ...base, method: 'card', card, ...(vault ? { save: { customer: vault.customer } } : {}) };
  return { ...base, method: 'wallet', wallet: attempt.provider };
}

export async function askProcessor(
  ctx: AppContext,
  attempt: RecordedAttempt,
  card?: CardDetails,
): Promise<ProcessorAnswer> {
  try {
    const provider = ctx.providers(attempt.provider, attempt.processorConnection);
    // The processor takes what the gift card left (a gift card pays part, the card the rest).
    const base = {
      reference: attempt.id,
      amount: attempt.amount - attempt.giftCardAmount,
      currency: attempt.currency,
      intent: attempt.intent,
    };
    const result = await provider.authorize(requestOf(attempt, base, card));
    return { kind: 'answered', result };
  } catch (error) {
    return classifyProcessorFailure(attempt.id, error);
  }
}
