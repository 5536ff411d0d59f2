// What a buyer is told when Adyen refuses a card. Adyen asks not to show its refusal reasons as they
// are (they help card testers), so they are grouped into the few messages a buyer can act on: try
// another card, check the details typed, or contact the bank.

import { needsBuyerAuthentication } from '@kassa/contract/declines';
import type { PaymentResult } from '../provider.ts';
import { declineCodeForRefusal } from './refusal-codes.ts';

const MESSAGES = {
  funds: 'Insufficient funds. Try another card.',
  details: 'The card details were not accepted. Check the card number, expiry date and security code.',
  expired: 'The card has expired. Try another card.',
  authentication: 'The card issuer could not authenticate the payment. Try again or use another card.',
  unavailable: 'The card issuer could not be reached. Please try again in a moment.',
  cancelled: 'The payment was cancelled.',
  declined: 'Card declined. Try another card or contact your bank.',
} as const;

/** Adyen's refusalReason values (docs.adyen.com "Refusal reasons") → the buyer's message. */
const BY_REASON: Record<string, string> = {
  'not enough balance': MESSAGES.funds,
  'withdrawal amount exceeded': MESSAGES.funds,
  'withdrawal count exceeded': MESSAGES.funds,
  'expired card': MESSAGES.expired,
  'invalid card number': MESSAGES.details,
  'cvc declined': MESSAGES.details,
  'avs declined': MESSAGES.details,
  '3d not authenticated': MESSAGES.authentication,
  'authentication required': MESSAGES.authentication,
  '3ds authentication error': MESSAGES.authentication,
  'issuer unavailable': MESSAGES.unavailable,
  'acquirer error': MESSAGES.unavailable,
  cancelled: MESSAGES.cancelled,
  'shopper cancelled': MESSAGES.cancelled,
};

export function buyerMessageForRefusal(refusalReason: string | undefined): string {
  return (refusalReason && BY_REASON[refusalReason.trim().toLowerCase()]) || MESSAGES.declined;
}

export const ADYEN_BUYER_MESSAGES = MESSAGES;

/**
 * A refusal (from a /payments answer or an AUTHORISATION webhook) as Kassa's declined result: the
 * buyer's message, the decline code, and the soft decline flagged the way the Stripe connector flags it.
 */
export function adyenDecline(providerReference: string, refusalReason?: string, refusalReasonRaw?: string) {
  const declineCode = declineCodeForRefusal(refusalReason, refusalReasonRaw);
  return {
    status: 'authorization_failed' as const,
    providerReference,
    authorizedAmount: 0,
    capturedAmount: 0,
    declineReason: buyerMessageForRefusal(refusalReason),
    declineCode,
    ...(needsBuyerAuthentication(declineCode) ? { authenticationRequired: true as const } : {}),
  } satisfies PaymentResult;
}
