// A PaymentIntent's status (API reference "The PaymentIntent object": requires_payment_method →
// requires_action → requires_capture / succeeded, or canceled) as Kassa's payment result.
import type { DeclineCode } from '@kassa/contract/declines';
import type Stripe from 'stripe';
import { type PaymentResult, ProcessorOutcomeUnknownError } from '../provider.ts';
import { declineOf } from './stripe-errors.ts';
import { savedCardOf } from './stripe-vault.ts';

export const CANCELED_MESSAGE = 'The payment was canceled.';
export const NEEDS_UNSUPPORTED_ACTION = 'The card asks for an authentication step this checkout cannot show.';

/** The card setup_future_usage saved to the Customer, when the PaymentMethod came expanded. */
function savedCardIn(intent: Stripe.PaymentIntent) {
  const pm = intent.payment_method;
  const savedCard = intent.setup_future_usage && pm && typeof pm === 'object' ? savedCardOf(pm) : undefined;
  return savedCard ? { savedCard } : {};
}

export function toPaymentResult(intent: Stripe.PaymentIntent): PaymentResult {
  const providerReference = intent.id;
  const declined = (declineReason: string, declineCode: DeclineCode = 'card_declined'): PaymentResult => ({
    status: 'authorization_failed',
    providerReference,
    authorizedAmount: 0,
    capturedAmount: 0,
    declineReason,
    declineCode,
  });
  switch (intent.status) {
    case 'requires_capture':
      return {
        status: 'authorization_succeeded',
        providerReference,
        authorizedAmount: intent.amount_capturable,
        capturedAmount: 0,
        ...savedCardIn(intent),
      };
    case 'succeeded':
      return {
        status: 'capture_succeeded',
        providerReference,
        authorizedAmount: intent.amount,
        capturedAmount: intent.amount_received,
        ...savedCardIn(intent),
      };
    case 'requires_action': {
      const url = intent.next_action?.type === 'redirect_to_url' ? intent.next_action.redirect_to_url?.url : null;
      if (!url) return declined(NEEDS_UNSUPPORTED_ACTION);
      return {
        status: 'buyer_approval_pending',
        providerReference,
        authorizedAmount: 0,
        capturedAmount: 0,
        approvalUrl: url,
      };
    }
    case 'requires_payment_method':
      return { ...declined(CANCELED_MESSAGE), ...declineOf(intent.last_payment_error) };
    case 'canceled':
      return declined(CANCELED_MESSAGE, 'canceled');
    default:
      // processing / requires_confirmation: Stripe has not decided yet; ask again later.
      throw new ProcessorOutcomeUnknownError(`Stripe has not decided payment ${intent.id} yet (${intent.status}).`);
  }
}
