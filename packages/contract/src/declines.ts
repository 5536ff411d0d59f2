// Why a card payment was declined, as one code whatever the processor (the transaction's
// `failure_code`). The names follow Stripe's decline codes where one fits, so a merchant who knows
// them reads Kassa's alike; Adyen's refusal reasons and raw acquirer responses map onto the same list
// (apps/api/src/payments/adyen/refusal-codes.ts). The buyer's message stays separate (`failure_reason`).
import { z } from 'zod';

export const DECLINE_CODES = [
  /** Declined with no more precise reason. */
  'card_declined',
  /** The issuer's generic refusal (ISO 8583 response 05); the buyer should ask their bank. */
  'do_not_honor',
  'insufficient_funds',
  /**
   * A soft decline: the issuer wants the buyer present to authenticate (3-D Secure). A merchant-initiated
   * charge that ends so asks the buyer to pay on-session (docs/merchant-api.md).
   */
  'authentication_required',
  /** The buyer was asked to authenticate (3-D Secure) and did not, or could not. */
  'authentication_failed',
  'expired_card',
  'incorrect_number',
  'incorrect_cvc',
  /** Too many payments or too much spent with this card for now. */
  'card_velocity_exceeded',
  'fraudulent',
  /** The card may not be used for this kind of payment (blocked, restricted, not supported). */
  'transaction_not_allowed',
  /** The issuer could not be reached, or the acquirer failed: trying again later may work. */
  'issuer_unavailable',
  /** The buyer or the processor cancelled the payment, or the buyer declined an approval. */
  'canceled',
] as const;

export const declineCode = z.enum(DECLINE_CODES);
export type DeclineCode = z.infer<typeof declineCode>;

/** A soft decline: the same card may succeed once the buyer is there to authenticate. */
export const needsBuyerAuthentication = (code: DeclineCode | null | undefined) => code === 'authentication_required';
